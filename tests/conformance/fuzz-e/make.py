#!/usr/bin/env python3
"""Generates the fuzz-e scenarios (prefix fe_): sessions over several queries. A seed runs two
to four queries on one workspace: the first starts a session, each later one resumes the
first or the last session, forks it (`fork_session`), resumes it at an earlier answer or
prompt (`resume_session_at`), or continues the latest one (`continue_conversation`); some
tear the transcript first as a crash would (`truncate_transcript`), some change the model,
`max_turns` or the system prompt, and one seed in five keeps every query's rows in a session
store. The scripted answers are texts, tool rounds (Bash, Read, Write, a tool that does not
exist, several calls), thinking, answers cut at max_tokens and a few API errors. Tools run in
bypassPermissions. Run: python3 make.py [COUNT] (writes fe_*.json next to this file)."""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import scenario_files  # noqa: E402
from scenario_files import txt  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(HERE), "gen"))
from common import Calls  # noqa: E402

FILES = {"notes.txt": "alpha\nbeta\ngamma\n", "src/app.py": "print('hi')\n"}
MODELS = [None, None, None, "claude-sonnet-4-5", "claude-haiku-4-5", "sonnet", "haiku"]
PROMPTS = ["And now?", "One more thing.", "What did you find?", "Finish up."]


def a_call(rng, calls):
    pick = rng.choice(["bash", "bash", "read", "read", "write", "unknown"])
    if pick == "bash":
        return calls("Bash", {"command": rng.choice(["echo hi", "cat notes.txt", "false", "ls"])})
    if pick == "read":
        return calls("Read", {"file_path": "<WS>/" + rng.choice(["notes.txt", "src/app.py", "nope.txt"])})
    if pick == "write":
        return calls("Write", {"file_path": "<WS>/out%d.txt" % rng.randint(1, 3), "content": "written\n"})
    return calls("Nope", {"a": 1})


def answer(rng, calls, first):
    kinds = ["text", "text", "tools", "tools", "tools", "thinking", "max_tokens", "error"]
    kind = rng.choice(kinds[:5] if first else kinds)
    r = {}
    if kind == "text":
        r["content"] = [txt(rng.choice(["Done.", "All set.", "Here it is."]))]
    elif kind == "tools":
        r["content"] = [a_call(rng, calls) for _ in range(rng.choice([1, 1, 2]))]
        if rng.random() < 0.3:
            r["content"].insert(0, txt("Let me look."))
    elif kind == "thinking":
        r["content"] = [{"type": "thinking", "thinking": "Hmm.", "signature": "sig"},
                        rng.choice([txt("Thought it over."), a_call(rng, calls)])]
    elif kind == "max_tokens":
        r["content"] = [txt("Partial answ")]
        r["stop_reason"] = "max_tokens"
    else:
        status, etype, message = rng.choice([(500, "api_error", "Internal error"),
                                             (400, "invalid_request_error", "Bad request")])
        r["error"] = {"status": status, "type": etype, "message": message,
                      "headers": {"retry-after": "0"}}
    if rng.random() < 0.3 and "error" not in r:
        r["usage"] = {"input_tokens": rng.choice([10, 4000]), "output_tokens": rng.choice([5, 300]),
                      "cache_creation_input_tokens": 0, "cache_read_input_tokens": rng.choice([0, 2000])}
    return r


def follow_up(rng, q):
    """The options (and `before` action) of query `q` (2-based) of a chain."""
    last = q - 1
    target = rng.choice([1, last]) if last > 1 else 1
    kind = rng.choice(["resume", "resume", "fork", "at_answer", "at_answer_fork", "continue", "torn"])
    opts = {"resume": "<SESSION_ID_%d>" % target}
    before = None
    if kind == "fork":
        opts["fork_session"] = True
    elif kind in ("at_answer", "at_answer_fork"):
        opts["resume_session_at"] = "<ASSISTANT_UUID_%d_%s>" % (target, rng.choice(["0", "-1"]))
        if kind == "at_answer_fork":
            opts["fork_session"] = True
    elif kind == "continue":
        opts = {"continue_conversation": True}
    elif kind == "torn":
        before = {"truncate_transcript": {"session": target, "at_last_type": rng.choice(["assistant", "user"]),
                                          "keep_chars": rng.choice([0, 40, 120])}}
    if rng.random() < 0.2:
        opts["model"] = rng.choice(["claude-haiku-4-5", "claude-sonnet-4-5"])
    if rng.random() < 0.2:
        opts["max_turns"] = 1
    f = {"prompt": rng.choice(PROMPTS), "options": opts}
    if before:
        f["before"] = before
    return f, kind


def one(seed):
    rng = random.Random(5000 + seed)
    calls = Calls()
    opts = {"permission_mode": "bypassPermissions"}
    model = rng.choice(MODELS)
    if model:
        opts["model"] = model
    if rng.random() < 0.2:
        opts["max_turns"] = rng.choice([1, 2])
    if rng.random() < 0.15:
        opts["system_prompt"] = "Be brief."
    queries = rng.choice([2, 2, 3, 3, 4])
    then, kinds = [], []
    for q in range(2, queries + 1):
        f, kind = follow_up(rng, q)
        then.append(f)
        kinds.append(kind)
    n = rng.choice([3, 4, 5, 6])
    responses = [answer(rng, calls, i == 0) for i in range(n)]
    s = scenario_files.scenario(
        "fe_", "%03d" % seed,
        "Seed %d: a session over %d queries (%s)." % (seed, queries, ", ".join(kinds)),
        responses, opts, prompt="Do the task", mode=None)
    s["then"] = then
    s["env"] = {"CLAUDE_CODE_MAX_RETRIES": "0"}
    s["files"] = dict(FILES)
    s["timeout_s"] = 120
    if rng.random() < 0.2:
        s["session_store"] = {"fail_append": False}
    return s


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 371
    unsteady = {96, 101, 130, 169, 170, 187, 212, 249, 253, 268, 349, 354}  # their two recordings differed: calls side by side finish in either order
    seeds = [i for i in range(1, count + 1) if i not in unsteady]
    # Later seeds drawn to look for rules not yet met (800-807, 900-907, 1000-1007).
    later = list(range(800, 808)) + list(range(900, 908)) + list(range(1000, 1008))
    scenario_files.write(HERE, "fe_", [one(i) for i in seeds + later])
