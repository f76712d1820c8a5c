#!/usr/bin/env python3
"""Generates the streamcut scenarios (prefix sc_): a first answer whose stream is cut after a
known number of events, then a second answer. What the cut answer costs (the result's
model_usage outputTokens and total_cost_usd) shows how the reference estimates the output of
an answer it never finished. Run: python3 make.py (writes sc_*.json next to this file)."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SCEN = []
DONE = {"content": [{"type": "text", "text": "Done."}]}


def tool(name, inp):
    return {"type": "tool_use", "id": "toolu_01", "name": name, "input": inp}


def text(t):
    return {"type": "text", "text": t}


def sc(name, desc, content, cut_after, chunk=200, model=None):
    options = {"permission_mode": "bypassPermissions"}
    if model:
        options["model"] = model
    SCEN.append({"name": "sc_" + name, "description": desc, "prompt": "Go",
                 "options": options,
                 "responses": [{"content": content, "cut_after": cut_after, "chunk": chunk}, DONE],
                 "default": DONE, "timeout_s": 120})


# Events: message_start, content_block_start, ping (first block only), deltas, content_block_stop.
sc("text_10_open", "10 chars of text, block open.", [text("a" * 10), text("unsent")], 4)
sc("text_11_open", "11 chars of text, block open.", [text("a" * 11), text("unsent")], 4)
sc("text_1_open", "1 char of text, block open.", [text("a"), text("unsent")], 4)
sc("text_5_open", "5 chars of text, block open.", [text("abcde"), text("unsent")], 4)
sc("text_10_closed_tool_x", "10 chars closed, then tool X started.", [text("a" * 10), tool("X", {"k": "v"})], 6)
sc("two_texts_10_10", "Two text blocks of 10, the second open.", [text("a" * 10), text("b" * 10), text("unsent")], 7)
sc("tool_x_started", "A tool_use block named X started, no input.", [tool("X", {"command": "echo hello"})], 3)
sc("tool_long_name_started", "A tool_use block named LongToolName started, no input.",
   [tool("LongToolName", {"command": "echo hello"})], 3)
sc("tool_x_empty_delta", "Tool X, the first empty input delta.", [tool("X", {"command": "echo hello"})], 4)
sc("tool_x_partial_10", "Tool X, 10 chars of input.", [tool("X", {"command": "echo hello"})], 5)
sc("tool_x_partial_20", "Tool X, 20 chars of input.", [tool("X", {"command": "echo hello world"})], 6)
sc("bash_partial_10", "Bash, 10 chars of input.", [tool("Bash", {"command": "echo hello"})], 5)
sc("bash_partial_20", "Bash, 20 chars of input.", [tool("Bash", {"command": "echo hello world"})], 6)
sc("bash_partial_30", "Bash, 30 chars of input.", [tool("Bash", {"command": "echo hello world, and more"})], 7)
sc("read_partial_20", "Read, 20 chars of input.", [tool("Read", {"file_path": "/tmp/some/file.txt"})], 6)
sc("bash_started", "Bash started, no input.", [tool("Bash", {"command": "echo hello"})], 3)
sc("text_80_in_8s", "80 chars of text in 10 deltas, block open.", [text("c" * 80), text("unsent")], 13, chunk=8)
sc("text_30_closed", "30 chars of text, block closed, nothing after.", [text("d" * 30), text("unsent")], 5)
sc("text_quotes_open", "Text with quotes and a newline, block open.", [text('say "hi"\nnow'), text("unsent")], 4)

# The characters a token depends on the model: four for the models up to the 4.6 generation
# (by their canonical name), three for the others and for names the reference does not know.
for model, tag in [("claude-haiku-4-5", "haiku45"), ("claude-sonnet-4-5", "sonnet45"),
                   ("claude-sonnet-4-5-20250929", "sonnet45_dated"), ("claude-opus-4-1", "opus41"),
                   ("claude-sonnet-4-6", "sonnet46"), ("claude-3-5-haiku-latest", "haiku35_latest"),
                   ("sonnet", "alias_sonnet"), ("haiku", "alias_haiku"), ("opus", "alias_opus"),
                   ("claude-sonnet-4-7", "sonnet47"), ("claude-unknown-9", "unknown")]:
    sc("text_14_open_" + tag, "14 chars of text, block open, model %s." % model,
       [text("a" * 14), text("unsent")], 4, model=model)
sc("tool_x_partial_10_haiku45", "Tool X, 10 chars of input, Haiku 4.5.",
   [tool("X", {"command": "echo hello"})], 5, model="claude-haiku-4-5")


def thinking(t, sig):
    return {"type": "thinking", "thinking": t, "signature": sig}


# Thinking: its text at the model's rate or its signature at 16/3 characters a token, the larger.
sc("thinking_30_sig_8", "Thinking of 30 chars and a signature of 8, block open.",
   [thinking("t" * 30, "s" * 8), text("unsent")], 5)
sc("thinking_6_sig_100", "Thinking of 6 chars and a signature of 100, block open.",
   [thinking("t" * 6, "s" * 100), text("unsent")], 5)
sc("thinking_30_no_sig", "Thinking of 30 chars, no signature yet.",
   [thinking("t" * 30, "s" * 100), text("unsent")], 4)
sc("thinking_sig_then_text", "Thinking (signature of 100) closed, then 20 chars of text open.",
   [thinking("t" * 6, "s" * 100), text("b" * 20), text("unsent")], 8)
sc("redacted_64", "A redacted thinking block of 64 chars of data, closed.",
   [{"type": "redacted_thinking", "data": "r" * 64}, text("unsent")], 4)
sc("text_emoji_open", "Ten emoji (twenty UTF-16 units) and 4 accented letters, block open.",
   [text("\U0001F600" * 10 + "\u00e9" * 4), text("unsent")], 4)
sc("two_texts_5_5", "Two text blocks of 5 (rounded each), the second open.",
   [text("a" * 5), text("b" * 5), text("unsent")], 7)


def main():
    for f in os.listdir(HERE):
        if f.startswith("sc_") and f.endswith(".json"):
            os.remove(os.path.join(HERE, f))
    for s in SCEN:
        with open(os.path.join(HERE, s["name"] + ".json"), "w") as f:
            json.dump(s, f, indent=1)
            f.write("\n")
    print(len(SCEN), "scenarios")


if __name__ == "__main__":
    main()
