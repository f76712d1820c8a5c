"""Commands: what a prompt that starts with a slash becomes. Custom commands from the project's
and the user's `.claude/commands/` (front matter, sub-folders, `$ARGUMENTS`, `$0`..`$n`,
``!`command` ``, arguments with and without placeholders, on the next line), skills and a local
plugin's commands invoked by name, setting sources that hide them, and names no file defines.
(`/clear` is checked by the faces' own tests: the harness keeps the time stamp of the
conversation_reset message it yields, so no two runs of it compare equal.)"""
from common import Calls, respond, scenario

BODIES = {
    "plain": "Say hello.\n",
    "args": "Fix issue $ARGUMENTS now.\nAgain: $ARGUMENTS\n",
    "pos": "First $0 then $1 and $2; all: $ARGUMENTS\n",
    "posonly": "Only $1 here.\n",
    "fm": "---\ndescription: Front desc\nargument-hint: <file>\n---\nBody of fm $ARGUMENTS\n",
    "titled": "# Title Line\n\nrest of it\n",
    "bang": "Status: !`echo hi-from-bang`\nDone.\n",
    "dollar": "Costs $5 and $x and $ARGS.\n",
    "empty": "",
}
PROMPTS = [
    ("plain", "/plain"), ("plain_args", "/plain extra words"), ("args", "/args 123"),
    ("args_none", "/args"), ("pos", "/pos a b c"), ("pos_short", "/pos a"),
    ("posonly", "/posonly x y"), ("fm", "/fm x.py"), ("titled", "/titled t"),
    ("bang", "/bang"), ("dollar", "/dollar 7"), ("empty", "/empty go"),
    ("next_line", "/plain\nsecond line"), ("spaces", "/args    padded   "),
    ("sub", "/sub:deep now"), ("sub_bare", "/deep"), ("unknown", "/nope arg"),
    ("not_first", "please /plain"), ("prefix", "/plainly"), ("user", "/mine u"),
    ("skill", "/pdf a.pdf"), ("skill_bare", "/pdf"),
]


def files():
    out = {f".claude/commands/{name}.md": body for name, body in BODIES.items()}
    out[".claude/commands/sub/deep.md"] = "Deep body\n"
    out[".claude/skills/pdf/SKILL.md"] = (
        "---\nname: pdf\ndescription: Work with PDFs\n---\nUse pdftotext on $ARGUMENTS.\n")
    out["plug/.claude-plugin/plugin.json"] = '{"name": "demo", "version": "1.2.0"}\n'
    out["plug/commands/greet.md"] = "# Greet Command\n\nGreet the user warmly.\n"
    return out


HOME = {".claude/commands/mine.md": "User level command $ARGUMENTS\n"}


def scenarios():
    for tag, prompt in PROMPTS:
        yield scenario(f"commands_{tag}", f"The prompt {prompt!r} with custom commands on disk.",
                       [respond("Done.")], prompt=prompt, files=files(), home_files=HOME)
    for sources in ([], ["user"], ["project"]):
        tag = "_".join(sources) or "none"
        for prompt in ("/plain x", "/mine y"):
            yield scenario(f"commands_sources_{tag}_{prompt[1:].split()[0]}",
                           f"{prompt!r} with setting_sources={sources}.", [respond("Done.")],
                           options={"permission_mode": "bypassPermissions",
                                    "setting_sources": sources},
                           prompt=prompt, files=files(), home_files=HOME)
    plugin = {"permission_mode": "bypassPermissions",
              "plugins": [{"type": "local", "path": "<WS>/plug"}]}
    for tag, prompt in (("greet", "/demo:greet Bob"), ("greet_bare", "/greet Bob"),
                        ("plain", "Hello!")):
        yield scenario(f"commands_plugin_{tag}", f"A local plugin's command: {prompt!r}.",
                       [respond("Done.")], options=plugin, prompt=prompt, files=files())
    calls = Calls()
    yield scenario("commands_then_tool", "A command whose answer runs a tool.",
                   [respond(calls.bash("echo ran")), respond("Done.")], prompt="/args 9",
                   files=files())
