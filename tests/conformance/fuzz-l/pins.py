"""Hand-written fuzz-l scenarios (fl_pin_*): what a resumed session tells the model of the
instruction files its first run loaded, when they changed on disk since, and of the nested ones
tool calls brought in."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import scenario_files  # noqa: E402
from scenario_files import txt  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(HERE), "gen"))
from common import Calls  # noqa: E402

HOOK = {"hooks": {"InstructionsLoaded": [{"matcher": None, "behavior": "log_all"}]}}


def pin(name, desc, first, second, files, then_options=None, home=None, sources=("project",),
        hook=False, then_prompt="And now?"):
    calls = Calls()
    responses = [{"content": [calls(*c)]} for c in first] + [{"content": [txt("Done.")]}]
    responses += [{"content": [calls(*c)]} for c in second] + [{"content": [txt("Done again.")]}]
    opts = {"permission_mode": "bypassPermissions"}
    if sources is not None:
        opts["setting_sources"] = list(sources)
    then = {"resume": "<SESSION_ID_1>"}
    then.update(then_options or {})
    s = scenario_files.scenario("fl_pin_", name, desc, responses, opts,
                                prompt="What are the project rules?", mode=None)
    s["files"] = files
    s["home_files"] = home or {}
    s["then"] = [{"prompt": then_prompt, "options": then}]
    s["timeout_s"] = 150
    if hook:
        s["behaviors"] = HOOK
    return s


def B(command):
    return ("Bash", {"command": command, "description": "run"})


def R(path):
    return ("Read", {"file_path": "<WS>/" + path})


SUMMARY = {"content": [txt("<analysis>\nA.\n</analysis>\n\n<summary>\nSummary: rules read.\n"
                           "</summary>")],
           "match": "Your task is to create a detailed summary of the conversation so far"}
SUB = {"sub/CLAUDE.md": "Sub rule.\n", "sub/x.txt": "x\n", "sub/y.txt": "y\n", "x.txt": "x\n"}


def pins():
    out = [
        pin("changed_on_disk", "CLAUDE.md rewritten by a command, then the session resumed: "
            "which text does the model read?",
            [B("echo 'Rule changed.' > CLAUDE.md")], [R("x.txt")],
            {"CLAUDE.md": "Rule root.\n", "x.txt": "x\n"}),
        pin("created_later", "No CLAUDE.md at the start; a command writes one; then resumed.",
            [B("echo 'Rule new.' > CLAUDE.md")], [R("x.txt")], {"x.txt": "x\n"}),
        pin("removed_later", "CLAUDE.md removed by a command, then resumed.",
            [B("rm CLAUDE.md")], [R("x.txt")], {"CLAUDE.md": "Rule root.\n", "x.txt": "x\n"}),
        pin("sources_dropped", "Resumed with setting_sources=[]: the first run's files?",
            [R("x.txt")], [R("x.txt")], {"CLAUDE.md": "Rule root.\n", "x.txt": "x\n"},
            then_options={"setting_sources": []}),
        pin("sources_added", "Started with setting_sources=[], resumed with project.",
            [R("x.txt")], [R("x.txt")], {"CLAUDE.md": "Rule root.\n", "x.txt": "x\n"},
            then_options={"setting_sources": ["project"]}, sources=()),
        pin("nested_again", "A nested CLAUDE.md brought in by a Read, then a Read beside it "
            "after the resume: attached again?",
            [R("sub/x.txt")], [R("sub/y.txt")], SUB, hook=True),
        pin("nested_fork", "A nested CLAUDE.md brought in, then the session forked and read "
            "beside it.",
            [R("sub/x.txt")], [R("sub/y.txt")], SUB,
            then_options={"fork_session": True}, hook=True),
        pin("nested_continue", "A nested CLAUDE.md brought in, then the latest session "
            "continued and read beside it.",
            [R("sub/x.txt")], [R("sub/y.txt")], SUB,
            then_options={"resume": None, "continue_conversation": True}, hook=True),
        pin("nested_start_kept", "Start files and a nested one, resumed, nothing read after.",
            [R("sub/x.txt")], [B("true")], dict(SUB, **{"CLAUDE.md": "Root rule.\n"})),
        pin("user_changed", "~/.claude/CLAUDE.md rewritten, then resumed (user source).",
            [B("echo 'User changed.' > ~/.claude/CLAUDE.md")], [R("x.txt")], {"x.txt": "x\n"},
            home={".claude/CLAUDE.md": "User rule.\n"}, sources=("user",)),
        pin("one_of_two_new", "A CLAUDE.local.md written beside an unchanged CLAUDE.md, then "
            "resumed: the re-read lists which?",
            [B("echo 'Local new.' > CLAUDE.local.md")], [R("x.txt")],
            {"CLAUDE.md": "Rule root.\n", "x.txt": "x\n"}, sources=("project", "local")),
        pin("import_changed", "A file CLAUDE.md imports rewritten, then resumed.",
            [B("echo 'Imported changed.' > a.md")], [R("x.txt")],
            {"CLAUDE.md": "Rule root. @a.md\n", "a.md": "Imported.\n", "x.txt": "x\n"}),
        pin("changed_fork", "CLAUDE.md rewritten, then the session forked.",
            [B("echo 'Rule changed.' > CLAUDE.md")], [R("x.txt")],
            {"CLAUDE.md": "Rule root.\n", "x.txt": "x\n"}, then_options={"fork_session": True}),
        pin("changed_twice", "CLAUDE.md rewritten in each of two runs, resumed twice.",
            [B("echo 'Rule two.' > CLAUDE.md")], [B("echo 'Rule three.' > CLAUDE.md")],
            {"CLAUDE.md": "Rule one.\n", "x.txt": "x\n"}),
    ]
    compact = [{"prompt": "/compact", "options": {"resume": "<SESSION_ID_1>"}},
               {"prompt": "And now?", "options": {"resume": "<SESSION_ID_1>"}}]
    out += [
        pin("compact_changed", "CLAUDE.md rewritten, then /compact, then a prompt: what the "
            "first prompt after the summary shows.",
            [B("echo 'Rule changed.' > CLAUDE.md")], [R("x.txt")],
            {"CLAUDE.md": "Rule root.\n", "x.txt": "x\n"}),
        pin("compact_unchanged", "/compact, then a prompt, the files as they were.",
            [R("x.txt")], [R("x.txt")], {"CLAUDE.md": "Rule root.\n", "x.txt": "x\n"}),
        pin("compact_nested", "A nested file brought in, /compact, then a read beside it.",
            [R("sub/x.txt")], [R("sub/y.txt")], SUB, hook=True),
        pin("imports_gone", "CLAUDE.md imported two files, then was rewritten without them.",
            [B("echo 'Rule changed.' > CLAUDE.md")], [R("x.txt")],
            {"CLAUDE.md": "Rule root. @a.md @b.md\n", "a.md": "A.\n", "b.md": "B.\n",
             "x.txt": "x\n"}),
        pin("nested_changed", "A nested file brought in, then rewritten, then a read beside it "
            "after the resume.",
            [R("sub/x.txt"), B("echo 'Sub changed.' > sub/CLAUDE.md")], [R("sub/y.txt")], SUB,
            hook=True),
        pin("nested_changed_same_run", "A nested file brought in, rewritten, then a read beside "
            "it in the same run.",
            [R("sub/x.txt"), B("echo 'Sub changed.' > sub/CLAUDE.md"), R("sub/y.txt")],
            [R("x.txt")], SUB, hook=True),
    ]
    for s in out[-6:-3]:
        s["responses"].insert(2, SUMMARY)
        s["then"] = [dict(t) for t in compact]
    both = [("Bash", {"command": "cat a/x.txt", "description": "run"}),
            ("Read", {"file_path": "<WS>/b/x.txt"})]
    mixed = pin("bash_and_read", "A command showing a/x.txt and a Read of b/x.txt in one "
                "response: the order their directories' files come in.",
                [], [R("x.txt")], {"a/CLAUDE.md": "A rule.\n", "a/x.txt": "a\n",
                                   "b/CLAUDE.md": "B rule.\n", "b/x.txt": "b\n",
                                   "x.txt": "x\n"}, hook=True)
    mixed["responses"].insert(0, {"content": [
        {"type": "tool_use", "id": "toolu_0%d" % k, "name": n, "input": i}
        for k, (n, i) in enumerate(both, 8)]})
    out.append(mixed)
    # A third run, resuming the second.
    twice = out[-8]
    twice["then"].append({"prompt": "Once more.", "options": {"resume": "<SESSION_ID_2>"}})
    twice["responses"] += [{"content": [Calls()("Read", {"file_path": "<WS>/x.txt"})]},
                           {"content": [txt("Done thrice.")]}]
    twice["responses"][-2]["content"][0]["id"] = "toolu_03"
    return out + agent_reads()


def agent_reads():
    """Each agent keeps its own record of the files it has seen (fl_062, fl_191): a subagent
    knows nothing of its caller's reads and writes, nor the caller of the subagent's; a file
    one changed is stale to the other. A forked skill's agent starts with none either."""
    def one(name, desc, rounds, extra_files=None, sources=None):
        calls = Calls()
        responses = [{"content": [calls(*c) if isinstance(c, tuple) else c for c in r]}
                     for r in rounds] + [{"content": [txt("Done.")]}]
        opts = {"permission_mode": "bypassPermissions"}
        if sources:
            opts["setting_sources"] = sources
        s = scenario_files.scenario("fl_pin_", name, desc, responses, opts, prompt="Work on it",
                                    mode=None)
        s["files"] = dict({"a.txt": "alpha one\n", "b.txt": "beta one\n"}, **(extra_files or {}))
        s["timeout_s"] = 120
        return s
    agent = ("Agent", {"description": "Look", "prompt": "Do it.",
                       "subagent_type": "general-purpose", "run_in_background": False})
    done = txt("Sub done.")

    def edit(path, old, new):
        return ("Edit", {"file_path": "<WS>/" + path, "old_string": old, "new_string": new})

    def write(path, content):
        return ("Write", {"file_path": "<WS>/" + path, "content": content})
    fork = {".claude/skills/forky/SKILL.md":
            "---\nname: forky\ndescription: Works in a fork.\ncontext: fork\n---\nEdit the file.\n"}
    return [
        one("agent_parent_read_sub_write", "The caller read a file; its subagent writes it whole.",
            [[R("a.txt")], [agent], [write("a.txt", "new a\n")], [done]]),
        one("agent_sub_read_parent_edit", "A subagent read a file; its caller edits it.",
            [[agent], [R("b.txt")], [done], [edit("b.txt", "beta", "BETA")]]),
        one("agent_both_read_sub_edit", "Both read a file, the subagent edits it, then the caller.",
            [[R("a.txt")], [agent], [R("a.txt")], [edit("a.txt", "alpha", "ALPHA")], [done],
             [edit("a.txt", "one", "ONE")]]),
        one("agent_sub_edit_parent_edit", "The caller read a file; its subagent edits it; the "
            "caller edits it and reads it.",
            [[R("a.txt")], [agent], [edit("a.txt", "alpha", "ALPHA")], [done],
             [edit("a.txt", "one", "ONE")], [R("a.txt")]]),
        one("agent_sub_write_new_parent_edit", "A subagent creates a file; its caller edits it.",
            [[agent], [write("n.txt", "fresh\n")], [done], [edit("n.txt", "fresh", "FRESH")]]),
        one("agent_parent_write_sub_edit", "The caller creates a file; its subagent edits it.",
            [[write("p.txt", "made\n")], [agent], [edit("p.txt", "made", "MADE")], [done]]),
        one("agent_fork_edit", "The caller read a file; a forked skill's agent edits it; the "
            "caller edits it.",
            [[R("a.txt")], [("Skill", {"skill": "forky"})], [edit("a.txt", "alpha", "ALPHA")],
             [txt("Fork done.")], [edit("a.txt", "one", "ONE")]], fork, ["project"]),
    ]
