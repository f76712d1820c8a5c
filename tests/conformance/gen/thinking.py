"""Thinking: the `system/thinking_tokens` messages that go out while a thinking block streams
(how each delta is counted, when the count starts again), with and without partial messages,
and what the stream events carry (thinking display, API message ids) for each thinking
setting. Varies the thinking text's length around multiples of four, the delta size, the
kind of characters (ASCII, accented, CJK, astral), the number of thinking blocks per response
and per turn, redacted thinking, tool rounds between thinking blocks, and the thinking
options (max_thinking_tokens, thinking enabled / adaptive / disabled, display, effort)."""
from common import Calls, respond, scenario


def think(text, signature="sig"):
    return {"type": "thinking", "thinking": text, "signature": signature}


def redacted(data="opaque"):
    return {"type": "redacted_thinking", "data": data}


PARTIAL = {"include_partial_messages": True, "max_thinking_tokens": 4000,
           "permission_mode": "bypassPermissions"}
PLAIN = {"max_thinking_tokens": 4000, "permission_mode": "bypassPermissions"}


def make(name, description, responses, options=None, **keys):
    return scenario("thinking_" + name, description, responses,
                    options=dict(options if options is not None else PARTIAL),
                    prompt="Think it over, then answer", **keys)


def lengths():
    # The mock streams thinking in deltas of 4 * chunk characters: lengths around multiples
    # of four show how a delta's characters become tokens.
    for n in (1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 33, 100):
        text = ("abcdefghij" * 10)[:n]
        yield make(f"len_{n}", f"One thinking block of {n} ASCII characters, 4 per delta.",
                   [respond(think(text), "Answer.", chunk=1)])
    for chunk in (2, 3, 8):
        yield make(f"chunk_{chunk}", f"Fifty characters of thinking in deltas of {4 * chunk}.",
                   [respond(think("x" * 50), "Answer.", chunk=chunk)])


def characters():
    samples = {
        "accented": "éèêëàâäôöûüç" * 2,
        "cjk": "考虑一下这个问题的答案",
        "astral": "😀🎉🚀" * 3 + "z",
        "mixed": "a😀b😀cd🎉e",
        "newlines": "\n\n  \t  \n",
    }
    for name, text in samples.items():
        yield make(f"chars_{name}", f"Thinking made of {name} characters, 4 per delta.",
                   [respond(think(text), "Answer.", chunk=1)])


def blocks():
    yield make("two_blocks", "Two thinking blocks in one response, text between them.",
               [respond(think("abcdefgh"), "Middle.", think("ijklmnopq"), "Answer.", chunk=1)])
    yield make("two_blocks_adjacent", "Two thinking blocks one after the other.",
               [respond(think("abcde"), think("fghijklmn"), "Answer.", chunk=1)])
    yield make("redacted_only", "A redacted thinking block, then text.",
               [respond(redacted(), "Answer.", chunk=1)])
    yield make("redacted_then_thinking", "A redacted block, then a thinking block.",
               [respond(redacted(), think("abcdefghij"), "Answer.", chunk=1)])
    yield make("empty_thinking", "A thinking block with no text.",
               [respond(think(""), "Answer.", chunk=1)])
    c = Calls()
    yield make("tool_round", "Thinking before a tool call, and again after its result.",
               [respond(think("first thoughts"), c.bash("echo hi", "say hi"), chunk=1),
                respond(think("second thoughts here"), "Answer.", chunk=1)])
    c = Calls()
    yield make("two_calls", "Thinking, then two parallel tool calls.",
               [respond(think("plan the reads"), c.bash("echo a", "a"), c.bash("echo b", "b"),
                        chunk=2),
                respond("Both ran.")])


def settings():
    for partial in (True, False):
        tag = "partial" if partial else "plain"
        base = PARTIAL if partial else PLAIN
        yield make(f"{tag}_no_option", "No thinking option set; the server thinks anyway.",
                   [respond(think("abcdefghijk"), "Answer.", chunk=1)],
                   options={k: v for k, v in base.items() if k != "max_thinking_tokens"})
        yield make(f"{tag}_disabled", "thinking: disabled; the server thinks anyway.",
                   [respond(think("abcdefghijk"), "Answer.", chunk=1)],
                   options=dict({k: v for k, v in base.items() if k != "max_thinking_tokens"},
                                thinking={"type": "disabled"}))
        yield make(f"{tag}_enabled_budget", "thinking: enabled with a budget.",
                   [respond(think("abcdefghijk"), "Answer.", chunk=1)],
                   options=dict({k: v for k, v in base.items() if k != "max_thinking_tokens"},
                                thinking={"type": "enabled", "budget_tokens": 2048}))
        yield make(f"{tag}_adaptive", "thinking: adaptive.",
                   [respond(think("abcdefghijk"), "Answer.", chunk=1)],
                   options=dict({k: v for k, v in base.items() if k != "max_thinking_tokens"},
                                thinking={"type": "adaptive"}))
        for display in ("summarized", "omitted"):
            yield make(f"{tag}_adaptive_{display}", f"thinking: adaptive, display {display}.",
                       [respond(think("abcdefghijk"), "Answer.", chunk=1)],
                       options=dict({k: v for k, v in base.items()
                                     if k != "max_thinking_tokens"},
                                    thinking={"type": "adaptive", "display": display}))
        yield make(f"{tag}_zero_budget", "max_thinking_tokens 0; the server thinks anyway.",
                   [respond(think("abcdefghijk"), "Answer.", chunk=1)],
                   options=dict(base, max_thinking_tokens=0))
        yield make(f"{tag}_effort_low", "effort low with thinking.",
                   [respond(think("abcdefghijk"), "Answer.", chunk=1)],
                   options=dict(base, effort="low"))


