"""Permissions: what each permission mode does with each kind of call, how allow and deny
rules (options and settings files) are matched, what can_use_tool is asked and what its
answers do, directories added with add_dirs or additionalDirectories, and what the result's
permission_denials carries. Without can_use_tool a call that would prompt is refused."""
import json

from common import Calls, respond, scenario

FILES = {"notes.txt": "notes\n", "src/app.js": "let a = 1;\n", "secret/key.txt": "KEY\n"}
OUTSIDE = {"outside/o.txt": "O\n", "extra/e.txt": "E\n"}
MODES = {"default": "default", "acceptEdits": "acceptEdits", "plan": "plan",
         "bypass": "bypassPermissions", "dontAsk": "dontAsk"}

# One call per kind, each in its own response.
KINDS = {
    "read_ws": lambda c: c.read("<WS>/notes.txt"),
    "read_out": lambda c: c.read("<ROOT>/outside/o.txt"),
    "write_ws": lambda c: c.write("<WS>/new.txt"),
    "write_out": lambda c: c.write("<ROOT>/outside/new.txt"),
    "edit_ws": lambda c: c.edit("<WS>/src/app.js", "a = 1", "a = 2"),
    "bash_ro": lambda c: c.bash("ls src", "list"),
    "bash_touch": lambda c: c.bash("touch made.txt", "touch"),
    "glob_grep": lambda c: c("Glob", {"pattern": "**/*.js"}),
}


def make(name, description, calls, options, behaviors=None, files=None, **keys):
    """calls: a function of a Calls that returns the calls, one response each."""
    c = Calls()
    responses = [respond(b) for b in calls(c)] + [respond("Done.")]
    return scenario("perms_" + name, description, responses, options=options,
                    files=dict(FILES, **(files or {})), outside_files=OUTSIDE,
                    behaviors=behaviors, record={"outside_files": True, "decisions": True}, **keys)


GROUPS = {"files": ("read_ws", "read_out", "write_ws", "write_out", "edit_ws"),
          "shell": ("bash_ro", "bash_touch", "glob_grep")}


def by_mode():
    for mode, pm in MODES.items():
        for group, kinds in GROUPS.items():
            yield make(f"{mode}_{group}", f"{mode}, no rules, no callback: {', '.join(kinds)}, "
                       "one call a response.", seq(*kinds), {"permission_mode": pm})


def seq(*kinds):
    return lambda c: [KINDS[k](c) for k in kinds]


