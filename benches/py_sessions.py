"""Runs N concurrent sessions of one prompt each with whichever claude_agent_sdk is installed.

    python py_sessions.py CWD N [PROMPT]

BENCH_REPEAT=R runs the N sessions R times, one batch after the other; BENCH_PARTIAL=1 asks
for partial messages. Prints one JSON line of in-process timings (seconds): `t_start` and
`t_end` (epoch, first and last statement), `import`, `runs` (each batch, query() to its last
message), `stream` (first to last stream event) and `events`. The same program exists for
Node (node_sessions.mjs) and Rust (crates/oxagent/examples/face_sessions.rs). N=0 imports no
SDK: the bare interpreter's start and exit.
"""
import time

T_START = time.time()

import asyncio  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402

T0 = time.perf_counter()
if sys.argv[2] != "0":
    from claude_agent_sdk import ClaudeAgentOptions, ResultMessage, query

IMPORT = time.perf_counter() - T0
PARTIAL = os.environ.get("BENCH_PARTIAL") == "1"
events = []


async def one(cwd, prompt):
    opts = ClaudeAgentOptions(permission_mode="bypassPermissions", cwd=cwd, include_partial_messages=PARTIAL)
    async for m in query(prompt=prompt, options=opts):
        if PARTIAL and type(m).__name__ == "StreamEvent":
            events.append(time.perf_counter())
        if isinstance(m, ResultMessage) and m.is_error:
            raise SystemExit("error result: %s" % m.subtype)


async def main(cwd, n, prompt, repeat):
    runs = []
    for _ in range(repeat if n else 0):
        t = time.perf_counter()
        await asyncio.gather(*(one(cwd, prompt) for _ in range(n)))
        runs.append(time.perf_counter() - t)
    return runs


runs = asyncio.run(main(sys.argv[1], int(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else "Do the task",
                        int(os.environ.get("BENCH_REPEAT", "1"))))
print(json.dumps({"import": IMPORT, "runs": runs, "events": len(events),
                  "stream": events[-1] - events[0] if events else None,
                  "t_start": T_START, "t_end": time.time()}), flush=True)
