#!/usr/bin/env python3
"""Generates the fuzz-l scenarios (prefix fl_): instruction files at random. A seed lays out
CLAUDE.md, .claude/CLAUDE.md, CLAUDE.local.md and .claude/rules/*.md files (plain, with `paths`
front matter, with imports of files that exist or not, inside or outside the workspace, with
HTML comments) in the workspace, its subdirectories, the directory above it and the home
directory; picks the setting sources and a permission mode; then one to three rounds of one or
two calls that reach into those directories (reads, writes, edits, commands that show a file,
listings, searches), sometimes a second prompt on the resumed session.

Seeds whose session start loads nothing register an InstructionsLoaded hook (the reference
fires the session-start ones racily); the memory reminders are compared by
`../memory/memtext.py`.
Run: python3 make.py [COUNT] (writes fl_*.json next to this file; the seed is the number)."""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import scenario_files  # noqa: E402
from scenario_files import txt  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(HERE), "gen"))
from common import Calls  # noqa: E402

SOURCES = [None, None, [], ["project"], ["project"], ["user"], ["local"], ["user", "project"],
           ["project", "local"], ["user", "project", "local"]]
MODES = ["bypassPermissions", "bypassPermissions", "acceptEdits", "default"]
SUBDIRS = ["sub", "a", "a/b", "src", "docs/api", ".hidden"]
GLOBS = ["*.py", "**/*.py", "src/**", "*.txt", "a/**/*.txt", "docs/*.md", "**", "sub/"]


def body(rng, label, imports):
    """A memory file's text: a line naming it, maybe imports, maybe a comment or front matter."""
    lines = [f"Rule {label}."]
    if imports and rng.random() < 0.5:
        lines.append("See " + " ".join("@" + i for i in rng.sample(imports, min(len(imports),
                                                                            rng.randint(1, 2)))))
    if rng.random() < 0.2:
        lines.append(rng.choice(["<!-- hidden note -->", "Kept. <!-- inline -->",
                                 "<!--\nblock\n-->"]))
    if rng.random() < 0.15:
        lines.insert(0, rng.choice(["---\ntitle: t\n---", "---\n---"]))
    return "\n".join(lines) + "\n"


def rule(rng, label, imports):
    text = body(rng, label, imports)
    if rng.random() < 0.5:
        globs = rng.sample(GLOBS, rng.randint(1, 2))
        paths = ("paths: \"%s\"" % globs[0] if len(globs) == 1 or rng.random() < 0.5
                 else "paths:\n" + "".join("  - \"%s\"\n" % g for g in globs).rstrip("\n"))
        text = "---\n%s\n---\n%s" % (paths, text)
    return text


def layout(rng):
    """files, home_files, outside_files, the subdirectories with data files."""
    files, home, outside = {"x.txt": "top data\n"}, {}, {}
    imports = ["docs/style.md", "missing.md", "~/h.md", "<ROOT>/out.md", "../up.md"]
    files["docs/style.md"] = "Style: no tabs.\n"
    home["h.md"] = "Home import.\n"
    outside["out.md"] = "Outside import.\n"
    if rng.random() < 0.6:
        files["CLAUDE.md"] = body(rng, "root", imports[:4])
    if rng.random() < 0.3:
        files[".claude/CLAUDE.md"] = body(rng, "root-dot", ["../docs/style.md", "nope.md"])
    if rng.random() < 0.35:
        files["CLAUDE.local.md"] = body(rng, "root-local", imports[:2])
    for i in range(rng.choice([0, 0, 1, 2])):
        files[f".claude/rules/r{i}.md"] = rule(rng, f"root-rule-{i}", ["../../docs/style.md"])
    if rng.random() < 0.3:
        home[".claude/CLAUDE.md"] = body(rng, "user", ["~/h.md", "extra.md"])
        home[".claude/extra.md"] = "User extra.\n"
    if rng.random() < 0.25:
        home[".claude/rules/u.md"] = rule(rng, "user-rule", [])
    if rng.random() < 0.25:
        outside["CLAUDE.md"] = body(rng, "parent", ["out.md"])
    subs = rng.sample(SUBDIRS, rng.randint(1, 3))
    for d in subs:
        files[f"{d}/x.txt"] = f"{d} data\n"
        if rng.random() < 0.4:
            files[f"{d}/m.py"] = "print(1)\n"
        kinds = rng.sample(["CLAUDE.md", ".claude/CLAUDE.md", "CLAUDE.local.md", "rule", "none"],
                           rng.randint(1, 2))
        for k in kinds:
            if k == "rule":
                files[f"{d}/.claude/rules/s.md"] = rule(rng, f"{d}-rule", [])
            elif k != "none":
                files[f"{d}/{k}"] = body(rng, f"{d}-{k}", ["../x.txt", "style.md", "nope.md"])
                if rng.random() < 0.3:
                    files[f"{d}/style.md"] = f"{d} style.\n"
    return files, home, outside, subs


