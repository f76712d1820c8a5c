"""``ClaudeAgentOptions`` -> the JSON the native session starts from, plus the Python-side
callbacks it refers to.

Only fields that differ from their defaults are sent, under their Python names, with paths as
strings. Callbacks become markers: ``"can_use_tool": true``; ``"hooks": {Event: [{"matcher",
"hookCallbackIds": ["hook_0", ...], "timeout"?, "onFailure"?}]}``; SDK MCP servers become
``{"type": "sdk", "name": ...}`` entries of ``mcp_servers``. The core rejects options it does
not support with an error naming them. Fields that only make sense for the CLI subprocess of
the official SDK (``cli_path``, ``max_buffer_size``, ``debug_stderr``, ``stderr``) stay here.

Wrong types raise TypeError and bad values ValueError, both naming the option.
"""

from __future__ import annotations

import dataclasses
import os
import warnings
from dataclasses import dataclass, field
from typing import Any

from .._options import AgentDefinition, ClaudeAgentOptions, HookMatcher
from .._permissions import CanUseToolShadowedWarning
from .mcp_server import SdkMcpServer
from .validate import check_options

# Meaningful for the official SDK's CLI subprocess only; accepted and not sent.
LOCAL_ONLY = frozenset({"cli_path", "max_buffer_size", "debug_stderr", "stderr"})
_CALLBACK_FIELDS = frozenset({"can_use_tool", "hooks", "mcp_servers", "agents", "session_store"})


@dataclass
class PreparedOptions:
    """What a session needs: the JSON for the core and the callbacks it names."""

    json: dict[str, Any]
    can_use_tool: Any = None
    hook_callbacks: dict[str, Any] = field(default_factory=dict)
    sdk_servers: dict[str, SdkMcpServer] = field(default_factory=dict)
    hooks_wire: dict[str, Any] | None = None
    verbatim_prompts: bool = False
    # session_store: the user's store (answers session_store control requests), or the
    # native one a session calls itself (see _session_store.py).
    session_store: Any = None
    native_store: Any = None

    @property
    def needs_host(self) -> bool:
        return bool(self.can_use_tool or self.hook_callbacks or self.sdk_servers)


def _jsonable(value: Any) -> Any:
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


def _hooks_wire(hooks: dict[str, list[HookMatcher]], registry: dict[str, Any]) -> dict[str, Any]:
    wire: dict[str, Any] = {}
    for event, matchers in hooks.items():
        entries = []
        for matcher in matchers:
            ids = []
            for callback in matcher.hooks:
                callback_id = f"hook_{len(registry)}"
                registry[callback_id] = callback
                ids.append(callback_id)
            entry: dict[str, Any] = {"matcher": matcher.matcher, "hookCallbackIds": ids}
            if matcher.timeout is not None:
                entry["timeout"] = matcher.timeout
            if matcher.on_failure is not None:
                entry["onFailure"] = matcher.on_failure
            entries.append(entry)
        wire[event] = entries
    return wire


def _mcp_wire(servers: Any, sdk_servers: dict[str, SdkMcpServer]) -> Any:
    if not isinstance(servers, dict):
        return _jsonable(servers)
    wire = {}
    for name, config in servers.items():
        if isinstance(config, dict) and config.get("type") == "sdk":
            instance = config.get("instance")
            if not isinstance(instance, SdkMcpServer):
                raise ValueError(
                    f"mcp_servers[{name!r}]: an SDK server instance must come from "
                    "create_sdk_mcp_server() (other MCP server objects are not supported yet)"
                )
            sdk_servers[name] = instance
            wire[name] = {"type": "sdk", "name": config.get("name", name)}
        else:
            wire[name] = _jsonable(config)
    return wire


def _agents_wire(agents: dict[str, Any]) -> dict[str, Any]:
    wire = {}
    for name, agent in agents.items():
        raw = dataclasses.asdict(agent) if isinstance(agent, AgentDefinition) else dict(agent)
        wire[name] = {k: _jsonable(v) for k, v in raw.items() if v is not None}
    return wire


