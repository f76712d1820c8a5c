"""Plain Python functions as tools: no MCP server, no decorator. The model calls them by their
own names; their docstrings and type hints describe them.

    python examples/python/function_tools.py
"""

from typing import Literal

import anyio

from claude_agent_sdk import ClaudeAgentOptions, ResultMessage, query
from oxagent import with_tools

inventory = {"apples": 3, "pears": 0}


def stock(item: str) -> int:
    """How many of an item are in stock."""
    return inventory.get(item, 0)


async def restock(item: str, count: int, reason: Literal["low", "order"] = "low") -> str:
    """Add items to the inventory."""
    inventory[item] = inventory.get(item, 0) + count
    return f"{item}: {inventory[item]} ({reason})"


async def main() -> None:
    options = with_tools(
        ClaudeAgentOptions(allowed_tools=["stock", "restock"], max_turns=5),
        [stock, restock],
    )
    async for message in query(prompt="Make sure we have at least 2 pears.", options=options):
        if isinstance(message, ResultMessage):
            print(message.result)
    print("inventory now:", inventory)


anyio.run(main)
