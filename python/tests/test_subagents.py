"""Subagents through the Python face, against ``oxagent mock-server``: a custom agent from
``agents=``, its messages marked with the Agent call, its report as the call's result, a
background agent's notification turn, and ``get_server_info()["agents"]``."""

from __future__ import annotations

import hashlib
import json

import pytest
from conftest import requires_native, text_turn

from claude_agent_sdk import (
    AgentDefinition,
    AssistantMessage,
    ClaudeAgentOptions,
    ClaudeSDKClient,
    ResultMessage,
    StreamEvent,
    SystemMessage,
    TaskNotificationMessage,
    TaskStartedMessage,
    ToolResultBlock,
    ToolUseBlock,
    UserMessage,
    query,
)

pytestmark = [requires_native, pytest.mark.anyio]

REVIEWER = AgentDefinition(description="Reads one file and reports.", prompt="REVIEWER-SYSTEM", tools=["Read"])


def agent_call(background: bool) -> dict:
    return {"match": "PARENT-PROMPT", "content": [{"type": "tool_use", "id": "toolu_A1", "name": "Agent", "input": {
        "description": "Read a", "prompt": "SUB-PROMPT: read a.txt", "subagent_type": "reviewer",
        "run_in_background": background}}]}


def subagent_turns(tmp_path) -> list[dict]:
    return [
        {"match": "SUB-PROMPT", "content": [{"type": "tool_use", "id": "toolu_S1", "name": "Read",
                                             "input": {"file_path": str(tmp_path / "a.txt")}}]},
        {"match": "alpha-content", **text_turn("SUB-ANSWER: alpha seen")},
    ]


def options(server, tmp_path, **kw):
    return ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(), permission_mode="bypassPermissions",
                              agents={"reviewer": REVIEWER}, **kw)


async def test_a_foreground_agent_reports_back_as_the_calls_result(mock_server, tmp_path):
    (tmp_path / "a.txt").write_text("alpha-content\n")
    server = mock_server({"responses": [agent_call(False), *subagent_turns(tmp_path),
                                        {"match": "SUB-ANSWER", **text_turn("PARENT-DONE")}]})
    messages = [m async for m in query(prompt="PARENT-PROMPT", options=options(server, tmp_path))]

    init = messages[0]
    assert isinstance(init, SystemMessage) and init.subtype == "init"
    assert "reviewer" in init.data["agents"] and init.data["tools"][0] == "Task"
    started = next(m for m in messages if isinstance(m, TaskStartedMessage))
    assert (started.description, started.tool_use_id) == ("Read a", "toolu_A1")
    # The subagent's own calls reach the caller marked with the Agent call.
    inner = [m for m in messages if isinstance(m, AssistantMessage) and m.parent_tool_use_id == "toolu_A1"]
    assert [b.name for m in inner for b in m.content if isinstance(b, ToolUseBlock)] == ["Read"]
    hand_back = next(m for m in messages if isinstance(m, UserMessage) and m.parent_tool_use_id is None
                     and isinstance(m.content, list) and isinstance(m.content[0], ToolResultBlock)
                     and m.content[0].tool_use_id == "toolu_A1")
    assert "SUB-ANSWER: alpha seen" in json.dumps(hand_back.content[0].content)
    assert hand_back.tool_use_result["status"] == "completed"
    assert hand_back.tool_use_result["agentType"] == "reviewer"
    assert hand_back.tool_use_result["toolsUsed"] == ["Read"]
    # The fingerprint of the result's blocks, computed as the reference computes it.
    blocks = hand_back.tool_use_result["content"]
    digest = hashlib.sha256(str(len(blocks)).encode())
    for block in blocks:
        digest.update(f":{len(block['text'].encode('utf-16-le')) // 2}:".encode())
        digest.update(block["text"].encode())
    assert hand_back.tool_use_result["harnessSectionHash"] == digest.hexdigest()[:16]
    result = messages[-1]
    assert isinstance(result, ResultMessage) and result.result == "PARENT-DONE"
    # Two parent requests and two of the subagent's, 100 in / 20 out each on the default model.
    assert result.total_cost_usd == pytest.approx(4 * (100 * 4 + 20 * 20) / 1e6)


