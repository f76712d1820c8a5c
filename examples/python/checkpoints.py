"""File checkpoints: let the model edit a file, then put the file back as it was.

With enable_file_checkpointing the session keeps a copy of each file before a prompt's edits;
client.rewind_files(id) restores the files as they were when the prompt with that id arrived.
The "replay-user-messages" flag makes the session echo each prompt back with its id.
It writes notes.txt ("shopping: apples") in the current folder; the rewind undoes the edit.

    python examples/python/checkpoints.py
"""

from pathlib import Path

import anyio

from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient, ResultMessage, UserMessage


async def main() -> None:
    notes = Path("notes.txt").resolve()
    notes.write_text("shopping: apples\n")
    print("before:", notes.read_text().strip())

    options = ClaudeAgentOptions(
        enable_file_checkpointing=True,
        permission_mode="acceptEdits",  # let the model edit without asking
        extra_args={"replay-user-messages": None},
        max_turns=4,
    )
    async with ClaudeSDKClient(options) as client:
        await client.query(f"In {notes}, replace apples with pears.")
        checkpoint = None
        async for message in client.receive_response():
            if isinstance(message, UserMessage) and message.uuid and checkpoint is None:
                checkpoint = message.uuid  # the echoed prompt: the files as they were then
            elif isinstance(message, ResultMessage):
                print("model:", message.result)
        print("after the edit:", notes.read_text().strip())

        await client.rewind_files(checkpoint)
        print("after rewind:", notes.read_text().strip())


if __name__ == "__main__":
    anyio.run(main)
