"""Compaction: which API rounds a summary request covers and which stay verbatim after the
summary, in particular when the summary request is itself answered "prompt is too long" and
is sent again. Varies the number of rounds before the compaction (2 to 12), what sets it off
(the context crossing the threshold after a round's tools ran, or the API refusing a main
request as too long), how many summary requests in a row are refused (1 to 6), the numbers
the refusal carries (a small or a large excess, none at all), how large each round is (a
large tool result early or late), parallel calls in a round, and manual `/compact` of a
resumed session."""
from common import Calls, respond, scenario

SUMMARY_MATCH = "Your task is to create a detailed summary of the conversation so far"
OPTIONS = {"permission_mode": "bypassPermissions"}
# The context window of the default model less its output reserve and margin.
THRESHOLD_USAGE = {"input_tokens": 967_100, "output_tokens": 50}


def too_long(tokens=1_000_123, limit=1_000_000, text=None):
    message = text if text is not None else f"prompt is too long: {tokens} tokens > {limit} maximum"
    return {"content": [], "error": {"status": 400, "type": "invalid_request_error",
                                     "message": message}}


def summary(tag="S"):
    return respond(f"<analysis>\nThe rounds so far.\n</analysis>\n\n<summary>\nSummary {tag}.\n"
                   "</summary>", match=SUMMARY_MATCH)


def refused_summary(**kw):
    return dict(too_long(**kw), match=SUMMARY_MATCH)


def rounds(c, n, parallel=1):
    """n tool rounds; round i Reads files/r<i>_<j>.txt (its size from `sizes`)."""
    out = []
    for i in range(1, n + 1):
        calls = [c.read(f"<WS>/files/r{i}_{j}.txt") for j in range(1, parallel + 1)]
        out.append(respond(f"Round {i}.", *calls, usage={"input_tokens": 100 * i,
                                                         "output_tokens": 20}))
    return out


def files_for(n, sizes=None, parallel=1):
    sizes = sizes or {}
    return {f"files/r{i}_{j}.txt": {"repeat": f"line of round {i}\n",
                                    "times": sizes.get(i, 1)}
            for i in range(1, n + 1) for j in range(1, parallel + 1)}


def make(name, description, responses, files, **keys):
    return scenario("compact_" + name, description, responses, options=dict(OPTIONS),
                    prompt="Read the round files one by one", files=files, timeout_s=120,
                    **keys)


def auto(n, refusals, sizes=None, parallel=1, refusal=None, tag=""):
    """n rounds, the n-th crossing the threshold; `refusals` summary requests refused."""
    c = Calls()
    rs = rounds(c, n, parallel)
    rs[-1]["usage"] = dict(THRESHOLD_USAGE)
    rs += [refused_summary(**(refusal or {})) for _ in range(refusals)]
    rs += [summary(), respond("Finished after compaction.")]
    return make(f"auto_{n}r_{refusals}x{tag}",
                f"{n} Read rounds, the last crossing the threshold; {refusals} summary "
                f"request(s) answered 'prompt is too long' before one succeeds.",
                rs, files_for(n, sizes, parallel))


def reactive(n, refusals, sizes=None, parallel=1, refusal=None, tag=""):
    """n rounds, then the main request is refused as too long."""
    c = Calls()
    rs = rounds(c, n, parallel) + [too_long()]
    rs += [refused_summary(**(refusal or {})) for _ in range(refusals)]
    rs += [summary(), respond("Finished after compaction.")]
    return make(f"reactive_{n}r_{refusals}x{tag}",
                f"{n} Read rounds, then the main request is refused as too long; "
                f"{refusals} summary request(s) refused too before one succeeds.",
                rs, files_for(n, sizes, parallel))


