"""More edges families (README.md), written by make.py: what a resumed session knows of the
files it showed the model, a PreToolUse hook's rewritten input beside another hook's decision,
shell writes to paths an Edit rule names, joined prompts before the token count, the order of
a refusal after a hooked writer, and a second `/compact`."""

WORKSPACE = {
    "src/app.js": "console.log('app');\n", "src/lib/util.js": "export const x = 1;\n",
    "notes.txt": "workspace notes\n", "data.csv": "a,b\n1,2\n",
    "src/link_out": {"symlink": "<ROOT>/outside/secret.txt"},
}
OUTSIDE = {"outside/secret.txt": "TOP SECRET\n", "outside/other.txt": "other\n"}
N = "<WS>/notes.txt"


def call(i, name, inp):
    return {"type": "tool_use", "id": f"toolu_{i:02d}", "name": name, "input": inp}


def text(t):
    return {"content": [{"type": "text", "text": t}]}


def scenario(name, desc, options, responses, **more):
    s = {"name": name, "description": desc, "prompt": "Start", "options": options,
         "responses": responses, "default": text("ok"), "timeout_s": 150}
    s.update(more)
    return s


def resumed_reads():
    """rs_, rf_, rg_, rw_: a resumed session knows the files its conversation showed the model
    (a Read: whole when it showed every line; a Write: whole; an Edit: part), as of when the
    result was written; a file modified later, even touched, changed on disk."""
    edit = call(9, "Edit", {"file_path": N, "old_string": "beta", "new_string": "BETA"})
    write = call(9, "Write", {"file_path": N, "content": "new\n"})
    edit_nf = call(9, "Edit", {"file_path": N, "old_string": "zzz", "new_string": "y"})
    touch = call(2, "Bash", {"command": "sleep 1; touch notes.txt"})
    grow = call(2, "Bash", {"command": "sleep 1; echo more >> notes.txt"})
    rd = lambda i, **k: call(i, "Read", dict({"file_path": N}, **k))  # noqa: E731
    cases = [
        # The default model edits an unread file: what it knew shows in the result's words.
        ("rs_full", None, [[rd(1)]], edit), ("rs_partial", None, [[rd(1, offset=2, limit=2)]], edit),
        ("rs_offset_only", None, [[rd(1, offset=2)]], edit), ("rs_limit_only", None, [[rd(1, limit=1)]], edit),
        ("rs_none", None, [[call(1, "Bash", {"command": "true"})]], edit),
        ("rs_cat", None, [[call(1, "Bash", {"command": "cat notes.txt"})]], edit),
        ("rs_write", None, [[call(1, "Write", {"file_path": N, "content": "alpha\nbeta\n"})]], edit),
        ("rs_stale", None, [[rd(1)], [grow]], edit), ("rs_relpath", None, [[rd(1, file_path="notes.txt")]], edit),
        ("rs_grep", None, [[call(1, "Grep", {"pattern": "beta", "path": N})]], edit),
        # A model that must read first: what the conversation showed lifts the refusal.
        ("rf_none", "S", [[call(1, "Bash", {"command": "true"})]], edit), ("rf_full", "S", [[rd(1)]], edit),
        ("rf_partial", "S", [[rd(1, offset=2, limit=2)]], edit), ("rf_offset1", "S", [[rd(1, offset=1)]], edit),
        ("rf_read_edit", "S", [[rd(1)], [call(2, "Edit", {"file_path": N, "old_string": "alpha", "new_string": "ALPHA"})]], edit),
        ("rf_cat", "S", [[call(1, "Bash", {"command": "cat notes.txt"})]], edit),
        ("rf_read_twice", "S", [[rd(1)], [rd(2)]], edit), ("rf_stale", "S", [[rd(1)], [grow]], edit),
        ("rf_touch", "S", [[rd(1)], [touch]], edit),
        ("rf_notrail", "S", [[rd(1, file_path="<WS>/plain.txt")]],
         call(9, "Edit", {"file_path": "<WS>/plain.txt", "old_string": "beta", "new_string": "BETA"})),
        ("rg_limit3", "S", [[rd(1, limit=3)]], edit), ("rg_limit10", "S", [[rd(1, limit=10)]], edit),
        ("rg_off1_lim10", "S", [[rd(1, offset=1, limit=10)]], edit), ("rg_off0", "S", [[rd(1, offset=0)]], edit),
        ("rg_read_write", "S", [[rd(1)], [call(2, "Write", {"file_path": N, "content": "alpha\nbeta\n"})]], edit),
        ("rg_partial_full", "S", [[rd(1, limit=1)], [rd(2)]], edit),
        ("rg_full_partial", "S", [[rd(1)], [rd(2, limit=1)]], edit),
        ("rg_crlf", "S", [[rd(1, file_path="<WS>/crlf.txt")]],
         call(9, "Edit", {"file_path": "<WS>/crlf.txt", "old_string": "beta", "new_string": "BETA"})),
        ("rg_edit_fail", "S", [[rd(1)], [call(2, "Edit", {"file_path": N, "old_string": "zzz", "new_string": "y"})]], edit),
        ("rw_full", "S", [[rd(1)]], write), ("rw_partial", "S", [[rd(1, limit=1)]], write),
        ("rw_none", "S", [[call(1, "Bash", {"command": "true"})]], write),
        ("rw_full_touch", "S", [[rd(1)], [touch]], write),
        ("rw_edit_nf", "S", [[rd(1)]], edit_nf), ("rw_edit_touch_nf", "S", [[rd(1)], [touch]], edit_nf),
    ]
    out = []
    for name, model, rounds, last in cases:
        options = {"permission_mode": "bypassPermissions"}
        if model:
            options["model"] = "claude-sonnet-4-5"
        responses = [{"content": r} for r in rounds] + [text("q1 done."), {"content": [last]}, text("q2 done.")]
        out.append(scenario(name, "What a resumed session knows of a file the conversation showed", options,
                            responses, files={"notes.txt": "alpha\nbeta\ngamma\n", "plain.txt": "alpha\nbeta",
                                              "crlf.txt": "alpha\r\nbeta\r\n"},
                            then=[{"prompt": "Again", "options": {"resume": "<SESSION_ID_1>"}}]))
    # The same after a fork, a continue, and in a new session.
    for name, opts in (("rs_fork", {"resume": "<SESSION_ID_1>", "fork_session": True}),
                       ("rs_continue", {"continue_conversation": True}), ("rs_new", {})):
        s = dict(out[0], name=name, then=[{"prompt": "Again", "options": opts}])
        out.append(s)
    return out


