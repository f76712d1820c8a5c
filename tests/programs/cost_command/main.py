"""/cost in a ClaudeSDKClient session: before any request, then after a turn that wrote and
edited a file (the times and the prompt-cache line vary from run to run and are left out)."""
import asyncio

from claude_agent_sdk import (
    AssistantMessage,
    ClaudeAgentOptions,
    ClaudeSDKClient,
    ResultMessage,
    TextBlock,
)


def steady(text):
    return [line for line in text.splitlines()
            if not line.startswith(("Total duration", "Prompt cache"))]


async def main():
    options = ClaudeAgentOptions(permission_mode="acceptEdits")
    async with ClaudeSDKClient(options=options) as client:
        for prompt in ["/cost", "Write and edit notes.txt", "/usage"]:
            await client.query(prompt)
            async for m in client.receive_response():
                if isinstance(m, AssistantMessage):
                    texts = [b.text for b in m.content if isinstance(b, TextBlock)]
                    if m.model == "<synthetic>":
                        print("report:")
                        for t in texts:
                            for line in steady(t):
                                print("  ", line)
                    elif texts:
                        print("assistant:", texts)
                if isinstance(m, ResultMessage):
                    print("result:", m.subtype, "turns", m.num_turns,
                          "cost", round(m.total_cost_usd, 6))
    with open("notes.txt") as f:
        print("notes.txt:", repr(f.read()))


asyncio.run(main())
