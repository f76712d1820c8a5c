"""ClaudeAgentOptions: defaults, validation (TypeError / ValueError naming the option, with the
texts of the Rust checker, shared with the Node face) and the JSON handed to the native
session."""

from __future__ import annotations

import dataclasses
import json
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

from claude_agent_sdk import (
    AgentDefinition,
    ClaudeSDKError,
    CanUseToolShadowedWarning,
    ClaudeAgentOptions,
    HookMatcher,
    create_sdk_mcp_server,
    query,
    tool,
)
from claude_agent_sdk._internal.options_json import initialize_request, prepare

FIXTURE = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "options" / "bad_options.json"


def test_fifty_fields_in_order_with_defaults():
    fields = dataclasses.fields(ClaudeAgentOptions)
    assert len(fields) == 50
    assert [f.name for f in fields[:6]] == [
        "tools", "allowed_tools", "system_prompt", "mcp_servers", "strict_mcp_config", "permission_mode"
    ]
    assert fields[-1].name == "client_app"
    o = ClaudeAgentOptions()
    assert o.allowed_tools == [] and o.mcp_servers == {} and o.debug_stderr is sys.stderr
    assert o.session_store_flush == "batched" and o.load_timeout_ms == 60000
    assert ClaudeAgentOptions.__match_args__[0] == "tools"


def test_defaults_send_nothing():
    assert prepare(ClaudeAgentOptions()).json == {}


def test_json_of_set_fields():
    o = ClaudeAgentOptions(
        allowed_tools=["Read"], cwd=Path("/tmp"), max_turns=3, model="m", env={"A": "1"},
        add_dirs=[Path("/x"), "y"], system_prompt={"type": "preset", "preset": "claude_code"},
        stderr=print, cli_path="/bin/claude", max_buffer_size=10,
    )
    # The options of the CLI subprocess are sent too: the checker checks them (and nothing
    # acts on them); a callable goes as a marker.
    assert prepare(o).json == {
        "allowed_tools": ["Read"], "system_prompt": {"type": "preset", "preset": "claude_code"},
        "max_turns": 3, "model": "m", "cwd": "/tmp", "cli_path": "/bin/claude",
        "add_dirs": ["/x", "y"], "env": {"A": "1"}, "max_buffer_size": 10,
        "stderr": {"$callable": "stderr"},
    }


def test_max_turns_zero_is_not_sent_but_budget_zero_is():
    assert prepare(ClaudeAgentOptions(max_turns=0, max_budget_usd=0)).json == {"max_budget_usd": 0}


