#!/usr/bin/env python3
"""Writes the SendMessage scenarios: an agent that finished is continued by its id or by the
`name` its Agent call gave it; an unknown `to`; an empty message; the tools option with and
without SendMessage; default permission mode; a continued agent that uses a tool.

The agent's id is random: "<AGENT_ID>" in a scripted response is replaced by the scripted
server (mock_ids.py, run through run_sendmsg.py) with the last agentId the request carries.
Each answer is chosen by `match`; the continued agent's answer waits 4 s so that the parent's
own answer to the SendMessage result comes first."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
FILES = {"a.txt": "alpha-content\n"}
HOOKS = {e: [{"matcher": None, "behavior": "log_all"}]
         for e in ["PreToolUse", "PostToolUse", "SubagentStart", "SubagentStop", "Stop"]}


def tool(tid, name, inp):
    return {"type": "tool_use", "id": tid, "name": name, "input": inp}


def text(t):
    return {"type": "text", "text": t}


def resp(*blocks, match=None, **kw):
    r = {"match": match} if match else {}
    r["content"] = list(blocks)
    r.update(kw)
    return r


def agent(**extra):
    inp = {"description": "Read a file", "prompt": "SUB-PROMPT-A: read a.txt",
           "subagent_type": "general-purpose", "run_in_background": False}
    inp.update(extra)
    return tool("toolu_A1", "Agent", inp)


def send(to, message="SUB-FOLLOW-A: and now say more", summary="ask for more"):
    inp = {"to": to, "message": message}
    if summary is not None:
        inp["summary"] = summary
    return tool("toolu_M1", "SendMessage", inp)


def write(name, desc, responses, options=None, behaviors=None):
    s = {"name": name, "description": desc, "prompt": "PARENT-PROMPT: delegate.",
         "options": options or {"permission_mode": "bypassPermissions"},
         "files": FILES, "responses": responses,
         "default": {"content": [text("DEFAULT-ANSWER")]}, "timeout_s": 150,
         # An Agent result's harnessSectionHash digests the reference's own prompt text.
         "compare_ignore": ["messages[*].tool_use_result.harnessSectionHash",
                            "callbacks[*].input.tool_response.harnessSectionHash"]}
    if behaviors:
        s["behaviors"] = behaviors
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        json.dump(s, f, indent=1)
        f.write("\n")


FIRST = [resp(text("Delegating."), agent(), match="PARENT-PROMPT"),
         resp(text("SUB-ANSWER-A: alpha seen"), match="SUB-PROMPT-A")]
CONTINUED = [resp(text("PARENT-WAITING"), match="Resuming agent"),
             resp(text("SUB-ANSWER-A2: more said"), match="SUB-FOLLOW-A", delay_ms=4000),
             resp(text("PARENT-DONE"), match="SUB-ANSWER-A2")]

write("sendmsg_continue_by_id", "A foreground agent finished; SendMessage to its agentId continues it in the background (hooks logged).",
      FIRST + [resp(send("<AGENT_ID>"), match="SUB-ANSWER-A")] + CONTINUED, behaviors={"hooks": HOOKS})
write("sendmsg_continue_by_name", "The Agent call names the agent; SendMessage to that name continues it.",
      [resp(text("Delegating."), agent(name="helper"), match="PARENT-PROMPT"), FIRST[1],
       resp(send("helper"), match="SUB-ANSWER-A")] + CONTINUED)
write("sendmsg_unknown_name", "SendMessage to a name no agent has.",
      FIRST + [resp(send("no-such-agent"), match="SUB-ANSWER-A"), resp(text("PARENT-DONE"), match="is reachable")])
write("sendmsg_unknown_id", "SendMessage to an id-like name no agent has.",
      FIRST + [resp(send("a0123456789abcdef"), match="SUB-ANSWER-A"), resp(text("PARENT-DONE"), match="is reachable")])
write("sendmsg_empty_message", "SendMessage with an empty message.",
      FIRST + [resp(send("<AGENT_ID>", message=""), match="SUB-ANSWER-A"), resp(text("PARENT-DONE"), match="must not be empty")])
write("sendmsg_no_summary", "SendMessage without a summary.",
      FIRST + [resp(send("<AGENT_ID>", summary=None), match="SUB-ANSWER-A")] + CONTINUED)
write("sendmsg_default_mode", "SendMessage in default permission mode, no can_use_tool: allowed without asking.",
      FIRST + [resp(send("<AGENT_ID>"), match="SUB-ANSWER-A")] + CONTINUED, options={"permission_mode": "default"})
write("sendmsg_tools_without", "tools=[Agent, Read]: no SendMessage in the session.",
      FIRST + [resp(send("<AGENT_ID>"), match="SUB-ANSWER-A"), resp(text("PARENT-DONE"), match="SendMessage")],
      options={"permission_mode": "bypassPermissions", "tools": ["Agent", "Read"]})
write("sendmsg_tools_with", "tools=[Agent, Read, SendMessage].",
      FIRST + [resp(send("<AGENT_ID>"), match="SUB-ANSWER-A")] + CONTINUED,
      options={"permission_mode": "bypassPermissions", "tools": ["Agent", "Read", "SendMessage"]})
write("sendmsg_continued_uses_tool", "The continued agent reads a file before it answers (hooks logged).",
      FIRST + [resp(send("<AGENT_ID>", message="SUB-FOLLOW-A: read a.txt again"), match="SUB-ANSWER-A"),
               resp(text("PARENT-WAITING"), match="Resuming agent"),
               resp(tool("toolu_S2", "Read", {"file_path": "<WS>/a.txt"}), match="SUB-FOLLOW-A", delay_ms=4000),
               resp(text("SUB-ANSWER-A2: reread"), match="alpha-content"),
               resp(text("PARENT-DONE"), match="SUB-ANSWER-A2")], behaviors={"hooks": HOOKS})
write("sendmsg_after_resume", "A foreground agent finished in a first query; a resumed query sends it a message by its id.",
      FIRST + [resp(text("PARENT-FIRST-DONE"), match="SUB-ANSWER-A"),
               resp(send("<AGENT_ID>"), match="PARENT-AGAIN")] + CONTINUED)