def a_call(rng, calls, files, subs):
    d = rng.choice(subs)
    pick = rng.choice(["read", "read", "read", "read_py", "read_memory", "read_dir", "write",
                       "write_new_dir", "edit", "cat", "ls", "glob", "grep", "read_top"])
    if pick == "read" or (pick == "read_py" and f"{d}/m.py" not in files):
        return calls.read(f"<WS>/{d}/x.txt")
    if pick == "read_py":
        return calls.read(f"<WS>/{d}/m.py")
    if pick == "read_memory":
        mem = [f for f in files if f.endswith(".md") and f.startswith(d + "/")]
        return calls.read("<WS>/" + (rng.choice(mem) if mem else "CLAUDE.md"))
    if pick == "read_dir":
        return calls.read(f"<WS>/{d}")
    if pick == "write":
        return calls.write(f"<WS>/{d}/new.{rng.choice(['py', 'txt'])}", "new\n")
    if pick == "write_new_dir":
        return calls.write(f"<WS>/{d}/fresh/n.txt", "new\n")
    if pick == "edit":
        return calls.edit(f"<WS>/{d}/x.txt", "data", "DATA")
    if pick == "cat":
        return calls.bash(rng.choice([f"cat {d}/x.txt", f"head -n 1 {d}/x.txt",
                                      f"cat {d}/x.txt | head -n 1"]))
    if pick == "ls":
        return calls.bash(f"ls {d}")
    if pick == "glob":
        return calls("Glob", {"pattern": "**/*.txt", "path": f"<WS>/{d}"})
    if pick == "grep":
        return calls("Grep", {"pattern": "data", "path": f"<WS>/{d}", "output_mode": "content"})
    return calls.read("<WS>/x.txt")


def loads_at_start(sources, files, home, outside):
    """Whether some instruction file may load when the session starts (then the
    InstructionsLoaded hook, fired racily, is left out)."""
    every = sources is None
    project = every or "project" in sources
    local = every or "local" in sources
    user = every or "user" in sources
    top = [f for f in files if "/" not in f or f.startswith(".claude/")]
    return bool((project and (any(f.endswith(".md") and f != "docs/style.md" and
                                  not f.startswith("CLAUDE.local") for f in top)
                              or "CLAUDE.md" in outside))
                or (local and "CLAUDE.local.md" in files)
                or (user and any(f.startswith(".claude/") for f in home)))


