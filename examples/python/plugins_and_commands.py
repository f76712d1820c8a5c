"""Slash commands from a local plugin and from the project.

The example writes a small plugin (one command, one skill) and a project command into a
temporary folder, loads the plugin with ``plugins=[{"type": "local", "path": ...}]``, prints
the slash commands the session announces, then runs the plugin's command and the project's
command, each with an argument ($ARGUMENTS in the command file).

    python examples/python/plugins_and_commands.py
"""

import tempfile
from pathlib import Path

import anyio

from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient, ResultMessage, SystemMessage

FILES = {
    # The plugin: its manifest, a command (/greeter:hello) and a skill (greeter:haiku).
    "greeter/.claude-plugin/plugin.json": '{"name": "greeter", "version": "1.0.0"}\n',
    "greeter/commands/hello.md": "---\ndescription: Greet someone\n---\nWrite a one-line greeting for $ARGUMENTS.\n",
    "greeter/skills/haiku/SKILL.md": "---\nname: haiku\ndescription: Answer as a haiku\n---\nReply as a haiku.\n",
    # A project command (/todo), read from the project's .claude folder.
    "project/.claude/commands/todo.md": "---\nargument-hint: <topic>\n---\nList three to-dos about $ARGUMENTS.\n",
}


async def run(client: ClaudeSDKClient, prompt: str) -> None:
    print(f"$ {prompt}")
    await client.query(prompt)
    async for message in client.receive_response():
        if isinstance(message, SystemMessage) and message.subtype == "init":
            print("plugins:", [p["name"] for p in message.data.get("plugins", [])])
            print("slash commands:", ", ".join(message.data["slash_commands"]))
        elif isinstance(message, ResultMessage):
            print(f"> {message.result}")


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for rel, text in FILES.items():
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).write_text(text)
        options = ClaudeAgentOptions(
            cwd=str(root / "project"),
            setting_sources=["project"],  # read .claude/commands of the project
            plugins=[{"type": "local", "path": str(root / "greeter")}],
            max_turns=3,
        )
        async with ClaudeSDKClient(options) as client:
            await run(client, "/greeter:hello Ada")
            await run(client, "/todo the release")


if __name__ == "__main__":
    anyio.run(main)
