"""Driver for the subagent CONTROL scenarios (interrupt / stop_task while a subagent runs).

The shared driver.py runs query() with a string prompt, which has no way to interrupt. This
one uses ClaudeSDKClient (the public API: connect, query, receive_messages, interrupt,
stop_task) and writes the same RAW record as driver.py, so the shared normalize.py builds the
trace. It reuses the shared driver's option building (imported from $CONFORMANCE_SHARED).

Scenario key "control":
  {"on": "task_started",          # trigger: the first message of that system subtype, or
                                  # "result" (the first ResultMessage)
   "action": "interrupt" | "stop_task",   # stop_task: client.stop_task(<task_id of the first
                                  # task_started message>)
   "delay_s": 0.3,                # wait after the trigger before acting
   "then_prompt": "...",          # optional second prompt on the same client after the first result
   "idle_s": 4}                   # after the last expected result, keep reading this long
Run through run_control.py (which points run.py at this file).
"""
import asyncio
import importlib.util
import json
import os
import sys
import time

SHARED = os.environ.get("CONFORMANCE_SHARED", "/work/shared/conformance")
spec = importlib.util.spec_from_file_location("shared_driver", os.path.join(SHARED, "driver.py"))
D = importlib.util.module_from_spec(spec)
spec.loader.exec_module(D)  # reads sys.argv[1:4] like driver.py

SCEN, OUT = D.SCEN, D.OUT
CTRL = SCEN.get("control") or {}


def trigger_of(d):
    """"result" for a ResultMessage, else the system subtype (task_started, ...)."""
    if d.get("__class__") == "ResultMessage":
        return "result"
    return d.get("subtype") or (d.get("data") or {}).get("subtype")


async def main():
    from claude_agent_sdk import ClaudeSDKClient

    record = {"messages": [], "exception": None, "callbacks": D.CALLBACK_LOG, "control_log": []}
    t0 = time.time()
    stderr_lines = []
    try:
        options, stderr_lines = D.build_options()
        prompts = [SCEN["prompt"]] + ([CTRL["then_prompt"]] if CTRL.get("then_prompt") else [])
        async with ClaudeSDKClient(options=options) as client:
            fired = False
            results = 0
            task_id = None  # of the first task_started: the target of stop_task
            await client.query(prompts[0])
            record["control_log"].append({"t": round(time.time() - t0, 3), "event": "query", "n": 1})
            it = client.receive_messages().__aiter__()
            while True:
                timeout = CTRL.get("idle_s", 4) if results >= len(prompts) else 120
                try:
                    m = await asyncio.wait_for(it.__anext__(), timeout)
                except (asyncio.TimeoutError, StopAsyncIteration):
                    break
                d = D.to_jsonable(m)
                if not isinstance(d, dict) or "__class__" not in d:
                    d = {"__class__": type(m).__name__, "value": d}
                d["__t"] = round(time.time() - t0, 3)
                record["messages"].append(d)
                if trigger_of(d) == "task_started" and task_id is None:
                    task_id = d.get("task_id") or (d.get("data") or {}).get("task_id")
                if not fired and trigger_of(d) == CTRL.get("on"):
                    fired = True
                    await asyncio.sleep(CTRL.get("delay_s", 0.3))
                    action = CTRL.get("action", "interrupt")
                    if action == "interrupt":
                        await client.interrupt()
                    elif action == "stop_task":
                        await client.stop_task(task_id)
                    record["control_log"].append({"t": round(time.time() - t0, 3), "event": action,
                                                  "after_message": len(record["messages"]) - 1})
                if d["__class__"] == "ResultMessage":
                    results += 1
                    if results < len(prompts):
                        await client.query(prompts[results])
                        record["control_log"].append({"t": round(time.time() - t0, 3),
                                                      "event": "query", "n": results + 1})
    except BaseException as e:  # noqa: BLE001
        record["exception"] = D.exc_record(e)
    record["stderr_tail"] = stderr_lines[-50:]
    record["elapsed_s"] = round(time.time() - t0, 3)
    with open(OUT, "w") as f:
        json.dump(record, f, indent=1, default=repr)


if __name__ == "__main__":
    asyncio.run(main())