async def test_a_background_agent_wakes_the_session_when_it_ends(mock_server, tmp_path):
    (tmp_path / "a.txt").write_text("alpha-content\n")
    # The agent's first answer is slow: it still runs when the parent's turn ends.
    slow_first, rest = subagent_turns(tmp_path)
    server = mock_server({"responses": [agent_call(True), {"match": "Async agent launched", **text_turn("PARENT-WAITING")},
                                        {**slow_first, "delay_ms": 800}, rest,
                                        {"match": "task-notification", **text_turn("PARENT-AFTER")}]})
    messages = [m async for m in query(prompt="PARENT-PROMPT", options=options(server, tmp_path))]

    results = [m for m in messages if isinstance(m, ResultMessage)]
    assert [r.result for r in results] == ["PARENT-WAITING", "PARENT-AFTER"]
    note = next(m for m in messages if isinstance(m, TaskNotificationMessage))
    assert note.status == "completed" and note.summary == "SUB-ANSWER: alpha seen"
    # A string prompt without callbacks: the first result is held until the follow-up turn.
    assert messages.index(results[0]) == len(messages) - 2


async def test_server_info_lists_the_agents(mock_server, tmp_path):
    server = mock_server({"responses": [text_turn("hi")]})
    async with ClaudeSDKClient(options(server, tmp_path)) as client:
        info = await client.get_server_info()
    names = [a["name"] for a in info["agents"]]
    assert names == ["claude", "Explore", "general-purpose", "Plan", "reviewer", "statusline-setup"]
    assert next(a for a in info["agents"] if a["name"] == "reviewer")["description"] == "Reads one file and reports."


def fork_call(tmp_path) -> list[dict]:
    return [
        {"match": "PARENT-PROMPT", "content": [
            {"type": "text", "text": "Forking."},
            {"type": "tool_use", "id": "toolu_A1", "name": "Agent", "input": {
                "description": "Read a", "prompt": "SUB-PROMPT: read a.txt", "subagent_type": "fork",
                "run_in_background": False}}]},
        # Only the fork's request carries its directive.
        {"match": "Your directive: SUB-PROMPT", "content": [
            {"type": "tool_use", "id": "toolu_S1", "name": "Read", "input": {"file_path": str(tmp_path / "a.txt")}}]},
        {"match": "alpha-content", **text_turn("SUB-ANSWER: alpha seen")},
        {"match": "SUB-ANSWER", **text_turn("PARENT-DONE")},
    ]


async def test_a_fork_runs_as_its_caller_and_reports_back(mock_server, tmp_path):
    (tmp_path / "a.txt").write_text("alpha-content\n")
    server = mock_server({"responses": fork_call(tmp_path)})
    messages = [m async for m in query(prompt="PARENT-PROMPT", options=options(server, tmp_path))]

    assert "fork" not in messages[0].data["agents"]
    started = next(m for m in messages if isinstance(m, TaskStartedMessage))
    assert started.data["subagent_type"] == "fork"
    # A fork's prompt is its caller's conversation: no prompt message of its own.
    marked = [m for m in messages if getattr(m, "parent_tool_use_id", None) == "toolu_A1"]
    assert [type(m).__name__ for m in marked] == ["AssistantMessage", "UserMessage"]
    hand_back = next(m for m in messages if isinstance(m, UserMessage) and m.parent_tool_use_id is None
                     and isinstance(m.content, list) and isinstance(m.content[0], ToolResultBlock))
    assert hand_back.tool_use_result["agentType"] == "fork"
    assert hand_back.tool_use_result["resolvedModel"] == messages[0].data["model"]
    assert messages[-1].result == "PARENT-DONE"


