"""Resume: the usage, cost, model usage and turn count of each query's result when a session
is resumed, continued, forked, or resumed at an earlier assistant message. Varies what the
first query did (text only, one tool round, parallel calls, several rounds, a denied call),
how it is taken up again (resume, continue, fork, resume_session_at at the first, a middle or
the last assistant message, with and without fork), the number of queries (2 and 3), the
model of each query, cache tokens in the usage, and a budget that the restored cost alone
already exceeds."""
from common import Calls, respond, scenario

OPTIONS = {"permission_mode": "bypassPermissions"}


def u(inp, out, cache_read=0, cache_write=0):
    return {"input_tokens": inp, "output_tokens": out, "cache_read_input_tokens": cache_read,
            "cache_creation_input_tokens": cache_write}


def first_query(kind, c):
    """The scripted responses of the first query, by what it does."""
    if kind == "text":
        return [respond("First answer.", usage=u(1000, 100))]
    if kind == "tool":
        return [respond("Running.", c.bash("echo one", "one"), usage=u(1000, 50)),
                respond("First answer.", usage=u(1200, 80))]
    if kind == "parallel":
        return [respond(c.bash("echo a", "a"), c.bash("echo b", "b"), c.read("<WS>/notes.txt"),
                        usage=u(900, 60)),
                respond("First answer.", usage=u(1500, 90))]
    if kind == "rounds":
        return [respond(f"Step {i}.", c.bash(f"echo s{i}", f"step {i}"), usage=u(500 * i, 40))
                for i in range(1, 4)] + [respond("First answer.", usage=u(2000, 70))]
    if kind == "cached":
        return [respond("Running.", c.bash("echo one", "one"),
                        usage=u(10, 50, cache_read=4000, cache_write=300)),
                respond("First answer.", usage=u(20, 80, cache_read=4300, cache_write=100))]
    if kind == "denied":
        # Denied in dontAsk mode (see KIND_OPTIONS).
        return [respond("Trying.", c.write("<ROOT>/outside/x.txt", "x\n"), usage=u(800, 40)),
                respond("First answer.", usage=u(900, 60))]
    raise ValueError(kind)


KINDS = ("text", "tool", "parallel", "rounds", "cached", "denied")
KIND_OPTIONS = {"denied": {"permission_mode": "dontAsk"}}


def make(name, description, responses, then, options=None, **keys):
    return scenario("resume_" + name, description, responses,
                    options=dict(options or OPTIONS), prompt="Do the first task",
                    files={"notes.txt": "alpha\nbeta\n"}, then=then, **keys)


def second(prompt="Second task", usage=None, text="Second answer.", **extra):
    return respond(text, usage=usage or u(3000, 120), **extra)


def plain_resumes():
    for kind in KINDS:
        c = Calls()
        yield make(f"{kind}_resume", f"A first query ({kind}), then a resume with one answer.",
                   first_query(kind, c) + [second()],
                   [{"prompt": "Second task", "options": {"resume": "<SESSION_ID_1>"}}],
                   options=KIND_OPTIONS.get(kind))
        c = Calls()
        yield make(f"{kind}_fork", f"A first query ({kind}), then a fork with one answer.",
                   first_query(kind, c) + [second()],
                   [{"prompt": "Second task",
                     "options": {"resume": "<SESSION_ID_1>", "fork_session": True}}],
                   options=KIND_OPTIONS.get(kind))
    for kind in ("text", "tool", "rounds"):
        c = Calls()
        yield make(f"{kind}_continue", f"A first query ({kind}), then continue_conversation.",
                   first_query(kind, c) + [second()],
                   [{"prompt": "Second task", "options": {"continue_conversation": True}}])


def at_points():
    # resume_session_at a given assistant message of the first query.
    points = {"first": "<ASSISTANT_UUID_1_0>", "middle": "<ASSISTANT_UUID_1_2>",
              "last": "<ASSISTANT_UUID_1_-1>"}
    for kind in ("tool", "rounds", "parallel"):
        for where, uuid in points.items():
            for fork in (True, False):
                c = Calls()
                opts = {"resume": "<SESSION_ID_1>", "resume_session_at": uuid}
                if fork:
                    opts["fork_session"] = True
                tag = "fork" if fork else "same"
                yield make(f"{kind}_at_{where}_{tag}",
                           f"A first query ({kind}), then a resume at its {where} assistant "
                           f"message{' as a fork' if fork else ''}.",
                           first_query(kind, c) + [second()],
                           [{"prompt": "Second task", "options": opts}])


