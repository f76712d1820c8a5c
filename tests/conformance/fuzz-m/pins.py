"""The hand-written fuzz-m scenarios (`fm_pin_*`): the rules the random seeds turned up, each
pinned by the probes that found it. See README.md."""
import copy

from scenario_files import tu, txt

ALPHA = "---\nname: alpha\ndescription: Alpha things\n---\nALPHA-BODY with $ARGUMENTS.\n"
CMDS = {".claude/commands/hello.md": "Say hello.\n",
        ".claude/commands/fix.md": "Fix issue $ARGUMENTS now.\n",
        ".claude/commands/reader.md": "---\nallowed-tools: Read, Bash(cat:*)\n---\nRead $1 for me.\n",
        ".claude/commands/sub/deep.md": "Deep body $ARGUMENTS\n",
        ".claude/commands/modeled.md": "---\nmodel: haiku\ndescription: Quick\n---\nQuick one.\n",
        ".claude/commands/c.md": "P0=$0|P1=$1|A=$ARGUMENTS|I=$ARGUMENTS[1]\n",
        ".claude/commands/bang.md": "Status: !`echo hi-bang`\nDone.\n",
        ".claude/skills/alpha/SKILL.md": ALPHA, "x.txt": "data\n"}
C2 = "P0=$0|P1=$1|P2=$2|A=$ARGUMENTS\n"
PDF = {".claude/skills/pdf/SKILL.md": "---\nname: pdf\ndescription: P\n---\nPDF $ARGUMENTS\n",
       ".claude/skills/forky/SKILL.md": "---\nname: forky\ndescription: F\ncontext: fork\n---\n"
                                        "FORK-BODY $ARGUMENTS\n",
       ".claude/skills/util/SKILL.md": "---\nname: util\ndescription: U\n---\nUTIL $ARGUMENTS\n"}
HELLO_SKILL = {".claude/skills/hello/SKILL.md": "---\nname: hello\ndescription: H\n---\n"
                                                "SKILL-HELLO $ARGUMENTS\n"}
QUIET = {".claude/skills/quiet/SKILL.md": "---\nname: quiet\ndescription: Model only\n"
                                          "user-invocable: false\n---\nQUIET-BODY\n"}
R = ("Read", {"file_path": "<WS>/x.txt"})
W = ("Write", {"file_path": "<WS>/out.txt", "content": "written\n"})
E = ("Edit", {"file_path": "<WS>/x.txt", "old_string": "data", "new_string": "DATA"})
BYPASS = {"permission_mode": "bypassPermissions"}
DEFAULT = {"permission_mode": "default"}
ALLOW = {"can_use_tool": "allow_all"}


def SK(name, args=None):
    return ("Skill", dict({"skill": name}, **({"args": args} if args is not None else {})))


def T(text):
    return ("text", text)


def pin(out, name, desc, prompt, rounds, files=None, home=None, opts=None, then=None,
        beh=None, after=None):
    """One pin: `rounds` of calls (a ("text", t) pair is a text block), then "Done."; `after`:
    the responses of the later runs."""
    responses, n = [], 0
    for group in rounds:
        blocks = []
        for c in group:
            if c[0] == "text":
                blocks.append(txt(c[1]))
                continue
            n += 1
            blocks.append(tu(n, *c))
        responses.append({"content": blocks})
    responses.append({"content": [txt("Done.")]})
    responses += after or []
    s = {"name": "fm_pin_" + name, "description": desc, "prompt": prompt,
         "options": copy.deepcopy(opts or BYPASS), "responses": responses,
         "default": {"content": [txt("Done.")]}, "files": dict(CMDS, **(files or {})),
         "home_files": home or {}}
    if then:
        s["then"] = then
    if beh:
        s["behaviors"] = beh
    out.append(s)


