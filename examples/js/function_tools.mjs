// Plain functions as tools: no MCP server. The model calls them by their own names.
//
//   node examples/js/function_tools.mjs
import { z } from "zod";
import { functionTool, query, withTools } from "oxagent";

const inventory = { apples: 3, pears: 0 };

const stock = functionTool({
  name: "stock",
  description: "How many of an item are in stock",
  input: { item: z.string() },
  readOnly: true,
  run: ({ item }) => inventory[item] ?? 0,
});

const restock = functionTool({
  name: "restock",
  description: "Add items to the inventory",
  input: { item: z.string(), count: z.number().int() },
  run: async ({ item, count }) => {
    inventory[item] = (inventory[item] ?? 0) + count;
    return `${item}: ${inventory[item]}`;
  },
});

const options = withTools({ allowedTools: ["stock", "restock"], maxTurns: 5 }, [stock, restock]);
for await (const message of query({ prompt: "Make sure we have at least 2 pears.", options })) {
  if (message.type === "result") console.log(message.result);
}
console.log("inventory now:", JSON.stringify(inventory));
