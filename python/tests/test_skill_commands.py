"""Command files through the Skill tool, instructions not given twice, a skill only the model may
run typed as a command, and `@path` mentions, through the Python face (tests/conformance/fuzz-m)."""

from __future__ import annotations

import pytest
from conftest import message_texts as texts, requires_native, run_query as run, text_turn, tool_turn

pytestmark = [requires_native, pytest.mark.anyio]


@pytest.fixture
def work(tmp_path):
    path = tmp_path / "ws"
    (path / ".claude" / "commands").mkdir(parents=True)
    (path / ".claude" / "skills" / "quiet").mkdir(parents=True)
    (tmp_path / "home").mkdir()
    (path / ".claude" / "commands" / "echoer.md").write_text(
        "---\nallowed-tools: Bash(echo:*)\ndescription: Echo things\n---\nRun echo $ARGUMENTS.\n")
    (path / ".claude" / "commands" / "hello.md").write_text("Say hello.\n")
    (path / ".claude" / "skills" / "quiet" / "SKILL.md").write_text(
        "---\nname: quiet\ndescription: Model only\nuser-invocable: false\n---\nQUIET-BODY\n")
    (path / "x.txt").write_text("data\n")
    return path


async def test_a_command_file_runs_as_a_skill_and_is_not_given_twice(mock_server, work):
    from claude_agent_sdk import UserMessage

    server = mock_server({"responses": [
        tool_turn("toolu_1", "Skill", {"skill": "echoer", "args": "a.pdf"}),
        tool_turn("toolu_2", "Skill", {"skill": "hello"}),
        tool_turn("toolu_3", "Skill", {"skill": "hello"}),
        text_turn("Done."),
    ]})
    messages = await run(server, work, setting_sources=["project"])
    results = [m for m in messages if isinstance(m, UserMessage) and m.tool_use_result]
    assert results[0].tool_use_result == {"success": True, "commandName": "echoer",
                                          "allowedTools": ["Bash(echo:*)"]}
    shown = [m.content[0].text for m in messages
             if isinstance(m, UserMessage) and not m.tool_use_result and not isinstance(m.content, str)]
    assert shown == ["Run echo a.pdf.\n", "Say hello.\n",
                     "Skill /hello is already loaded above; instructions unchanged."]
    assert messages[-1].subtype == "success"


async def test_a_model_only_skill_typed_is_recorded_for_the_next_prompt(mock_server, work):
    server = mock_server({"responses": [text_turn("Done.")]})
    one = await run(server, work, prompt="/quiet 42", setting_sources=["project"])
    assert one[-1].result == ('This skill can only be invoked by Claude, not directly by users. '
                              'Ask Claude to use the "quiet" skill for you.')
    assert server.requests() == []
    await run(server, work, prompt="hello", setting_sources=["project"], resume=one[-1].session_id)
    told = texts(server.requests()[-1]["messages"][0])
    visible = [t for t in told if not t.startswith("<system-reminder>")]
    assert visible[-3:] == ["/quiet\n", "<local-command-stdout>" + one[-1].result
                            + "</local-command-stdout>\n", "hello"]
    assert visible[-4].startswith("<local-command-caveat>")


async def test_a_mention_attaches_the_file_and_a_later_read_shows_it_whole(mock_server, work):
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Read", {"file_path": str(work / "x.txt")}),
        text_turn("Done."),
    ]})
    await run(server, work, prompt="Look at @x.txt please", setting_sources=[])
    first = texts(server.requests()[0]["messages"][0])
    assert any(t.startswith("<system-reminder>") and "1\tdata\n2\t" in t for t in first)
    assert first[-1] == "Look at @x.txt please"
    results = server.requests()[1]["messages"][2]["content"]
    assert results[0]["content"] == "1\tdata\n2\t"


async def test_two_calls_of_one_response_are_both_given_the_text(mock_server, work):
    from claude_agent_sdk import UserMessage

    server = mock_server({"responses": [
        {"content": [{"type": "tool_use", "id": "toolu_1", "name": "Skill", "input": {"skill": "hello"}},
                     {"type": "tool_use", "id": "toolu_2", "name": "Skill", "input": {"skill": "hello"}}]},
        tool_turn("toolu_3", "Skill", {"skill": "hello"}),
        text_turn("Done."),
    ]})
    messages = await run(server, work, setting_sources=["project"])
    shown = [m.content[0].text for m in messages
             if isinstance(m, UserMessage) and not m.tool_use_result and not isinstance(m.content, str)]
    # The second call of the response does not see the first's text; the next response does.
    assert shown == ["Say hello.\n", "Say hello.\n",
                     "Skill /hello is already loaded above; instructions unchanged."]
