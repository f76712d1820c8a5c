"""Hand-written scenarios around the order of dontAsk's refusals behind a writing call that
runs (fa_250 and its pins): an Edit refused after the response has streamed, unknown tools
done behind it, then a refused command or write, then one more. Each varies the refused call.
`make.py` adds them (names `fa_pin_*`)."""
import scenario_files
from scenario_files import tu, txt


def _adder(fa, out, default_cb=None):
    """`S(name, desc, responses, mode, cb, files_extra, **options)`: adds a scenario on make.py's
    workspace (`fa`) to `out`."""
    def S(name, desc, responses, mode="default", cb=default_cb, files_extra=None, **opts):
        s = scenario_files.scenario("fa_pin_", name, desc, responses, dict(opts), prompt="Work on it", mode=mode)
        s["files"] = dict(fa.FILES); s["files"].update(files_extra or {})
        s["outside_files"] = dict(fa.OUTSIDE)
        s["env"] = {"PATH": "<WS>/bin:/usr/local/bin:/usr/bin:/bin"}
        s["record"] = {"outside_files": True, "decisions": True}
        s["timeout_s"] = 300
        if cb:
            s["behaviors"] = {"can_use_tool": cb}
        out.append(s)
    return S


def B(command):
    return ("Bash", {"command": command})


def batch(*calls):
    return [{"content": [tu(i, n, inp) for i, (n, inp) in enumerate(calls, 1)]}, {"content": [txt("Done.")]}]


def one_each(*calls):
    return [{"content": [tu(i, n, inp)]} for i, (n, inp) in enumerate(calls, 1)] + [{"content": [txt("Done.")]}]


def pins(fa):
    """The scenarios; `fa` is make.py's module (its workspace files)."""
    out = []
    S = _adder(fa, out)

    GLOB = ("Glob", {"pattern": "*"})
    GREP = ("Grep", {"pattern": "app"})
    GREP2 = ("Grep", {"pattern": "x"})
    EDIT = ("Edit", {"file_path": "<WS>/locked/config.txt", "old_string": "locked=1", "new_string": "locked=0"})

    # E. Edit (refused once it runs), three unknown tools, X (refused at once), `node -e 1`.
    xs = {
        "pipe_sh": B("npm test | sh"), "and_commit": B("git add . && git commit -m x"),
        "node_e": B("node -e 1"), "npm_test": B("npm test"), "touch": B("touch a.txt"),
        "redirect": B("echo hi > o.txt"), "pipe_cat": B("npm test | cat"), "rm": B("rm notes.txt"),
        "ls_and_npm": B("ls && npm test"), "pipe3": B("npm test | sh | cat"),
        "write": ("Write", {"file_path": "<WS>/locked/new.txt", "content": "w\n"}),
        "edit_notes": ("Edit", {"file_path": "notes.txt", "old_string": "notes", "new_string": "NOTES"}),
    }
    for k, x in xs.items():
        S("dontask_behind_" + k, "dontAsk: Edit (refused when it runs), Grep, Glob, Grep (unknown), %s, `node -e 1`." % k,
          batch(EDIT, GREP, GLOB, GREP2, x, B("node -e 1")), "dontAsk")
    return out


def pins_default(fa):
    """The same in default mode without a callback (fa_111): the refusals of questions nobody
    answers, behind an Edit that asks when it runs."""
    out = []
    S = _adder(fa, out)

    GLOB = ("Glob", {"pattern": "*"})
    GREP = ("Grep", {"pattern": "app"})
    GREP2 = ("Grep", {"pattern": "x"})
    EDIT = ("Edit", {"file_path": "data.csv", "old_string": "1,2", "new_string": "3,4"})

    xs = {
        "ln": B("ln -s notes.txt ln.txt"), "cat_link_out": B("cat src/link_out"),
        "cat_outside": B("cat ../outside/other.txt"), "npm_test": B("npm test"),
        "touch": B("touch a.txt"), "python_c": B("python3 -c 'print(1)'"), "pipe_sh": B("npm test | sh"),
    }
    for k, x in xs.items():
        S("default_behind_" + k, "default, no callback: Edit (asks when it runs), Grep, Glob, Grep (unknown), %s, `ln -s`." % k,
          batch(EDIT, GREP, GLOB, GREP2, x, B("ln -s notes.txt ln2.txt")))
    # fa_111's third response, with the unknown tools after the commands.
    S("default_fa111", "default, no callback: Edit, cat src/link_out, ln -s, head, Glob, Grep (fa_111).",
      batch(EDIT, B("cat src/link_out"), B("ln -s notes.txt ln.txt"), B("head -1 data.csv"), ("Glob", {"pattern": "**/*.js"}),
            ("Grep", {"pattern": "x", "path": "src", "output_mode": "count"})))
    return out


