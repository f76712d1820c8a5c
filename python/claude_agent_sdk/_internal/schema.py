"""Tool input schemas: Python annotations -> JSON Schema (the arguments are checked against
it by the server, in Rust).

``input_schema`` of ``@tool`` may be a full JSON Schema (a dict with a string ``type`` and
``properties``), a ``{name: python_type}`` map (every parameter required), or a TypedDict.

    >>> input_json_schema({"a": float, "tags": list[str]})
    {'type': 'object', 'properties': {'a': {'type': 'number'}, 'tags': {'type': 'array',
     'items': {'type': 'string'}}}, 'required': ['a', 'tags']}
"""

from __future__ import annotations

import enum
import types
import typing
from typing import Any, Union

_SCALARS = {str: "string", int: "integer", float: "number", bool: "boolean"}
_WRAPPERS = ("NotRequired", "Required", "ReadOnly")


def python_type_schema(tp: Any) -> dict[str, Any]:
    """The JSON Schema of one Python annotation (unknown types become strings)."""
    origin = typing.get_origin(tp)
    if getattr(origin, "_name", None) in _WRAPPERS:
        return python_type_schema(typing.get_args(tp)[0])
    if origin is typing.Annotated:
        inner, *metadata = typing.get_args(tp)
        schema = python_type_schema(inner)
        for meta in metadata:
            if isinstance(meta, str):
                schema["description"] = meta
                break
        return schema
    if tp in _SCALARS:
        return {"type": _SCALARS[tp]}
    if origin is typing.Literal:
        values = list(typing.get_args(tp))
        kinds = {_SCALARS.get(type(v)) for v in values}
        schema: dict[str, Any] = {"enum": values}
        if len(kinds) == 1 and None not in kinds:
            schema["type"] = kinds.pop()
        return schema
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return python_type_schema(typing.Literal[tuple(m.value for m in tp)])
    if origin is Union or isinstance(tp, types.UnionType):
        members = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(members) == 1:
            return python_type_schema(members[0])
        return {"anyOf": [python_type_schema(a) for a in members]}
    if origin is list or tp is list:
        args = typing.get_args(tp)
        return {"type": "array", "items": python_type_schema(args[0])} if args else {"type": "array"}
    if origin is dict or tp is dict:
        return {"type": "object"}
    if typing.is_typeddict(tp):
        return typeddict_schema(tp)
    return {"type": "string"}


def typeddict_schema(td: type) -> dict[str, Any]:
    hints = typing.get_type_hints(td, include_extras=True)
    properties = {name: python_type_schema(tp) for name, tp in hints.items()}
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    required = getattr(td, "__required_keys__", set(properties))
    if required:
        schema["required"] = sorted(required)
    return schema


def input_json_schema(input_schema: Any) -> dict[str, Any]:
    """The JSON Schema advertised for a tool declared with ``input_schema``."""
    if isinstance(input_schema, dict):
        if isinstance(input_schema.get("type"), str) and "properties" in input_schema:
            return input_schema
        properties = {name: python_type_schema(tp) for name, tp in input_schema.items()}
        return {"type": "object", "properties": properties, "required": list(properties)}
    if typing.is_typeddict(input_schema):
        return typeddict_schema(input_schema)
    return {"type": "object", "properties": {}}
