"""Prints the public surface of the importable ``claude_agent_sdk`` as JSON: for each
exported dataclass its fields (name, default kind) in order, for each TypedDict its keys and
required keys, for the rest the kind of object. Run under any interpreter:

    python surface_dump.py > surface.json
"""

import dataclasses
import json
import sys
import typing

import claude_agent_sdk as sdk
import claude_agent_sdk.types as sdk_types


def describe(obj):
    if dataclasses.is_dataclass(obj) and isinstance(obj, type):
        fields = []
        for f in dataclasses.fields(obj):
            if f.default is not dataclasses.MISSING:
                default = repr(f.default) if not f.name == "debug_stderr" else "<stderr>"
            elif f.default_factory is not dataclasses.MISSING:
                default = "factory:" + repr(f.default_factory())
            else:
                default = "<required>"
            fields.append([f.name, default])
        bases = [b.__name__ for b in obj.__mro__[1:] if dataclasses.is_dataclass(b)]
        return {"kind": "dataclass", "fields": fields, "dataclass_bases": bases}
    if typing.is_typeddict(obj):
        return {
            "kind": "typeddict",
            "keys": list(obj.__annotations__),
            "required": sorted(obj.__required_keys__),
        }
    if isinstance(obj, type):
        return {"kind": "class", "mro": [b.__name__ for b in obj.__mro__]}
    if callable(obj) and not hasattr(obj, "__origin__"):
        return {"kind": "callable"}
    return {"kind": "other"}


def main():
    out = {"__all__": list(sdk.__all__), "names": {}, "types": {}}
    for name in sdk.__all__:
        out["names"][name] = describe(getattr(sdk, name))
    for name in dir(sdk_types):
        if name.startswith("_"):
            continue
        obj = getattr(sdk_types, name)
        if (dataclasses.is_dataclass(obj) and isinstance(obj, type)) or typing.is_typeddict(obj):
            out["types"][name] = describe(obj)
    json.dump(out, sys.stdout, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