def pins_read_first(fa):
    """When the reference refuses an Edit of a file the model has not read (fa_267): after a
    `cat` of another file, after a Read, alone; in one response or two."""
    out = []
    S = _adder(fa, out, default_cb="log_all")

    EDIT = ("Edit", {"file_path": "<WS>/src/app.js", "old_string": "app", "new_string": "APP"})

    S("readfirst_alone", "default + log_all: Edit of src/app.js, nothing read before.", one_each(EDIT))
    S("readfirst_cat_other", "default + log_all: cat notes.txt, then Edit of src/app.js.", one_each(B("cat notes.txt"), EDIT))
    S("readfirst_cat_other_batch", "default + log_all: cat notes.txt beside an Edit of src/app.js (fa_267).",
      batch(B("cat notes.txt"), EDIT))
    S("readfirst_read_other", "default + log_all: Read notes.txt, then Edit of src/app.js.",
      one_each(("Read", {"file_path": "<WS>/notes.txt"}), EDIT))
    S("readfirst_ls", "default + log_all: ls, then Edit of src/app.js.", one_each(B("ls"), EDIT))
    S("readfirst_cat_same", "default + log_all: cat src/app.js, then Edit of it.", one_each(B("cat src/app.js"), EDIT))
    S("readfirst_cat_other_deny", "default, deny_all, Read disallowed: cat notes.txt beside an Edit of src/app.js.",
      batch(B("cat notes.txt"), EDIT), cb="deny_all", disallowed_tools=["Read"])
    S("readfirst_deny", "default, deny_all: Edit of src/app.js, nothing read before.", one_each(EDIT), cb="deny_all")
    S("readfirst_noread_tool", "default + log_all, Read disallowed: Edit of src/app.js.", one_each(EDIT),
      disallowed_tools=["Read"])
    S("readfirst_noread_tool_nocb", "default, no callback, Read disallowed: Edit of src/app.js.", one_each(EDIT),
      cb=None, disallowed_tools=["Read"])
    S("readfirst_noread_tool_accept", "acceptEdits, Read disallowed: Edit of src/app.js.", one_each(EDIT),
      mode="acceptEdits", cb=None, disallowed_tools=["Read"])
    S("readfirst_noread_tool_bypass", "bypass, Read disallowed: Edit and Write of src/app.js.",
      one_each(EDIT, ("Write", {"file_path": "<WS>/src/app.js", "content": "w\n"})), mode="bypassPermissions", cb=None,
      disallowed_tools=["Read"])
    S("readfirst_noread_tool_new_file", "bypass, Read disallowed: Write of a new file, then Edit of it.",
      one_each(("Write", {"file_path": "<WS>/src/new.js", "content": "new\n"}),
               ("Edit", {"file_path": "<WS>/src/new.js", "old_string": "new", "new_string": "NEW"})),
      mode="bypassPermissions", cb=None, disallowed_tools=["Read"])
    S("readfirst_noread_tool_cat_same", "bypass, Read disallowed: cat src/app.js, then Edit of it.",
      one_each(B("cat src/app.js"), EDIT), mode="bypassPermissions", cb=None, disallowed_tools=["Read"])
    S("readfirst_tools_without_read", "bypass, tools without Read: Edit of src/app.js.",
      one_each(EDIT), mode="bypassPermissions", cb=None, tools=["Bash", "Edit", "Write"])
    S("readfirst_read_rule_denied", "bypass, a deny rule Read(./src/**): Edit of src/app.js.",
      one_each(EDIT), mode="bypassPermissions", cb=None, disallowed_tools=["Read(./src/**)"])
    NEW = ("Write", {"file_path": "<WS>/src/new.js", "content": "w8\n"})
    deny_read = {".claude/settings.json": '{"permissions": {"deny": ["Read"]}}\n'}
    S("readdeny_settings_write_new", "default + log_all, settings deny Read: Write of a new file (fa_298).",
      one_each(NEW), setting_sources=["project"], files_extra=deny_read)
    S("readdeny_settings_write_new_bypass", "bypass, settings deny Read: Write of a new file.",
      one_each(NEW), mode="bypassPermissions", cb=None, setting_sources=["project"], files_extra=deny_read)
    S("readdeny_settings_edit", "bypass, settings deny Read: Edit of src/app.js.",
      one_each(EDIT), mode="bypassPermissions", cb=None, setting_sources=["project"], files_extra=deny_read)
    S("readdeny_option_write_new", "default + log_all, disallowed_tools Read: Write of a new file.",
      one_each(NEW), disallowed_tools=["Read"])
    S("readdeny_option_rule_write_new", "default + log_all, disallowed_tools Read(**): Write of a new file.",
      one_each(NEW), disallowed_tools=["Read(**)"])
    S("readdeny_flag_write_new", "default + log_all, deny Read in the settings option: Write of a new file.",
      one_each(NEW), settings='{"permissions": {"deny": ["Read"]}}')
    # fa_298: the suggestions offered for `cd .. && ls` with Read denied.
    for k, extra, opts in [
        ("settings", deny_read, {"setting_sources": ["project"]}),
        ("none", None, {}),
        ("option", None, {"disallowed_tools": ["Read"]}),
        ("settings_path", {".claude/settings.json": '{"permissions": {"deny": ["Read(./secrets/**)"]}}\n'},
         {"setting_sources": ["project"]}),
    ]:
        S("readdeny_sugg_" + k, "default + log_all, Read denied (%s): `cd .. && ls`, `ls ..`, `cat ../outside/other.txt`." % k,
          one_each(B("cd .. && ls"), B("ls .."), B("cat ../outside/other.txt")), files_extra=extra, **opts)
    # fa_320: a write through a symlinked folder under an allow rule covering the path as written.
    W4 = ("Write", {"file_path": "<WS>/src/linkdir/w4.txt", "content": "w\n"})
    EDL = ("Edit", {"file_path": "<WS>/src/linkdir/other.txt", "old_string": "other", "new_string": "OTHER"})
    for mode, cb in (("dontAsk", None), ("default", "log_all"), ("default", None), ("acceptEdits", None)):
        S("linkallow_%s_%s" % (mode, cb or "nocb"), "%s, allow Edit(src/**): Write through src/linkdir, then cat and Edit there." % mode,
          one_each(W4, B("cat src/linkdir/other.txt"), EDL), mode=mode, cb=cb, allowed_tools=["Edit(src/**)"])
    S("linkallow_rule_abs", "default, no callback, allow Edit(/<ROOT>/**): Write through src/linkdir.",
      one_each(W4), mode="default", cb=None, allowed_tools=["Edit(/<ROOT>/**)"])
    # fa_334: a Read allow rule lets Bash readers read where it points.
    S("readallow_etc", "default, no callback, allow Read(//etc/**): cat, head, wc and ls of /etc/hostname, cat of ../outside.",
      one_each(B("cat /etc/hostname"), B("head -1 /etc/hostname"), B("wc -c /etc/hostname"), B("ls /etc/hostname"),
               B("cat ../outside/other.txt")), mode="default", cb=None, allowed_tools=["Read(//etc/**)"])
    S("readallow_outside", "default, no callback, allow Read(/<ROOT>/outside/**): cat and head there, cat /etc/hostname.",
      one_each(B("cat ../outside/other.txt"), B("head -1 <ROOT>/outside/secret.txt"), B("cat /etc/hostname"),
               B("cat ../outside/other.txt > copy.txt")), mode="default", cb=None, allowed_tools=["Read(/<ROOT>/outside/**)"])
    # fa_374: a `cd` and a relative read in one line, while a Read() deny rule exists.
    cds = [B("cd src; cat app.js"), B("cd src && cat app.js"), B("cd src && ls"), B("cat src/app.js"),
           B("cd src && cat /etc/hostname"), B("cd src; head -1 app.js")]
    S("cdread_nocb", "default, no callback, deny Read(<ROOT>/outside/**): cd and a relative read in one line.",
      one_each(*cds), mode="default", cb=None, disallowed_tools=["Read(<ROOT>/outside/**)"])
    S("cdread_cb", "acceptEdits + log_all, deny Read(<ROOT>/outside/**): cd and a relative read in one line.",
      one_each(*cds), mode="acceptEdits", disallowed_tools=["Read(<ROOT>/outside/**)"])
    S("cdread_norule", "default, no callback, no deny rule: cd and a relative read in one line (control).",
      one_each(*cds), mode="default", cb=None)
    S("readfirst_cat_other_bypass", "bypass: cat notes.txt, then Edit of src/app.js.",
      one_each(B("cat notes.txt"), EDIT), mode="bypassPermissions", cb=None)
    S("readfirst_alone_bypass", "bypass: Edit of src/app.js, nothing read before.", one_each(EDIT), mode="bypassPermissions", cb=None)
    return out
