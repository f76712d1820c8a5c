"""``ClaudeAgentOptions`` -> the JSON the native session starts from, plus the callbacks it
names. Every check is made in Rust (``oxagent::options``, through the binding); this module
only maps Python values to JSON.

Fields that differ from their defaults are sent under their Python names. Values JSON cannot
carry become markers: a callable ``{"$callable": id}`` (kept here under ``id``:
``can_use_tool``, ``stderr``, ``hook_0``, ..., else its place in the options), a path its
string, a float JSON has not ``{"$number": "NaN"}``, any other object ``{"$object": "<type
name>"}``. A ``HookMatcher`` and an ``AgentDefinition`` become dicts, an SDK MCP server its
definition (``{"type": "sdk", "name", "version", "dialect", "tools": [...]}``; its handlers
stay here).

A wrong type raises TypeError and a bad value ValueError, with the checker's text.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import warnings
from dataclasses import dataclass, field
from typing import Any

from .._functions import SERVER, function_tools_of, server_of
from .._mcp import SdkMcpServer
from .._options import AgentDefinition, ClaudeAgentOptions, HookMatcher
from .._permissions import CanUseToolShadowedWarning


@dataclass
class PreparedOptions:
    """What a session needs: the JSON for the core and the callbacks it names."""

    json: dict[str, Any]
    can_use_tool: Any = None
    hook_callbacks: dict[str, Any] = field(default_factory=dict)
    sdk_servers: dict[str, SdkMcpServer] = field(default_factory=dict)
    # The Rust JSON-RPC servers of sdk_servers, for a remote session (control.mcp_message).
    mcp_servers_native: dict[str, Any] = field(default_factory=dict)
    # The hooks as the initialize request of the control protocol declares them.
    hooks_wire: dict[str, Any] | None = None
    verbatim_prompts: bool = False
    # session_store: the user's store (answers session_store control requests), or the
    # native one a session calls itself (see _session_store.py).
    session_store: Any = None
    native_store: Any = None
    # Where diagnostic lines go (extra_args {"debug-to-stderr": None}): the stderr callback,
    # else the debug_stderr file.
    stderr: Any = None
    debug_stderr: Any = None

    @property
    def needs_host(self) -> bool:
        return bool(self.can_use_tool or self.hook_callbacks or self.sdk_servers)


def _number(value: float) -> Any:
    if math.isfinite(value):
        return value
    return {"$number": "NaN" if math.isnan(value) else "Infinity" if value > 0 else "-Infinity"}


class _ToJson:
    """Walks option values into JSON, keeping the callables it meets."""

    def __init__(self, prepared: PreparedOptions):
        self.prepared = prepared

    def callable(self, value: Any, ident: str) -> dict[str, str]:
        if ident.startswith("hook_") or ident.startswith("hooks."):
            self.prepared.hook_callbacks[ident] = value
        return {"$callable": ident}

    def value(self, value: Any, where: str) -> Any:
        if value is None or isinstance(value, (bool, int, str)):
            return value
        if isinstance(value, float):
            return _number(value)
        if isinstance(value, os.PathLike):
            path = os.fspath(value)
            return path if isinstance(path, str) else {"$object": type(value).__name__}
        if isinstance(value, (list, tuple)):
            return [self.value(v, f"{where}[{i}]") for i, v in enumerate(value)]
        if isinstance(value, dict):
            if not all(isinstance(k, str) for k in value):
                return {"$object": "dict with keys that are not strings"}
            return {k: self.value(v, f"{where}.{k}") for k, v in value.items()}
        if isinstance(value, HookMatcher):
            return self.matcher(value, where)
        if isinstance(value, AgentDefinition):
            raw = dataclasses.asdict(value)
            return self.value({k: v for k, v in raw.items() if v is not None}, where)
        if callable(value):
            return self.callable(value, where)
        return {"$object": type(value).__name__}

    def matcher(self, matcher: HookMatcher, where: str) -> dict[str, Any]:
        hooks: Any = matcher.hooks
        if isinstance(hooks, (list, tuple)):
            hooks = [
                self.callable(h, f"hook_{len(self.prepared.hook_callbacks)}")
                if callable(h)
                else self.value(h, f"{where}.hooks[{i}]")
                for i, h in enumerate(hooks)
            ]
        else:
            hooks = self.value(hooks, f"{where}.hooks")
        out: dict[str, Any] = {"matcher": self.value(matcher.matcher, f"{where}.matcher"), "hooks": hooks}
        if matcher.timeout is not None:
            out["timeout"] = self.value(matcher.timeout, f"{where}.timeout")
        if matcher.on_failure is not None:
            out["on_failure"] = self.value(matcher.on_failure, f"{where}.on_failure")
        return out

    def mcp_servers(self, servers: Any) -> Any:
        if not isinstance(servers, dict):
            return self.value(servers, "mcp_servers")
        out = {}
        for name, config in servers.items():
            instance = config.get("instance") if isinstance(config, dict) else None
            if isinstance(instance, SdkMcpServer) and config.get("type") == "sdk":
                self.prepared.sdk_servers[name] = instance
                out[name] = {**instance.definition(), "name": config.get("name", name)}
            else:
                out[name] = self.value(config, f"mcp_servers.{name}")
        return out


def _is_store(value: Any) -> bool:
    return all(callable(getattr(value, m, None)) for m in ("append", "load"))


def _store_json(store: Any, prepared: PreparedOptions) -> dict[str, Any]:
    """``session_store``: ``{"$store": [the optional methods it has]}``, the methods detected
    as the reference detects them. A native store is also handed to the core as it is;
    another answers the core's ``session_store`` control requests."""
    from .._session_store import NativeSessionStore, store_methods

    prepared.session_store = store
    if isinstance(store, NativeSessionStore):
        prepared.native_store = store._native
    return {"$store": list(store_methods(store))}


