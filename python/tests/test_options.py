"""ClaudeAgentOptions: defaults, validation (TypeError / ValueError naming the option) and the
JSON handed to the native session."""

from __future__ import annotations

import dataclasses
import sys
import warnings
from pathlib import Path

import pytest

from claude_agent_sdk import (
    AgentDefinition,
    CanUseToolShadowedWarning,
    ClaudeAgentOptions,
    HookMatcher,
    create_sdk_mcp_server,
    tool,
)
from claude_agent_sdk._internal.options_json import initialize_request, prepare


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
    assert prepare(o).json == {
        "allowed_tools": ["Read"], "system_prompt": {"type": "preset", "preset": "claude_code"},
        "max_turns": 3, "model": "m", "cwd": "/tmp", "add_dirs": ["/x", "y"], "env": {"A": "1"},
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
    assert p.json["can_use_tool"] is True
    assert p.json["hooks"] == {
        "PreToolUse": [{"matcher": "Bash", "hookCallbackIds": ["hook_0", "hook_1"], "timeout": 5}],
        "Stop": [{"matcher": None, "hookCallbackIds": ["hook_2"], "onFailure": "block"}],
    }
    assert set(p.hook_callbacks) == {"hook_0", "hook_1", "hook_2"}
    assert p.json["mcp_servers"] == {"tools": {"type": "sdk", "name": "tools"},
                                     "ext": {"command": "srv", "args": ["-x"]}}
    assert p.sdk_servers["tools"] is server["instance"]
    assert p.json["agents"] == {"rev": {"description": "d", "prompt": "p", "maxTurns": 2}}
    assert p.needs_host
    init = initialize_request(o, p)
    assert init["subtype"] == "initialize" and init["hooks"] == p.json["hooks"]


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
        ({"max_turns": -1}, "max_turns"),
        ({"max_budget_usd": -0.5}, "max_budget_usd"),
        ({"setting_sources": ["user", "global"]}, "setting_sources"),
        ({"effort": "extreme"}, "effort"),
        ({"thinking": {"type": "sometimes"}}, "thinking"),
        ({"skills": ["*"]}, "skills"),
        ({"skills": [" pdf"]}, "skills"),
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
