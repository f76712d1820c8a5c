"""Wire fields of the TypeScript face: what the messages carry besides their content
(`isSynthetic`, `tool_use_result`, `tool_result_meta`, `parent_tool_use_id`, stream event
fields, `api_error_status`, error fields of synthetic assistant messages, ...) in situations
the other areas do not reach: synthetic user and assistant messages (interrupts, API errors,
hook blocks, compaction, resumed torn transcripts, max_turns), streamed messages of each stop
reason, and each of these with partial messages on and off. The Python face is compared on
the same scenarios."""
from common import Calls, respond, scenario

BYPASS = {"permission_mode": "bypassPermissions"}
SUMMARY_MATCH = "Your task is to create a detailed summary of the conversation so far"


def make(name, description, responses, partial, options=None, **keys):
    opts = dict(options if options is not None else BYPASS)
    if partial:
        opts["include_partial_messages"] = True
    tag = "partial" if partial else "plain"
    return scenario(f"wire_{name}_{tag}", description, responses, options=opts,
                    prompt=keys.pop("prompt", "Go"), timeout_s=keys.pop("timeout_s", 90), **keys)


def both(name, description, build, **keys):
    """The scenario with partial messages on and off; `build()` gives fresh responses."""
    for partial in (True, False):
        responses, extra = build()
        yield make(name, description, responses, partial, **dict(keys, **extra))


def error(status, kind, message, **extra):
    return dict({"content": [], "error": {"status": status, "type": kind, "message": message}},
                **extra)


def answers():
    yield from both("text", "A plain text answer.", lambda: ([respond("Hello there.")], {}))
    yield from both("max_tokens", "An answer cut by max_tokens.",
                    lambda: ([respond("Cut short", stop_reason="max_tokens")], {}))
    yield from both("stop_sequence", "An answer ended by a stop sequence.",
                    lambda: ([respond("Stopped", stop_reason="stop_sequence")], {}))
    yield from both("refusal", "An answer the model refuses (stop_reason refusal).",
                    lambda: ([respond("I can't help with that.", stop_reason="refusal")], {}))
    yield from both("empty", "A response with no content blocks.",
                    lambda: ([{"content": []}], {}))

    def tool():
        c = Calls()
        return [respond("Checking.", c.bash("echo hi", "say hi"), chunk=4096),
                respond("It said hi.")], {}
    yield from both("tool_round", "A text block and a Bash call, then the answer.", tool)

    def parallel():
        c = Calls()
        return [respond(c.bash("echo a", "a"), c.read("<WS>/a.txt"), c.bash("exit 3", "fail"),
                        chunk=4096),
                respond("Three results.")], {"files": {"a.txt": "alpha\n"}}
    yield from both("parallel_mixed", "Three calls in one response, one failing.", parallel)


def errors():
    yield from both("api_400", "A request answered 400 (not retried): a synthetic error answer.",
                    lambda: ([error(400, "invalid_request_error", "bad request for test")], {}))
    yield from both("api_529_retry", "One 529, retried, then an answer.",
                    lambda: ([error(529, "overloaded_error", "Overloaded",
                                    headers={"retry-after": "0"}),
                              respond("After the retry.")], {}),
                    env={"CLAUDE_CODE_MAX_RETRIES": "1"})

    def too_long_first():
        return [error(400, "invalid_request_error",
                      "prompt is too long: 1000123 tokens > 1000000 maximum")], {}
    yield from both("prompt_too_long_first", "The first request is refused as too long.",
                    too_long_first)

    def invalid_input():
        c = Calls()
        return [respond(c("Read", {"path": "<WS>/a.txt"}), chunk=4096),
                respond("Fixed it.")], {}
    yield from both("invalid_input", "A tool call whose input misses a required field.",
                    invalid_input)

    def unknown():
        c = Calls()
        return [respond(c("NoSuchTool", {"x": 1}), chunk=4096), respond("No such tool.")], {}
    yield from both("unknown_tool", "A call of a tool that does not exist.", unknown)

    def max_turns():
        c = Calls()
        return [respond("Step.", c.bash("echo 1", "one"), chunk=4096),
                respond("Never reached.")], {}
    yield from both("max_turns", "max_turns 1 reached after a tool round.", max_turns,
                    options=dict(BYPASS, max_turns=1))


def bash_then(answer, behaviors):
    """A builder of one Bash call, then `answer`, run with these callbacks."""
    def build():
        c = Calls()
        return [respond(c.bash("echo x", "x"), chunk=4096), respond(answer)], {
            "behaviors": behaviors}
    return build