ASK = {"matcher": "Bash", "behavior": "ask", "reason": "r-ask"}
REWRITE = {"matcher": None, "behavior": "rewrite_input", "set": {"command": "echo by-hook"}}
REWRITE2 = {"matcher": None, "behavior": "rewrite_input", "set": {"command": "echo by-hook2"}}
DENY = {"matcher": "Bash", "behavior": "deny", "reason": "r-deny"}
ALLOW = {"matcher": "Bash", "behavior": "allow", "reason": "r-allow"}


def hook_inputs():
    """hp_: a PreToolUse hook's rewritten input goes with its decision, the hooks taken in order."""
    cases = {
        "hp_ask_rw": ([ASK, REWRITE], {}, "log_all"), "hp_rw_ask": ([REWRITE, ASK], {}, "log_all"),
        "hp_deny_rw": ([DENY, REWRITE], {}, "log_all"), "hp_allow_rw": ([ALLOW, REWRITE], {}, "log_all"),
        "hp_rw_only": ([REWRITE], {}, "log_all"),
        "hp_rw_denyrule": ([REWRITE], {"disallowed_tools": ["Bash(echo by-hook)"]}, "log_all"),
        "hp_ask_rw_denycb": ([ASK, REWRITE], {}, "deny_all"),
        "hp_ask_rw_acc": ([ASK, REWRITE], {"permission_mode": "acceptEdits"}, "log_all"),
        "hp_ask_rw_bypass": ([ASK, REWRITE], {"permission_mode": "bypassPermissions"}, None),
        "hp_rw_deny": ([REWRITE, DENY], {}, "log_all"), "hp_rw_ask_denycb": ([REWRITE, ASK], {}, "deny_all"),
        "hp_rw_allow": ([REWRITE, ALLOW], {}, "log_all"), "hp_rw_rw2": ([REWRITE, REWRITE2], {}, "log_all"),
        "hp_ask_rw_rw2": ([ASK, REWRITE, REWRITE2], {}, "log_all"),
        "hp_rw_ask_bypass": ([REWRITE, ASK], {"permission_mode": "bypassPermissions"}, None),
    }
    out = []
    for name, (hooks, opts, cb) in cases.items():
        options = dict({"permission_mode": "default"}, **opts)
        behaviors = {"hooks": {"PreToolUse": hooks}}
        if cb:
            behaviors["can_use_tool"] = {"behavior": cb, "message": "no"}
        out.append(scenario(name, "PreToolUse hooks: an ask, an allow with a rewritten input, in order", options,
                            [{"content": [call(1, "Bash", {"command": "echo orig"})]}, text("Done.")],
                            behaviors=behaviors, record={"decisions": True}))
    write_hooks = [{"matcher": "Write", "behavior": "ask", "reason": "r"},
                   {"matcher": None, "behavior": "rewrite_input", "set": {"content": "by-hook\n"}}]
    out.append(scenario("hp_ask_rw_write", "PreToolUse hooks on Write: an ask, then an allow rewriting the content",
                        {"permission_mode": "default"},
                        [{"content": [call(1, "Write", {"file_path": "<WS>/n.txt", "content": "orig\n"})]}, text("Done.")],
                        behaviors={"hooks": {"PreToolUse": write_hooks}, "can_use_tool": {"behavior": "log_all"}},
                        record={"decisions": True}))
    return out