def three_queries():
    c = Calls()
    yield make("tool_resume_twice", "A tool query, a resume that runs a tool, a second resume.",
               first_query("tool", c)
               + [respond("Again.", c.bash("echo two", "two"), usage=u(2000, 30)),
                  second(usage=u(2500, 60)), second(text="Third answer.", usage=u(2800, 70))],
               [{"prompt": "Second task", "options": {"resume": "<SESSION_ID_1>"}},
                {"prompt": "Third task", "options": {"resume": "<SESSION_ID_1>"}}])
    c = Calls()
    yield make("fork_then_resume_original",
               "A tool query, a fork that runs a tool, then a resume of the original.",
               first_query("tool", c)
               + [respond("Forked.", c.bash("echo f", "f"), usage=u(2000, 30)),
                  second(usage=u(2500, 60)), second(text="Original again.", usage=u(1800, 40))],
               [{"prompt": "Fork task", "options": {"resume": "<SESSION_ID_1>",
                                                    "fork_session": True}},
                {"prompt": "Original task", "options": {"resume": "<SESSION_ID_1>"}}])
    c = Calls()
    yield make("fork_then_resume_fork", "A tool query, a fork, then a resume of the fork.",
               first_query("tool", c) + [second(usage=u(2500, 60)),
                                         second(text="Fork again.", usage=u(2700, 50))],
               [{"prompt": "Fork task", "options": {"resume": "<SESSION_ID_1>",
                                                    "fork_session": True}},
                {"prompt": "Fork again", "options": {"resume": "<SESSION_ID_2>"}}])
    c = Calls()
    yield make("at_then_resume",
               "A rounds query, a resume at its first assistant message, then a plain resume.",
               first_query("rounds", c) + [second(usage=u(2500, 60)),
                                           second(text="Third answer.", usage=u(2600, 50))],
               [{"prompt": "Second task", "options": {"resume": "<SESSION_ID_1>",
                                                      "resume_session_at": "<ASSISTANT_UUID_1_0>"}},
                {"prompt": "Third task", "options": {"resume": "<SESSION_ID_1>"}}])


def models_and_budget():
    c = Calls()
    yield make("model_change", "A tool query on the default model, resumed on claude-sonnet-4-5.",
               first_query("tool", c) + [second()],
               [{"prompt": "Second task", "options": {"resume": "<SESSION_ID_1>",
                                                      "model": "claude-sonnet-4-5"}}])
    c = Calls()
    yield make("model_change_back",
               "Three queries: default model, claude-haiku-4-5, then the default again.",
               first_query("text", c) + [second(), second(text="Third answer.")],
               [{"prompt": "Second task", "options": {"resume": "<SESSION_ID_1>",
                                                      "model": "claude-haiku-4-5"}},
                {"prompt": "Third task", "options": {"resume": "<SESSION_ID_1>",
                                                     "model": None}}])
    c = Calls()
    yield make("budget_exceeded_by_history",
               "A costly first query; the resume has a budget below the cost already spent.",
               [respond("Running.", c.bash("echo one", "one"), usage=u(200_000, 5000)),
                respond("First answer.", usage=u(210_000, 5000))]
               + [respond("Step.", c.bash("echo two", "two"), usage=u(1000, 10)), second()],
               [{"prompt": "Second task", "options": {"resume": "<SESSION_ID_1>",
                                                      "max_budget_usd": 0.5}}])
    c = Calls()
    yield make("max_turns_on_resume", "A tool query, then a resume with max_turns 1 that calls a tool.",
               first_query("tool", c) + [respond("Step.", c.bash("echo two", "two"),
                                                 usage=u(1000, 10)), second()],
               [{"prompt": "Second task", "options": {"resume": "<SESSION_ID_1>",
                                                      "max_turns": 1}}])


SUMMARY_MATCH = "Your task is to create a detailed summary of the conversation so far"


def compacted_first(c):
    """A first query whose second round crosses the compaction threshold."""
    return [respond("Step 1.", c.bash("echo s1", "s1"), usage=u(1000, 50)),
            respond("Step 2.", c.bash("echo s2", "s2"), usage=u(967_100, 50)),
            respond("<analysis>\nA.\n</analysis>\n\n<summary>\nS.\n</summary>",
                    match=SUMMARY_MATCH, usage=u(5000, 300)),
            respond("First answer.", usage=u(2000, 60))]