async def test_with_partial_messages_the_prompt_follows_the_next_stream_event(mock_server, tmp_path):
    (tmp_path / "a.txt").write_text("alpha-content\n")
    server = mock_server({"responses": [agent_call(False), *subagent_turns(tmp_path),
                                        {"match": "SUB-ANSWER", **text_turn("PARENT-DONE")}]})
    messages = [m async for m in query(prompt="PARENT-PROMPT",
                                       options=options(server, tmp_path, include_partial_messages=True))]

    def label(m):
        if isinstance(m, StreamEvent):
            return m.event["type"]
        if isinstance(m, UserMessage) and m.parent_tool_use_id == "toolu_A1":
            return "prompt"
        return type(m).__name__
    start = next(i for i, m in enumerate(messages) if isinstance(m, TaskStartedMessage))
    assert [label(m) for m in messages[start - 2:start + 4]] == [
        "AssistantMessage", "content_block_stop", "TaskStartedMessage", "message_delta", "prompt", "message_stop"]
    # The subagent's own requests stream nothing to the caller.
    assert all(m.parent_tool_use_id is None for m in messages if isinstance(m, StreamEvent))


async def test_send_message_continues_a_finished_agent_by_its_name(mock_server, tmp_path):
    (tmp_path / "a.txt").write_text("alpha-content\n")
    call = agent_call(False)
    call["content"][0]["input"]["name"] = "helper"
    send = {"match": "SUB-ANSWER: alpha seen", "content": [{"type": "tool_use", "id": "toolu_M1", "name": "SendMessage",
                                                           "input": {"to": "helper", "message": "SUB-FOLLOW: say more"}}]}
    server = mock_server({"responses": [call, *subagent_turns(tmp_path), send,
                                        {"match": "Resuming agent helper", **text_turn("PARENT-WAITING")},
                                        {"match": "SUB-FOLLOW", **text_turn("SUB-ANSWER-2: more"), "delay_ms": 500},
                                        {"match": "SUB-ANSWER-2", **text_turn("PARENT-DONE")}]})
    messages = [m async for m in query(prompt="PARENT-PROMPT", options=options(server, tmp_path))]

    answer = next(m for m in messages if isinstance(m, UserMessage) and isinstance(m.content, list)
                  and isinstance(m.content[0], ToolResultBlock) and m.content[0].tool_use_id == "toolu_M1")
    agent_id = answer.tool_use_result["resumedAgentId"]
    assert json.loads(answer.content[0].content[0]["text"]) == {
        "success": True, "message": "Resuming agent helper", "resumedAgentId": agent_id,
        "pin": {"id": agent_id, "name": "helper", "ref": answer.tool_use_result["pin"]["ref"]}}
    # The agent runs on in the background under its own id, its messages still marked with
    # the Agent call that started it.
    started = [m for m in messages if isinstance(m, TaskStartedMessage)]
    assert [(s.task_id, s.tool_use_id, s.data["is_backgrounded"]) for s in started] == [
        (agent_id, "toolu_A1", False), (agent_id, "toolu_M1", True)]
    again = [m for m in messages if isinstance(m, AssistantMessage) and m.parent_tool_use_id == "toolu_A1"]
    assert [b.text for b in again[-1].content] == ["SUB-ANSWER-2: more"]
    assert [r.result for r in messages if isinstance(r, ResultMessage)] == ["PARENT-WAITING", "PARENT-DONE"]


async def test_send_message_to_nobody_says_so(mock_server, tmp_path):
    send = {"content": [{"type": "tool_use", "id": "toolu_M1", "name": "SendMessage",
                         "input": {"to": "nobody", "message": "hello"}}]}
    server = mock_server({"responses": [send, text_turn("DONE")]})
    messages = [m async for m in query(prompt="go", options=options(server, tmp_path))]
    answer = next(m for m in messages if isinstance(m, UserMessage) and isinstance(m.content, list)
                  and isinstance(m.content[0], ToolResultBlock))
    assert answer.tool_use_result == {"success": False, "message": "No agent named 'nobody' is reachable.\n"
                                      "Use ListAgents to see everyone you can message.",
                                      "display": "Not sent \u2014 no agent named 'nobody' is reachable."}
    assert not answer.content[0].is_error


