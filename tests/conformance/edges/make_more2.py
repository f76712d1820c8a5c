"""Edges families of a third batch (README.md): how a resume reads back the results of calls
made together (each result row's parent is its own call's row), and what a compaction after
an answer cut short keeps."""

from make_more import WORKSPACE, call, scenario, text

N = "<WS>/notes.txt"


def together(first_slow=False, with_text=False, three=False):
    """One answer with calls made together: a Bash call (slow: it finishes last) and a Read."""
    bash = call(1, "Bash", {"command": "sleep 0.4; echo one" if first_slow else "echo one"})
    calls = ([{"type": "text", "text": "Looking."}] if with_text else []) + [bash, call(2, "Read", {"file_path": N})]
    if three:
        calls.append(call(3, "Grep", {"pattern": "notes", "path": "<WS>"}))
    return {"content": calls}


def parallel_resumes():
    """pr_: a resume, a resume at an earlier message and a fork after calls made together."""
    out = []
    shapes = {"plain": together(), "slow": together(first_slow=True), "text_slow": together(True, True),
              "three_slow": together(True, False, True)}
    for shape, round1 in shapes.items():
        resumes = {
            "resume": [{"prompt": "Next", "options": {"resume": "<SESSION_ID_1>"}}],
            "at_done": [{"prompt": "Next", "options": {"resume": "<SESSION_ID_1>", "resume_session_at": "<ASSISTANT_UUID_1_-1>"}},
                        {"prompt": "Again", "options": {"resume": "<SESSION_ID_1>"}}],
            "at_first": [{"prompt": "Next", "options": {"resume": "<SESSION_ID_1>", "resume_session_at": "<ASSISTANT_UUID_1_0>"}},
                         {"prompt": "Again", "options": {"resume": "<SESSION_ID_1>"}}],
            "at_last_call": [{"prompt": "Next", "options": {"resume": "<SESSION_ID_1>", "resume_session_at": "<ASSISTANT_UUID_1_-2>"}},
                             {"prompt": "Again", "options": {"resume": "<SESSION_ID_1>"}}],
            "fork": [{"prompt": "Next", "options": {"resume": "<SESSION_ID_1>", "fork_session": True}},
                     {"prompt": "Again", "options": {"resume": "<SESSION_ID_2>"}}],
        }
        for how, then in resumes.items():
            if shape != "slow" and how in ("at_last_call",):
                continue
            out.append(scenario(f"pr_{shape}_{how}", f"Calls made together ({shape}), then {how}",
                                {"permission_mode": "bypassPermissions"}, [round1, text("Done.")], then=then,
                                files=WORKSPACE))
    # A later round on top, then a resume at the middle answer.
    out.append(scenario("pr_slow_two_rounds_at_mid", "Calls made together, a second round, a resume at the first answer's end",
                        {"permission_mode": "bypassPermissions"},
                        [together(True), {"content": [{"type": "text", "text": "Mid."}, call(4, "Bash", {"command": "echo four"})]},
                         text("Done.")],
                        then=[{"prompt": "Next", "options": {"resume": "<SESSION_ID_1>", "resume_session_at": "<ASSISTANT_UUID_1_2>"}},
                              {"prompt": "Again", "options": {"resume": "<SESSION_ID_1>"}}],
                        files=WORKSPACE))
    return out


SUMMARY_MATCH = "Your task is to create a detailed summary"


def summary():
    return {"content": [{"type": "text", "text": "<analysis>\nA.\n</analysis>\n\n<summary>\nSummary 1.\n</summary>"}],
            "match": SUMMARY_MATCH}


