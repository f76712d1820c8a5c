"""Turn accounting: `num_turns` (and the result's subtype and texts) when calls run side by
side, when a callback ends the turn (can_use_tool deny with interrupt, a hook's
continue: false), and when max_turns is reached in the middle of a round."""
from common import Calls, respond, scenario

FILES = {"a.txt": "AAA\n", "b.txt": "BBB\n", "c.txt": "CCC\n"}
DEFAULT = {"permission_mode": "default"}
INTERRUPT = {"can_use_tool": {"behavior": "deny_interrupt", "message": "Stop right there"}}


def hook(event, behavior, matcher=None, **params):
    return {"hooks": {event: [dict({"matcher": matcher, "behavior": behavior}, **params)]}}


def make(name, description, rounds, options=None, behaviors=None, **keys):
    """`rounds`: one list of blocks per response, built with a shared Calls counter."""
    return scenario("turns_" + name, description, [respond(*r) if isinstance(r, list) else r
                                                    for r in rounds],
                    options=options, files=FILES, behaviors=behaviors, **keys)


def parallel():
    c = Calls()
    yield make("par_reads_2", "Two Reads in one response.",
               [[c.read("<WS>/a.txt"), c.read("<WS>/b.txt")], ["Read both."]])
    c = Calls()
    yield make("par_reads_5", "Five Reads in one response (one of them twice).",
               [[c.read("<WS>/a.txt"), c.read("<WS>/b.txt"), c.read("<WS>/c.txt"),
                 c.read("<WS>/a.txt"), c.read("b.txt")], ["Read them."]])
    c = Calls()
    yield make("par_bash_readonly_3", "Three read-only Bash calls in one response.",
               [[c.bash("echo one"), c.bash("echo two"), c.bash("cat a.txt")], ["Ran them."]])
    c = Calls()
    yield make("par_writes_3", "Three Writes in one response (they run one after the other).",
               [[c.write("<WS>/w1.txt"), c.write("<WS>/w2.txt"), c.write("<WS>/w3.txt")], ["Wrote."]])
    c = Calls()
    yield make("par_mixed_4", "Text, then Read, a mutating Bash, a Write and a Read in one response.",
               [["Doing four things.", c.read("<WS>/a.txt"), c.bash("touch t.txt"),
                 c.write("<WS>/w.txt"), c.read("<WS>/b.txt")], ["Did them."]])
    c = Calls()
    yield make("par_errors_4", "A missing file, an unknown tool, an invalid input and a good Read "
               "in one response.",
               [[c.read("<WS>/missing.txt"), c("NoSuchTool", {"x": 1}), c("Read", {}),
                 c.read("<WS>/a.txt")], ["Some failed."]])
    c = Calls()
    yield make("rounds_2_then_3", "Two calls, then three calls, then the answer.",
               [[c.read("<WS>/a.txt"), c.read("<WS>/b.txt")],
                [c.bash("echo x"), c.read("<WS>/c.txt"), c.write("<WS>/w.txt")], ["All done."]])
    c = Calls()
    yield make("rounds_1_1_1", "Three rounds of one call each, then the answer.",
               [[c.read("<WS>/a.txt")], [c.bash("echo x")], [c.read("<WS>/b.txt")], ["Three."]])
    c = Calls()
    yield make("par_denied_default", "default mode, no callback: a Write and a mutating Bash are "
               "denied beside a Read.",
               [[c.write("<WS>/w.txt"), c.read("<WS>/a.txt"), c.bash("touch t.txt")], ["Denied."]],
               options=DEFAULT)
    c = Calls()
    yield make("par_deny_callback", "default mode, can_use_tool denies (no interrupt) two Writes "
               "beside a Read.",
               [[c.write("<WS>/w1.txt"), c.read("<WS>/a.txt"), c.write("<WS>/w2.txt")], ["Denied."]],
               options=DEFAULT, behaviors={"can_use_tool": {"behavior": "deny_all", "message": "No"}})
    c = Calls()
    yield make("par_pre_deny", "A PreToolUse hook denies Bash in [Bash, Read, Bash].",
               [[c.bash("echo one"), c.read("<WS>/a.txt"), c.bash("echo two")], ["Denied."]],
               behaviors=hook("PreToolUse", "deny", "Bash", reason="No bash"))