def _is_default(value: Any, default: Any) -> bool:
    if value is default:
        return True
    try:
        return type(value) is type(default) and bool(value == default)
    except Exception:  # noqa: BLE001 - a value that cannot be compared is not the default
        return False


def check_json(options_json: dict[str, Any]) -> None:
    """Check options JSON for a session this process does not run (a custom ``Transport``)."""
    from .. import _native  # imported late: the pure-Python layer imports without it

    _native.check_options(json.dumps(options_json), "python")


def _hooks_wire(hooks: Any) -> dict[str, Any] | None:
    """The checked ``hooks`` JSON as the initialize request declares it."""
    if not hooks:
        return None
    wire: dict[str, Any] = {}
    for event, matchers in hooks.items():
        entries = []
        for m in matchers:
            entry: dict[str, Any] = {
                "matcher": m.get("matcher"),
                "hookCallbackIds": [h["$callable"] for h in m["hooks"]],
            }
            if m.get("timeout") is not None:
                entry["timeout"] = m["timeout"]
            if m.get("on_failure") is not None:
                entry["onFailure"] = m["on_failure"]
            entries.append(entry)
        wire[event] = entries
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
    allowed = list(options.allowed_tools or [])
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
    """Check ``options`` and split them into the core's JSON and the Python callbacks.

    The values and the rules between options are checked here; the features oxagent has not
    built are refused by the native session (a custom ``Transport``'s CLI may have them)."""
    if not isinstance(options, ClaudeAgentOptions):
        raise TypeError(f"options must be ClaudeAgentOptions, got {type(options).__name__}")
    prepared = PreparedOptions(json={})
    to_json = _ToJson(prepared)
    defaults = ClaudeAgentOptions()
    for f in dataclasses.fields(ClaudeAgentOptions):
        name = f.name
        value = getattr(options, name)
        if _is_default(value, getattr(defaults, name)):
            continue
        if name == "max_turns" and type(value) is int and value == 0:
            continue  # the reference sends max_turns only when truthy
        if name == "mcp_servers":
            prepared.json[name] = to_json.mcp_servers(value)
        elif name in ("can_use_tool", "stderr") and callable(value):
            prepared.json[name] = to_json.callable(value, name)
        elif name == "session_store" and _is_store(value):
            prepared.json[name] = _store_json(value, prepared)
        else:
            prepared.json[name] = to_json.value(value, name)
    prepared.stderr = options.stderr if callable(options.stderr) else None
    prepared.debug_stderr = options.debug_stderr
    functions = function_tools_of(options)
    if functions:
        server = server_of(functions)
        prepared.sdk_servers[SERVER] = server
        servers = prepared.json.setdefault("mcp_servers", {})
        if not isinstance(servers, dict):
            raise ValueError("with_tools cannot be combined with mcp_servers given as a file path")
        servers[SERVER] = {**server.definition(), "plain_names": True}
    check_json(prepared.json)
    _warn_if_shadowed(options)
    prepared.can_use_tool = options.can_use_tool
    prepared.hooks_wire = _hooks_wire(prepared.json.get("hooks"))
    prepared.verbatim_prompts = bool(options.verbatim_prompts)
    return prepared


def initialize_request(options: ClaudeAgentOptions, prepared: PreparedOptions) -> dict[str, Any]:
    """The ``initialize`` control request the official SDK sends first (used with a custom
    ``Transport``, whose other end is a CLI that knows nothing of our options JSON)."""
    request: dict[str, Any] = {"subtype": "initialize", "hooks": prepared.hooks_wire}
    agents = prepared.json.get("agents")
    if agents:
        request["agents"] = {
            name: {k: v for k, v in agent.items() if v is not None} for name, agent in agents.items()
        }
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
