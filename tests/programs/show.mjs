// What every program prints of a message: its stable facts, the same on every SDK.
// Imported by each main.mjs (run.py copies this file beside it).

export function show(m) {
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

export function sortKeys(o) {
  return Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));
}