def rules():
    """allowed_tools / disallowed_tools entries of each form."""
    bash = lambda *cmds: lambda c: [c.bash(x, "run") for x in cmds]  # noqa: E731
    cases = [
        ("allow_bash_tool", "default", {"allowed_tools": ["Bash"]},
         bash("touch a.txt", "rm -f notes.txt")),
        ("allow_bash_colon", "default", {"allowed_tools": ["Bash(touch:*)"]},
         bash("touch a.txt", "touch", "touchy b.txt", "mkdir d")),
        ("allow_bash_space_star", "dontAsk", {"allowed_tools": ["Bash(touch *)"]},
         bash("touch a.txt", "touch", "mkdir d")),
        ("allow_bash_exact", "default", {"allowed_tools": ["Bash(touch a.txt)"]},
         bash("touch a.txt", "touch b.txt", "touch a.txt b.txt")),
        ("allow_write_glob", "default", {"allowed_tools": ["Write(./src/**)"]},
         lambda c: [c.write("<WS>/src/new.js"), c.write("<WS>/top.txt")]),
        ("allow_edit_abs", "default", {"allowed_tools": ["Edit(<WS>/src/**)"]},
         lambda c: [c.edit("<WS>/src/app.js", "a = 1", "a = 2"), c.write("<WS>/src/w.js")]),
        ("allow_write_outside", "default", {"allowed_tools": ["Write(<ROOT>/outside/**)"]},
         lambda c: [c.write("<ROOT>/outside/new.txt"), c.read("<ROOT>/outside/o.txt")]),
        ("allow_read_outside", "dontAsk", {"allowed_tools": ["Read(<ROOT>/outside/**)"]},
         lambda c: [c.read("<ROOT>/outside/o.txt"), c.read("<ROOT>/extra/e.txt")]),
        ("allow_write_tilde", "default", {"allowed_tools": ["Write(~/x.txt)"]},
         lambda c: [c.write("<HOME>/x.txt"), c.write("<HOME>/y.txt")]),
        ("allow_mcp_wildcard", "dontAsk", {"allowed_tools": ["mcp__srv__*", "Read"]},
         lambda c: [c("mcp__srv__tool", {"x": 1}), c.write("<WS>/w.txt")]),
        ("deny_bash_colon_bypass", "bypass", {"disallowed_tools": ["Bash(touch:*)"]},
         bash("touch a.txt", "ls", "mkdir d")),
        ("deny_bash_tool_bypass", "bypass", {"disallowed_tools": ["Bash"]}, bash("ls")),
        ("deny_read_tool", "default", {"disallowed_tools": ["Read"]},
         lambda c: [c.read("<WS>/notes.txt"), c("Glob", {"pattern": "*.txt"})]),
        ("deny_read_glob_bypass", "bypass", {"disallowed_tools": ["Read(./secret/**)"]},
         lambda c: [c.read("<WS>/secret/key.txt"), c.read("<WS>/notes.txt"),
                    c("Grep", {"pattern": "KEY", "path": "<WS>/secret"}),
                    c.bash("cat secret/key.txt", "cat")]),
        ("deny_edit_glob_acceptedits", "acceptEdits", {"disallowed_tools": ["Edit(src/*)"]},
         lambda c: [c.edit("<WS>/src/app.js", "a = 1", "a = 2"), c.write("<WS>/src/n.js"),
                    c.write("<WS>/n.txt")]),
        ("deny_glob_grep", "default", {"disallowed_tools": ["Glob", "Grep"]},
         lambda c: [c("Glob", {"pattern": "*"}), c("Grep", {"pattern": "x"})]),
        ("deny_webfetch", "default", {"disallowed_tools": ["WebFetch"]},
         lambda c: [c("WebFetch", {"url": "https://example.com", "prompt": "summarize"})]),
        ("deny_beats_allow", "default", {"allowed_tools": ["Bash"], "disallowed_tools": ["Bash(touch:*)"]},
         bash("touch a.txt", "mkdir d")),
        ("deny_and_allow_same", "default", {"allowed_tools": ["Write"], "disallowed_tools": ["Write"]},
         lambda c: [c.write("<WS>/w.txt")]),
        ("allow_plan_rule", "plan", {"allowed_tools": ["Write", "Bash(touch:*)"]},
         lambda c: [c.write("<WS>/w.txt"), c.bash("touch a.txt", "touch")]),
        ("webfetch_default", "default", {}, lambda c: [c("WebFetch", {"url": "https://example.com",
                                                                      "prompt": "summarize"})]),
    ]
    for name, mode, extra, calls in cases:
        yield make(f"rule_{name}", f"{mode} with {json.dumps(extra)}.", calls,
                   dict({"permission_mode": MODES[mode]}, **extra))