def interrupts():
    cases = [
        ("int_single", "The only call is refused with interrupt.", lambda c: [[c.write("<WS>/w.txt")]]),
        ("int_first_of_3", "The first of three calls is refused with interrupt.",
         lambda c: [[c.write("<WS>/w.txt"), c.read("<WS>/a.txt"), c.read("<WS>/b.txt")]]),
        ("int_mid_of_3", "The second of three calls is refused with interrupt.",
         lambda c: [[c.read("<WS>/a.txt"), c.write("<WS>/w.txt"), c.read("<WS>/b.txt")]]),
        ("int_last_of_3", "The last of three calls is refused with interrupt.",
         lambda c: [[c.read("<WS>/a.txt"), c.read("<WS>/b.txt"), c.write("<WS>/w.txt")]]),
        ("int_two_writes", "Two Writes; the first is refused with interrupt.",
         lambda c: [[c.write("<WS>/w1.txt"), c.write("<WS>/w2.txt")]]),
        ("int_round2", "One Read, then a Write refused with interrupt.",
         lambda c: [[c.read("<WS>/a.txt")], [c.write("<WS>/w.txt")]]),
        ("int_round2_par", "Two Reads, then [Read, Write, Read] with the Write refused with interrupt.",
         lambda c: [[c.read("<WS>/a.txt"), c.read("<WS>/b.txt")],
                    [c.read("<WS>/c.txt"), c.write("<WS>/w.txt"), c.read("<WS>/a.txt")]]),
        ("int_bash_around", "[echo, Write, echo] with the Write refused with interrupt.",
         lambda c: [[c.bash("echo before"), c.write("<WS>/w.txt"), c.bash("echo after")]]),
        ("int_text_first", "Text, then a Write refused with interrupt.",
         lambda c: [["Writing now.", c.write("<WS>/w.txt")]]),
        ("int_read_outside", "[Read, Read outside the workspace, Read]: the outside Read asks "
         "and is refused with interrupt while the others run beside it.",
         lambda c: [[c.read("<WS>/a.txt"), c.read("<ROOT>/outside.txt"), c.read("<WS>/b.txt")]]),
        ("int_read_outside_first", "[Read outside the workspace, Read]: the first call asks and "
         "is refused with interrupt.",
         lambda c: [[c.read("<ROOT>/outside.txt"), c.read("<WS>/a.txt")]]),
        ("int_bash_then_read_outside", "[echo, Read outside]: the Read asks and is refused with "
         "interrupt while the echo runs beside it.",
         lambda c: [[c.bash("echo side"), c.read("<ROOT>/outside.txt")]]),
        ("int_mutating_bash", "[touch, Read] with the touch refused with interrupt.",
         lambda c: [[c.bash("touch t.txt"), c.read("<WS>/a.txt")]]),
    ]
    for name, desc, build in cases:
        yield make(name, "default mode, can_use_tool denies with interrupt. " + desc,
                   build(Calls()) + [["never reached"]], options=DEFAULT, behaviors=INTERRUPT)
    # Which of the calls running beside the refused one ran at all (their hooks say).
    c = Calls()
    log = [{"matcher": None, "behavior": "log_all"}]
    yield make("int_read_outside_hooks", "default mode, can_use_tool denies with interrupt the "
               "outside Read of [Read, Read outside, Read]; PreToolUse and PostToolUse log.",
               [[c.read("<WS>/a.txt"), c.read("<ROOT>/outside.txt"), c.read("<WS>/b.txt")],
                ["never reached"]], options=DEFAULT,
               behaviors=dict(INTERRUPT, hooks={"PreToolUse": log, "PostToolUse": log}))
    c = Calls()
    yield make("int_read_outside_streamed", "default mode, streamed: can_use_tool denies with "
               "interrupt the outside Read of [Read, Read outside].",
               [respond(c.read("<WS>/a.txt"), c.read("<ROOT>/outside.txt"), chunk=4096),
                ["never reached"]], options=dict(DEFAULT, include_partial_messages=True),
               behaviors=INTERRUPT)


