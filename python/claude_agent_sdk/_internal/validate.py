"""Type and value checks of ``ClaudeAgentOptions``, run when a session starts.

A wrong type raises ``TypeError("ClaudeAgentOptions.<field> must be <what>, got <type>")``,
a bad value ``ValueError("ClaudeAgentOptions.<field>: ...")``.
"""

from __future__ import annotations

import os
import re
from typing import Any, Callable

PERMISSION_MODES = ("default", "acceptEdits", "plan", "bypassPermissions", "dontAsk", "auto")
SETTING_SOURCES = ("user", "project", "local")
EFFORT_LEVELS = ("low", "medium", "high", "xhigh", "max")
THINKING_TYPES = ("adaptive", "enabled", "disabled")
SYSTEM_PROMPT_TYPES = ("preset", "custom", "file")


def _type_error(name: str, what: str, value: Any) -> TypeError:
    return TypeError(f"ClaudeAgentOptions.{name} must be {what}, got {type(value).__name__}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_path(value: Any) -> bool:
    return isinstance(value, (str, os.PathLike))


def _str_list(name: str, value: Any, allow_paths: bool = False) -> None:
    if not isinstance(value, (list, tuple)):
        raise _type_error(name, "a list of strings", value)
    for item in value:
        if not (isinstance(item, str) or (allow_paths and isinstance(item, os.PathLike))):
            raise _type_error(name, "a list of strings", item)


def _opt(kind: Callable[[str, Any], None]) -> Callable[[str, Any], None]:
    def check(name: str, value: Any) -> None:
        if value is not None:
            kind(name, value)

    return check


def _bool(name: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise _type_error(name, "a bool", value)


def _str(name: str, value: Any) -> None:
    if not isinstance(value, str):
        raise _type_error(name, "a str", value)


def _path(name: str, value: Any) -> None:
    if not _is_path(value):
        raise _type_error(name, "a str or os.PathLike", value)


def _count(name: str, value: Any) -> None:
    if not _is_int(value):
        raise _type_error(name, "an int", value)
    if value < 0:
        raise ValueError(f"ClaudeAgentOptions.{name} must not be negative, got {value}")


def _money(name: str, value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _type_error(name, "a number", value)
    if value < 0 or value != value:
        raise ValueError(f"ClaudeAgentOptions.{name} must be a non-negative number, got {value}")


def _choice(choices: tuple[str, ...]) -> Callable[[str, Any], None]:
    def check(name: str, value: Any) -> None:
        if not isinstance(value, str):
            raise _type_error(name, "one of " + ", ".join(map(repr, choices)), value)
        if value not in choices:
            raise ValueError(
                f"ClaudeAgentOptions.{name} must be one of {', '.join(map(repr, choices))}, "
                f"got {value!r}"
            )

    return check


def _str_dict(name: str, value: Any, values_may_be_none: bool = False) -> None:
    if not isinstance(value, dict):
        raise _type_error(name, "a dict", value)
    for key, item in value.items():
        ok = isinstance(item, str) or (values_may_be_none and item is None)
        if not isinstance(key, str) or not ok:
            raise _type_error(name, "a dict of str to str", item)


def _callable(name: str, value: Any) -> None:
    if not callable(value):
        raise _type_error(name, "callable", value)


def _dict(name: str, value: Any) -> None:
    if not isinstance(value, dict):
        raise _type_error(name, "a dict", value)


def _typed_dict(name: str, value: Any, types: tuple[str, ...]) -> None:
    if not isinstance(value, dict):
        raise _type_error(name, "a dict", value)
    if value.get("type") not in types:
        raise ValueError(
            f"ClaudeAgentOptions.{name}['type'] must be one of {', '.join(map(repr, types))}, "
            f"got {value.get('type')!r}"
        )


def _tools(name: str, value: Any) -> None:
    if isinstance(value, dict):
        if value.get("type") != "preset" or value.get("preset") != "claude_code":
            raise ValueError(
                f"ClaudeAgentOptions.{name} preset must be "
                "{'type': 'preset', 'preset': 'claude_code'}"
            )
        return
    _str_list(name, value)


def _system_prompt(name: str, value: Any) -> None:
    if isinstance(value, str):
        return
    _typed_dict(name, value, SYSTEM_PROMPT_TYPES)


def _mcp_servers(name: str, value: Any) -> None:
    if isinstance(value, dict):
        for key, config in value.items():
            if not isinstance(key, str) or not isinstance(config, dict):
                raise _type_error(name, "a dict of server name to config dict", config)
        return
    if not _is_path(value):
        raise _type_error(name, "a dict, str or os.PathLike", value)


def _hooks(name: str, value: Any) -> None:
    from .._options import HookMatcher

    if not isinstance(value, dict):
        raise _type_error(name, "a dict of hook event to list of HookMatcher", value)
    for event, matchers in value.items():
        if not isinstance(event, str) or not isinstance(matchers, (list, tuple)):
            raise _type_error(name, "a dict of hook event to list of HookMatcher", matchers)
        for matcher in matchers:
            if not isinstance(matcher, HookMatcher):
                raise _type_error(name, "a dict of hook event to list of HookMatcher", matcher)
            for callback in matcher.hooks:
                if not callable(callback):
                    raise _type_error(name + " callbacks", "callable", callback)


def _agents(name: str, value: Any) -> None:
    from .._options import AgentDefinition

    if not isinstance(value, dict):
        raise _type_error(name, "a dict of name to AgentDefinition", value)
    for agent in value.values():
        if not isinstance(agent, (AgentDefinition, dict)):
            raise _type_error(name, "a dict of name to AgentDefinition", agent)


def _setting_sources(name: str, value: Any) -> None:
    _str_list(name, value)
    for source in value:
        if source not in SETTING_SOURCES:
            raise ValueError(
                f"ClaudeAgentOptions.{name} entries must be 'user', 'project' or 'local', "
                f"got {source!r}"
            )


_BAD_SKILL_CHARS = re.compile(r"[(),\x00-\x1f\x7f\ufeff]")
_SURROGATES = re.compile(r"[\ud800-\udfff]")


def _skills(name: str, value: Any) -> None:
    if value == "all":
        return
    if not isinstance(value, list):
        hint = f" Did you mean [{value!r}]?" if isinstance(value, str) else ""
        raise TypeError(
            f'ClaudeAgentOptions.skills must be a list of skill names or "all", got {value!r}.{hint}'
        )
    for skill in value:
        if not isinstance(skill, str):
            raise TypeError(f"Skill names must be strings, got {type(skill).__name__}: {skill!r}")
        problem = None
        if not skill.strip():
            problem = "skill names must be non-empty"
        elif _SURROGATES.search(skill):
            problem = "contains a surrogate code point"
        elif skill != skill.strip():
            problem = "leading or trailing whitespace never matches a skill"
        elif _BAD_SKILL_CHARS.search(skill):
            problem = "parentheses, commas, control characters and byte-order marks are not allowed"
        elif skill == "*":
            problem = 'use skills="all" to enable every skill'
        elif skill.endswith(":*") or skill.endswith(" *"):
            problem = "wildcard suffixes are not allowed; list each skill by name"
        elif skill.startswith("/"):
            problem = "give the skill's name, not its slash command"
        elif "\\\\" in skill or skill.endswith("\\"):
            problem = "backslashes in this position cannot name a skill"
        if problem:
            raise ValueError(f"ClaudeAgentOptions.skills: invalid skill name {skill!r}: {problem}")


def _plugins(name: str, value: Any) -> None:
    if not isinstance(value, list):
        raise _type_error(name, "a list of plugin configs", value)
    for plugin in value:
        if not isinstance(plugin, dict):
            raise _type_error(name, "a list of plugin configs", plugin)
        if plugin.get("type") != "local":
            raise ValueError(f"Unsupported plugin type: {plugin.get('type')}")


def _thinking(name: str, value: Any) -> None:
    _typed_dict(name, value, THINKING_TYPES)
    budget = value.get("budget_tokens")
    if value["type"] == "enabled" and budget is not None and not _is_int(budget):
        raise _type_error(name + "['budget_tokens']", "an int", budget)


def _task_budget(name: str, value: Any) -> None:
    if not isinstance(value, dict) or not _is_int(value.get("total")):
        raise _type_error(name, "a dict {'total': int}", value)


def _add_dirs(name: str, value: Any) -> None:
    _str_list(name, value, allow_paths=True)


def _extra_args(name: str, value: Any) -> None:
    _str_dict(name, value, values_may_be_none=True)


CHECKS: dict[str, Callable[[str, Any], None]] = {
    "tools": _opt(_tools),
    "allowed_tools": _str_list,
    "system_prompt": _opt(_system_prompt),
    "mcp_servers": _mcp_servers,
    "strict_mcp_config": _bool,
    "permission_mode": _opt(_choice(PERMISSION_MODES)),
    "continue_conversation": _bool,
    "resume": _opt(_str),
    "session_id": _opt(_str),
    "max_turns": _opt(_count),
    "max_budget_usd": _opt(_money),
    "disallowed_tools": _str_list,
    "model": _opt(_str),
    "fallback_model": _opt(_str),
    "betas": _str_list,
    "permission_prompt_tool_name": _opt(_str),
    "cwd": _opt(_path),
    "cli_path": _opt(_path),
    "settings": _opt(_str),
    "add_dirs": _add_dirs,
    "env": _str_dict,
    "extra_args": _extra_args,
    "max_buffer_size": _opt(_count),
    "stderr": _opt(_callable),
    "can_use_tool": _opt(_callable),
    "hooks": _opt(_hooks),
    "user": _opt(_str),
    "include_partial_messages": _bool,
    "include_hook_events": _bool,
    "forward_subagent_text": _bool,
    "verbatim_prompts": _bool,
    "fork_session": _bool,
    "resume_session_at": _opt(_str),
    "resume_drops_turn": _opt(_str),
    "agents": _opt(_agents),
    "setting_sources": _opt(_setting_sources),
    "skills": _opt(_skills),
    "sandbox": _opt(_dict),
    "plugins": _plugins,
    "max_thinking_tokens": _opt(_count),
    "thinking": _opt(_thinking),
    "effort": _opt(_choice(EFFORT_LEVELS)),
    "output_format": _opt(_dict),
    "enable_file_checkpointing": _bool,
    "session_store_flush": _choice(("batched", "eager")),
    "load_timeout_ms": _count,
    "task_budget": _opt(_task_budget),
    "client_app": _opt(_str),
}


def check_options(options: Any) -> None:
    """Raise TypeError / ValueError naming the first option with a wrong type or value."""
    for name, check in CHECKS.items():
        check(name, getattr(options, name))