def models():
    # The request's thinking takes the model's kind (none, a budget, adaptive); the display
    # the stream events and thinking messages carry follows it.
    for model in ("claude-sonnet-4-5", "claude-haiku-4-5", "claude-3-7-sonnet-20250219",
                  "claude-opus-4-1"):
        tag = model.replace("claude-", "").split("-2025")[0].replace("-", "_")
        yield make(f"model_{tag}", f"Model {model}, no thinking option.",
                   [respond(think("abcdefghij"), "Answer.", chunk=1)],
                   options={"include_partial_messages": True, "model": model,
                            "permission_mode": "bypassPermissions"})
        yield make(f"model_{tag}_summarized", f"Model {model}, adaptive summarized thinking.",
                   [respond(think("abcdefghij"), "Answer.", chunk=1)],
                   options={"include_partial_messages": True, "model": model,
                            "thinking": {"type": "adaptive", "display": "summarized"},
                            "permission_mode": "bypassPermissions"})


def combined():
    """Thinking with tool calls, interrupts, max_tokens, max_turns and display settings."""
    c = Calls()
    yield make("tool_interrupt", "Thinking, then a Write that can_use_tool refuses with interrupt.",
               [respond(think("about to write"), c.write("w.txt"), chunk=1),
                respond("never reached")],
               options=dict(PARTIAL, permission_mode="default"),
               behaviors={"can_use_tool": {"behavior": "deny_interrupt", "message": "Stop"}})
    c = Calls()
    yield make("plain_tool_round", "Not streamed: thinking before a tool call and after it.",
               [respond(think("first thoughts"), c.bash("echo hi", "say hi"), chunk=1),
                respond(think("second thoughts"), "Answer.", chunk=1)], options=PLAIN)
    yield make("max_tokens_in_thinking", "A response cut at max_tokens after its thinking block, "
               "then a whole one.",
               [respond(think("abcdefghijkl"), stop_reason="max_tokens", chunk=1),
                respond(think("again"), "Answer.", chunk=1)])
    yield make("max_tokens_after_text", "Thinking and text cut at max_tokens, then a whole answer.",
               [respond(think("abcdefgh"), "Partial", stop_reason="max_tokens", chunk=1),
                respond("Answer.", chunk=1)])
    c = Calls()
    yield make("max_turns_1", "max_turns 1: thinking and a tool call.",
               [respond(think("one round only"), c.bash("echo hi", "hi"), chunk=1),
                respond("never reached")], options=dict(PARTIAL, max_turns=1))
    c = Calls()
    yield make("three_rounds", "Thinking in each of three responses, two tool rounds between.",
               [respond(think("r1"), c.bash("echo 1", "1"), chunk=1),
                respond(think("round two"), c.bash("echo 2", "2"), chunk=1),
                respond(think("round three thoughts"), "Answer.", chunk=1)])
    c = Calls()
    yield make("tool_between_thinking", "Thinking, a call, more thinking and a second call in "
               "one response.",
               [respond(think("abcd"), c.bash("echo a", "a"), think("efghijklm"),
                        c.bash("echo b", "b"), chunk=1), respond("Both.")])
    c = Calls()
    yield make("redacted_tool", "Redacted thinking, then a tool call.",
               [respond(redacted(), c.bash("echo hi", "hi"), chunk=1), respond("Answer.")])
    for display in ("summarized", "omitted"):
        c = Calls()
        yield make(f"adaptive_{display}_tool", f"thinking adaptive, display {display}: thinking "
                   "and a tool call, then thinking and the answer.",
                   [respond(think("first"), c.bash("echo hi", "hi"), chunk=1),
                    respond(think("second thoughts"), "Answer.", chunk=1)],
                   options={"include_partial_messages": True, "permission_mode":
                            "bypassPermissions", "thinking": {"type": "adaptive",
                                                             "display": display}})
        yield make(f"enabled_{display}", f"thinking enabled with a budget, display {display}.",
                   [respond(think("abcdefghijk"), "Answer.", chunk=1)],
                   options={"include_partial_messages": True, "permission_mode":
                            "bypassPermissions", "thinking": {"type": "enabled",
                                                             "budget_tokens": 2048,
                                                             "display": display}})
    yield make("long_deltas_97", "97 characters of thinking in deltas of 12.",
               [respond(think("y" * 97), "Answer.", chunk=3)])
    yield make("multibyte_deltas", "Thinking of two-byte characters in deltas of 8.",
               [respond(think("é" * 21), "Answer.", chunk=2)])
    yield make("plain_stream_error", "Not streamed: thinking broken by a stream error, then a "
               "whole answer.",
               [respond(think("abcdefgh"), "Part", stream_error={"type": "overloaded_error",
                                                                 "message": "Overloaded"},
                        chunk=1),
                respond(think("ok"), "Answer.", chunk=1)], options=PLAIN)
    yield make("partial_stream_error", "Streamed: thinking broken by a stream error, then a "
               "whole answer.",
               [respond(think("abcdefgh"), "Part", stream_error={"type": "overloaded_error",
                                                                 "message": "Overloaded"},
                        chunk=1),
                respond(think("ok"), "Answer.", chunk=1)])


def scenarios():
    yield from lengths()
    yield from characters()
    yield from blocks()
    yield from settings()
    yield from models()
    yield from combined()