def running_worker_script(sub_turns: list[dict]) -> dict:
    """The parent starts a background agent named worker and, at once, sends it a message."""
    return {"responses": [
        {"match": "PARENT-PROMPT", "content": [{"type": "tool_use", "id": "toolu_A1", "name": "Agent", "input": {
            "description": "Work", "prompt": "SUB-PROMPT: work", "subagent_type": "general-purpose",
            "name": "worker", "run_in_background": True}}]},
        {"match": "Async agent launched", "content": [{"type": "tool_use", "id": "toolu_M1", "name": "SendMessage",
                                                       "input": {"to": "worker", "message": "SUB-FOLLOW: also this"}}]},
        {"match": "queued for delivery", **text_turn("PARENT-WAITING")},
        *sub_turns,
        {"match": "SUB-ANSWER-2", **text_turn("PARENT-DONE-2")},
        {"match": "SUB-ANSWER", **text_turn("PARENT-DONE")},
    ]}


def queued_answer(messages) -> dict:
    result = next(b for m in messages if isinstance(m, UserMessage) and isinstance(m.content, list)
                  for b in m.content if isinstance(b, ToolResultBlock) and b.tool_use_id == "toolu_M1")
    return json.loads(result.content[0]["text"])


async def test_a_message_to_a_running_agent_is_read_after_its_next_tool_round(mock_server, tmp_path):
    # Deliberately unlike the reference, which answers "queued" and never delivers
    # (tests/conformance/sendmsg/SPEC.md): the message reaches the agent with its round's results.
    server = mock_server(running_worker_script([
        {"match": "SUB-PROMPT", "content": [{"type": "tool_use", "id": "toolu_S1", "name": "Bash",
                                             "input": {"command": "sleep 1; echo ROUND1"}}]},
        {"match": "ROUND1", **text_turn("SUB-ANSWER: saw it")},
    ]))
    messages = [m async for m in query(prompt="PARENT-PROMPT", options=options(server, tmp_path))]
    answer = queued_answer(messages)
    assert answer["success"] is True
    assert answer["message"].startswith("Message queued for delivery to worker at its next tool round.")
    assert answer["pin"]["name"] == "worker"
    sub = [r for r in server.requests() if "SUB-PROMPT" in json.dumps(r["messages"][0])]
    assert len(sub) == 2
    last_turn = sub[1]["messages"][-1]["content"]
    assert [b["type"] for b in last_turn][:1] == ["tool_result"]
    assert ("The coordinator sent a message while you were working:\nSUB-FOLLOW: also this\n\n"
            "Address this before completing your current task.") in [b.get("text") for b in last_turn]
    assert [m.result for m in messages if isinstance(m, ResultMessage)][-1] == "PARENT-DONE"


async def test_an_agent_that_ends_before_reading_its_message_is_continued_with_it(mock_server, tmp_path):
    # Its last answer is slow and calls no tool: the message comes too late for a round, so
    # it runs again with the message once it ends, and notifies again.
    server = mock_server(running_worker_script([
        {"match": "SUB-FOLLOW", **text_turn("SUB-ANSWER-2: followed up")},
        {"match": "SUB-PROMPT", **text_turn("SUB-ANSWER: done early"), "delay_ms": 1500},
    ]))
    messages = [m async for m in query(prompt="PARENT-PROMPT", options=options(server, tmp_path))]
    assert queued_answer(messages)["success"] is True
    started = [m for m in messages if isinstance(m, TaskStartedMessage)]
    assert [s.tool_use_id for s in started] == ["toolu_A1", "toolu_M1"]
    assert started[0].task_id == started[1].task_id
    notes = [m for m in messages if isinstance(m, TaskNotificationMessage)]
    assert [n.summary for n in notes] == ["SUB-ANSWER: done early", "SUB-ANSWER-2: followed up"]
    followed = [r for r in server.requests() if "SUB-FOLLOW" in json.dumps(r["messages"][-1])
                and "SUB-PROMPT" in json.dumps(r["messages"][0])]
    assert len(followed) == 1
    assert [m.result for m in messages if isinstance(m, ResultMessage)][-1] == "PARENT-DONE-2"