def synthetic():
    yield from both("deny_interrupt", "can_use_tool denies with interrupt.",
                    bash_then("Unused.", {"can_use_tool": {"behavior": "deny_interrupt",
                                                           "message": "Stop now"}}),
                    options={"permission_mode": "default"})
    yield from both("deny", "can_use_tool denies a call.",
                    bash_then("Denied, fine.", {"can_use_tool": {"behavior": "deny_all",
                                                                 "message": "Not allowed"}}),
                    options={"permission_mode": "default"})
    yield from both("posttooluse_block", "A PostToolUse hook blocks a Bash result.",
                    bash_then("Blocked, fine.", {"hooks": {"PostToolUse": [
                        {"matcher": "Bash", "behavior": "block", "reason": "Not that"}]}}))

    def stop_hook():
        return [respond("First try."), respond("Second try.")], {
            "behaviors": {"hooks": {"Stop": [{"matcher": None, "behavior": "system_message",
                                              "text": "Stop hook says hi"}]}}}
    yield from both("stop_hook_message", "A Stop hook returns a systemMessage.", stop_hook)

    def prompt_context():
        return [respond("With context.")], {
            "behaviors": {"hooks": {"UserPromptSubmit": [{"matcher": None,
                                                          "behavior": "add_context",
                                                          "text": "Extra context"}]}}}
    yield from both("prompt_context", "A UserPromptSubmit hook adds context.", prompt_context)

    yield from both("pretooluse_stop", "A PreToolUse hook returns continue: false.",
                    bash_then("Unused.", {"hooks": {"PreToolUse": [
                        {"matcher": "Bash", "behavior": "stop", "reason": "Halt here"}]}}))

    def compaction():
        c = Calls()
        return [respond("Step 1.", c.bash("echo s1", "s1"), chunk=4096,
                        usage={"input_tokens": 1000, "output_tokens": 50}),
                respond("Step 2.", c.bash("echo s2", "s2"), chunk=4096,
                        usage={"input_tokens": 967_100, "output_tokens": 50}),
                respond("<analysis>\nA.\n</analysis>\n\n<summary>\nS.\n</summary>",
                        match=SUMMARY_MATCH),
                respond("After the compaction.")], {}
    yield from both("auto_compaction", "An automatic compaction between two rounds.",
                    compaction, timeout_s=120)

    def torn():
        return [respond("First answer."), respond("Second answer.")], {
            "then": [{"prompt": "Again", "options": {"resume": "<SESSION_ID_1>"},
                      "before": {"truncate_transcript": {"session": 1,
                                                         "at_last_type": "assistant",
                                                         "keep_chars": 60}}}]}
    yield from both("resume_torn", "A resume of a transcript torn in its last answer.", torn)

    def manual():
        return [respond("First answer."),
                respond("<analysis>\nA.\n</analysis>\n\n<summary>\nS.\n</summary>",
                        match=SUMMARY_MATCH)], {
            "then": [{"prompt": "/compact", "options": {"resume": "<SESSION_ID_1>"}}]}
    yield from both("manual_compact", "A resumed /compact.", manual)


def more():
    """Thinking, refusals and limits on the wire, with partial messages on and off."""
    def thinking_tool():
        c = Calls()
        return [respond({"type": "thinking", "thinking": "plan it", "signature": "s"},
                        c.bash("echo hi", "hi"), chunk=4096),
                respond({"type": "thinking", "thinking": "done", "signature": "s"}, "Answer.")], {}
    yield from both("thinking_tool", "Thinking and a Bash call, then thinking and the answer.",
                    thinking_tool, options=dict(BYPASS, max_thinking_tokens=4000))

    def denied_pair():
        c = Calls()
        return [respond(c.write("<WS>/w.txt"), c.bash("touch t", "touch"), chunk=4096),
                respond("Both refused.")], {}
    yield from both("denied_pair", "Two calls refused in default mode without a callback.",
                    denied_pair, options={"permission_mode": "default"})

    def max_turns_parallel():
        c = Calls()
        return [respond(c.bash("echo 1", "one"), c.read("<WS>/a.txt"), chunk=4096),
                respond("Never reached.")], {"files": {"a.txt": "alpha\n"}}
    yield from both("max_turns_parallel", "max_turns 1 reached after two parallel calls.",
                    max_turns_parallel, options=dict(BYPASS, max_turns=1))

    def interrupt_parallel():
        c = Calls()
        return [respond(c.read("<WS>/a.txt"), c.write("<WS>/w.txt"), chunk=4096),
                respond("Unused.")], {"files": {"a.txt": "alpha\n"}, "behaviors": {
                    "can_use_tool": {"behavior": "deny_interrupt", "message": "Stop now"}}}
    yield from both("interrupt_parallel", "can_use_tool denies with interrupt the Write of "
                    "[Read, Write].", interrupt_parallel, options={"permission_mode": "default"})

    def max_tokens_tool():
        c = Calls()
        return [respond("Begin", c.bash("echo hi", "hi"), stop_reason="max_tokens", chunk=4096),
                respond("Whole.")], {}
    yield from both("max_tokens_tool", "An answer with a call, cut at max_tokens.",
                    max_tokens_tool)

    def pre_stop_parallel():
        c = Calls()
        return [respond(c.read("<WS>/a.txt"), c.bash("echo x", "x"), chunk=4096),
                respond("Unused.")], {"files": {"a.txt": "alpha\n"}, "behaviors": {
                    "hooks": {"PreToolUse": [{"matcher": "Bash", "behavior": "stop",
                                              "reason": "Halt"}]}}}
    yield from both("pretooluse_stop_parallel", "A PreToolUse continue false on the Bash of "
                    "[Read, Bash].", pre_stop_parallel)


def stream_errors():
    """An SSE error after the content blocks: what the stream events say of the blocks left
    behind, for each number and kind of block."""
    overloaded = {"type": "overloaded_error", "message": "Overloaded"}
    yield from both("stream_error_text", "One text block, then a stream error; then an answer.",
                    lambda: ([respond("Partial answer", stream_error=overloaded, chunk=4096),
                              respond("Whole.")], {}))
    yield from both("stream_error_two_texts", "Two text blocks, then a stream error.",
                    lambda: ([respond("One.", "Two.", stream_error=overloaded, chunk=4096),
                              respond("Whole.")], {}))
    yield from both("stream_error_empty", "No block at all, then a stream error.",
                    lambda: ([{"content": [], "stream_error": overloaded}, respond("Whole.")], {}))

    def tool():
        c = Calls()
        return [respond("Checking.", c.bash("echo hi", "hi"), stream_error=overloaded,
                        chunk=4096), respond("Whole.")], {}
    yield from both("stream_error_tool", "A text and a Bash call, then a stream error.", tool)


def scenarios():
    yield from answers()
    yield from errors()
    yield from synthetic()
    yield from more()
    yield from stream_errors()