def one(seed):
    rng = random.Random(12000 + seed)
    calls = Calls()
    sources = rng.choice(SOURCES)
    mode = rng.choice(MODES)
    files, home, outside, subs = layout(rng)
    opts = {"permission_mode": mode}
    if sources is not None:
        opts["setting_sources"] = sources
    responses = []
    for _ in range(rng.randint(1, 3)):
        blocks = [a_call(rng, calls, files, subs) for _ in range(rng.choice([1, 1, 2]))]
        responses.append({"content": blocks})
    responses.append({"content": [txt("Done.")]})
    desc = "seed %d: %s, sources %s, files %s" % (
        seed, mode, sources, ", ".join(sorted(f for f in files if f.endswith(".md"))))
    s = scenario_files.scenario("fl_", "%03d" % seed, desc, responses, opts,
                                prompt="What are the project rules?", mode=None)
    s["files"] = files
    s["home_files"] = home
    s["outside_files"] = outside
    s["record"] = {"outside_files": True}
    s["timeout_s"] = 150
    if mode == "default":
        s["behaviors"] = {"can_use_tool": "allow_all"}
    if not loads_at_start(sources, files, home, outside):
        s.setdefault("behaviors", {})["hooks"] = {
            "InstructionsLoaded": [{"matcher": None, "behavior": "log_all"}]}
    if rng.random() < 0.25:
        s["then"] = [{"prompt": "And now?", "options": {"resume": "<SESSION_ID_1>"}}]
        s["responses"].append({"content": [a_call(rng, calls, files, subs)]})
        s["responses"].append({"content": [txt("Done again.")]})
    if seed > 60:
        later(random.Random(13000 + seed), s, calls, files, subs)
    return s


SUMMARY = {"content": [txt("<analysis>\nA.\n</analysis>\n\n<summary>\nSummary: rules read.\n"
                           "</summary>")],
           "match": "Your task is to create a detailed summary of the conversation so far"}


def later(rng, s, calls, files, subs):
    """From seed 61: a subagent that reaches into the directories, instruction files rewritten
    between runs, the second run a fork, a continuation or a `/compact`, a third run."""
    first_done = next(i for i, r in enumerate(s["responses"])
                      if r["content"] and r["content"][0].get("type") == "text")
    if rng.random() < 0.3:
        # A subagent's own calls (the responses are served in order, to whoever asks).
        agent = calls("Agent", {"description": "Look", "prompt": "Read the notes.",
                                "subagent_type": "general-purpose",
                                "run_in_background": False})
        inner = [{"content": [a_call(rng, calls, files, subs)]}, {"content": [txt("Seen.")]}]
        s["responses"][first_done:first_done] = [{"content": [agent]}] + inner
        first_done += 3
    if rng.random() < 0.4:
        target = rng.choice([f for f in files if f.endswith(".md") and f != "docs/style.md"]
                            or ["CLAUDE.md"])
        edit = calls.bash("echo 'Rewritten rule.' > %s" % target)
        s["responses"].insert(first_done, {"content": [edit]})
        first_done += 1
        s.setdefault("then", [{"prompt": "And now?", "options": {"resume": "<SESSION_ID_1>"}}])
        if len(s["responses"]) == first_done + 1:
            s["responses"] += [{"content": [a_call(rng, calls, files, subs)]},
                               {"content": [txt("Done again.")]}]
    if "then" in s:
        how = rng.choice(["resume", "resume", "fork", "continue", "compact"])
        then = s["then"][0]
        if how == "fork":
            then["options"]["fork_session"] = True
        elif how == "continue":
            then["options"] = {"continue_conversation": True}
        elif how == "compact":
            s["then"].insert(0, {"prompt": "/compact", "options": {"resume": "<SESSION_ID_1>"}})
            s["responses"].insert(first_done + 1, SUMMARY)
        if rng.random() < 0.3:
            s["then"].append({"prompt": "Once more.", "options": {"resume": "<SESSION_ID_1>"}})
            s["responses"] += [{"content": [a_call(rng, calls, files, subs)]},
                               {"content": [txt("Done thrice.")]}]


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 180
    unsteady = set()
    seeds = [i for i in range(1, count + 1) if i not in unsteady]
    # Later seeds drawn to look for rules not yet met (800-807, 900-907, 1000-1007).
    later_seeds = list(range(800, 808)) + list(range(900, 908)) + list(range(1000, 1008))
    sys.path.insert(0, HERE)
    import pins  # noqa: E402
    scenario_files.write(HERE, "fl_", [one(i) for i in seeds + later_seeds] + pins.pins())