def shell_writes():
    """rm_, rn_: a shell command writing only paths an Edit allow rule names passes the path
    check and is asked about as any command (sed in its own words); a redirection there runs."""
    removals = {"rf_lib": "rm -rf src/lib", "r_lib": "rm -r src/lib", "plain_lib": "rm src/lib",
                "rf_src": "rm -rf src", "f_notes": "rm -f notes.txt", "notes": "rm notes.txt",
                "rf_none": "rm -rf nothere", "rf_app": "rm -rf src/app.js", "R_lib": "rm -R src/lib",
                "rfv_lib": "rm -rfv src/lib", "dashdash": "rm -rf -- src/lib", "rmdir": "rmdir src/lib"}
    cases = []
    for label, allowed in (("a", ["Edit", "Edit(src/**)", "Bash(git status)"]), ("n", [])):
        cases += [(f"rm_{label}_{k}", allowed, c) for k, c in removals.items()]
    e1 = ["Edit(src/**)"]
    cases += [("rn_e1_rm_lib", e1, "rm -rf src/lib"), ("rn_e0_rm_lib", ["Edit"], "rm -rf src/lib"),
              ("rn_w1_rm_lib", ["Write(src/**)"], "rm -rf src/lib"), ("rn_e1_touch", e1, "touch src/new.txt"),
              ("rn_e1_mkdir", e1, "mkdir src/d"), ("rn_e1_cp", e1, "cp notes.txt src/x.txt"),
              ("rn_e1_mv", e1, "mv src/app.js src/b.js"), ("rn_e1_sed", e1, "sed -i s/a/b/ src/app.js"),
              ("rn_e1_redir", e1, "echo hi > src/o.txt"), ("rn_e1_rm_app", e1, "rm src/app.js"),
              ("rn_en_rm_notes", ["Edit(notes.txt)"], "rm notes.txt"),
              ("rn_e1_rm_both", e1, "rm src/app.js notes.txt"), ("rn_e1_rm_both2", e1, "rm notes.txt src/app.js"),
              ("rn_e1_touch_out", e1, "touch notes2.txt"), ("rn_ews_rm_lib", ["Edit(/src/**)"], "rm -rf src/lib"),
              ("rn_eabs_rm_lib", ["Edit(//<WS>/src/**)"], "rm -rf src/lib")]
    return [scenario(name, f"Bash `{command}` in default mode, allowed {allowed}",
                     {"permission_mode": "default", "allowed_tools": allowed},
                     [{"content": [call(1, "Bash", {"command": command})]}, text("Done.")],
                     files=WORKSPACE, outside_files=OUTSIDE, record={"outside_files": True, "decisions": True})
            for name, allowed, command in cases]