def _warn_if_shadowed(options: ClaudeAgentOptions) -> None:
    if options.can_use_tool is None:
        return
    if options.permission_mode == "bypassPermissions":
        warnings.warn(
            "can_use_tool is never called: permission_mode 'bypassPermissions' approves every "
            "tool call (except deny rules) first. Use a PreToolUse hook to see every call.",
            CanUseToolShadowedWarning,
            stacklevel=3,
        )
        return
    allowed = list(options.allowed_tools)
    if options.skills == "all":
        allowed.append("Skill")
    shadowed: list[str] = []
    for entry in allowed:
        name = entry.strip()
        if not name:
            continue
        if "(" in name:
            head, _, rest = name.partition("(")
            if not head or not rest.endswith(")") or rest[:-1] not in ("", "*"):
                continue
            name = head
        if name not in shadowed:
            shadowed.append(name)
    if shadowed:
        warnings.warn(
            f"can_use_tool is never called for: {', '.join(shadowed)}. An allowed_tools entry "
            "that allows a whole tool approves it first; narrow it, or use a PreToolUse hook.",
            CanUseToolShadowedWarning,
            stacklevel=3,
        )


def prepare(options: ClaudeAgentOptions) -> PreparedOptions:
    """Check ``options`` and split them into the core's JSON and the Python callbacks."""
    if not isinstance(options, ClaudeAgentOptions):
        raise TypeError(f"options must be ClaudeAgentOptions, got {type(options).__name__}")
    check_options(options)
    if options.can_use_tool is not None and options.permission_prompt_tool_name:
        raise ValueError(
            "can_use_tool callback cannot be used with permission_prompt_tool_name. "
            "Please use one or the other."
        )
    _warn_if_shadowed(options)

    prepared = PreparedOptions(json={}, verbatim_prompts=options.verbatim_prompts)
    defaults = ClaudeAgentOptions()
    for f in dataclasses.fields(ClaudeAgentOptions):
        name = f.name
        value = getattr(options, name)
        if name in LOCAL_ONLY or name in _CALLBACK_FIELDS:
            continue
        if value == getattr(defaults, name):
            continue
        if name == "max_turns" and not value:
            continue  # the reference sends max_turns only when truthy
        prepared.json[name] = _jsonable(value)

    if options.can_use_tool is not None:
        prepared.can_use_tool = options.can_use_tool
        prepared.json["can_use_tool"] = True
    if options.hooks:
        prepared.hooks_wire = _hooks_wire(options.hooks, prepared.hook_callbacks)
        prepared.json["hooks"] = prepared.hooks_wire
    if options.mcp_servers:
        prepared.json["mcp_servers"] = _mcp_wire(options.mcp_servers, prepared.sdk_servers)
    if options.agents:
        prepared.json["agents"] = _agents_wire(options.agents)
    if options.session_store is not None:
        _prepare_store(options.session_store, prepared)
    return prepared


def _prepare_store(store: Any, prepared: PreparedOptions) -> None:
    """``session_store``: a native store goes to the core as it is; a Python one becomes
    ``{"methods": [...]}`` (the optional methods it has) and answers control requests."""
    from .._session_store import NativeSessionStore, check_store, store_methods

    check_store(store)
    prepared.session_store = store
    if isinstance(store, NativeSessionStore):
        prepared.native_store = store._native
        prepared.json["session_store"] = {"methods": list(store_methods(store))}
    else:
        prepared.json["session_store"] = {"methods": store_methods(store)}


def initialize_request(options: ClaudeAgentOptions, prepared: PreparedOptions) -> dict[str, Any]:
    """The ``initialize`` control request the official SDK sends first (used with a custom
    ``Transport``, whose other end is a CLI that knows nothing of our options JSON)."""
    request: dict[str, Any] = {"subtype": "initialize", "hooks": prepared.hooks_wire}
    if options.agents:
        request["agents"] = _agents_wire(options.agents)
    prompt = options.system_prompt
    if isinstance(prompt, dict):
        if isinstance(prompt.get("exclude_dynamic_sections"), bool):
            request["excludeDynamicSections"] = prompt["exclude_dynamic_sections"]
        if isinstance(prompt.get("snapshot"), bool):
            request["systemPromptSnapshot"] = prompt["snapshot"]
    if isinstance(options.skills, list):
        request["skills"] = list(options.skills)
    if options.forward_subagent_text:
        request["forwardSubagentText"] = True
    return request
