"""A conversation that stays open: several prompts, a model switch, an interrupt.
Runs on trio to show that both event loops work.

    python examples/python/conversation.py
"""

import trio

from claude_agent_sdk import AssistantMessage, ClaudeAgentOptions, ClaudeSDKClient, TextBlock


async def ask(client: ClaudeSDKClient, prompt: str) -> None:
    await client.query(prompt)
    async for message in client.receive_response():
        if isinstance(message, AssistantMessage):
            text = "".join(b.text for b in message.content if isinstance(b, TextBlock))
            if text:
                print(f"> {text}")


async def main() -> None:
    async with ClaudeSDKClient(ClaudeAgentOptions(max_turns=3)) as client:
        await ask(client, "Pick a number between 1 and 10 and remember it.")
        await client.set_model("claude-sonnet-4-5")
        await ask(client, "What number did you pick?")
        info = await client.get_server_info()
        print("server:", sorted(info or {}))


if __name__ == "__main__":
    trio.run(main)
