"""More rules found by probing one input at a time (tests/conformance/edges), through the Python
face against ``oxagent mock-server``: what a resumed session knows of the files it showed the
model, a PreToolUse hook's rewritten input beside another hook's ask, a shell removal of a path
an Edit rule names, a failed prompt joined to the next, and ``/compact`` after a summary."""

from __future__ import annotations

import pytest
from conftest import run_query as run, requires_native, text_turn, tool_turn

from claude_agent_sdk import (
    ClaudeAgentOptions,
    HookMatcher,
    PermissionResultAllow,
    ResultMessage,
    SystemMessage,
    ToolResultBlock,
    UserMessage,
    query,
)

pytestmark = [requires_native, pytest.mark.anyio]

SUMMARY = {"content": [{"type": "text", "text": "<summary>\nS.\n</summary>"}],
           "match": "Your task is to create a detailed summary of the conversation so far"}
CURRENT = "(file state is current in your context — no need to Read it back)"


@pytest.fixture
def work(tmp_path):
    path = tmp_path / "ws"
    path.mkdir()
    (path / "notes.txt").write_text("alpha\nbeta\ngamma\n")
    return path




def result_of(messages, tool_id):
    for m in messages:
        if isinstance(m, UserMessage) and isinstance(m.content, list):
            for b in m.content:
                if isinstance(b, ToolResultBlock) and b.tool_use_id == tool_id:
                    return b
    raise AssertionError(f"no result for {tool_id}")


def edit(work, i):
    return tool_turn(f"toolu_{i}", "Edit", {"file_path": str(work / "notes.txt"), "old_string": "beta",
                                           "new_string": "BETA"})


@pytest.mark.parametrize(("first", "expected"), [
    ({"file_path": "notes.txt"}, f"has been updated successfully. {CURRENT}"),
    ({"file_path": "notes.txt", "limit": 1}, "has been updated successfully."),
])
async def test_a_resumed_session_knows_what_its_conversation_read(mock_server, work, first, expected):
    first = {**first, "file_path": str(work / first["file_path"])}
    server = mock_server({"responses": [tool_turn("toolu_1", "Read", first), text_turn("q1."),
                                        edit(work, 9), text_turn("q2.")]})
    one = await run(server, work, model="claude-sonnet-4-5")
    session = one[-1].session_id
    two = await run(server, work, prompt="Again", model="claude-sonnet-4-5", resume=session)
    block = result_of(two, "toolu_9")
    assert not block.is_error
    assert block.content.endswith(expected)
    assert (work / "notes.txt").read_text() == "alpha\nBETA\ngamma\n"


async def test_a_file_the_conversation_never_showed_stays_unread(mock_server, work):
    server = mock_server({"responses": [tool_turn("toolu_1", "Bash", {"command": "cat notes.txt"}), text_turn("q1."),
                                        edit(work, 9), text_turn("q2.")]})
    one = await run(server, work, model="claude-sonnet-4-5")
    two = await run(server, work, prompt="Again", model="claude-sonnet-4-5", resume=one[-1].session_id)
    block = result_of(two, "toolu_9")
    assert block.is_error and "File has not been read yet" in block.content


async def test_a_file_touched_after_the_read_has_changed_since(mock_server, work):
    write = tool_turn("toolu_9", "Write", {"file_path": str(work / "notes.txt"), "content": "new\n"})
    server = mock_server({"responses": [tool_turn("toolu_1", "Read", {"file_path": str(work / "notes.txt")}),
                                        tool_turn("toolu_2", "Bash", {"command": "sleep 1; touch notes.txt"}),
                                        text_turn("q1."), write, text_turn("q2.")]})
    one = await run(server, work, model="claude-sonnet-4-5")
    two = await run(server, work, prompt="Again", model="claude-sonnet-4-5", resume=one[-1].session_id)
    block = result_of(two, "toolu_9")
    assert block.is_error and "modified since read" in block.content
    assert (work / "notes.txt").read_text() == "alpha\nbeta\ngamma\n"


