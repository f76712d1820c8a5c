"""examples/python/*.py run on the scripted server and print what they promise."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from conftest import REPO, requires_native, text_turn, tool_turn

pytestmark = requires_native


def run(name, server, tmp_path):
    (tmp_path / "home").mkdir(exist_ok=True)  # saved sessions go to a scratch HOME
    env = {**os.environ, **server.env(), "HOME": str(tmp_path / "home"),
           "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    out = subprocess.run([sys.executable, str(REPO / "examples/python" / name)], cwd=tmp_path,
                         env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_quickstart(mock_server, tmp_path):
    (tmp_path / "README.md").write_text("hello\n")
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Read", {"file_path": str(tmp_path / "README.md")}),
        text_turn("A folder with a README.")]})
    out = run("quickstart.py", server, tmp_path)
    assert "tool call: Read" in out and "assistant: A folder with a README." in out
    assert "[success] 2 turns" in out


def test_guarded_tools(mock_server, tmp_path):
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Write", {"file_path": str(tmp_path / "notes.txt"), "content": "n\n"}),
        text_turn("Wrote the notes.")]})
    out = run("guarded_tools.py", server, tmp_path)
    assert "hook: Write (toolu_1)" in out and "Wrote the notes." in out
    assert (tmp_path / "notes.txt.md").read_text() == "n\n" and not (tmp_path / "notes.txt").exists()


def test_approval_hooks(mock_server, tmp_path):
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Bash", {"command": "echo TOKEN-123"}),
        text_turn("It printed the token, redacted."),
        text_turn("Done.")]})
    out = run("approval_hooks.py", server, tmp_path)
    assert "paused (tool_deferred): Bash {'command': 'echo TOKEN-123'}" in out
    assert "[success] It printed the token, redacted." in out
    # The model read the redacted output, never the token.
    results = [b.get("content") for body in server.requests() for m in body["messages"]
               if isinstance(m["content"], list) for b in m["content"] if b.get("type") == "tool_result"]
    assert results and all(r == "[redacted]" for r in results), results


def test_inprocess_tools(mock_server, tmp_path):
    server = mock_server({"responses": [
        tool_turn("toolu_1", "mcp__shop__stock", {"item": "pears"}),
        tool_turn("toolu_2", "mcp__shop__restock", {"item": "pears", "count": 2}),
        text_turn("Restocked pears.")]})
    out = run("inprocess_tools.py", server, tmp_path)
    assert "Restocked pears." in out and "inventory now: {'apples': 3, 'pears': 2}" in out


def test_function_tools(mock_server, tmp_path):
    server = mock_server({"responses": [
        tool_turn("toolu_1", "stock", {"item": "pears"}),
        tool_turn("toolu_2", "restock", {"item": "pears", "count": 2}),
        text_turn("Restocked pears.")]})
    out = run("function_tools.py", server, tmp_path)
    assert "Restocked pears." in out and "inventory now: {'apples': 3, 'pears': 2}" in out


def test_conversation_on_trio(mock_server, tmp_path):
    pytest.importorskip("trio")
    server = mock_server({"responses": [text_turn("7"), text_turn("It was 7.")]})
    out = run("conversation.py", server, tmp_path)
    assert "> 7" in out and "> It was 7." in out and "server:" in out


def test_plugins_and_commands(mock_server, tmp_path):
    server = mock_server({"responses": [text_turn("Hello, Ada!"), text_turn("1. tag 2. build 3. ship")]})
    out = run("plugins_and_commands.py", server, tmp_path)
    assert "plugins: ['greeter']" in out
    commands = out.split("slash commands: ", 1)[1].splitlines()[0].split(", ")
    assert {"greeter:hello", "greeter:haiku", "todo"} <= set(commands)
    assert "$ /greeter:hello Ada\n" in out and "> Hello, Ada!" in out and "> 1. tag 2. build 3. ship" in out
    prompts = [json.dumps(r["messages"]) for r in server.requests()]
    assert "Write a one-line greeting for Ada." in prompts[0]
    assert "List three to-dos about the release." in prompts[1]


def test_checkpoints(mock_server, tmp_path):
    notes = tmp_path / "notes.txt"
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Read", {"file_path": str(notes)}),
        tool_turn("toolu_2", "Edit", {"file_path": str(notes), "old_string": "apples", "new_string": "pears"}),
        text_turn("Replaced.")]})
    out = run("checkpoints.py", server, tmp_path)
    assert "before: shopping: apples\nmodel: Replaced.\nafter the edit: shopping: pears\n" in out
    assert "after rewind: shopping: apples" in out
    assert notes.read_text() == "shopping: apples\n"


OVERLOADED = {"error": {"status": 529, "type": "overloaded_error", "message": "Overloaded",
                        "headers": {"retry-after": "0"}}}


def test_fallback_and_debug(mock_server, tmp_path):
    server = mock_server({"responses": [OVERLOADED] * 3 + [text_turn("Hello from the fallback model.")]})
    out = run("fallback_and_debug.py", server, tmp_path)
    assert "retry 1 after HTTP 529\nretry 2 after HTTP 529\n" in out
    assert "fallback: Switched to Haiku 4.5 due to high demand for Sonnet 4.5" in out
    assert "claude-haiku-4-5 answered" in out and "result: Hello from the fallback model." in out
    assert "models used: claude-haiku-4-5\n" in out
    assert "   [oxagent] request failed (529), retry 1 of 10\n" in out
    assert out.endswith("   [oxagent] result: success after 1 turns\n")
    assert [r["model"] for r in server.requests()] == ["claude-sonnet-4-5"] * 3 + ["claude-haiku-4-5"]


def test_plan_mode(mock_server, tmp_path):
    changelog = tmp_path / "CHANGELOG.md"
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Glob", {"pattern": "*.md"}),
        tool_turn("toolu_2", "ExitPlanMode", {"plan": "1. Write CHANGELOG.md with a 0.1.0 entry."}),
        tool_turn("toolu_3", "Write", {"file_path": str(changelog), "content": "# 0.1.0\n- first\n"}),
        text_turn("Added CHANGELOG.md.")]})
    out = run("plan_mode.py", server, tmp_path)
    # The callback may run before the loop prints the message that asked for it.
    assert "plan: 1. Write CHANGELOG.md with a 0.1.0 entry.\n" in out and "tool call: Write\n" in out
    assert out.index("callback: plan approved") < out.index("callback: allowing Write")
    assert "permission mode now: default\n" in out and out.endswith("result: Added CHANGELOG.md.\n")
    assert changelog.read_text() == "# 0.1.0\n- first\n"


def test_subagents(mock_server, tmp_path):
    (tmp_path / "README.md").write_text("Teh quick fox.\n")
    server = mock_server({"responses": [
        {"match": "Ask the proofreader", "content": [{"type": "tool_use", "id": "toolu_A", "name": "Agent", "input": {
            "description": "Proofread README", "prompt": "Check README.md", "subagent_type": "proofreader",
            "run_in_background": False}}]},
        {"match": "Check README.md", **tool_turn("toolu_S", "Read", {"file_path": str(tmp_path / "README.md")})},
        {"match": "Teh quick fox", **text_turn("Teh -> The")},
        {"match": "Teh -> The", **text_turn("One typo: Teh should be The.")}]})
    out = run("subagents.py", server, tmp_path)
    assert "main: calls Agent proofreader\n" in out
    assert "subagent (toolu_A): calls Read\nproofreader completed, tools used: ['Read']\n" in out
    assert "result: One typo: Teh should be The." in out
    # The subagent's requests carry its own prompt as the system prompt.
    inner = [r for r in server.requests() if "Check README.md" in json.dumps(r["messages"][0])]
    assert inner and all("You proofread files." in json.dumps(r["system"]) for r in inner)


def test_structured_output(mock_server, tmp_path):
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Glob", {"pattern": "*.py"}),
        tool_turn("toolu_2", "StructuredOutput", {"language": "Python", "files": 2, "entry_point": "main.py"})]})
    out = run("structured_output.py", server, tmp_path)
    assert json.loads(out.split("\n2 Python files")[0]) == {"language": "Python", "files": 2, "entry_point": "main.py"}
    assert out.endswith("2 Python files\n")


def test_sessions(mock_server, tmp_path):
    server = mock_server({"responses": [text_turn("Miso."), text_turn("Mo."), text_turn("Rex.")]})
    out = run("sessions.py", server, tmp_path)
    assert "resumed the same session: True" in out and "fork is a new session: True" in out
    ids = [line[1:9] for line in out.splitlines() if line.startswith("[")]
    assert ids[0] == ids[1] != ids[2]
    listed = out.split("saved sessions here:\n", 1)[1].splitlines()
    assert len(listed) == 2 and f"  {ids[2]}  Dog names" in listed
    assert any(line.startswith(f"  {ids[0]}  ") for line in listed)
    # The fork carries the conversation so far: its request holds the first two prompts.
    sent = json.dumps(server.requests()[-1]["messages"])
    assert "Suggest a name for a cat." in sent and "Give me a shorter one." in sent