def settings_rules():
    def with_settings(name, desc, perms, calls, mode="default", extra=None):
        options = dict({"permission_mode": mode, "setting_sources": ["project"]}, **(extra or {}))
        if mode is None:
            del options["permission_mode"]
        return make(f"settings_{name}", desc, calls, options,
                    files={".claude/settings.json": json.dumps({"permissions": perms}) + "\n"})
    yield with_settings("allow_bash", "Project settings allow Bash(touch:*).",
                        {"allow": ["Bash(touch:*)"]}, lambda c: [c.bash("touch a.txt"), c.bash("mkdir d")])
    yield with_settings("deny_write_bypass", "Project settings deny Write in bypassPermissions.",
                        {"deny": ["Write"]}, lambda c: [c.write("<WS>/w.txt"), c.bash("touch a.txt")],
                        mode="bypassPermissions")
    yield with_settings("ask_write_accept", "Project settings ask for Write in acceptEdits.",
                        {"ask": ["Write"]}, lambda c: [c.write("<WS>/w.txt")], mode="acceptEdits")
    yield make("settings_ask_write_callback_cb", "Project settings ask for Write(./src/**) in "
               "acceptEdits, with a callback that allows.",
               lambda c: [c.write("<WS>/src/w.js"), c.write("<WS>/w.txt")],
               {"permission_mode": "acceptEdits", "setting_sources": ["project"]},
               {"can_use_tool": "allow_all"},
               files={".claude/settings.json": json.dumps({"permissions": {"ask": ["Write(./src/**)"]}}) + "\n"})
    yield with_settings("additional_dirs", "Project settings additionalDirectories holds the "
                        "outside folder (acceptEdits).", {"additionalDirectories": ["<ROOT>/outside"]},
                        lambda c: [c.write("<ROOT>/outside/new.txt"), c.read("<ROOT>/extra/e.txt")],
                        mode="acceptEdits")
    yield with_settings("default_mode", "Project settings defaultMode acceptEdits, no mode option.",
                        {"defaultMode": "acceptEdits"}, lambda c: [c.write("<WS>/w.txt")], mode=None)
    yield with_settings("sources_empty", "Settings deny Write but setting_sources is empty.",
                        {"deny": ["Write"]}, lambda c: [c.write("<WS>/w.txt")],
                        mode="bypassPermissions", extra={"setting_sources": []})
    yield with_settings("allow_vs_option_deny", "Settings allow Bash, the option denies "
                        "Bash(touch:*).", {"allow": ["Bash"]},
                        lambda c: [c.bash("touch a.txt"), c.bash("mkdir d")],
                        extra={"disallowed_tools": ["Bash(touch:*)"]})


def other_sources():
    """Which settings files may widen what is allowed: the user's, the local one."""
    touch = lambda c: [c.bash("touch a.txt"), c.bash("mkdir d")]  # noqa: E731
    outside = lambda c: [c.write("<ROOT>/outside/new.txt"), c.read("<ROOT>/outside/o.txt")]  # noqa: E731
    cases = [("user_allow_bash", "user", {"allow": ["Bash(touch:*)"]}, touch, "default"),
             ("local_allow_bash", "local", {"allow": ["Bash(touch:*)"]}, touch, "default"),
             ("user_additional_dirs", "user", {"additionalDirectories": ["<ROOT>/outside"]},
              outside, "acceptEdits"),
             ("local_additional_dirs", "local", {"additionalDirectories": ["<ROOT>/outside"]},
              outside, "acceptEdits"),
             ("user_deny_write_bypass", "user", {"deny": ["Write"]},
              lambda c: [c.write("<WS>/w.txt")], "bypassPermissions"),
             ("project_ask_edit_content", "project", {"ask": ["Edit(./src/**)"]},
              lambda c: [c.edit("<WS>/src/app.js", "a = 1", "a = 2")], "acceptEdits"),
             ("project_allow_write_bare", "project", {"allow": ["Write"]},
              lambda c: [c.write("<WS>/w.txt")], "default")]
    where = {"user": None, "project": ".claude/settings.json", "local": ".claude/settings.local.json"}
    for name, source, perms, calls, mode in cases:
        text = json.dumps({"permissions": perms}) + "\n"
        files = {where[source]: text} if where[source] else None
        home = {".claude/settings.json": text} if source == "user" else None
        yield make(f"settings_{name}", f"{source} settings {json.dumps(perms)} in {mode}.", calls,
                   {"permission_mode": mode, "setting_sources": [source]}, files=files,
                   home_files=home)


def add_dirs():
    for mode in ("default", "acceptEdits", "dontAsk"):
        yield make(f"add_dirs_{mode}", f"{mode} with add_dirs [<ROOT>/outside]: read and write in it "
                   "and in another outside folder.",
                   lambda c: [c.read("<ROOT>/outside/o.txt"), c.write("<ROOT>/outside/new.txt"),
                              c.read("<ROOT>/extra/e.txt"), c.bash("ls <ROOT>/outside", "list")],
                   {"permission_mode": MODES[mode], "add_dirs": ["<ROOT>/outside"]})