@pytest.mark.parametrize(("order", "ran"), [("ask_first", "orig"), ("rewrite_first", "by-hook")])
async def test_a_rewritten_input_goes_with_its_decision(mock_server, work, order, ran):
    async def ask(_input, _id, _ctx):
        return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask"}}

    async def rewrite(_input, _id, _ctx):
        return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow",
                                       "updatedInput": {"command": "echo by-hook"}}}

    asked = []

    async def can_use_tool(name, tool_input, _ctx):
        asked.append(tool_input["command"])
        return PermissionResultAllow()

    hooks = [HookMatcher(matcher="Bash", hooks=[ask]), HookMatcher(matcher=None, hooks=[rewrite])]
    if order == "rewrite_first":
        hooks.reverse()
    server = mock_server({"responses": [tool_turn("toolu_1", "Bash", {"command": "echo orig"}), text_turn("Done.")]})

    async def prompt():
        yield {"type": "user", "message": {"role": "user", "content": "Go"}}

    opts = ClaudeAgentOptions(cwd=str(work), env={**server.env(), "HOME": str(work.parent / "home")},
                              permission_mode="default", hooks={"PreToolUse": hooks}, can_use_tool=can_use_tool)
    messages = [m async for m in query(prompt=prompt(), options=opts)]
    assert asked == [f"echo {ran}"]
    assert result_of(messages, "toolu_1").content == ran


@pytest.mark.parametrize(("allowed", "text"), [
    (["Edit", "Edit(src/**)"], "This command requires approval"),
    (["Edit"], "rm in '{ws}/src/lib' needs approval."),
])
async def test_a_removal_an_edit_rule_covers_is_asked_as_any_command(mock_server, work, allowed, text):
    (work / "src" / "lib").mkdir(parents=True)
    server = mock_server({"responses": [tool_turn("toolu_1", "Bash", {"command": "rm -rf src/lib"}),
                                        text_turn("Done.")]})
    messages = await run(server, work, permission_mode="default", allowed_tools=allowed)
    block = result_of(messages, "toolu_1")
    assert block.is_error and block.content.startswith(text.format(ws=work))
    assert (work / "src" / "lib").is_dir()


@pytest.mark.parametrize(("model", "joined"), [("claude-sonnet-4-5", "Do the task"), ("claude-opus-4-1", "Do the task\n")])
async def test_a_failed_prompt_joins_the_next(mock_server, work, model, joined):
    server = mock_server({"responses": [{"error": {"status": 503, "type": "api_error", "message": "Unavailable"}},
                                        text_turn("ok")]})
    env = {"CLAUDE_CODE_MAX_RETRIES": "0"}
    one = await run(server, work, prompt="Do the task", env=env, model=model)
    await run(server, work, prompt="And now?", env=env, model=model, resume=one[-1].session_id)
    texts = [b["text"] for b in server.requests()[-1]["messages"][0]["content"] if b["type"] == "text"]
    assert joined in texts and texts[-1] == "And now?"


async def test_compact_after_a_summary_keeps_the_latest_round(mock_server, work):
    bash = {"content": [{"type": "text", "text": "R1."},
                        {"type": "tool_use", "id": "toolu_1", "name": "Bash", "input": {"command": "echo r1"}}]}
    server = mock_server({"responses": [bash, text_turn("Done1."), SUMMARY, text_turn("Done2."), SUMMARY]})
    one = await run(server, work, prompt="Start")
    session = one[-1].session_id
    for prompt in ("/compact", "More", "/compact"):
        last = await run(server, work, prompt=prompt, resume=session)
    boundary = next(m for m in last if isinstance(m, SystemMessage) and m.subtype == "compact_boundary")
    assert len(boundary.data["compact_metadata"]["preserved_messages"]["uuids"]) == 1
    assert isinstance(last[-1], ResultMessage)
    # The answer to a prompt goes in the summary request and stays after it.
    sent = server.requests()[-1]["messages"]
    assert [m["role"] for m in sent][-2:] == ["assistant", "user"]
    assert sent[-2]["content"][0]["text"] == "Done2."
