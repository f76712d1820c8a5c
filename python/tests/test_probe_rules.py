"""Rules found by drawing new seeds of the conformance generators (tests/conformance/fuzz-a,
fuzz-b, fuzz-d), through the Python face against ``oxagent mock-server``: a turn the budget
stopped on its tool results is answered "No response requested." on resume, a work tree git
cannot read gives the first command that may change files ``bashEditDiff: unavailable``, and
Grep does not show the carriage return that ends a file."""

from __future__ import annotations

import pytest
from conftest import run_query as run, requires_native, text_turn, tool_turn

from claude_agent_sdk import ResultMessage, ToolResultBlock, UserMessage

pytestmark = [requires_native, pytest.mark.anyio]


def tool_results(messages) -> dict[str, tuple[ToolResultBlock, object]]:
    return {b.tool_use_id: (b, m.tool_use_result) for m in messages
            if isinstance(m, UserMessage) and isinstance(m.content, list)
            for b in m.content if isinstance(b, ToolResultBlock)}




@pytest.fixture
def work(tmp_path):
    path = tmp_path / "ws"
    path.mkdir()
    return path


async def test_a_turn_the_budget_stopped_on_its_results_is_answered_on_resume(mock_server, work):
    (work / "notes.txt").write_text("alpha\n")
    usage = {"input_tokens": 4000, "output_tokens": 5}
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Read", {"file_path": str(work / "notes.txt")}, usage=usage),
        text_turn("Done."),
    ]})
    first = await run(server, work, prompt="Do the task", max_budget_usd=0.001)
    result = first[-1]
    assert isinstance(result, ResultMessage) and result.subtype == "error_max_budget_usd"
    await run(server, work, prompt="And now?", resume=result.session_id)
    turns = server.requests()[-1]["messages"]
    texts = [[b.get("text") for b in t["content"] if isinstance(b, dict)] if isinstance(t["content"], list)
             else [t["content"]] for t in turns]
    # The read's result, then the stand-in answer, then the new prompt.
    assert turns[-2] == {"role": "assistant", "content": [{"type": "text", "text": "No response requested."}]}
    assert turns[-3]["content"][0]["type"] == "tool_result"
    assert "And now?" in texts[-1]


async def test_a_work_tree_git_cannot_read_is_unavailable_once(mock_server, work):
    (work / ".git").mkdir()
    (work / ".git" / "config").write_text("w5\n")
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Bash", {"command": "ls"}),
        tool_turn("toolu_2", "Bash", {"command": "touch t.txt"}),
        tool_turn("toolu_3", "Bash", {"command": "touch u.txt"}),
        text_turn("Done."),
    ]})
    results = tool_results(await run(server, work))
    diffs = {k: r.get("bashEditDiff") for k, (_, r) in results.items()}
    assert diffs == {"toolu_1": None, "toolu_2": {"files": [], "moreFiles": 0, "unavailable": True},
                     "toolu_3": None}
    assert (work / "t.txt").exists() and (work / "u.txt").exists()


async def test_grep_drops_the_carriage_return_that_ends_a_file(mock_server, work):
    (work / "cr_only.txt").write_bytes(b"mac\rline\rfoo\r")
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Grep", {"pattern": "foo", "output_mode": "content", "-n": False}),
        text_turn("Done."),
    ]})
    results = tool_results(await run(server, work, tools=["Grep"]))
    block, _ = results["toolu_1"]
    assert block.content == "cr_only.txt:mac\rline\rfoo"


async def test_commands_in_a_repository_record_what_they_changed(mock_server, work):
    import subprocess

    (work / "notes.txt").write_text("alpha\nbeta\ngamma\n")
    (work / "gone.txt").write_text("x\n")
    subprocess.run("git init -q && git add -A && git -c user.email=a@b.c -c user.name=n commit -qm init",
                   shell=True, cwd=work, check=True)
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Bash", {"command": "echo delta >> notes.txt"}),
        tool_turn("toolu_2", "Bash", {"command": "ls"}),
        tool_turn("toolu_3", "Bash", {"command": "rm gone.txt"}),
        tool_turn("toolu_4", "Bash", {"command": "echo more >> notes.txt; false"}),
        text_turn("Done."),
    ]})
    results = tool_results(await run(server, work))
    root = str(work.resolve())
    assert results["toolu_1"][1]["bashEditDiff"] == {
        "files": [{"filePath": f"{root}/notes.txt", "hunks": [
            {"oldStart": 1, "oldLines": 3, "newStart": 1, "newLines": 4,
             "lines": [" alpha", " beta", " gamma", "+delta"]}]}],
        "moreFiles": 0, "changedFiles": [f"{root}/notes.txt"]}
    # A read-only command records nothing; a later record numbers an empty side from 1.
    assert "bashEditDiff" not in results["toolu_2"][1]
    assert results["toolu_3"][1]["bashEditDiff"]["files"] == [{"filePath": f"{root}/gone.txt", "hunks": [
        {"oldStart": 1, "oldLines": 1, "newStart": 1, "newLines": 0, "lines": ["-x"]}], "deleted": True}]
    # A command that failed records nothing: its result is the error alone.
    assert results["toolu_4"][1] == "Error: Exit code 1"
