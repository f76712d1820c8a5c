"""What a command changed in a git work tree (`bashEditDiff`) is recorded in bypassPermissions
only, as the reference does (tests/conformance/edges bd_*, fuzz-a/fa_524), through the Python face
against ``oxagent mock-server``."""

from __future__ import annotations

import pytest
from conftest import run_query as run, requires_native, text_turn, tool_turn

from claude_agent_sdk import UserMessage

pytestmark = [requires_native, pytest.mark.anyio]

REPO = "git init -q && git add -A && git -c user.email=a@b.c -c user.name=n commit -qm init && echo ok"


@pytest.fixture
def work(tmp_path):
    path = tmp_path / "ws"
    path.mkdir()
    (path / "notes.txt").write_text("alpha\nbeta\n")
    return path


def diffs(messages):
    return [m.tool_use_result.get("bashEditDiff") for m in messages
            if isinstance(m, UserMessage) and isinstance(m.tool_use_result, dict) and "stdout" in m.tool_use_result]


@pytest.mark.parametrize("mode,recorded", [("bypassPermissions", True), ("acceptEdits", False), ("default", False)])
async def test_a_commands_changes_in_a_repository_are_recorded_in_bypass_mode_only(mock_server, work, mode, recorded):
    server = mock_server({"responses": [tool_turn("toolu_1", "Bash", {"command": REPO}), text_turn("Ready."),
                                        tool_turn("toolu_2", "Bash", {"command": "echo gamma >> notes.txt"}),
                                        text_turn("Done.")]})
    options = {"permission_mode": mode, "allowed_tools": ["Bash"]}
    await run(server, work, **options)
    second = await run(server, work, prompt="Change it", **options)
    assert (work / "notes.txt").read_text() == "alpha\nbeta\ngamma\n"
    [diff] = diffs(second)
    if recorded:
        assert [f["filePath"] for f in diff["files"]] == [str(work / "notes.txt")]
        assert diff["files"][0]["hunks"][0]["lines"] == [" alpha", " beta", "+gamma"]
    else:
        assert diff is None