def test_callbacks_become_markers():
    async def hook(i, t, c):
        return {}

    @tool("echo", "Echo", {"text": str})
    async def echo(args):
        return {"content": []}

    server = create_sdk_mcp_server("tools", tools=[echo])
    o = ClaudeAgentOptions(
        can_use_tool=lambda *a: None,
        hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[hook, hook], timeout=5)],
               "Stop": [HookMatcher(hooks=[hook], on_failure="block")]},
        mcp_servers={"tools": server, "ext": {"command": "srv", "args": ["-x"]}},
        agents={"rev": AgentDefinition(description="d", prompt="p", maxTurns=2)},
    )
    p = prepare(o)
    assert p.json["can_use_tool"] == {"$callable": "can_use_tool"}
    assert p.json["hooks"] == {
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"$callable": "hook_0"}, {"$callable": "hook_1"}],
                        "timeout": 5}],
        "Stop": [{"matcher": None, "hooks": [{"$callable": "hook_2"}], "on_failure": "block"}],
    }
    assert p.hooks_wire == {
        "PreToolUse": [{"matcher": "Bash", "hookCallbackIds": ["hook_0", "hook_1"], "timeout": 5}],
        "Stop": [{"matcher": None, "hookCallbackIds": ["hook_2"], "onFailure": "block"}],
    }
    assert set(p.hook_callbacks) == {"hook_0", "hook_1", "hook_2"}
    assert p.json["mcp_servers"] == {
        "tools": {"type": "sdk", "name": "tools", "version": "1.0.0", "dialect": "python", "tools": [
            {"name": "echo", "description": "Echo", "input_schema": {
                "type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}}]},
        "ext": {"command": "srv", "args": ["-x"]}}
    assert p.sdk_servers["tools"] is server["instance"]
    assert p.json["agents"] == {"rev": {"description": "d", "prompt": "p", "maxTurns": 2}}
    assert p.needs_host
    init = initialize_request(o, p)
    assert init["subtype"] == "initialize" and init["hooks"] == p.hooks_wire


@pytest.mark.parametrize(
    "kwargs,name",
    [
        ({"max_turns": "5"}, "max_turns"),
        ({"max_turns": True}, "max_turns"),
        ({"allowed_tools": "Read"}, "allowed_tools"),
        ({"allowed_tools": ["Read", 3]}, "allowed_tools"),
        ({"model": 4}, "model"),
        ({"env": {"A": 1}}, "env"),
        ({"cwd": 3}, "cwd"),
        ({"include_partial_messages": "yes"}, "include_partial_messages"),
        ({"permission_mode": 1}, "permission_mode"),
        ({"hooks": {"PreToolUse": ["not a matcher"]}}, "hooks"),
        ({"can_use_tool": "nope"}, "can_use_tool"),
        ({"max_budget_usd": "1"}, "max_budget_usd"),
        ({"skills": "pdf"}, "skills"),
        ({"mcp_servers": 5}, "mcp_servers"),
        ({"agents": {"a": 1}}, "agents"),
        ({"thinking": "adaptive"}, "thinking"),
    ],
)
def test_wrong_type_is_type_error_naming_the_option(kwargs, name):
    with pytest.raises(TypeError, match=name):
        prepare(ClaudeAgentOptions(**kwargs))


@pytest.mark.parametrize(
    "kwargs,name",
    [
        ({"permission_mode": "yolo"}, "permission_mode"),
        ({"max_thinking_tokens": -1}, "max_thinking_tokens"),
        ({"max_budget_usd": -0.5}, "max_budget_usd"),
        ({"setting_sources": ["user", "global"]}, "setting_sources"),
        ({"effort": "extreme"}, "effort"),
        ({"thinking": {"type": "sometimes"}}, "thinking"),
        ({"session_store_flush": "never"}, "session_store_flush"),
        ({"tools": {"type": "preset", "preset": "other"}}, "tools"),
        ({"system_prompt": {"type": "weird"}}, "system_prompt"),
    ],
)
def test_bad_value_is_value_error_naming_the_option(kwargs, name):
    with pytest.raises(ValueError, match=name):
        prepare(ClaudeAgentOptions(**kwargs))


def test_plugins_must_be_local():
    with pytest.raises(ValueError, match="Unsupported plugin type: remote"):
        prepare(ClaudeAgentOptions(plugins=[{"type": "remote", "path": "/p"}]))


def test_can_use_tool_excludes_permission_prompt_tool():
    with pytest.raises(ValueError, match="permission_prompt_tool_name"):
        prepare(ClaudeAgentOptions(can_use_tool=lambda *a: None, permission_prompt_tool_name="x"))


def test_options_must_be_the_dataclass():
    with pytest.raises(TypeError, match="ClaudeAgentOptions"):
        prepare({"max_turns": 1})  # type: ignore[arg-type]


def test_shadowed_can_use_tool_warns():
    with pytest.warns(CanUseToolShadowedWarning, match="Read, Bash"):
        prepare(ClaudeAgentOptions(can_use_tool=lambda *a: None,
                                   allowed_tools=["Read", "Bash(*)", "Bash(ls:*)", "Read()"]))
    with pytest.warns(CanUseToolShadowedWarning, match="bypassPermissions"):
        prepare(ClaudeAgentOptions(can_use_tool=lambda *a: None, permission_mode="bypassPermissions"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        prepare(ClaudeAgentOptions(can_use_tool=lambda *a: None, allowed_tools=["Bash(ls:*)"]))


def test_non_sdk_instance_is_refused():
    with pytest.raises(ValueError, match="create_sdk_mcp_server"):
        prepare(ClaudeAgentOptions(mcp_servers={"x": {"type": "sdk", "name": "x", "instance": object()}}))


def test_skill_names_are_checked_with_the_references_texts():
    with pytest.raises(ValueError) as info:
        prepare(ClaudeAgentOptions(skills=["*"]))
    assert str(info.value) == 'Invalid skill name \'*\': use skills="all" to enable every skill.'
    with pytest.raises(ValueError) as info:
        prepare(ClaudeAgentOptions(skills=[" pdf"]))
    assert str(info.value).startswith("Invalid skill name ' pdf': leading or trailing whitespace")
    with pytest.raises(TypeError) as info:
        prepare(ClaudeAgentOptions(skills="pdf"))  # type: ignore[arg-type]
    assert str(info.value) == (
        'ClaudeAgentOptions.skills must be a list of skill names or "all", got \'pdf\'. '
        "Did you mean ['pdf']?"
    )
    with pytest.raises(TypeError, match="^Skill names must be strings, got int: 3$"):
        prepare(ClaudeAgentOptions(skills=[3]))  # type: ignore[list-item]


def _face_value(value: Any) -> Any:
    """A fixture value as a Python caller passes it."""
    if value == {"$callable": "f"}:
        return lambda *a: None
    if value == {"$number": "NaN"}:
        return float("nan")
    if isinstance(value, list):
        return [_face_value(v) for v in value]
    if isinstance(value, dict):
        return {k: _face_value(v) for k, v in value.items()}
    return value


_CASES = [c for c in json.loads(FIXTURE.read_text())["cases"] if c["python"]]


@pytest.mark.anyio
@pytest.mark.parametrize("case", _CASES, ids=[f"{c['python']}-{i}" for i, c in enumerate(_CASES)])
async def test_the_shared_bad_options(case):
    """The same bad options through the Node face get the same texts (js/tests/options.test.mjs)."""
    kwargs = {case["python"]: _face_value(case["value"])}
    message = case["message"].replace("{option}", case["python"])
    for also in case.get("also", []):
        kwargs[also["python"]] = _face_value(also["value"])
        message = message.replace("{also}", also["python"])
    error = TypeError if case["kind"] == "type" else ValueError
    with pytest.raises(Exception) as info:
        async for _ in query(prompt="x", options=ClaudeAgentOptions(**kwargs)):
            pass
    assert type(info.value) is error and not isinstance(info.value, ClaudeSDKError), info.value
    assert str(info.value) == message


def test_every_field_is_in_the_checkers_table():
    from claude_agent_sdk import _native

    table = json.loads(_native.option_table())
    checked = [row["python"] for row in table if row["python"]]
    assert checked == [f.name for f in dataclasses.fields(ClaudeAgentOptions)]
    assert all(row["handling"] in ("acted", "no_effect", "not_yet", "face") for row in table)


def test_a_transport_session_is_checked_but_not_refused_what_oxagent_lacks():
    from claude_agent_sdk import _native

    _native.check_options(json.dumps({"agents": {"a": {"description": "d", "prompt": "p"}}}))
    with pytest.raises(TypeError, match="^maxTurns must be an integer, not true$"):
        _native.check_options(json.dumps({"maxTurns": True}), "node")
