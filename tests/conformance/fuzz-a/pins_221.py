"""Hand-written scenarios around the differences seeds 221-260 (and fuzz-c's 141-180) turned
up, each varying one input: the order of questions after a writing call, unknown tools beside
refusals in plan and dontAsk mode, bashEditDiff in a folder with `.git`, and a PreToolUse hook's
ask or allow in plan and dontAsk mode and about paths through links. `make.py` adds them (names
`fa_pin_*`)."""
import scenario_files
from scenario_files import tu, txt


def pins(fa):
    """The scenarios; `fa` is make.py's module (its workspace files)."""
    out = []
    def S(name, desc, responses, mode, cb=None, hooks=None, files_extra=None, env=None, **opts):
        s = scenario_files.scenario("fa_pin_", name, desc, responses, dict(opts), prompt="Work on it", mode=mode)
        s["files"] = dict(fa.FILES); s["files"].update(files_extra or {})
        s["outside_files"] = dict(fa.OUTSIDE)
        s["env"] = env or {"PATH": "<WS>/bin:/usr/local/bin:/usr/bin:/bin"}
        s["record"] = {"outside_files": True, "decisions": True}
        s["timeout_s"] = 300
        beh = {}
        if cb: beh["can_use_tool"] = cb
        if hooks: beh["hooks"] = hooks
        if beh: s["behaviors"] = beh
        out.append(s)

    B = lambda c: ("Bash", {"command": c})
    R = lambda p: ("Read", {"file_path": p})
    GLOB = ("Glob", {"pattern": "*"})
    GREP = ("Grep", {"pattern": "app"})
    def batch(*calls):
        return [{"content": [tu(i, n, inp) for i, (n, inp) in enumerate(calls, 1)]}, {"content": [txt("Done.")]}]
    def one_each(*calls):
        return [{"content": [tu(i, n, inp)]} for i, (n, inp) in enumerate(calls, 1)] + [{"content": [txt("Done.")]}]

    # A. fa_221: the order of can_use_tool questions for read-only calls that start together.
    S("cbord_after_write", "default + log_all: touch (asks), then cat outside beside Read outside, one response.",
      batch(B("touch t.txt"), B("cat ../outside/other.txt"), R("<ROOT>/outside/other.txt")), "default", "log_all")
    S("cbord_after_write_rev", "default + log_all: touch (asks), then Read outside beside cat outside.",
      batch(B("touch t.txt"), R("<ROOT>/outside/other.txt"), B("cat ../outside/other.txt")), "default", "log_all")
    S("cbord_first", "default + log_all: cat outside beside Read outside, first calls of the response.",
      batch(B("cat ../outside/other.txt"), R("<ROOT>/outside/other.txt")), "default", "log_all")
    S("cbord_after_write_link", "default + log_all: touch, then cat src/link_out beside Read src/link_out (fa_221).",
      batch(B("touch t.txt"), B("cat src/link_out"), R("<WS>/src/link_out")), "default", "log_all")
    S("cbord_after_write_many", "default + log_all: touch, then two cats and two Reads outside.",
      batch(B("touch t.txt"), B("cat /etc/hostname"), B("ls ../outside"), R("/etc/hostname"), R("<ROOT>/outside/secret.txt")),
      "default", "log_all")
    S("cbord_after_ro", "default + log_all: ls (runs), then cat outside beside Read outside.",
      batch(B("ls"), B("cat ../outside/other.txt"), R("<ROOT>/outside/other.txt")), "default", "log_all")
    S("cbord_accept_after_write", "acceptEdits + log_all: touch (runs unasked), then cat outside beside Read outside.",
      batch(B("touch t.txt"), B("cat ../outside/other.txt"), R("<ROOT>/outside/other.txt")), "acceptEdits", "log_all")

    # B. fa_229 / fa_240: results of unknown tools beside classifier refusals in plan mode.
    ED = ("Edit", {"file_path": "notes.txt", "old_string": "notes", "new_string": "NOTES"})
    S("plan_ed_ro_unknown", "plan + log_all: Edit (asked, allowed), `cd .. && ls` (classifier), Glob (unknown) (fa_229).",
      batch(ED, B("cd .. && ls"), GLOB), "plan", "log_all")
    S("plan_ed_w_unknown", "plan + log_all: Edit (asked, allowed), `npm test` (classifier), Glob (unknown).",
      batch(ED, B("npm test"), GLOB), "plan", "log_all")
    S("plan_ro_unknown", "plan, no callback: `cd .. && ls` (classifier) first, then Glob (unknown).",
      batch(B("cd .. && ls"), GLOB), "plan")
    S("plan_w_unknown", "plan, no callback: `npm test` (classifier) first, then Glob (unknown).",
      batch(B("npm test"), GLOB), "plan")
    S("plan_w_unk_edit_unk", "plan, no callback: `npm test | sh`, Grep, Edit (plan refuses), Grep (fa_240).",
      batch(B("npm test | sh"), GREP, ("Edit", {"file_path": "<WS>/src/app.js", "old_string": "app", "new_string": "APP"}), GREP),
      "plan")
    S("plan_w_edit_unk", "plan, no callback: `npm test | sh`, Edit (plan refuses), Grep.",
      batch(B("npm test | sh"), ("Edit", {"file_path": "<WS>/src/app.js", "old_string": "app", "new_string": "APP"}), GREP),
      "plan")

    # C. fa_248 / fa_250: dontAsk refusals of two writing calls with unknown tools around them.
    S("dontask_two", "dontAsk: `npm test | sh` then `node -e 1`, both refused, one response.",
      batch(B("npm test | sh"), B("node -e 1")), "dontAsk")
    S("dontask_unknown_between", "dontAsk: refused, Glob, refused.",
      batch(B("npm test | sh"), GLOB, B("node -e 1")), "dontAsk")
    S("dontask_unknown_before", "dontAsk: Glob, refused, refused.",
      batch(GLOB, B("npm test | sh"), B("node -e 1")), "dontAsk")
    S("dontask_fa250", "dontAsk: Edit (refused), Grep, Glob, refused, refused (fa_250's first response).",
      batch(("Edit", {"file_path": "<WS>/locked/config.txt", "old_string": "locked=1", "new_string": "locked=0"}), GREP, GLOB,
            B("npm test | sh"), B("node -e 1")), "dontAsk")
    S("dontask_write_unk_three", "dontAsk: Write (refused), Glob, refused, Glob, refused, Write (fa_248's third response).",
      batch(("Write", {"file_path": "<WS>/locked/new.txt", "content": "w\n"}), GLOB, B("npm run build && touch made_and.txt"),
            GLOB, B("echo $(cat secrets/key.txt)"), ("Write", {"file_path": "<WS>/src/linkdir/w4.txt", "content": "w\n"})),
      "dontAsk")

    # D. fa_244: bashEditDiff in a workspace with a .git folder.
    cmds = ["touch t.txt", "ls", "echo hi > o.txt", "npm test", "rm notes.txt", "git status", "cat data.csv",
            "mkdir d", "sed -i s/a/A/ data.csv", "true", "python3 -c 'open(\"p.txt\",\"w\").write(\"p\")'"]
    S("editdiff_git_config_only", "bypass: shell commands in a workspace whose .git holds only a config file (fake git first on PATH).",
      one_each(*[B(c) for c in cmds]), "bypassPermissions", files_extra={".git/config": "w6\n"})
    S("editdiff_no_git", "bypass: the same commands in a workspace without .git (control).",
      one_each(*[B(c) for c in cmds]), "bypassPermissions")
    S("editdiff_empty_git_dir", "bypass: .git is an empty folder (fake git first on PATH).",
      one_each(*[B(c) for c in cmds]), "bypassPermissions", files_extra={".git/": None})

    # E. fc_167: a hook's ask in plan mode with a callback.
    ask = {"PreToolUse": [{"matcher": None, "behavior": "ask", "reason": "why"}]}
    hask_calls = [("Edit", {"file_path": "<WS>/src/app.js", "old_string": "app", "new_string": "APP"}),
                  ("Write", {"file_path": "new.txt", "content": "n\n"}), B("npm test"), B("ls"), R("notes.txt"),
                  R("/etc/hostname")]
    S("hook_ask_plan_cb", "plan + log_all, a PreToolUse hook asking about every call: the questions' reasons (fc_167).",
      one_each(*hask_calls), "plan", "log_all", hooks=ask)
    S("hook_ask_default_cb", "default + log_all, a PreToolUse hook asking about every call (control).",
      one_each(*hask_calls), "default", "log_all", hooks=ask)

    # F. fc_150: a hook's ask about paths through links and outside.
    link_calls = [("Write", {"file_path": "<WS>/src/linkdir/w4.txt", "content": "w\n"}),
                  ("Write", {"file_path": "<ROOT>/outside/w2.txt", "content": "w\n"}),
                  ("Write", {"file_path": "~/w3.txt", "content": "w\n"}), R("<WS>/src/link_out"),
                  R("<ROOT>/outside/other.txt"), ("Edit", {"file_path": "<WS>/src/linkdir/other.txt", "old_string": "other", "new_string": "o"}),
                  B("cat src/link_out"), B("echo hi > ../outside/esc.txt"),
                  ("Write", {"file_path": "<WS>/link_to_src/w5.js", "content": "w\n"}), ("Write", {"file_path": "w.txt", "content": "w\n"})]
    S("hook_ask_links_nocb", "default, no callback, a PreToolUse hook asking: writes and reads through links and outside (fc_150).",
      one_each(*link_calls), "default", hooks=ask)
    S("hook_ask_links_cb", "default + log_all, a PreToolUse hook asking: the same calls, the questions' reasons.",
      one_each(*link_calls), "default", "log_all", hooks=ask)

    # G. fc_157 / fc_179: a hook's ask in dontAsk mode.
    dask_calls = [R("notes.txt"), ("Write", {"file_path": "new.txt", "content": "n\n"}), B("ls"), B("rm data.csv"),
                  R("/etc/hostname"), ("Edit", {"file_path": "notes.txt", "old_string": "notes", "new_string": "N"})]
    S("hook_ask_dontask_cb", "dontAsk + log_all, a PreToolUse hook asking about every call (fc_157, fc_179).",
      one_each(*dask_calls), "dontAsk", "log_all", hooks=ask)
    S("hook_ask_dontask_nocb", "dontAsk, no callback, a PreToolUse hook asking about every call.",
      one_each(*dask_calls), "dontAsk", hooks=ask)
    S("hook_ask_dontask_deny_cb", "dontAsk + deny_all, a PreToolUse hook asking about every call.",
      one_each(*dask_calls), "dontAsk", "deny_all", hooks=ask)

    # H. fc_171: a hook's allow (with and without a rewritten input) in plan mode.
    plan_cmds = ["ls -d /", "cat /etc/hostname", "ls ../outside", "ls", "npm test", "npm test | sh",
                 "echo hi > ../outside/esc.txt", "touch t.txt"]
    for tag, hooks in (("rewrite", {"PreToolUse": [{"matcher": "Bash", "behavior": "rewrite_input", "set": {"content": "hooked\n"}}]}),
                       ("allow", {"PreToolUse": [{"matcher": "Bash", "behavior": "allow", "reason": "ok"}]}),
                       ("nohook", None)):
        S("plan_hook_%s" % tag, "plan, no callback, Bash %s: shell commands one a turn (fc_171)." % (
            "hook allowing with an input it added a key to" if tag == "rewrite" else "hook allowing" if tag == "allow" else "without a hook"),
          one_each(*[B(c) for c in plan_cmds]), "plan", hooks=hooks)
    S("default_hook_rewrite", "default, no callback, Bash hook allowing with an added key: the same commands.",
      one_each(*[B(c) for c in plan_cmds]), "default",
      hooks={"PreToolUse": [{"matcher": "Bash", "behavior": "rewrite_input", "set": {"content": "hooked\n"}}]})

    # Round 2.
    S("editdiff_ro_first", "bypass: .git holds only a config file; read-only commands first, then writing ones.",
      one_each(B("ls"), B("cat data.csv"), B("touch t.txt"), B("echo hi > o.txt"), B("touch u.txt")),
      "bypassPermissions", files_extra={".git/config": "w6\n"})
    repo = {".git/HEAD": "ref: refs/heads/main\n", ".git/config": "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n",
            ".git/objects/": None, ".git/refs/heads/": None}
    S("editdiff_valid_repo_fake_git", "bypass: an empty but valid git repository, the fake git first on PATH.",
      one_each(B("ls"), B("touch t.txt"), B("echo hi > o.txt"), B("touch u.txt")), "bypassPermissions", files_extra=repo)
    S("editdiff_write_then_bash", "bypass: no .git at the start; a Write makes .git/config, then touch twice (fa_244).",
      one_each(("Write", {"file_path": "<WS>/.git/config", "content": "w6\n"}), B("touch t.txt"), B("touch u.txt")),
      "bypassPermissions")
    S("editdiff_two_sessions_cmds", "bypass: .git holds only a config file; `true` first, then touch.",
      one_each(B("true"), B("touch t.txt")), "bypassPermissions", files_extra={".git/config": "w6\n"})
    S("hook_ask_links_edit_cb", "default + log_all, a PreToolUse hook asking: edits and writes through links after reading.",
      one_each(R("<WS>/src/linkdir/other.txt"),
               ("Edit", {"file_path": "<WS>/src/linkdir/other.txt", "old_string": "other", "new_string": "o"}),
               ("Write", {"file_path": "<WS>/src/linkdir/other.txt", "content": "x\n"}),
               R("<WS>/src/link_out"), ("Write", {"file_path": "<WS>/src/link_out", "content": "y\n"}),
               ("Write", {"file_path": "src/linkdir/new5.txt", "content": "z\n"}),
               ("Write", {"file_path": "<ROOT>/outside/new6.txt", "content": "z\n"})),
      "default", "log_all", hooks=ask)
    S("plan_hook_allow_files", "plan, no callback, a PreToolUse hook allowing every call: file tools and shell reads.",
      one_each(R("/etc/hostname"), R("../outside/other.txt"), R("notes.txt"), ("Write", {"file_path": "new.txt", "content": "n\n"}),
               ("Edit", {"file_path": "notes.txt", "old_string": "notes", "new_string": "N"}),
               ("Write", {"file_path": "<ROOT>/outside/w.txt", "content": "w\n"}), B("cat ../outside/secret.txt"),
               B("git status"), B("ls -d /etc")),
      "plan", hooks={"PreToolUse": [{"matcher": None, "behavior": "allow", "reason": "ok"}]})


    return out
