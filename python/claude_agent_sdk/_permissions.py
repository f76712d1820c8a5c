"""Permission types: the ``can_use_tool`` callback's context and answers, and the permission
updates it can hand back (converted to and from the control protocol's camelCase shape)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Union

from ._td_config import PermissionBehavior, PermissionMode, PermissionUpdateDestination

_RULE_TYPES = ("addRules", "replaceRules", "removeRules")
_DIRECTORY_TYPES = ("addDirectories", "removeDirectories")


@dataclass
class PermissionRuleValue:
    """One rule: a tool and, optionally, what it matches (``"npm test"`` for Bash).
    ``rule_content=None`` covers every use of the tool."""

    tool_name: str
    rule_content: str | None = None


@dataclass
class PermissionUpdate:
    """A change to the session's permissions (rules, mode or working directories)."""

    type: Literal[
        "addRules", "replaceRules", "removeRules", "setMode", "addDirectories", "removeDirectories"
    ]
    rules: list[PermissionRuleValue] | None = None
    behavior: PermissionBehavior | None = None
    mode: PermissionMode | None = None
    directories: list[str] | None = None
    destination: PermissionUpdateDestination | None = None

    def to_dict(self) -> dict[str, Any]:
        """The wire form. ``destination=None`` is sent as ``"session"``; a rule without
        content leaves ``ruleContent`` out. A field the type needs that is missing, or an
        unknown type, raises ValueError."""
        wire: dict[str, Any] = {"type": self.type, "destination": self.destination or "session"}
        if self.type in _RULE_TYPES:
            if self.rules is None:
                raise ValueError(
                    f"PermissionUpdate(type={self.type!r}) needs rules: a list of PermissionRuleValue."
                )
            if self.behavior is None:
                raise ValueError(
                    f"PermissionUpdate(type={self.type!r}) needs a behavior: 'allow', 'deny' or 'ask'."
                )
            rules = []
            for rule in self.rules:
                entry: dict[str, Any] = {"toolName": rule.tool_name}
                if rule.rule_content is not None:
                    entry["ruleContent"] = rule.rule_content
                rules.append(entry)
            wire["rules"] = rules
            wire["behavior"] = self.behavior
        elif self.type == "setMode":
            if self.mode is None:
                raise ValueError("PermissionUpdate(type='setMode') needs a mode, e.g. 'acceptEdits'.")
            wire["mode"] = self.mode
        elif self.type in _DIRECTORY_TYPES:
            if self.directories is None:
                raise ValueError(
                    f"PermissionUpdate(type={self.type!r}) needs directories: a list of paths."
                )
            wire["directories"] = self.directories
        else:
            raise ValueError(
                f"PermissionUpdate type {self.type!r} is unknown; expected one of addRules, "
                "replaceRules, removeRules, setMode, addDirectories, removeDirectories."
            )
        return wire

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PermissionUpdate:
        """The inverse of :meth:`to_dict`, lenient: nothing is validated."""
        rules = None
        if data.get("rules") is not None:
            rules = [
                PermissionRuleValue(tool_name=r["toolName"], rule_content=r.get("ruleContent"))
                for r in data["rules"]
            ]
        return cls(
            type=data["type"],
            rules=rules,
            behavior=data.get("behavior"),
            mode=data.get("mode"),
            directories=data.get("directories"),
            destination=data.get("destination"),
        )


@dataclass
class ToolPermissionContext:
    """What ``can_use_tool`` learns besides the tool name and input."""

    signal: Any | None = None
    suggestions: list[PermissionUpdate] = field(default_factory=list)
    tool_use_id: str | None = None
    agent_id: str | None = None
    blocked_path: str | None = None
    decision_reason: str | None = None
    title: str | None = None
    display_name: str | None = None
    description: str | None = None


@dataclass
class PermissionResultAllow:
    """Run the tool, with ``updated_input`` instead of the model's input when given."""

    behavior: Literal["allow"] = "allow"
    updated_input: dict[str, Any] | None = None
    updated_permissions: list[PermissionUpdate] | None = None


@dataclass
class PermissionResultDeny:
    """Refuse the call; ``message`` goes back to the model, ``interrupt`` ends the turn."""

    behavior: Literal["deny"] = "deny"
    message: str = ""
    interrupt: bool = False


PermissionResult = Union[PermissionResultAllow, PermissionResultDeny]

CanUseTool = Callable[[str, dict[str, Any], ToolPermissionContext], Awaitable[PermissionResult]]


class CanUseToolShadowedWarning(UserWarning):
    """``can_use_tool`` is set but some calls never reach it (bypassPermissions, or an
    ``allowed_tools`` entry that allows a whole tool)."""
