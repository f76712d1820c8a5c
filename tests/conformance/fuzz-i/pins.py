"""Hand-written fuzz-i scenarios (fi_pin_*): each hook answer of the Stop and PostToolBatch
hooks alone and in pairs, after a tool round, to pin what a random seed ran into."""
from scenario_files import txt

READ = {"type": "tool_use", "id": "toolu_01", "name": "Read", "input": {"file_path": "<WS>/notes.txt"}}
BASH = {"type": "tool_use", "id": "toolu_02", "name": "Bash", "input": {"command": "echo hi", "description": "run"}}
FILES = {"notes.txt": "alpha\nbeta\ngamma\n"}
SPECS = {
    "block": {"behavior": "block", "reason": "why-block"},
    "stop": {"behavior": "stop", "reason": "why-stop"},
    "sysmsg": {"behavior": "system_message", "text": "a-note"},
    "ctx": {"behavior": "add_context", "text": "more-context"},
    "log": {"behavior": "log_all"},
}


def pin(name, desc, event, answers, responses, options=None, then=None):
    s = {"name": "fi_pin_" + name, "description": desc, "prompt": "Work on the files",
         "options": dict({"permission_mode": "bypassPermissions"}, **(options or {})),
         "responses": responses, "default": {"content": [txt("Done.")]}, "files": FILES,
         "timeout_s": 120,
         "behaviors": {"hooks": {event: [dict(SPECS[a], matcher=None) for a in answers]}}}
    if then:
        s["then"] = then
    return s


def pins():
    out = []
    again = [{"prompt": "And one more thing.", "options": {"resume": "<SESSION_ID_1>"}}]
    combos = [["block"], ["stop"], ["sysmsg"], ["ctx"], ["block", "stop"], ["block", "sysmsg"],
              ["stop", "sysmsg"], ["ctx", "sysmsg"], ["block", "ctx"]]
    for answers in combos:
        key = "_".join(answers)
        out.append(pin("batch_" + key, "PostToolBatch answering %s after one Read, then a resume." % key,
                       "PostToolBatch", answers, [{"content": [READ]}, {"content": [txt("All finished.")]}],
                       then=again))
        out.append(pin("batch2_" + key, "PostToolBatch answering %s after a Read and a Bash side by side." % key,
                       "PostToolBatch", answers,
                       [{"content": [txt("Looking."), READ, BASH]}, {"content": [txt("All finished.")]}]))
        out.append(pin("stop_" + key, "Stop answering %s after a Read round, max_turns 3, then a resume." % key,
                       "Stop", answers,
                       [{"content": [READ]}, {"content": [txt("All finished.")]}],
                       options={"max_turns": 3}, then=again))
    for answers in (["block", "stop"], ["stop", "block"], ["block", "sysmsg"], ["stop", "ctx"],
                    ["block", "ctx"]):
        key = "_".join(answers)
        out.append(pin("prompt_" + key, "UserPromptSubmit answering %s, then a resume." % key,
                       "UserPromptSubmit", answers, [{"content": [txt("All finished.")]}], then=again))
    for event, answer in (("PreToolUse", "stop"), ("PostToolUse", "stop"), ("PostToolUse", "block")):
        s = pin("batch_after_%s_%s" % (event.lower(), answer),
                "%s answering %s, with a logging PostToolBatch hook, after a Read and a Bash." % (event, answer),
                "PostToolBatch", ["log"], [{"content": [READ, BASH]}, {"content": [txt("All finished.")]}])
        s["behaviors"]["hooks"][event] = [dict(SPECS[answer], matcher="Bash")]
        out.append(s)
    return out