def counts():
    # Head sizes 1 to 12 rounds, each refused twice (the size of the third request) and some
    # refused until the compaction gives up.
    for n in (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13):
        yield auto(n, 2)
    for n in (2, 5, 10):
        yield auto(n, 1)
    for n in (3, 10, 13):
        yield auto(n, 4)
    for k in (0, 3, 5, 6):
        yield auto(6, k)
    yield auto(10, 6)
    for n in (3, 5, 9):
        yield reactive(n, 2)
    yield reactive(9, 4, refusal={"tokens": 1_000_020}, tag="_excess_20")
    # Past the last size the reactive compaction summarizes the whole conversation.
    for n, k in ((3, 3), (3, 5), (6, 4), (6, 7), (9, 9)):
        yield reactive(n, k)


def refusal_texts():
    # The excess the refusal names, from one token to three times the limit, and none: the
    # rounds that make it up move to the tail (about 21 tokens a round here).
    for excess in (1, 20, 22, 40, 44, 62, 64, 123, 10_000, 100_000, 2_000_000):
        yield auto(10, 2, refusal={"tokens": 1_000_000 + excess}, tag=f"_excess_{excess}")
    yield auto(10, 2, refusal={"text": "prompt is too long"}, tag="_no_numbers")
    yield auto(6, 3, refusal={"tokens": 3_000_000}, tag="_excess_2000000")
    yield auto(6, 3, refusal={"text": "prompt is too long"}, tag="_no_numbers")


def shapes():
    # Where the tokens lie: one large round early or late, parallel calls in a round.
    yield auto(10, 2, sizes={1: 3000}, tag="_big_first")
    yield auto(10, 2, sizes={8: 3000}, tag="_big_eighth")
    yield auto(10, 2, sizes={2: 2000, 3: 2000}, tag="_big_second_third")
    yield auto(10, 3, refusal={"tokens": 3_000_000}, sizes={1: 3000}, tag="_big_first_to_3m")
    yield auto(6, 2, parallel=3, tag="_parallel3")
    yield auto(10, 2, parallel=2, tag="_parallel2")
    yield reactive(6, 2, sizes={1: 3000}, tag="_big_first")


def manual_one(n, k, excess=123):
    c = Calls()
    rs = rounds(c, n) + [respond("Done reading.")]
    rs += [refused_summary(tokens=1_000_000 + excess) for _ in range(k)] + [summary()]
    rs += [respond("Answer after the manual compaction.")]
    tag = "" if excess == 123 else f"_excess_{excess}"
    return make(f"manual_{n}r_{k}x{tag}",
                f"{n} Read rounds and an answer; a resumed /compact whose summary request is "
                f"refused {k} time(s) as too long (excess {excess}); then one more query.",
                rs, files_for(n),
                then=[{"prompt": "/compact", "options": {"resume": "<SESSION_ID_1>"}},
                      {"prompt": "And now?", "options": {"resume": "<SESSION_ID_1>"}}])


def manual():
    for k in (0, 1, 2, 4):
        yield manual_one(5, k)
    for excess in (1, 25, 45, 70, 100):
        yield manual_one(5, 2, excess)
    yield manual_one(8, 2)
    yield manual_one(10, 2)


def shapes_more():
    # Parallel calls and large rounds the first shapes did not cover, on both triggers.
    yield auto(4, 2, parallel=4, tag="_parallel4")
    yield auto(8, 3, parallel=2, tag="_parallel2")
    yield reactive(5, 2, parallel=3, tag="_parallel3")
    yield auto(10, 2, sizes={10: 3000}, tag="_big_last")
    yield auto(7, 2, sizes={4: 2500}, tag="_big_middle")
    yield auto(12, 3, sizes={1: 1500, 12: 1500}, tag="_big_ends")
    yield reactive(8, 3, sizes={2: 2500}, tag="_big_second")
    yield auto(5, 2, refusal={"tokens": 1_000_050}, parallel=2, tag="_parallel2_excess_50")


def scenarios():
    yield from counts()
    yield from refusal_texts()
    yield from shapes()
    yield from manual()
    yield from shapes_more()
