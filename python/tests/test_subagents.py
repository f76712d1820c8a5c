"""Subagents through the Python face, against ``oxagent mock-server``: a custom agent from
``agents=``, its messages marked with the Agent call, its report as the call's result, a
background agent's notification turn, and ``get_server_info()["agents"]``."""

from __future__ import annotations

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