def callbacks():
    """What can_use_tool is asked, and what its answers do."""
    answers = {"allow": "allow_all", "deny": {"behavior": "deny_all", "message": "CB-DENY"},
               "interrupt": {"behavior": "deny_interrupt", "message": "CB-STOP"}}
    targets = {"write_ws": "default", "write_out": "acceptEdits", "edit_ws": "default",
               "bash_touch": "default", "read_out": "default"}
    answers_of = {"write_ws": ("allow", "deny", "interrupt"), "write_out": ("allow", "deny"),
                  "edit_ws": ("deny",), "bash_touch": ("allow", "deny", "interrupt"),
                  "read_out": ("allow", "deny")}
    for kind, mode in targets.items():
        for a in answers_of[kind]:
            beh = answers[a]
            yield make(f"cb_{a}_{kind}_{mode}", f"can_use_tool {a} for {kind} in {mode}.",
                       seq(kind), {"permission_mode": mode}, {"can_use_tool": beh})
    yield make("cb_rewrite_write", "can_use_tool rewrites a Write's path into src/.",
               seq("write_ws"), {"permission_mode": "default"},
               {"can_use_tool": {"behavior": "rewrite_input", "tool": "Write",
                                 "set": {"file_path": "<WS>/src/moved.txt"}}})
    yield make("cb_rewrite_bash", "can_use_tool rewrites a Bash command.", seq("bash_touch"),
               {"permission_mode": "default"},
               {"can_use_tool": {"behavior": "rewrite_input", "set": {"command": "touch other.txt"}}})
    yield make("cb_add_dirs_write", "can_use_tool asked for a Write outside with add_dirs elsewhere.",
               seq("write_out"), {"permission_mode": "default", "add_dirs": ["<ROOT>/extra"]},
               {"can_use_tool": "allow_all"})
    yield make("cb_dontask", "dontAsk with a callback: is it asked?", seq("write_ws", "bash_touch"),
               {"permission_mode": "dontAsk"}, {"can_use_tool": "allow_all"})
    yield make("cb_plan", "plan with a callback: is it asked for a Write?", seq("write_ws"),
               {"permission_mode": "plan"}, {"can_use_tool": "allow_all"})
    yield make("cb_disallowed", "A deny rule with a callback that allows.", seq("write_ws"),
               {"permission_mode": "default", "disallowed_tools": ["Write"]}, {"can_use_tool": "allow_all"})
    yield make("cb_webfetch_deny", "can_use_tool denies a WebFetch.",
               lambda c: [c("WebFetch", {"url": "https://example.com/x", "prompt": "sum"})],
               {"permission_mode": "default"}, {"can_use_tool": {"behavior": "deny_all", "message": "NO-NET"}})
    yield make("cb_deny_two_parallel", "can_use_tool denies two Writes of one response.",
               lambda c: [], {"permission_mode": "default"},
               {"can_use_tool": {"behavior": "deny_all", "message": "CB-DENY"}})


def parallel_fix(s):
    c = Calls()
    s["responses"] = [respond(c.write("<WS>/a.txt"), c.write("<WS>/b.txt")), respond("Done.")]
    return s


def denials():
    """What permission_denials carries across several refusals of one run."""
    yield make("denials_mixed", "default: a refused Write, a refused Bash, a Read that runs, a "
               "refused Read outside.", seq("write_ws", "bash_touch", "read_ws", "read_out"),
               {"permission_mode": "default"})
    yield make("denials_repeat", "default: the same refused Write twice.", seq("write_ws", "write_ws"),
               {"permission_mode": "default"})


def scenarios():
    yield from by_mode()
    yield from rules()
    yield from settings_rules()
    yield from other_sources()
    yield from add_dirs()
    for s in callbacks():
        yield parallel_fix(s) if s["name"] == "perms_cb_deny_two_parallel" else s
    yield from denials()
