// An SDK MCP tool answering with text and an image.
import { query, tool, createSdkMcpServer } from "@anthropic-ai/claude-agent-sdk";

function show(m) {
  // Print the stable facts of one message.
  if (m.type === "system") console.log("system", m.subtype);
  else if (m.type === "assistant") {
    for (const b of m.message.content) {
      if (b.type === "text") console.log("assistant text:", b.text);
      else if (b.type === "tool_use") console.log("assistant tool_use:", b.name, JSON.stringify(sortKeys(b.input)));
    }
  } else if (m.type === "user") {
    const c = m.message.content;
    if (typeof c === "string") console.log("user:", c);
    else for (const b of c) {
      if (b.type !== "tool_result") continue;
      const text = Array.isArray(b.content) ? b.content.map((x) => x.text ?? "").join(" ") : b.content;
      console.log("tool_result:", b.is_error ? "error" : "ok", text);
    }
  } else if (m.type === "result") {
    console.log("result", m.subtype, `is_error=${m.is_error}`, `turns=${m.num_turns}`, JSON.stringify(m.result ?? null));
  }
}

function sortKeys(o) {
  return Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));
}

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