def hook_stops():
    c = Calls()
    yield make("pre_stop_single", "PreToolUse answers continue false for the only call.",
               [[c.bash("echo hi")], ["never reached"]],
               behaviors=hook("PreToolUse", "stop", "Bash", reason="PRE-STOP"))
    c = Calls()
    yield make("pre_stop_mid", "PreToolUse answers continue false for the Bash of [Read, Bash, Read].",
               [[c.read("<WS>/a.txt"), c.bash("echo hi"), c.read("<WS>/b.txt")], ["never reached"]],
               behaviors=hook("PreToolUse", "stop", "Bash", reason="PRE-STOP"))
    c = Calls()
    yield make("pre_stop_writes", "PreToolUse answers continue false for every call of [Write, Write].",
               [[c.write("<WS>/w1.txt"), c.write("<WS>/w2.txt")], ["never reached"]],
               behaviors=hook("PreToolUse", "stop", None, reason="PRE-STOP"))
    c = Calls()
    yield make("pre_stop_round2", "PreToolUse stops the Bash of the second round.",
               [[c.read("<WS>/a.txt")], [c.bash("echo hi")], ["never reached"]],
               behaviors=hook("PreToolUse", "stop", "Bash", reason="PRE-STOP"))
    c = Calls()
    yield make("post_stop_single", "PostToolUse answers continue false for the only call.",
               [[c.bash("echo hi")], ["never reached"]],
               behaviors=hook("PostToolUse", "stop", "Bash", reason="POST-STOP"))
    c = Calls()
    yield make("post_stop_mid", "PostToolUse answers continue false for the Bash of [Write, Bash, Write].",
               [[c.write("<WS>/w1.txt"), c.bash("echo hi"), c.write("<WS>/w2.txt")], ["never reached"]],
               behaviors=hook("PostToolUse", "stop", "Bash", reason="POST-STOP"))
    c = Calls()
    yield make("post_stop_writes", "PostToolUse answers continue false for every call of "
               "[Write, Write, Write].",
               [[c.write("<WS>/w1.txt"), c.write("<WS>/w2.txt"), c.write("<WS>/w3.txt")],
                ["never reached"]],
               behaviors=hook("PostToolUse", "stop", None, reason="POST-STOP"))
    c = Calls()
    yield make("post_stop_round2", "PostToolUse stops at the Bash of the second round.",
               [[c.read("<WS>/a.txt")], [c.bash("echo hi"), c.write("<WS>/w.txt")], ["never reached"]],
               behaviors=hook("PostToolUse", "stop", "Bash", reason="POST-STOP"))
    c = Calls()
    yield make("postfail_stop", "PostToolUseFailure answers continue false for a failing Read "
               "beside a good Write.",
               [[c.read("<WS>/missing.txt"), c.write("<WS>/w.txt")], ["never reached"]],
               behaviors=hook("PostToolUseFailure", "stop", None, reason="FAIL-STOP"))
    c = Calls()
    yield make("stop_hook_after_tools", "The Stop hook answers continue false after two rounds.",
               [[c.read("<WS>/a.txt"), c.read("<WS>/b.txt")], [c.bash("echo hi")], ["Finished."]],
               behaviors=hook("Stop", "stop", None, reason="STOP-STOP"))
    c = Calls()
    yield make("stop_hook_block_max3", "The Stop hook blocks every end; tools in between; max_turns 3.",
               [[c.read("<WS>/a.txt")], ["First end."], ["Second end."], ["Third end."]],
               options={"permission_mode": "bypassPermissions", "max_turns": 3},
               behaviors=hook("Stop", "block", None, reason="KEEP-GOING"))