def after_more():
    """Resume after a compaction, after thinking, after max_turns, and resume_session_at on
    cached and denied sessions."""
    c = Calls()
    yield make("compacted_resume", "A first query compacted after its second round, then a resume.",
               compacted_first(c) + [second()],
               [{"prompt": "Second task", "options": {"resume": "<SESSION_ID_1>"}}], timeout_s=120)
    c = Calls()
    yield make("compacted_fork", "A first query compacted after its second round, then a fork.",
               compacted_first(c) + [second()],
               [{"prompt": "Second task", "options": {"resume": "<SESSION_ID_1>",
                                                      "fork_session": True}}], timeout_s=120)
    c = Calls()
    yield make("compacted_continue", "A compacted first query, then continue_conversation with "
               "a tool round.",
               compacted_first(c) + [respond("Again.", c.bash("echo t", "t"), usage=u(2500, 40)),
                                     second()],
               [{"prompt": "Second task", "options": {"continue_conversation": True}}],
               timeout_s=120)
    c = Calls()
    yield make("compacted_at_last", "A compacted first query, then a resume at its last "
               "assistant message.",
               compacted_first(c) + [second()],
               [{"prompt": "Second task", "options": {"resume": "<SESSION_ID_1>",
                                                      "resume_session_at": "<ASSISTANT_UUID_1_-1>"}}],
               timeout_s=120)
    think = {"type": "thinking", "thinking": "pondering", "signature": "sig"}
    c = Calls()
    yield make("thinking_resume", "A first query with thinking and a tool, then a resume.",
               [respond(think, c.bash("echo one", "one"), usage=u(1000, 50)),
                respond(think, "First answer.", usage=u(1200, 80)), second()],
               [{"prompt": "Second task", "options": {"resume": "<SESSION_ID_1>"}}],
               options=dict(OPTIONS, max_thinking_tokens=4000))
    c = Calls()
    yield make("max_turns_then_resume", "A first query stopped by max_turns 1, then a resume.",
               [respond("Step.", c.bash("echo one", "one"), usage=u(1000, 50)), second()],
               [{"prompt": "Second task", "options": {"resume": "<SESSION_ID_1>"}}],
               options=dict(OPTIONS, max_turns=1))
    c = Calls()
    yield make("cached_at_first_fork", "A cached tool query, then a fork at its first assistant "
               "message.", first_query("cached", c) + [second(usage=u(30, 60, 4000, 200))],
               [{"prompt": "Second task", "options": {"resume": "<SESSION_ID_1>",
                                                      "resume_session_at": "<ASSISTANT_UUID_1_0>",
                                                      "fork_session": True}}])
    c = Calls()
    yield make("denied_at_last_same", "A denied first query, then a resume at its last assistant "
               "message.", first_query("denied", c) + [second()],
               [{"prompt": "Second task", "options": {"resume": "<SESSION_ID_1>",
                                                      "resume_session_at": "<ASSISTANT_UUID_1_-1>"}}],
               options=KIND_OPTIONS["denied"])
    c = Calls()
    yield make("parallel_resume_tools", "A parallel first query, then a resume that runs two "
               "calls.", first_query("parallel", c)
               + [respond(c.bash("echo x", "x"), c.read("<WS>/notes.txt"), usage=u(2000, 30)),
                  second()],
               [{"prompt": "Second task", "options": {"resume": "<SESSION_ID_1>"}}])
    c = Calls()
    yield make("rounds_at_middle_then_tools", "A rounds query, then a resume at its middle "
               "assistant message that runs a tool.",
               first_query("rounds", c) + [respond("Again.", c.bash("echo z", "z"),
                                                   usage=u(2200, 30)), second()],
               [{"prompt": "Second task", "options": {"resume": "<SESSION_ID_1>",
                                                      "resume_session_at": "<ASSISTANT_UUID_1_2>"}}])
    c = Calls()
    yield make("partial_resume_tool", "A tool query with partial messages, then a resume.",
               first_query("tool", c) + [second()],
               [{"prompt": "Second task", "options": {"resume": "<SESSION_ID_1>",
                                                      "include_partial_messages": True}}],
               options=dict(OPTIONS, include_partial_messages=True))


CARRIED = ("claude-haiku-4-5", "claude-haiku-5-5", "claude-opus-4-1", "claude-opus-4-5",
           "claude-opus-4-6", "claude-sonnet-4-5", "claude-sonnet-4-5-20250929",
           "claude-sonnet-4-6", "claude-sonnet-5-5", "sonnet")


def models_carried():
    """Which model a session resumed without one goes on with (every one tried is carried
    over but Sonnet 4.5)."""
    for model in CARRIED:
        yield scenario("resume_model_carried_" + model.replace("-", "_"),
                       f"A session answered by {model}, resumed without a model: which model "
                       "goes on.", [respond("One.")],
                       options={"permission_mode": "bypassPermissions", "model": model},
                       prompt="Do the task", timeout_s=120,
                       then=[{"prompt": "And now?",
                              "options": {"resume": "<SESSION_ID_1>", "model": None}}])


def scenarios():
    yield from plain_resumes()
    yield from models_carried()
    yield from at_points()
    yield from three_queries()
    yield from models_and_budget()
    yield from after_more()
