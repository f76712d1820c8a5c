"""Python functions as tools the model can call (mcp__<server>__<tool>), served in-process.

    python examples/python/inprocess_tools.py
"""

from typing import Annotated, TypedDict

import anyio

from claude_agent_sdk import ClaudeAgentOptions, ResultMessage, ToolAnnotations, create_sdk_mcp_server, query, tool

inventory = {"apples": 3, "pears": 0}


class Restock(TypedDict):
    item: Annotated[str, "what to restock"]
    count: int


@tool("stock", "How many of an item are in stock", {"item": str},
      annotations=ToolAnnotations(readOnlyHint=True))
async def stock(args):
    return {"content": [{"type": "text", "text": str(inventory.get(args["item"], 0))}]}


@tool("restock", "Add items to the inventory", Restock)
def restock(args):  # plain functions work too
    inventory[args["item"]] = inventory.get(args["item"], 0) + args["count"]
    return {"content": [{"type": "text", "text": f"{args['item']}: {inventory[args['item']]}"}]}


async def main() -> None:
    shop = create_sdk_mcp_server("shop", tools=[stock, restock])
    options = ClaudeAgentOptions(
        mcp_servers={"shop": shop},
        allowed_tools=["mcp__shop__stock", "mcp__shop__restock"],
        max_turns=5,
    )
    async for message in query(prompt="Make sure we have at least 2 pears.", options=options):
        if isinstance(message, ResultMessage):
            print(message.result)
    print("inventory now:", inventory)


if __name__ == "__main__":
    anyio.run(main)