def max_turns():
    def opts(n, mode="bypassPermissions"):
        return {"permission_mode": mode, "max_turns": n}

    c = Calls()
    yield make("max1_par3", "max_turns 1; the first response has three calls.",
               [[c.read("<WS>/a.txt"), c.read("<WS>/b.txt"), c.bash("echo x")], ["never reached"]],
               options=opts(1))
    c = Calls()
    yield make("max2_par_2_3", "max_turns 2; two calls, then three calls.",
               [[c.read("<WS>/a.txt"), c.read("<WS>/b.txt")],
                [c.read("<WS>/c.txt"), c.bash("echo x"), c.write("<WS>/w.txt")], ["never reached"]],
               options=opts(2))
    c = Calls()
    yield make("max2_exact", "max_turns 2; one call, then the answer: completes.",
               [[c.read("<WS>/a.txt")], ["Answer."]], options=opts(2))
    yield make("max1_text", "max_turns 1; a text answer: completes.", [["Only text."]], options=opts(1))
    c = Calls()
    yield make("max3_1_2_3", "max_turns 3; one, two, then three calls.",
               [[c.read("<WS>/a.txt")], [c.read("<WS>/b.txt"), c.bash("echo y")],
                [c.read("<WS>/c.txt"), c.write("<WS>/w.txt"), c.bash("echo z")], ["never reached"]],
               options=opts(3))
    c = Calls()
    yield make("max1_denied", "max_turns 1, default mode, no callback: a denied Write beside a Read.",
               [[c.write("<WS>/w.txt"), c.read("<WS>/a.txt")], ["never reached"]],
               options=opts(1, "default"))
    c = Calls()
    yield make("max1_errors", "max_turns 1: a missing file and an unknown tool.",
               [[c.read("<WS>/missing.txt"), c("NoSuchTool", {})], ["never reached"]], options=opts(1))
    yield make("max2_max_tokens", "max_turns 2; two answers cut at max_tokens, then a whole one.",
               [respond("Part one", stop_reason="max_tokens"),
                respond("Part two", stop_reason="max_tokens"), respond("Part three.")],
               options=opts(2))
    yield make("max1_stream_error", "max_turns 1; an answer broken by a stream error, then a "
               "whole one.",
               [respond("Partial", stream_error={"type": "overloaded_error", "message": "Overloaded"}),
                respond("Whole.")], options=opts(1))
    c = Calls()
    yield make("max2_tool_then_max_tokens", "max_turns 2; a tool round, two answers cut at "
               "max_tokens, then a whole one.",
               [[c.read("<WS>/a.txt")], respond("Cut one", stop_reason="max_tokens"),
                respond("Cut two", stop_reason="max_tokens"), respond("Whole.")], options=opts(2))
    c = Calls()
    yield make("max2_interrupt_round1", "max_turns 2, can_use_tool denies with interrupt in the "
               "first round.",
               [[c.write("<WS>/w.txt")], ["never reached"]], options=opts(2, "default"),
               behaviors=INTERRUPT)
    yield make("max3_max_tokens", "max_turns 3; one answer cut at max_tokens, then a whole one.",
               [respond("Part one", stop_reason="max_tokens"), respond("Part two.")], options=opts(3))
    c = Calls()
    yield make("max1_interrupt", "max_turns 1, can_use_tool denies with interrupt in [Read, Write].",
               [[c.read("<WS>/a.txt"), c.write("<WS>/w.txt")], ["never reached"]],
               options=opts(1, "default"), behaviors=INTERRUPT)
    c = Calls()
    yield make("max1_post_stop", "max_turns 1 and a PostToolUse continue false on the only call.",
               [[c.bash("echo hi")], ["never reached"]], options=opts(1),
               behaviors=hook("PostToolUse", "stop", "Bash", reason="POST-STOP"))
    c = Calls()
    yield make("max2_stop_block", "max_turns 2 and a Stop hook that always blocks.",
               [["First end."], ["Second end."], ["Third end."]], options=opts(2),
               behaviors=hook("Stop", "block", None, reason="KEEP-GOING"))


def misc():
    yield make("max_tokens_nudge", "An answer cut at max_tokens, then a whole one.",
               [respond("Cut", stop_reason="max_tokens"), respond("Whole.")])
    yield make("stream_error_nudge", "An answer broken by a stream error, then a whole one.",
               [respond("Partial answer", stream_error={"type": "overloaded_error",
                                                         "message": "Overloaded"}),
                respond("Whole.")])
    c = Calls()
    yield make("tool_then_max_tokens", "A tool round, then an answer cut at max_tokens, then a "
               "whole one.",
               [[c.read("<WS>/a.txt"), c.read("<WS>/b.txt")], respond("Cut", stop_reason="max_tokens"),
                respond("Whole.")])


