#!/usr/bin/env python3
"""Generates the fuzz-m scenarios (prefix fm_): slash commands, skills and plugins at random.
A seed lays out custom commands (`.claude/commands`, project and user level: plain, with
`$ARGUMENTS` and positional arguments, front matter, `!` command lines, `@` file references,
nested folders), skills (`.claude/skills/*/SKILL.md`, project and user: allowed tools, hidden
from the model or the user, a name unlike the folder, `context: fork`) and sometimes a local
plugin with commands, skills and an agent; picks the setting sources, the `skills` option and a
permission mode; the prompt is a `/name` of one of them (or unknown, or plain text), then one
or two rounds of Skill tool calls and plain calls, sometimes a second `/name` prompt on the
resumed session.
Run: python3 make.py [COUNT] (writes fm_*.json next to this file; the seed is the number)."""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import scenario_files  # noqa: E402
from scenario_files import txt  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(HERE), "gen"))
from common import Calls  # noqa: E402

SOURCES = [None, None, None, [], ["project"], ["project"], ["user"], ["user", "project"],
           ["project", "local"]]
MODES = ["bypassPermissions", "bypassPermissions", "default", "default", "acceptEdits"]

COMMANDS = {
    "hello": "Say hello.\n",
    "fix": "Fix issue $ARGUMENTS now.\n",
    "pos": "First $1 then $2; all: $ARGUMENTS\n",
    "fm": "---\ndescription: Front desc\nargument-hint: <file>\n---\nBody of fm $ARGUMENTS\n",
    "echoer": "---\nallowed-tools: Bash(echo:*)\ndescription: Echo things\n---\nRun echo $ARGUMENTS.\n",
    "bang": "Status: !`echo hi-bang`\nDone.\n",
    "at": "Look at @x.txt please.\n",
    "nomodel": "---\ndisable-model-invocation: true\ndescription: Not for the model\n---\n"
               "Hidden command $ARGUMENTS\n",
    "sub/deep": "Deep body $ARGUMENTS\n",
    "titled": "# Title Line\n\nrest of it\n",
    "reader": "---\nallowed-tools: Read, Bash(cat:*)\n---\nRead $1 for me.\n",
}
USER_COMMANDS = {
    "mine": "User level command $ARGUMENTS\n",
    "hello": "User hello.\n",
}
SKILLS = {
    "pdf": "---\nname: pdf\ndescription: Work with PDFs\n---\nUse pdftotext on $ARGUMENTS.\n",
    "lint": "---\nname: lint\ndescription: Lint the code\nallowed-tools: Bash\n---\n"
            "Run the linter from ${CLAUDE_SKILL_DIR} on $ARGUMENTS.\n",
    "secret": "---\nname: secret\ndescription: Secret one\ndisable-model-invocation: true\n---\n"
              "SECRET-BODY $ARGUMENTS\n",
    "quiet": "---\nname: quiet\ndescription: Model only\nuser-invocable: false\n---\nQUIET-BODY\n",
    "folder": "---\nname: renamed\ndescription: Named unlike its folder\n---\nRENAMED-BODY $0\n",
    "hello": "---\nname: hello\ndescription: The hello skill\n---\nSKILL-HELLO $ARGUMENTS\n",
    "forky": "---\nname: forky\ndescription: Runs apart\ncontext: fork\n---\nFORK-BODY $ARGUMENTS\n",
    "bare": "BARE-BODY without front matter.\n",
}
USER_SKILLS = {
    "util": "---\nname: util\ndescription: A user skill\n---\nUTIL-BODY $ARGUMENTS\n",
    "pdf": "---\nname: pdf\ndescription: User PDFs\n---\nUSER-PDF $ARGUMENTS\n",
}
PLUGIN = {
    "plug/.claude-plugin/plugin.json": '{"name": "demo", "version": "1.2.0"}\n',
    "plug/commands/greet.md": "# Greet Command\n\nGreet $ARGUMENTS warmly.\n",
    "plug/skills/pdf/SKILL.md": "---\nname: pdf\ndescription: Plugin PDFs\n---\nPLUGIN-PDF $ARGUMENTS\n",
    "plug/agents/helper.md": "---\nname: helper\ndescription: Helps with small tasks\ntools: Read\n"
                             "---\nYou are a helper.\n",
}
ARGS = ["", "a.pdf", "x.txt", "one two", "\"quoted arg\" b", "42"]


def layout(rng):
    """files, home files, and the names the prompt and the calls may use."""
    files = {"x.txt": "top data\n", "a.pdf": "not really a pdf\n"}
    home = {}
    names = []
    for name in rng.sample(sorted(COMMANDS), rng.randint(1, 4)):
        files[f".claude/commands/{name}.md"] = COMMANDS[name]
        names.append(name.split("/")[-1])
        if name == "sub/deep":
            names.append("sub:deep")
    for name in rng.sample(sorted(SKILLS), rng.randint(0, 3)):
        files[f".claude/skills/{name}/SKILL.md"] = SKILLS[name]
        names.append("renamed" if name == "folder" else name)
        if name == "folder":
            names.append("folder")
    if rng.random() < 0.35:
        for name in rng.sample(sorted(USER_COMMANDS), rng.randint(1, 2)):
            home[f".claude/commands/{name}.md"] = USER_COMMANDS[name]
            names.append(name)
    if rng.random() < 0.3:
        for name in rng.sample(sorted(USER_SKILLS), rng.randint(1, 2)):
            home[f".claude/skills/{name}/SKILL.md"] = USER_SKILLS[name]
            names.append(name)
    plugin = rng.random() < 0.3
    if plugin:
        files.update(PLUGIN)
        names += ["demo:greet", "demo:pdf"]
    return files, home, sorted(set(names)), plugin