def pins():
    out = []
    p = lambda *a, **k: pin(out, *a, **k)  # noqa: E731
    # The same instructions again are not repeated; other ones are, announced.
    p("same_args", "A skill called twice with the same args.", "Go", [[SK("alpha", "1")], [SK("alpha", "1")]])
    p("no_args_twice", "A skill called twice without args.", "Go", [[SK("alpha")], [SK("alpha")]])
    p("slash_then_same", "/alpha 1, then the model calls it with 1.", "/alpha 1", [[SK("alpha", "1")]])
    p("cmd_twice", "A command file called twice through the Skill tool.", "Go", [[SK("hello")], [SK("hello")]])
    p("cmd_1_2_1", "fix 1, fix 2, fix 1: the last compares with the one before.", "Go",
      [[SK("fix", "1")], [SK("fix", "2")], [SK("fix", "1")]])
    p("slash_cmd_then", "/fix 1, then fix 1 and fix 2.", "/fix 1", [[SK("fix", "1")], [SK("fix", "2")]])
    p("bang_twice", "A command with a ! line called twice.", "Go", [[SK("bang")], [SK("bang")]])
    p("between", "alpha 1, hello, alpha 1.", "Go", [[SK("alpha", "1")], [SK("hello")], [SK("alpha", "1")]])
    p("resume_same", "/alpha 1, resumed, the model calls alpha 1: a new process gives it again.",
      "/alpha 1", [], then=[{"prompt": "again", "options": {"resume": "<SESSION_ID_1>"}}],
      after=[{"content": [tu(1, *SK("alpha", "1"))]}, {"content": [txt("Done again.")]}])
    # Command files through the Skill tool.
    p("cmd_allowed_nodesc", "A command granting tools, no description, in default mode.", "Go",
      [[SK("reader", "x.txt")], [R]], opts=DEFAULT, beh=ALLOW)
    p("titled_allowed", "A command with a heading and allowed-tools: the question's description.",
      "Go", [[SK("titled")]], files={".claude/commands/titled.md": "---\nallowed-tools: Read\n---\n# Title Line\n\nrest\n"},
      opts=DEFAULT, beh=ALLOW)
    p("clash_cmd_skill", "A project skill and command of one name, called.", "Go", [[SK("hello", "q")]], files=HELLO_SKILL)
    p("clash_slash", "A project skill and command of one name, typed.", "/hello q", [], files=HELLO_SKILL)
    p("user_cmd_proj_skill", "A user command and a project skill of one name.", "/hello q", [[SK("hello", "z")]],
      files=HELLO_SKILL, home={".claude/commands/hello.md": "User hello.\n"})
    p("user_proj_cmd", "A user and a project command of one name.", "Go", [[SK("hello")]],
      home={".claude/commands/hello.md": "User hello.\n"})
    p("user_skill_proj_cmd", "A user skill and a project command of one name.", "Go", [[SK("hello")]],
      home={".claude/skills/hello/SKILL.md": "---\nname: hello\ndescription: UH\n---\nUSER-SKILL-HELLO\n"})
    p("sub_deep", "A command in a subfolder: sub:deep, then deep.", "Go", [[SK("sub:deep", "z")], [SK("deep", "z")]])
    p("cmd_model", "A command's model front matter.", "Go", [[SK("modeled")]])
    p("slash_name", "/fix as the skill's name.", "Go", [[SK("/fix", "1")], [SK("/fix", "1")]])
    p("allowlist_cmd", "The skills option lists one command.", "Go", [[SK("fix", "1")], [SK("hello")]],
      opts={"permission_mode": "bypassPermissions", "skills": ["fix"]})
    p("cmd_ws_args", "Args with spaces around them.", "Go", [[SK("fix", "  1  ")]])
    p("spaces_args", "Args of spaces only.", "Go", [[SK("fix", "  ")], [SK("hello", " ")], [SK("hello", " x ")]])
    # Where the words of the arguments end.
    for name, prompt, body in [("args_multiline", "/c a b\nc d", None), ("args_nl_one", "/c a\nb", None),
                               ("args_plain", "/c a b", None), ("args_nl_bc", "/c a\nb c", C2),
                               ("args_semi", "/c a;b c", C2), ("args_pipe", "/c a | b", C2),
                               ("args_and", "/c a && b", C2), ("args_tab", "/c a\tb", C2),
                               ("args_cr", "/c a\r\nb c", C2)]:
        files = {".claude/commands/c.md": body} if body else None
        p(name, "The prompt %r." % prompt, prompt, [], files=files)
    p("skill_args_nl", "The Skill tool's args over two lines.", "Go", [[SK("c", "a b\nc")]])
    p("skill_args_nl_first", "The Skill tool's args, one word on the first line.", "Go",
      [[SK("c", "a\nb c")]], files={".claude/commands/c.md": C2})
    # A skill only the model may run, typed.
    p("quiet_then_resume", "/quiet 42 (user-invocable: false), then a resumed prompt.", "/quiet 42", [],
      files=QUIET, then=[{"prompt": "hello", "options": {"resume": "<SESSION_ID_1>"}}],
      after=[{"content": [txt("Done again.")]}])
    # When a Skill call's answer comes.
    p("skill_read", "[Skill, Read].", "Go", [[SK("pdf", "a"), R]], files=PDF)
    p("write_skill_read", "[Write, Skill, Read].", "Go", [[W, SK("pdf", "a"), R]], files=PDF)
    p("cmd_read", "[Skill of a command, Read].", "Go", [[SK("fix", "1"), R]], files=PDF)
    p("read_fork", "[Read, a forked skill].", "Go", [[R, SK("forky", "1")], [R]], files=PDF)
    p("slash_then_read_skill", "/util, then [Read, Skill].", "/util", [[R, SK("pdf", "a")]], files=PDF)
    p("edit_then_skill_read", "An Edit, then [Skill, Read, Read].", "Go", [[E], [SK("pdf", "a"), R, R]], files=PDF)
    p("write_then_skill_text", "A Write, then [Skill, text].", "Go", [[W], [SK("pdf", "a"), T("Some words after.")]], files=PDF)
    p("edit_then_two_skills", "An Edit, then [Skill, Skill].", "Go", [[E], [SK("pdf", "a"), SK("util")]], files=PDF)
    p("default_skill_read", "[Skill, Read] in default mode.", "Go", [[SK("pdf", "a"), R]], files=PDF, opts=DEFAULT)
    p("plan_skill_read", "[Skill, Read] in plan mode.", "Go", [[SK("pdf", "a"), R]], files=PDF,
      opts={"permission_mode": "plan"})
    # `@path` mentions (their attachments are reminders; what shows is when answers come).
    at = {".claude/commands/at.md": "Look at @x.txt please.\n"}
    p("mention_then_read", "A prompt mentions @x.txt, then the model reads it.", "Look at @x.txt please",
      [[R]], files=at)
    p("mention_slash_at", "/at: the command's body mentions @x.txt.", "/at", [], files=at)
    p("mention_skill_read", "[Skill of a command mentioning @x.txt, Read].", "Go", [[SK("at", "a"), R]],
      files=at, opts=DEFAULT)
    return out
