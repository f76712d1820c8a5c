"""Structured output: output_format gives a JSON schema, and the final result carries an
object that matches it in `structured_output` (the text `result` holds the same as JSON).

    python examples/python/structured_output.py
"""

import json

import anyio

from claude_agent_sdk import ClaudeAgentOptions, ResultMessage, query

SCHEMA = {
    "type": "object",
    "properties": {
        "language": {"type": "string"},
        "files": {"type": "integer", "minimum": 0},
        "entry_point": {"type": "string"},
    },
    "required": ["language", "files"],
}


async def main() -> None:
    options = ClaudeAgentOptions(
        output_format={"type": "json_schema", "schema": SCHEMA},
        allowed_tools=["Read", "Glob"],
        max_turns=5,
    )
    prompt = "Look at this folder: its main language, how many source files, and the entry point."
    async for message in query(prompt=prompt, options=options):
        if isinstance(message, ResultMessage):
            if message.structured_output is None:
                print(f"no structured output ({message.subtype})")
                continue
            report = message.structured_output
            print(json.dumps(report, indent=2))
            print(f"{report['files']} {report['language']} files")


if __name__ == "__main__":
    anyio.run(main)