def blank_answers():
    """An answer of no text is asked for again once; again after a tool round, not twice in
    a row (a subagent too: fuzz-f/ff_061)."""
    c = Calls()
    yield make("blank_round_blank", "A blank answer, a tool round, a blank answer, a text.",
               [respond(""), [c.bash("echo a")], respond(""), respond("FINAL")],
               options={"permission_mode": "bypassPermissions"})
    yield make("blank_blank", "Two blank answers in a row, then a text never asked for.",
               [respond(""), respond(""), respond("FINAL")],
               options={"permission_mode": "bypassPermissions"})
    c = Calls()
    yield make("round_blank_round_blank", "A tool round, a blank answer, another round, a "
               "blank answer, a text.",
               [[c.bash("echo a")], respond(""), [c.bash("echo b")], respond(""), respond("FINAL")],
               options={"permission_mode": "bypassPermissions"})


def search_mixes():
    """Glob, Grep, Edit and mutating calls mixed with Reads in one response, with limits and
    callbacks that end the turn part way."""
    glob = lambda c, p="*.txt": c("Glob", {"pattern": p})  # noqa: E731
    grep = lambda c, p="B": c("Grep", {"pattern": p})  # noqa: E731
    c = Calls()
    yield make("par_glob_grep_read", "Glob, Grep and Read in one response.",
               [[glob(c), grep(c), c.read("<WS>/a.txt")], ["Searched."]])
    c = Calls()
    yield make("par_seven_kinds", "Read, Glob, Grep, echo, Write, Edit and Read in one response.",
               [[c.read("<WS>/a.txt"), glob(c), grep(c), c.bash("echo x"), c.write("<WS>/w.txt"),
                 c.edit("<WS>/b.txt", "BBB", "ZZZ"), c.read("<WS>/c.txt")], ["Seven."]])
    c = Calls()
    yield make("par_reads_8", "Eight Reads in one response.",
               [[c.read(f"<WS>/{n}.txt") for n in "abcabcab"], ["Eight."]])
    c = Calls()
    yield make("rounds_search_4", "Four rounds: Glob, Grep, [Read, Read], echo; then the answer.",
               [[glob(c)], [grep(c)], [c.read("<WS>/a.txt"), c.read("<WS>/b.txt")],
                [c.bash("echo x")], ["Four rounds."]])
    c = Calls()
    yield make("par_denied_dontAsk", "dontAsk: [Write, Glob, touch, Grep] in one response.",
               [[c.write("<WS>/w.txt"), glob(c), c.bash("touch t.txt"), grep(c)], ["Denied."]],
               options={"permission_mode": "dontAsk"})
    c = Calls()
    yield make("par_denied_plan", "plan: [Read, Write, Edit, Glob] in one response.",
               [[c.read("<WS>/a.txt"), c.write("<WS>/w.txt"), c.edit("<WS>/b.txt", "BBB", "Z"),
                 glob(c)], ["Denied."]], options={"permission_mode": "plan"})
    c = Calls()
    yield make("int_glob_write_grep", "default mode, can_use_tool denies with interrupt the "
               "Write of [Glob, Write, Grep].",
               [[glob(c), c.write("<WS>/w.txt"), grep(c)], ["never reached"]], options=DEFAULT,
               behaviors=INTERRUPT)
    c = Calls()
    yield make("int_first_of_5", "default mode, can_use_tool denies with interrupt the first of "
               "[Write, Read, Glob, Grep, echo].",
               [[c.write("<WS>/w.txt"), c.read("<WS>/a.txt"), glob(c), grep(c), c.bash("echo x")],
                ["never reached"]], options=DEFAULT, behaviors=INTERRUPT)
    c = Calls()
    yield make("int_edit_last_of_4", "default mode, can_use_tool denies with interrupt the Edit "
               "at the end of [Read, Read, Glob, Edit].",
               [[c.read("<WS>/a.txt"), c.read("<WS>/b.txt"), glob(c),
                 c.edit("<WS>/c.txt", "CCC", "Z")], ["never reached"]], options=DEFAULT,
               behaviors=INTERRUPT)
    c = Calls()
    yield make("int_round3", "default mode: two rounds of Reads, then a Write refused with "
               "interrupt in [Write, Read].",
               [[c.read("<WS>/a.txt")], [c.read("<WS>/b.txt"), glob(c)],
                [c.write("<WS>/w.txt"), c.read("<WS>/c.txt")], ["never reached"]],
               options=DEFAULT, behaviors=INTERRUPT)
    c = Calls()
    yield make("pre_stop_glob", "PreToolUse answers continue false for the Glob of "
               "[Read, Glob, Grep].",
               [[c.read("<WS>/a.txt"), glob(c), grep(c)], ["never reached"]],
               behaviors=hook("PreToolUse", "stop", "Glob", reason="PRE-STOP"))
    c = Calls()
    yield make("post_stop_grep_round2", "PostToolUse answers continue false for the Grep of the "
               "second round [Grep, Read].",
               [[c.read("<WS>/a.txt")], [grep(c), c.read("<WS>/b.txt")], ["never reached"]],
               behaviors=hook("PostToolUse", "stop", "Grep", reason="POST-STOP"))


