// An SDK MCP tool answering with text and an image.
import { query, tool, createSdkMcpServer } from "@anthropic-ai/claude-agent-sdk";
import { show } from "./show.mjs";

import { existsSync } from "node:fs";
import { homedir } from "node:os";
const PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const snapshot = tool("snapshot", "Take a snapshot", {}, async () => ({
  content: [{ type: "text", text: "one pixel" }, { type: "image", data: PIXEL, mimeType: "image/png" }],
}));
const cam = createSdkMcpServer({ name: "cam", version: "1.0.0", tools: [snapshot] });
for await (const m of query({ prompt: "Take a snapshot", options: { mcpServers: { cam }, allowedTools: ["mcp__cam__snapshot"] } })) {
  if (m.type === "user" && Array.isArray(m.message.content)) {
    for (const b of m.message.content) {
      if (b.type !== "tool_result") continue;
      console.log("tool_result blocks:", JSON.stringify(b.content.map((x) => x.type)));
      for (const x of b.content) {
        if (x.type === "image") console.log("image:", x.source.media_type, x.source.data === PIXEL);
        else if ((x.text ?? "").startsWith("[Image: source: ")) {
          // the saved copy's name carries ids and times: print only that it exists
          const saved = x.text.slice("[Image: source: ".length, -1);
          console.log("image saved:", saved.startsWith(homedir() + "/.claude/projects/"), saved.endsWith(".png"), existsSync(saved));
        } else console.log("text:", x.text);
      }
    }
    continue;
  }
  show(m);
}
