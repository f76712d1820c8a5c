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