def a_prompt(rng, names):
    pick = rng.random()
    if pick < 0.7 and names:
        name = rng.choice(names)
    elif pick < 0.8:
        name = rng.choice(["nope", "demo:nope", "compact-ish"])
    else:
        return rng.choice(["Use the skills.", "hello there", "Run /hello for me."])
    args = rng.choice(ARGS)
    return "/" + name + (" " + args if args else "") + (
        "\nsecond line" if rng.random() < 0.1 else "")


def a_call(rng, calls, names):
    pick = rng.random()
    if pick < 0.6:
        name = rng.choice(names + ["nope", "/pdf", "demo:nope"]) if names else "nope"
        inp = {"skill": name}
        args = rng.choice(ARGS)
        if args:
            inp["args"] = args
        return calls("Skill", inp)
    if pick < 0.75:
        return calls.bash(rng.choice(["echo hi", "cat x.txt", "ls"]))
    if pick < 0.9:
        return calls.read("<WS>/x.txt")
    return calls.write("<WS>/out.txt", "written\n")


def one(seed):
    rng = random.Random(14000 + seed)
    calls = Calls()
    sources = rng.choice(SOURCES)
    mode = rng.choice(MODES)
    files, home, names, plugin = layout(rng)
    opts = {"permission_mode": mode}
    if sources is not None:
        opts["setting_sources"] = sources
    if plugin:
        opts["plugins"] = [{"type": "local", "path": "<WS>/plug"}]
    r = rng.random()
    if r < 0.12:
        opts["skills"] = "all"
    elif r < 0.25:
        opts["skills"] = rng.sample(names, min(len(names), rng.randint(0, 2)))
    if rng.random() < 0.1:
        opts["disallowed_tools"] = ["Skill"]
    prompt = a_prompt(rng, names)
    responses = []
    for _ in range(rng.choice([0, 1, 1, 2])):
        blocks = [a_call(rng, calls, names) for _ in range(rng.choice([1, 1, 2]))]
        responses.append({"content": blocks})
    responses.append({"content": [txt("Done.")]})
    desc = "seed %d: %s, sources %s, names %s%s" % (
        seed, mode, sources, ", ".join(names), ", plugin" if plugin else "")
    s = scenario_files.scenario("fm_", "%03d" % seed, desc, responses, opts, prompt=prompt,
                                mode=None)
    s["files"] = files
    s["home_files"] = home
    s["timeout_s"] = 150
    if mode == "default" and rng.random() < 0.5:
        s["behaviors"] = {"can_use_tool": "allow_all"}
    if rng.random() < 0.25:
        s["then"] = [{"prompt": a_prompt(rng, names), "options": {"resume": "<SESSION_ID_1>"}}]
        if rng.random() < 0.5:
            s["responses"].append({"content": [a_call(rng, calls, names)]})
        s["responses"].append({"content": [txt("Done again.")]})
    if seed > 60:
        later(random.Random(15000 + seed), s, calls)
    return s


def later(rng, s, calls):
    """From seed 61: `@path` mentions in the prompt, a Skill call repeated as it was, an Edit
    before the calls, hooks that see the prompt's expansion and the Skill calls."""
    s["files"]["docs/guide.md"] = "Guide line one.\nGuide line two.\n"
    if rng.random() < 0.3:
        s["prompt"] += " " + rng.choice(["@x.txt", "@docs/", "@docs/guide.md#L2", "@nope.md",
                                         "@\"x.txt\""])
    skills = [b for r in s["responses"] for b in r["content"]
              if b.get("type") == "tool_use" and b["name"] == "Skill"]
    first_done = next(i for i, r in enumerate(s["responses"])
                      if r["content"] and r["content"][0].get("type") == "text")
    if skills and rng.random() < 0.4:
        again = dict(rng.choice(skills), id=None)
        again = calls("Skill", dict(again["input"]))
        s["responses"].insert(first_done, {"content": [again]})
        first_done += 1
    if rng.random() < 0.2:
        edit = calls.edit("<WS>/x.txt", "top", "TOP")
        s["responses"].insert(0, {"content": [edit]})
    if rng.random() < 0.2:
        s.setdefault("behaviors", {})["hooks"] = {
            "UserPromptExpansion": [{"matcher": None, "behavior": "log_all"}],
            "PreToolUse": [{"matcher": "Skill", "behavior": "log_all"}]}


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 240
    unsteady = set()
    seeds = [i for i in range(1, count + 1) if i not in unsteady]
    # Later seeds drawn to look for rules not yet met (800-807, 900-907, 1000-1007).
    later_seeds = list(range(800, 808)) + list(range(900, 908)) + list(range(1000, 1008))
    import pins  # noqa: E402
    scenario_files.write(HERE, "fm_", [one(i) for i in seeds + later_seeds] + pins.pins())