def cut_short_compactions():
    """mo_: a compaction the API's refusal sets off after an answer cut short (the output
    limit's reminder after it), after a second prompt, and after a plain round."""
    read = {"content": [{"type": "text", "text": "Let me look."}, call(1, "Read", {"file_path": "<WS>/nope.txt"})]}
    too_large = {"error": {"status": 413, "type": "request_too_large", "message": "Request too large"}}
    too_long = {"error": {"status": 400, "type": "invalid_request_error",
                          "message": "prompt is too long: 210000 tokens > 200000 maximum"}}
    def partial(stop):
        return {"content": [{"type": "text", "text": "Partial answ"}], "stop_reason": stop}
    out = []
    for stop in ("model_context_window_exceeded", "max_tokens"):
        for label, refusal in (("413", too_large), ("400", too_long)):
            out.append(scenario(f"mo_{stop[:3]}_{label}", f"An answer cut short ({stop}), then a refusal {label}",
                                {"permission_mode": "bypassPermissions"},
                                [read, partial(stop), refusal, summary(), text("Done.")],
                                env={"CLAUDE_CODE_MAX_RETRIES": "0"}, files=WORKSPACE))
    out.append(scenario("mo_two_partials_413", "Two answers cut short, then a refusal 413", {"permission_mode": "bypassPermissions"},
                        [read, partial("max_tokens"), partial("max_tokens"), too_large, summary(), text("Done.")],
                        env={"CLAUDE_CODE_MAX_RETRIES": "0"}, files=WORKSPACE))
    out.append(scenario("mo_round_413", "A plain round, then a refusal 413", {"permission_mode": "bypassPermissions"},
                        [read, {"content": [call(2, "Read", {"file_path": N})]}, too_large, summary(), text("Done.")],
                        env={"CLAUDE_CODE_MAX_RETRIES": "0"}, files=WORKSPACE))
    out.append(scenario("mo_prompt2_413", "A second prompt refused 413", {"permission_mode": "bypassPermissions"},
                        [read, text("First."), too_large, summary(), text("Done.")],
                        env={"CLAUDE_CODE_MAX_RETRIES": "0"}, files=WORKSPACE,
                        then=[{"prompt": "Next", "options": {"resume": "<SESSION_ID_1>"}}]))
    out.append(scenario("mo_partial_then_round_413", "An answer cut short, a round, then a refusal 413",
                        {"permission_mode": "bypassPermissions"},
                        [read, partial("max_tokens"), {"content": [call(2, "Read", {"file_path": N})]}, too_large,
                         summary(), text("Done.")],
                        env={"CLAUDE_CODE_MAX_RETRIES": "0"}, files=WORKSPACE))
    return out