def joined_prompts():
    """ae_: a prompt whose request failed joins the next one; no line break when the token
    count's reminder comes between them (the models that are sent it with a prompt)."""
    out = []
    for m in ("default", "claude-sonnet-4-5", "claude-haiku-4-5", "claude-opus-4-5", "claude-sonnet-4",
              "claude-opus-4-1", "claude-opus-4-6", "claude-sonnet-4-6"):
        options = {"permission_mode": "bypassPermissions"}
        if m != "default":
            options["model"] = m
        s = scenario("ae_" + m.replace("claude-", "").replace("-", "_"), f"A failed first prompt, then a resume, on {m}",
                     options, [{"error": {"status": 503, "type": "api_error", "message": "Unavailable"}}, text("ok")],
                     env={"CLAUDE_CODE_MAX_RETRIES": "0"},
                     then=[{"prompt": "And now?", "options": {"resume": "<SESSION_ID_1>"}}])
        s["prompt"] = "Do the task"
        out.append(s)
    return out


def hooked_writer():
    """wr_: a refusal given at once to a read that waited for a writing call is announced
    before that call's result, unless PreToolUse hooks ran for the writing call."""
    edit = call(1, "Edit", {"file_path": "<WS>/src/app.js", "old_string": "app", "new_string": "APP"})
    write = call(1, "Write", {"file_path": "<WS>/new.txt", "content": "x\n"})
    touch = call(1, "Bash", {"command": "touch t.txt"})
    read = call(2, "Read", {"file_path": "<ROOT>/outside/secret.txt"})
    grep = call(2, "Grep", {"pattern": "a", "path": "<ROOT>/outside"})
    cat = call(2, "Bash", {"command": "cat ../outside/secret.txt"})
    pre = lambda m: {"hooks": {"PreToolUse": [{"matcher": m, "behavior": "log_all"}]}}  # noqa: E731
    cases = [
        ("wr_edit_hook_read", [edit, read], {"hooks": {"PreToolUse": [{"matcher": "Write|Edit", "behavior": "allow", "reason": "r"}]}}, {}),
        ("wr_edit_rule_read", [edit, read], {}, {"allowed_tools": ["Edit"]}),
        ("wr_edit_refused_read", [edit, read], {}, {}),
        ("wr_write_rule_read", [write, read], {}, {"allowed_tools": ["Write"]}),
        ("wr_bash_rule_read", [touch, read], {}, {"allowed_tools": ["Bash(touch:*)"]}),
        ("wr_edit_rule_grep", [edit, grep], {}, {"allowed_tools": ["Edit"]}),
        ("wr_edit_rule_bash", [edit, cat], {}, {"allowed_tools": ["Edit"]}),
        ("wr_edit_acc_read", [edit, read], {}, {"permission_mode": "acceptEdits"}),
        ("wr_h_pre_log_edit", [edit, read], pre("Edit"), {"allowed_tools": ["Edit"]}),
        ("wr_h_post_edit", [edit, read], {"hooks": {"PostToolUse": [{"matcher": "Edit", "behavior": "log_all"}]}}, {"allowed_tools": ["Edit"]}),
        ("wr_h_pre_read", [edit, read], pre("Read"), {"allowed_tools": ["Edit"]}),
        ("wr_h_pre_all", [edit, read], pre(None), {"allowed_tools": ["Edit"]}),
        ("wr_h_postfail", [edit, read], {"hooks": {"PostToolUseFailure": [{"matcher": None, "behavior": "log_all"}]}}, {"allowed_tools": ["Edit"]}),
        ("wr_h_cb", [edit, read], {"can_use_tool": {"behavior": "log_all"}}, {"allowed_tools": ["Edit"]}),
    ]
    return [scenario(name, "A writing call, then a read refused in dontAsk mode", dict({"permission_mode": "dontAsk"}, **opts),
                     [{"content": calls}, text("Done.")], behaviors=beh, files=WORKSPACE, outside_files=OUTSIDE,
                     record={"outside_files": True, "decisions": True})
            for name, calls, beh, opts in cases]


