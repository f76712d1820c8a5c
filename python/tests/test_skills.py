"""The Skill tool and the ``skills`` option through the Python face against the scripted
server: what the model and the host see when a skill runs, when the option leaves it out,
and when its front matter asks for approval."""

from __future__ import annotations

import pytest
from conftest import requires_native, text_turn, tool_turn

from claude_agent_sdk import (
    ClaudeAgentOptions,
    ResultMessage,
    SystemMessage,
    ToolResultBlock,
    UserMessage,
    query,
)

pytestmark = [requires_native, pytest.mark.anyio]


def _skill(root, name: str, front: str = "") -> None:
    folder = root / ".claude" / "skills" / name
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(f"---\nname: {name}\ndescription: {name} things\n{front}---\nDo {name} with $ARGUMENTS.\n")


async def _run(server, tmp_path, **options):
    opts = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(), **options)
    return [m async for m in query(prompt="Go", options=opts)]


async def test_a_skill_launches_and_its_instructions_follow(mock_server, tmp_path):
    _skill(tmp_path, "alpha")
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Skill", {"skill": "alpha", "args": "x"}), text_turn("Done.")]})
    messages = await _run(server, tmp_path)
    users = [m for m in messages if isinstance(m, UserMessage)]
    result, body = users
    block = result.content[0]
    assert isinstance(block, ToolResultBlock) and block.content == "Launching skill: alpha"
    assert result.tool_use_result == {"success": True, "commandName": "alpha"}
    folder = tmp_path / ".claude" / "skills" / "alpha"
    assert body.content[0].text == f"Base directory for this skill: {folder}\n\nDo alpha with x.\n"
    final = messages[-1]
    # The instructions count as a turn of their own.
    assert isinstance(final, ResultMessage) and final.num_turns == 3


async def test_the_skills_option_hides_the_others(mock_server, tmp_path):
    _skill(tmp_path, "alpha")
    _skill(tmp_path, "beta")
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Skill", {"skill": "beta"}), text_turn("Done.")]})
    messages = await _run(server, tmp_path, skills=["alpha"])
    init = next(m for m in messages if isinstance(m, SystemMessage))
    assert {"alpha", "beta"} <= set(init.data["skills"])
    refused = next(m for m in messages if isinstance(m, UserMessage))
    assert refused.tool_use_result == "Error: Skill beta is not in this session's skills allowlist"


async def test_a_skill_that_grants_tools_needs_approval(mock_server, tmp_path):
    _skill(tmp_path, "grant", "allowed-tools: Read\n")
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Skill", {"skill": "grant"}), text_turn("Done.")]})
    messages = await _run(server, tmp_path)
    denied = next(m for m in messages if isinstance(m, SystemMessage) and m.subtype == "permission_denied")
    text = ("Execute skill: grant. The user can add the allow rule Skill(grant) to "
            ".claude/settings.local.json to let it run without asking.")
    assert denied.data["message"] == text
    final = messages[-1]
    assert isinstance(final, ResultMessage)
    assert [d["tool_name"] for d in final.permission_denials] == ["Skill"]


@pytest.mark.parametrize("settings, env, said", [
    (None, {}, "Unknown skill: revew. Did you mean review?"),
    ('{"disableBundledSkills": true}', {}, "Unknown skill: revew. Did you mean reset?"),
    (None, {"CLAUDE_CODE_DISABLE_BUNDLED_SKILLS": "1"}, "Unknown skill: revew. Did you mean reset?"),
])
async def test_an_unknown_skill_and_the_bundled_ones(mock_server, tmp_path, settings, env, said):
    """tests/conformance/bundledskills: turned off, the reference's bundled skills are not
    suggested any more."""
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Skill", {"skill": "revew"}), text_turn("Done.")]})
    opts = ClaudeAgentOptions(cwd=str(tmp_path), env={**server.env(), **env}, settings=settings,
                              permission_mode="bypassPermissions")
    messages = [m async for m in query(prompt="Go", options=opts)]
    refused = next(m for m in messages if isinstance(m, UserMessage))
    assert refused.content[0].content == f"<tool_use_error>{said}</tool_use_error>"