async def test_a_subagent_keeps_its_own_record_of_the_files_it_read(mock_server, tmp_path):
    """fuzz-l/fl_pin_agent_*: a subagent knows nothing of what its caller read (its Edit says
    nothing of the file's state), and the caller's view of a file the subagent changed is
    stale."""
    (tmp_path / "a.txt").write_text("alpha one\n")
    path = str(tmp_path / "a.txt")
    call = lambda i, name, inp: {"content": [  # noqa: E731
        {"type": "tool_use", "id": f"t{i}", "name": name, "input": inp}]}
    server = mock_server({"responses": [
        call(1, "Read", {"file_path": path}),
        call(2, "Agent", {"description": "Edit", "prompt": "Do it.",
                          "subagent_type": "general-purpose", "run_in_background": False}),
        call(3, "Edit", {"file_path": path, "old_string": "alpha", "new_string": "ALPHA"}),
        text_turn("Sub done."),
        call(4, "Edit", {"file_path": path, "old_string": "one", "new_string": "ONE"}),
        text_turn("Done."),
    ]})
    opts = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(),
                              permission_mode="bypassPermissions")
    messages = [m async for m in query(prompt="Go", options=opts)]
    results = {b.tool_use_id: b.content for m in messages if isinstance(m, UserMessage)
               and isinstance(m.content, list) for b in m.content if isinstance(b, ToolResultBlock)}
    assert results["t3"] == f"The file {path} has been updated successfully."
    assert results["t4"].startswith(
        f"The file {path} has been updated successfully. (note: the file had been modified on "
        "disk since you last read it")
    assert (tmp_path / "a.txt").read_text() == "ALPHA ONE\n"


@pytest.mark.parametrize("depth, nested_runs", [("1", False), ("2", True)])
async def test_the_spawn_depth_limit_takes_the_agent_tool_away(mock_server, tmp_path, depth, nested_runs):
    """tests/conformance/spawndepth: an agent as deep as CLAUDE_CODE_MAX_SUBAGENT_SPAWN_DEPTH
    has no Agent tool."""
    from claude_agent_sdk import AgentDefinition, UserMessage, query, ClaudeAgentOptions

    def agent_call(tid, prompt):
        return {"type": "tool_use", "id": tid, "name": "Agent", "input": {
            "description": "Help", "prompt": prompt, "subagent_type": "helper", "run_in_background": False}}

    server = mock_server({"responses": [
        {"match": "Go", "content": [agent_call("t1", "SUB-A")]},
        {"match": "SUB-A", "content": [agent_call("t2", "SUB-B")]},
        {"match": "SUB-B", **text_turn("DEEP")},
    ], "default": text_turn("Done.")})
    opts = ClaudeAgentOptions(
        cwd=str(tmp_path), permission_mode="bypassPermissions",
        agents={"helper": AgentDefinition(description="Helps", prompt="HELPER", tools=["Agent", "Read"])},
        env={**server.env(), "HOME": str(tmp_path), "CLAUDE_CODE_MAX_SUBAGENT_SPAWN_DEPTH": depth})
    messages = [m async for m in query(prompt="Go", options=opts)]
    refusal = ("<tool_use_error>Error: No such tool available: Agent. Agent is not among the tools "
               "available here. Continue with the tools you have.</tool_use_error>")
    results = [b.content for m in messages if isinstance(m, UserMessage) and isinstance(m.content, list)
               for b in m.content if getattr(b, "tool_use_id", None) == "t2"]
    assert (results == [refusal]) != nested_runs
    asked = [r for r in server.requests() if "SUB-B" in json.dumps(r["messages"][0])]
    assert bool(asked) == nested_runs
