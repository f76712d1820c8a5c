#!/usr/bin/env python3
"""Writes the edges scenarios (README.md): rules found by probing one input at a time, each
family named by its prefix. Scenarios not written here (hand-kept) are left alone."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
FILES = {"notes.txt": "alpha\nbeta\ngamma\n", "src/app.py": "print('hi')\n",
         "src/util.py": "def add(a, b):\n    return a + b\n",
         "big.txt": {"repeat": "a line of the big file\n", "times": 400}}
SUMMARY = {"content": [{"type": "text", "text": "<analysis>\nA.\n</analysis>\n\n<summary>\nSummary 1.\n</summary>"}],
           "match": "Your task is to create a detailed summary of the conversation so far",
           "usage": {"input_tokens": 5000, "output_tokens": 300}}
DONE = {"content": [{"type": "text", "text": "All done."}]}
TOO_LONG = {"content": [], "error": {"status": 400, "type": "invalid_request_error",
                                     "message": "prompt is too long: 1000123 tokens > 1000000 maximum"}}


def base(name, desc, model, env, responses, hooks=None):
    s = {"name": name, "description": desc, "prompt": "Work through the files",
         "options": {"permission_mode": "bypassPermissions"},
         "default": {"content": [{"type": "text", "text": "Done."}]},
         "env": env, "files": FILES, "responses": responses, "timeout_s": 150}
    if model:
        s["options"]["model"] = model
    if hooks:
        s["behaviors"] = {"hooks": hooks}
    return s


def read(i, tokens, path="notes.txt", text=None):
    content = [{"type": "text", "text": text}] if text else []
    content.append({"type": "tool_use", "id": f"toolu_{i:02d}", "name": "Read",
                    "input": {"file_path": "<WS>/" + path}})
    return {"content": content, "usage": {"input_tokens": tokens, "output_tokens": 50}}


HOOKS = {
    "log": {"PreCompact": [{"matcher": None, "behavior": "log_all"}]},
    "ctx": {"PreCompact": [{"matcher": None, "behavior": "add_context", "text": "Keep names."}]},
    "block": {"PreCompact": [{"matcher": None, "behavior": "block", "reason": "No."}]},
    "sys": {"PreCompact": [{"matcher": None, "behavior": "system_message", "text": "SYSMSG"}]},
}


def precompact():
    """ec_: where a PreCompact callback's warning goes, and whether the hooks run, per trigger."""
    out = []
    pct = {"CLAUDE_CODE_MAX_RETRIES": "0", "CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "50"}
    for h, hooks in HOOKS.items():
        out.append(base(f"ec_auto1_{h}", f"Threshold crossed after a single round (too few to summarize), PreCompact {h}",
                        None, pct, [read(1, 490100), SUMMARY, read(2, 200, "src/app.py"), DONE], hooks))
        out.append(base(f"ec_auto2_{h}", f"Threshold crossed after two rounds, PreCompact {h}",
                        None, pct, [read(1, 100), read(2, 490100, "src/app.py"), SUMMARY, DONE], hooks))
        out.append(base(f"ec_react1_{h}", f"Prompt refused as too long after one round, PreCompact {h}",
                        "claude-sonnet-4-5", {"CLAUDE_CODE_MAX_RETRIES": "2"},
                        [read(1, 100), TOO_LONG, SUMMARY, DONE], hooks))
    out.append(base("ec_react0_log", "The first request refused as too long (nothing to summarize), PreCompact log",
                    "claude-sonnet-4-5", {"CLAUDE_CODE_MAX_RETRIES": "2"}, [TOO_LONG, SUMMARY, DONE], HOOKS["log"]))
    return out


def blocking():
    """eb_: the request refused before it is sent when no compaction made the context smaller."""
    out = []
    noauto = {"CLAUDE_CODE_MAX_RETRIES": "0", "DISABLE_AUTO_COMPACT": "1"}
    for model, tokens in [("claude-sonnet-4-6", 175000), ("claude-sonnet-4-6", 176930), ("claude-sonnet-4-5", 175000),
                          ("claude-sonnet-4-5", 176950), ("claude-opus-5-5", 975000), ("claude-opus-5-5", 976950)]:
        out.append(base(f"eb_noauto_{model[7:].replace('-', '')}_{tokens}", f"DISABLE_AUTO_COMPACT, {model}, a round of {tokens} input tokens",
                        model, noauto, [read(1, tokens, text="Round 1."), DONE]))
    for tokens in (176000, 177100):
        out.append(base(f"eb_nocompact_{tokens}", f"DISABLE_COMPACT, a round of {tokens} input tokens", "claude-sonnet-4-6",
                        {"CLAUDE_CODE_MAX_RETRIES": "0", "DISABLE_COMPACT": "1"}, [read(1, tokens, text="Round 1."), DONE]))
        for label, model, env in [("opus46", "claude-opus-4-6", {}),
                                  ("s45window", "claude-sonnet-4-5", {"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "200k"}),
                                  ("s45", "claude-sonnet-4-5", {})]:
            out.append(base(f"eb_blocked_{label}_{tokens}", f"A PreCompact hook blocks the compaction, {model} {env}, {tokens} tokens",
                            model, dict({"CLAUDE_CODE_MAX_RETRIES": "0"}, **env),
                            [read(1, 100), read(2, tokens, "src/app.py"), DONE], HOOKS["block"]))
    out.append(base("eb_window_env_78000", "CLAUDE_CODE_AUTO_COMPACT_WINDOW does not move the limit", "claude-sonnet-4-6",
                    dict(noauto, CLAUDE_CODE_AUTO_COMPACT_WINDOW="100k"), [read(1, 78000, text="Round 1."), DONE]))
    for tokens in (192000, 193100):
        out.append(base(f"eb_max_output_{tokens}", "CLAUDE_CODE_MAX_OUTPUT_TOKENS=4000 leaves more room", "claude-sonnet-4-6",
                        dict(noauto, CLAUDE_CODE_MAX_OUTPUT_TOKENS="4000"), [read(1, tokens, text="Round 1."), DONE]))
    out.append(base("eb_single_round_pct", "A single round past a lowered threshold but not past the whole-round margin",
                    "claude-opus-4-6", {"CLAUDE_CODE_MAX_RETRIES": "0", "CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "50"},
                    [read(1, 170000, text="Round 1."), DONE]))
    return out


CALLS = {
    "W": ("Write", {"file_path": "<WS>/out1.txt", "content": "written\n"}),
    "W2": ("Write", {"file_path": "<WS>/out2.txt", "content": "two\n"}),
    "E": ("Edit", {"file_path": "<WS>/notes.txt", "old_string": "beta", "new_string": "BETA"}),
    "R": ("Read", {"file_path": "<WS>/notes.txt"}),
    "R2": ("Read", {"file_path": "<WS>/src/app.py"}),
    "Rm": ("Read", {"file_path": "<WS>/missing.txt"}),
    "G": ("Grep", {"pattern": "alpha"}),
    "L": ("Glob", {"pattern": "**/*.py"}),
    "Bs": ("Bash", {"command": "sleep 0.3; echo slept", "description": "run"}),
    "Bl": ("Bash", {"command": "ls", "description": "run"}),
    "Bt": ("Bash", {"command": "touch made.txt", "description": "run"}),
    "X": ("Frobnicate", {"x": 1}),
}
COMBOS = ["W G", "G W", "W L G", "R G", "G R", "Bs G", "G Bs", "Bl G", "R X", "X R", "W X", "X W", "Bs X", "G L",
          "Rm G", "E G", "G E", "Bl L", "Bl W G", "W Bl G", "W G Bl", "Bt G", "Bl Bt G", "R E G", "W R G", "Bs W X",
          "W W2 G"]


def unknown_order():
    """eu_: which result the token reminder goes with when calls to unknown tools sit beside others."""
    out = []
    for combo in COMBOS:
        keys = combo.split()
        calls = [{"type": "tool_use", "id": f"toolu_{i + 1:02d}", "name": CALLS[k][0], "input": CALLS[k][1]}
                 for i, k in enumerate(keys)]
        out.append(base("eu_" + "_".join(keys), "Calls side by side: " + combo, "claude-sonnet-4-5",
                        {"CLAUDE_CODE_MAX_RETRIES": "2"},
                        [{"content": calls, "usage": {"input_tokens": 100, "output_tokens": 20}}, DONE]))
    return out


def max_output():
    """em_: CLAUDE_CODE_MAX_OUTPUT_TOKENS (read as parseInt, capped per model) and the thinking budget."""
    out = []
    ok = [{"content": [{"type": "text", "text": "ok"}]}]
    for i, value in enumerate(["4000", "100000000", "abc", "0", "-5", " 8000 ", "9000.5", "20001", "1"]):
        for model in ("claude-sonnet-4-6", "claude-haiku-4-5"):
            out.append(base(f"em_{i}_{model[7:].replace('-', '')}", f"CLAUDE_CODE_MAX_OUTPUT_TOKENS={value!r} on {model}",
                            model, {"CLAUDE_CODE_MAX_OUTPUT_TOKENS": value}, ok))
    for model in ("claude-3-7-sonnet", "claude-opus-4", "claude-opus-4-1", "claude-opus-4-5", "claude-sonnet-4",
                  "claude-opus-5-5", "claude-unknown-9"):
        out.append(base(f"em_cap_{model[7:].replace('-', '')}", f"CLAUDE_CODE_MAX_OUTPUT_TOKENS past {model}'s limit",
                        model, {"CLAUDE_CODE_MAX_OUTPUT_TOKENS": "100000000"}, ok))
    for model in ("claude-fable-5-5", "claude-opus-4"):
        out.append(base(f"em_default_{model[7:].replace('-', '')}", f"{model}'s own max_tokens and thinking", model, {}, ok))
    return out


SHAPES = {
    "mid4": [3, 3, 3, 200, 3, 3], "mid3": [3, 3, 200, 3, 3, 3], "at2": [3, 200, 3, 3, 3, 3],
    "two45": [3, 3, 3, 200, 200, 3], "last6": [3, 3, 3, 3, 3, 200], "r5_20": [3, 3, 3, 3, 12, 3],
    "r5_60": [3, 3, 3, 3, 45, 3], "r5_100": [3, 3, 3, 3, 80, 3], "grow": [3, 10, 20, 40, 80, 3],
    "shrink": [80, 40, 20, 10, 3, 3], "mid4_8": [3, 3, 3, 200, 3, 3, 3, 3], "eq20_8": [20] * 8,
    "r4_100": [3, 3, 3, 80, 3, 3], "first": [400, 3, 3, 3, 3, 3], "last": [3, 3, 3, 3, 400, 3],
    "small3": [3, 3, 3], "small4": [3, 3, 3, 3], "small5": [3, 3, 3, 3, 3], "small8": [3] * 8,
    "last4": [3, 3, 400, 3],
}
# The task tools are left out: the reference's nudge to use them (its own words) would come
# with the fifth round's result.
NO_TASKS = ["TaskCreate", "TaskUpdate", "TaskList", "TaskGet", "TodoWrite"]


def reactive_start():
    """er_: how much of the conversation a reactive compaction summarizes first."""
    out = []
    refusals = {"n": TOO_LONG["error"]["message"], "plain": "prompt is too long"}
    for label, shape in SHAPES.items():
        for kind, message in refusals.items():
            if kind == "plain" and not label.startswith("small") and label not in ("mid4", "last"):
                continue
            files = dict(FILES)
            for lines in set(shape):
                files[f"f{lines}.txt"] = "".join(f"line {k:03d} of some text here\n" for k in range(lines))
            rounds = [{"content": [{"type": "text", "text": f"Round {i + 1}."},
                                   {"type": "tool_use", "id": f"toolu_{i + 1:02d}", "name": "Read",
                                    "input": {"file_path": f"<WS>/f{lines}.txt"}}],
                       "usage": {"input_tokens": 100 * (i + 1), "output_tokens": 20}}
                      for i, lines in enumerate(shape)]
            refusal = {"content": [], "error": {"status": 400, "type": "invalid_request_error", "message": message}}
            s = base(f"er_{label}_{kind}", f"Rounds reading files of {shape} lines, then the API refuses: {message!r}",
                     None, {"CLAUDE_CODE_MAX_RETRIES": "2"}, rounds + [refusal, SUMMARY, DONE])
            s["files"] = files
            s["options"]["disallowed_tools"] = NO_TASKS
            out.append(s)
    return out


def outside_edits():
    """ep_: an allow rule naming the path of an unread file outside lifts the read-first refusal."""
    files = dict(FILES)
    out = []
    rules = {"editout": ["Edit(/<ROOT>/outside/**)"], "editone": ["Edit(/<ROOT>/outside/other.txt)"],
             "writeout": ["Write(/<ROOT>/outside/**)"], "none": [], "bare": ["Edit"]}
    for mode in ("default", "plan", "acceptEdits", "dontAsk"):
        for label, allowed in rules.items():
            call = {"type": "tool_use", "id": "toolu_01", "name": "Edit",
                    "input": {"file_path": "../outside/other.txt", "old_string": "other", "new_string": "changed"}}
            s = base(f"ep_{mode}_{label}", f"An Edit of an unread file outside, {mode}, allowed {allowed}",
                     None, {}, [{"content": [call]}, DONE])
            s["options"] = {"permission_mode": mode, "allowed_tools": allowed}
            s["files"] = files
            s["outside_files"] = {"outside/other.txt": "other\n"}
            s["record"] = {"outside_files": True, "decisions": True}
            s["behaviors"] = {"can_use_tool": "log_all"}
            out.append(s)
    return out


SED = ["sed 's/a/b/' notes.txt", "sed 's|a|b|' notes.txt", "sed 's#a#b#' notes.txt", "sed -n '1p' notes.txt",
       "sed -e 's/a/b/' notes.txt", "sed 's/a/b/g' notes.txt", "sed '1d' notes.txt", "sed -E 's/(a)/b/' notes.txt",
       "echo x | sed 's/x/y/'", "echo x | sed 's|x|y|'", "sed 'y/abc/xyz/' notes.txt", "sed -n '/a/p' notes.txt",
       "pwd | sed 's|.*/||'", "sed 's,a,b,' notes.txt", "sed 's/a\\/b/c/' notes.txt", "sed 's/a/b/2' notes.txt"]


def sed_reads():
    """es_: which sed commands run unasked (in default mode, a callback logging its questions)."""
    out = []
    for i, command in enumerate(SED):
        call = {"type": "tool_use", "id": "toolu_01", "name": "Bash", "input": {"command": command, "description": "Run it"}}
        s = base(f"es_{i:02d}", f"Bash `{command}` in default mode", None, {}, [{"content": [call]}, DONE])
        s["options"] = {"permission_mode": "default"}
        s["behaviors"] = {"can_use_tool": "log_all"}
        out.append(s)
    return out


def main():
    names = []
    import make_more
    import make_more2
    more = make_more.families() + make_more2.families()
    for s in precompact() + blocking() + unknown_order() + max_output() + reactive_start() + outside_edits() + sed_reads() + more:
        with open(os.path.join(HERE, s["name"] + ".json"), "w") as f:
            json.dump(s, f, indent=1, ensure_ascii=False)
            f.write("\n")
        names.append(s["name"])
    print(f"edges: {len(names)} scenarios written")


if __name__ == "__main__":
    main()
