"""The official readers read the subagent transcripts we write: a foreground subagent runs through
our face (HOME in a scratch folder, ``oxagent mock-server``), then the official Python package
(``CLAUDE_AGENT_SDK_REFERENCE_PYTHON``, default ``~/venvs/claude-ref/bin/python``) and, when
present, the official TypeScript package (``CLAUDE_AGENT_SDK_REFERENCE_NODE_PACKAGE``, default
``~/ref-ts/node_modules/@anthropic-ai/claude-agent-sdk``) list the session's subagents and read
the subagent's messages from the same HOME. Skipped when the reference is not installed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import requires_native, text_turn, tool_turn

from claude_agent_sdk import AgentDefinition, ClaudeAgentOptions, ResultMessage, UserMessage, query

pytestmark = [requires_native, pytest.mark.anyio]

REF_PYTHON = Path(os.environ.get("CLAUDE_AGENT_SDK_REFERENCE_PYTHON")
                  or Path(os.environ.get("OXAGENT_REAL_HOME") or Path.home()) / "venvs/claude-ref/bin/python")
REF_NODE_PACKAGE = Path(os.environ.get("CLAUDE_AGENT_SDK_REFERENCE_NODE_PACKAGE")
                        or Path(os.environ.get("OXAGENT_REAL_HOME") or Path.home()) / "ref-ts/node_modules/@anthropic-ai/claude-agent-sdk")

PY_READER = r"""
import dataclasses, json, sys
from claude_agent_sdk import get_subagent_messages, list_subagents
session_id, ws = sys.argv[1], sys.argv[2]
agents = list_subagents(session_id, directory=ws)
print(json.dumps({"agents": agents, "messages": {
    a: [dataclasses.asdict(m) for m in get_subagent_messages(session_id, a, directory=ws)] for a in agents}}))
"""

NODE_READER = r"""
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
const [sessionId, ws, pkg] = process.argv.slice(2);
const pj = JSON.parse(fs.readFileSync(path.join(pkg, "package.json"), "utf8"));
let e = pj.exports && (pj.exports["."] ?? pj.exports);
if (e && typeof e === "object") e = e.import ?? e.default;
const sdk = await import(pathToFileURL(path.join(pkg, e || pj.module || pj.main)).href);
const agents = await sdk.listSubagents(sessionId, { dir: ws });
const messages = {};
for (const a of agents) messages[a] = await sdk.getSubagentMessages(sessionId, a, { dir: ws });
console.log(JSON.stringify({ agents, messages }));
"""


def reader_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CLAUDE_CONFIG_DIR")}
    env["HOME"] = str(home)
    return env


@pytest.fixture
def anyio_backend():
    return "asyncio"


@pytest.fixture
async def written(mock_server, tmp_path, monkeypatch):
    """One session with a foreground subagent (one Read, then its report), run through our face."""
    home, ws = tmp_path / "home", tmp_path / "ws"
    home.mkdir()
    ws.mkdir()
    (ws / "a.txt").write_text("alpha-content\n")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    server = mock_server({"responses": [
        tool_turn("toolu_A1", "Agent", {"description": "Read a", "prompt": "SUB-PROMPT: read a.txt",
                                        "subagent_type": "reviewer", "run_in_background": False},
                  match="PARENT-PROMPT"),
        tool_turn("toolu_S1", "Read", {"file_path": str(ws / "a.txt")}, match="SUB-PROMPT"),
        text_turn("SUB-ANSWER: alpha seen", match="alpha-content"),
        text_turn("PARENT-DONE", match="SUB-ANSWER"),
    ]})
    reviewer = AgentDefinition(description="Reads one file and reports.", prompt="REVIEWER-SYSTEM", tools=["Read"])
    options = ClaudeAgentOptions(cwd=str(ws), env={**server.env(), "HOME": str(home)},
                                 permission_mode="bypassPermissions", agents={"reviewer": reviewer})
    messages = [m async for m in query(prompt="PARENT-PROMPT", options=options)]
    result = messages[-1]
    assert isinstance(result, ResultMessage) and result.result == "PARENT-DONE"
    hand_back = next(m for m in messages if isinstance(m, UserMessage) and m.parent_tool_use_id is None
                     and isinstance(m.tool_use_result, dict) and "agentId" in m.tool_use_result)
    written = sorted(p.name for p in home.glob(".claude/projects/*/%s/subagents/*" % result.session_id))
    return {"home": home, "ws": ws, "session_id": result.session_id,
            "agent_id": hand_back.tool_use_result["agentId"], "files": written}


def check(read: dict, w: dict) -> None:
    agent_id = w["agent_id"]
    assert w["files"] == ["agent-%s.jsonl" % agent_id, "agent-%s.meta.json" % agent_id]
    assert read["agents"] == [agent_id]
    rows = read["messages"][agent_id]
    assert [r["type"] for r in rows] == ["user", "assistant", "user", "assistant"], rows
    prompt, call, tool_result, answer = (r["message"] for r in rows)
    assert prompt == {"role": "user", "content": "SUB-PROMPT: read a.txt"}
    assert [(b["type"], b["id"], b["name"], b["input"]) for b in call["content"]] == [
        ("tool_use", "toolu_S1", "Read", {"file_path": str(w["ws"] / "a.txt")})]
    assert call["role"] == "assistant"
    assert tool_result["role"] == "user"
    [block] = tool_result["content"]
    assert (block["type"], block["tool_use_id"]) == ("tool_result", "toolu_S1")
    assert "alpha-content" in json.dumps(block["content"])
    assert [(b["type"], b["text"]) for b in answer["content"]] == [("text", "SUB-ANSWER: alpha seen")]
    for r in rows:
        assert r["parent_tool_use_id"] == "toolu_A1"
        assert r["parent_agent_id"] is None
        assert r["session_id"] == w["session_id"]
        assert r["uuid"]


def read_with_python(w: dict) -> dict:
    if not REF_PYTHON.is_file():
        pytest.skip("the official claude-agent-sdk is not installed at %s" % REF_PYTHON)
    out = subprocess.run([str(REF_PYTHON), "-c", PY_READER, w["session_id"], str(w["ws"])],
                         capture_output=True, text=True, env=reader_env(w["home"]), timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


async def test_the_official_python_reader_reads_our_subagent_transcript(written):
    check(read_with_python(written), written)


async def test_the_assistant_rows_carry_the_final_stop_reason_and_usage(written):
    rows = read_with_python(written)["messages"][written["agent_id"]]
    finals = [(r["message"]["stop_reason"], r["message"]["usage"]["output_tokens"], "stop_details" in r["message"])
              for r in rows if r["type"] == "assistant"]
    assert finals == [("tool_use", 20, True), ("end_turn", 20, True)]


async def test_the_official_typescript_reader_reads_our_subagent_transcript(written, tmp_path):
    node = shutil.which("node")
    if node is None or not (REF_NODE_PACKAGE / "package.json").is_file():
        pytest.skip("node or the official @anthropic-ai/claude-agent-sdk (%s) is missing" % REF_NODE_PACKAGE)
    program = tmp_path / "reader.mjs"
    program.write_text(NODE_READER)
    out = subprocess.run([node, str(program), written["session_id"], str(written["ws"]), str(REF_NODE_PACKAGE)],
                         capture_output=True, text=True, env=reader_env(written["home"]), timeout=120)
    assert out.returncode == 0, out.stderr
    check(json.loads(out.stdout), written)