def answered_prompts():
    """ap_: an automatic compaction whose kept round answers a prompt sends that round (calls
    and results) in the summary request too, after a first turn that ended in an answer, an
    API error or max_turns, on a resume or a fork (fuzz-g/fg_159; a refusal's does not: fg_143)."""
    read = {"content": [{"type": "text", "text": "R1."}, call(1, "Read", {"file_path": N})],
            "usage": {"input_tokens": 100, "output_tokens": 20}}
    big = {"content": [call(3, "Bash", {"command": "echo big"})], "usage": {"input_tokens": 784010, "output_tokens": 50}}
    err = {"error": {"status": 500, "type": "api_error", "message": "Internal error"}}
    again = {"content": [call(2, "Read", {"file_path": N})]}
    out = []
    for name, first, then_opts, more in [
        ("ap_done_resume", [read, text("Done.")], {"resume": "<SESSION_ID_1>"}, {}),
        ("ap_err_resume", [read, err], {"resume": "<SESSION_ID_1>"}, {}),
        ("ap_done_fork", [read, text("Done.")], {"resume": "<SESSION_ID_1>", "fork_session": True}, {}),
        ("ap_err_fork", [read, err], {"resume": "<SESSION_ID_1>", "fork_session": True}, {}),
        ("ap_round_max_turns", [read, again], {"resume": "<SESSION_ID_1>"}, {"max_turns": 2}),
    ]:
        options = dict({"permission_mode": "bypassPermissions"}, **more)
        out.append(scenario(name, "A first turn, then a prompt whose round crosses the threshold", options,
                            first + [big, summary(), text("All done.")], files=WORKSPACE,
                            env={"CLAUDE_CODE_MAX_RETRIES": "0", "CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "50"},
                            then=[{"prompt": "Next", "options": then_opts}]))
    return out


def round_(i, tokens, *calls, words=None):
    content = ([{"type": "text", "text": words}] if words else []) + list(calls)
    return {"content": content, "usage": {"input_tokens": tokens, "output_tokens": 20}}


TOO_LONG = {"error": {"status": 400, "type": "invalid_request_error",
                      "message": "prompt is too long: 210000 tokens > 200000 maximum"}}


def pressed_compactions():
    """pk_: an automatic compaction within three tool rounds of the prompt's previous compaction
    (the reference's "rapid refill") summarizes every round, unless the context has reached the
    size at which requests are refused unsent (the model's usable window less 3,000 tokens;
    `CLAUDE_CODE_AUTO_COMPACT_WINDOW` does not move it) or the API refused the request as too
    long; otherwise it keeps the latest round, as the first compaction did (fuzz-g/fg_180). A
    tool round lets the API's refusal set off a reactive compaction again."""
    out = []
    for name, model, window, rounds, tokens, refused in [
        ("pk_k1_below", "opus", None, 1, 967010, False),
        ("pk_k2_below", "opus", None, 2, 967010, False),
        ("pk_k3_below", "opus", None, 3, 967010, False),
        ("pk_k2_at", "opus", None, 2, 980000, False),
        ("pk_k2_refused", "opus", None, 2, 600, True),
        ("pk_k2_window", "opus", "300000", 2, 310000, False),
        ("pk_o46_k2_window_over", "claude-opus-4-6", "300000", 2, 267010, False),
        ("pk_o46_k2_below", "claude-opus-4-6", None, 2, 167010, False),
        ("pk_o46_k2_at", "claude-opus-4-6", None, 2, 177500, False),
    ]:
        responses = [round_(1, 100, call(1, "Bash", {"command": "echo one"})),
                     round_(2, 200, call(2, "Bash", {"command": "echo two"}), words="Round 2."), TOO_LONG, summary()]
        for k in range(rounds):
            last = k == rounds - 1
            responses.append(round_(3 + k, tokens if last else 300 + k, call(3 + k, "Bash", {"command": f"echo r{k}"}),
                                    words=f"Round {3 + k}."))
        responses += ([TOO_LONG] if refused else []) + [summary(), text("Finished.")]
        env = {"CLAUDE_CODE_MAX_RETRIES": "0"}
        if window:
            env["CLAUDE_CODE_AUTO_COMPACT_WINDOW"] = window
        out.append(scenario(name, f"A second compaction {rounds} rounds after the first ({model}, window {window}, "
                            f"{tokens} tokens{', refused' if refused else ''})",
                            {"permission_mode": "bypassPermissions", "model": model}, responses, files=WORKSPACE, env=env))
    return out


def thrashing():
    """pk_thrash_: the third compaction in a row within three tool rounds of the one before is not
    run: the turn ends with the reference's "Autocompact is thrashing" error (terminal reason
    `rapid_refill_breaker`)."""
    def bash(i, tokens):
        return round_(i, tokens, call(i, "Bash", {"command": f"echo {i}"}), words=f"Round {i}.")
    quick = [bash(1, 100), bash(2, 967010), summary(), bash(3, 967010), summary(), bash(4, 967010), summary(),
             bash(5, 967010), summary(), bash(6, 100), text("Finished.")]
    two = [bash(1, 100), bash(2, 967010), summary(), bash(3, 300), bash(4, 967010), summary(), bash(5, 300),
           bash(6, 967010), summary(), bash(7, 300), bash(8, 967010), summary(), text("Finished.")]
    three = [bash(1, 100), bash(2, 967010), summary(), bash(3, 300), bash(4, 967010), summary(), bash(5, 300),
             bash(6, 300), bash(7, 967010), summary(), bash(8, 967010), summary(), text("Finished.")]
    return [scenario(f"pk_thrash_{name}", f"Compactions in a row ({name})",
                     {"permission_mode": "bypassPermissions", "model": "opus"}, responses, files=WORKSPACE,
                     env={"CLAUDE_CODE_MAX_RETRIES": "0"})
            for name, responses in [("quick", quick), ("two_rounds", two), ("three_between", three)]]


def compacted_reads():
    """kr_: a compaction leaves counted as read only the five files last modified (the latest
    seen first among equal times) that no Read among the kept messages shows; an Edit of any
    other file is refused as not read by the models that read first, and told the file was not
    read by the others (fuzz-g/fg_180)."""
    out = []
    names = ["a", "b", "c", "d", "e", "f"]
    for model in ("claude-opus-4-6", "opus"):
        responses = []
        for k, n in enumerate(names):
            responses.append({"content": [call(10 + k, "Write", {"file_path": f"<WS>/{n}.txt", "content": f"{n} one\n"})]})
            responses.append({"content": [call(20 + k, "Bash", {"command": "sleep 0.05"})]})
        responses.append({"content": [call(30, "Read", {"file_path": "<WS>/a.txt"})]})
        responses.append({"content": [call(31, "Read", {"file_path": "<WS>/notes.txt", "offset": 1, "limit": 1})]})
        responses.append({"content": [call(32, "Bash", {"command": "echo kept"})],
                          "usage": {"input_tokens": 267010, "output_tokens": 20}})
        responses.append(summary())
        edits = [call(40 + k, "Edit", {"file_path": f"<WS>/{n}.txt", "old_string": "one", "new_string": "two"})
                 for k, n in enumerate(names)]
        edits.append(call(47, "Edit", {"file_path": N, "old_string": "notes", "new_string": "NOTES"}))
        responses += [{"content": edits}, text("Done.")]
        out.append(scenario(f"kr_{model.replace('-', '_')}", f"Six files written, one read again, then an automatic "
                            f"compaction and an Edit of each ({model})", {"permission_mode": "bypassPermissions", "model": model},
                            responses, files=WORKSPACE,
                            env={"CLAUDE_CODE_MAX_RETRIES": "0", "CLAUDE_CODE_AUTO_COMPACT_WINDOW": "300000"}))
    return out


def diffs_by_mode():
    """bd_: what a command changed in a git work tree (`bashEditDiff`) is recorded only in
    bypassPermissions: in default (asked or allowed by a rule), acceptEdits, dontAsk and auto
    the same commands record nothing, a repository there from the start or made during the
    session (fuzz-a/fa_524)."""
    def bash(i, command):
        return {"content": [call(i, "Bash", {"command": command, "description": "run"})]}
    repo = ("git init -q && git add -A && git -c user.email=a@b.c -c user.name=n commit -qm init && echo ok")
    files = {"notes.txt": "alpha\nbeta\ngamma\n", "src/app.py": "print('hi')\n"}
    out = []
    for mode, more, behaviors in [
        ("default_cb", {"permission_mode": "default"}, {"can_use_tool": "log_all"}),
        ("default_rule", {"permission_mode": "default", "allowed_tools": ["Bash"]}, None),
        ("accept_cb", {"permission_mode": "acceptEdits"}, {"can_use_tool": "log_all"}),
        ("dontask_rule", {"permission_mode": "dontAsk", "allowed_tools": ["Bash"]}, None),
        ("auto_cb", {"permission_mode": "auto"}, {"can_use_tool": "log_all"}),
        ("bypass", {"permission_mode": "bypassPermissions"}, None),
    ]:
        extra = {"behaviors": behaviors} if behaviors else {}
        # A repository there when the second query starts: diffs with hunks.
        out.append(scenario(f"bd_start_{mode}", f"Commands in a repository made by a first query ({mode})", more,
                            [bash(1, repo), text("Ready."), bash(2, "echo delta >> notes.txt"),
                             bash(3, "sed -i s/beta/BETA/ notes.txt"), text("Done.")],
                            files=files, compare_ignore=["files..git/*"],
                            then=[{"prompt": "Now change things", "options": more}], **extra))
        # A repository made during the session: `unavailable` once in bypassPermissions.
        out.append(scenario(f"bd_made_{mode}", f"A command after the session made a repository ({mode})", more,
                            [bash(1, repo), bash(2, "echo delta >> notes.txt"), text("Done.")],
                            files=files, compare_ignore=["files..git/*"], **extra))
    return out


def families():
    return (parallel_resumes() + cut_short_compactions() + answered_prompts() + pressed_compactions()
            + thrashing() + compacted_reads() + diffs_by_mode())