def limits_more():
    def opts(n, mode="bypassPermissions"):
        return {"permission_mode": mode, "max_turns": n}
    glob = lambda c: c("Glob", {"pattern": "*.txt"})  # noqa: E731
    c = Calls()
    yield make("max1_par6", "max_turns 1; six calls of five kinds in the first response.",
               [[c.read("<WS>/a.txt"), glob(c), c("Grep", {"pattern": "A"}), c.bash("echo x"),
                 c.write("<WS>/w.txt"), c.read("<WS>/b.txt")], ["never reached"]], options=opts(1))
    c = Calls()
    yield make("max3_exact_tools", "max_turns 3; three tool rounds, then the answer: stops "
               "before the answer.",
               [[c.read("<WS>/a.txt")], [glob(c)], [c.bash("echo x")], ["never reached"]],
               options=opts(3))
    c = Calls()
    yield make("max4_three_rounds", "max_turns 4; three tool rounds, then the answer: completes.",
               [[c.read("<WS>/a.txt")], [glob(c), c.read("<WS>/b.txt")], [c.bash("echo x")],
                ["Answer."]], options=opts(4))
    c = Calls()
    yield make("max2_dontAsk_denied", "max_turns 2, dontAsk: [Write, Read], then [touch, Glob].",
               [[c.write("<WS>/w.txt"), c.read("<WS>/a.txt")],
                [c.bash("touch t.txt"), glob(c)], ["never reached"]],
               options=opts(2, "dontAsk"))
    c = Calls()
    yield make("max2_pre_stop_round2", "max_turns 2 and a PreToolUse continue false on the Bash "
               "of the second round.",
               [[c.read("<WS>/a.txt")], [c.bash("echo hi"), c.read("<WS>/b.txt")],
                ["never reached"]], options=opts(2),
               behaviors=hook("PreToolUse", "stop", "Bash", reason="PRE-STOP"))
    c = Calls()
    yield make("max1_text_and_calls", "max_turns 1; text, then two calls.",
               [["Let me look.", c.read("<WS>/a.txt"), c.read("<WS>/b.txt")], ["never reached"]],
               options=opts(1))
    c = Calls()
    yield make("max2_interrupt_round2", "max_turns 2, can_use_tool denies with interrupt the "
               "Write of the second round.",
               [[c.read("<WS>/a.txt")], [c.read("<WS>/b.txt"), c.write("<WS>/w.txt")],
                ["never reached"]], options=opts(2, "default"), behaviors=INTERRUPT)
    c = Calls()
    yield make("max1_thinking_tool", "max_turns 1; thinking, then two calls.",
               [respond({"type": "thinking", "thinking": "plan", "signature": "s"},
                        c.read("<WS>/a.txt"), c.bash("echo x")), ["never reached"]],
               options=dict(opts(1), max_thinking_tokens=4000))
    c = Calls()
    yield make("max2_max_tokens_after_tools", "max_turns 2; [Read, Read], then an answer cut at "
               "max_tokens, then a whole one.",
               [[c.read("<WS>/a.txt"), c.read("<WS>/b.txt")],
                respond("Cut", stop_reason="max_tokens"), respond("Whole.")], options=opts(2))


def scenarios():
    for group in (parallel, interrupts, hook_stops, max_turns, misc, search_mixes, limits_more,
                  blank_answers):
        yield from group()