SUMMARY_MATCH = "Your task is to create a detailed summary"


def summary(n):
    return {"content": [{"type": "text", "text": f"<analysis>\nA.\n</analysis>\n\n<summary>\nSummary {n}.\n</summary>"}],
            "match": SUMMARY_MATCH}


def bash_round(i, t):
    return {"content": [{"type": "text", "text": t}, call(i, "Bash", {"command": f"echo r{i}"})]}


def second_compact():
    """cp_, cq_: `/compact` keeps the latest round after an earlier summary too (one round
    alone is summarized whole); an answer to a prompt is sent in the summary request and kept;
    its caveat, command and output are recorded in that order."""
    out = []
    shapes = {"multi": [bash_round(1, "R1."), bash_round(2, "R2."), text("Done1.")], "one": [text("Done1.")],
              "call": [bash_round(1, "R1."), text("Done1.")]}
    later = {"multi": [bash_round(3, "R3."), text("Done2.")], "one": [text("Done2.")]}
    again = [{"prompt": "/compact", "options": {"resume": "<SESSION_ID_1>"}},
             {"prompt": "More", "options": {"resume": "<SESSION_ID_1>"}},
             {"prompt": "/compact", "options": {"resume": "<SESSION_ID_1>"}}]
    for first, second in (("multi", "multi"), ("one", "multi"), ("one", "one"), ("multi", "one"), ("call", "one")):
        responses = shapes[first] + [summary(1)] + later[second] + [summary(2)]
        for after in (False, True):
            name = f"cp_{first}_{second}" + ("_after" if after else "")
            then = again + ([{"prompt": "After", "options": {"resume": "<SESSION_ID_1>"}}] if after else [])
            if after and first == "one" and second == "one":
                continue
            out.append(scenario(name, "/compact, a prompt, /compact again", {"permission_mode": "bypassPermissions"},
                                responses, then=then))
    twice = [{"prompt": "More", "options": {"resume": "<SESSION_ID_1>"}},
             {"prompt": "/compact", "options": {"resume": "<SESSION_ID_1>"}},
             {"prompt": "After", "options": {"resume": "<SESSION_ID_1>"}}]
    for first, second in (("one", "one"), ("call", "one"), ("one", "call"), ("call", "call")):
        second_rounds = [text("Done2.")] if second == "one" else [bash_round(2, "R2."), text("Done2.")]
        out.append(scenario(f"cq_{first}_{second}", "Two prompts, then /compact", {"permission_mode": "bypassPermissions"},
                            shapes[first] + second_rounds + [summary(1)], then=twice))
    return out


def families():
    return resumed_reads() + hook_inputs() + shell_writes() + joined_prompts() + hooked_writer() + second_compact()
