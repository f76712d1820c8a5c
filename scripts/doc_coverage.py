#!/usr/bin/env python3
"""Counts the public names of the Python and Node packages that have no documentation.

    python scripts/doc_coverage.py [--list] [--check]

Python: each name of `claude_agent_sdk.__all__` (and of its `stores` and `testing`
modules, and of `oxagent` and its pytest plugin) needs a docstring of its own; a type alias
(`PermissionMode = Literal[...]`) cannot carry one and is counted apart. Node: each `export`
of `js/index.d.ts`, `js/stores.d.ts`, `js/testing.d.ts` and `js/types/*.d.ts` needs a
`/** ... */` comment right above it (`export type * from` lines excepted). Run it with the project's Python, where
`claude_agent_sdk` imports. Reports, and with `--check` exits 1 when a name lacks its docs
(python/tests/test_doc_coverage.py and js/tests/doc-coverage.test.mjs run the same checks).
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


PYTHON_MODULES = (
    "claude_agent_sdk",
    "claude_agent_sdk.stores",
    "claude_agent_sdk.testing",
    "oxagent",
    "oxagent.pytest_plugin",
)


def own_doc(obj: object) -> str | None:
    doc = obj.__dict__.get("__doc__") if isinstance(obj, type) else getattr(obj, "__doc__", None)
    if not doc:
        return None
    # A dataclass without a docstring gets its signature as one.
    if isinstance(obj, type) and dataclasses.is_dataclass(obj) and doc.startswith(obj.__name__ + "("):
        return None
    return doc


def python_missing() -> tuple[list[str], list[str], int]:
    missing, aliases, total = [], [], 0
    for module_name in PYTHON_MODULES:
        module = importlib.import_module(module_name)
        names = getattr(module, "__all__", None)
        if names is None:
            # No __all__: the public names the module defines itself (not its imports).
            names = [n for n, v in vars(module).items() if not n.startswith("_")
                     and getattr(v, "__module__", None) == module_name]
        for name in names:
            obj = getattr(module, name)
            if name == "__version__":
                continue
            total += 1
            if not (inspect.isclass(obj) or inspect.isfunction(obj) or inspect.ismodule(obj)
                    or inspect.iscoroutinefunction(obj) or callable(obj) and hasattr(obj, "__wrapped__")):
                aliases.append(f"{module_name}.{name}")
            elif own_doc(obj) is None:
                missing.append(f"{module_name}.{name}")
    return missing, aliases, total


EXPORT = re.compile(r"^export (?:declare )?(?:class|function|const|type|interface|enum) (\w+)")


def node_missing() -> tuple[list[str], int]:
    missing, total = [], 0
    files = [ROOT / "js" / f for f in ("index.d.ts", "stores.d.ts", "testing.d.ts")]
    files += sorted((ROOT / "js" / "types").glob("*.d.ts"))
    for path in files:
        lines = path.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            m = EXPORT.match(line)
            if not m:
                continue
            total += 1
            j = i - 1
            while j >= 0 and lines[j].strip().startswith("//"):
                j -= 1
            if j < 0 or not lines[j].rstrip().endswith("*/"):
                missing.append(f"{path.relative_to(ROOT)}: {m.group(1)}")
    return missing, total


def main() -> int:
    show = "--list" in sys.argv
    py_missing, py_aliases, py_total = python_missing()
    js_missing, js_total = node_missing()
    print(f"python: {len(py_missing)} of {py_total} public names without a docstring "
          f"({len(py_aliases)} more are type aliases)")
    print(f"node:   {len(js_missing)} of {js_total} exports without a TSDoc comment")
    if show:
        for name in py_missing + js_missing:
            print("  " + name)
    if "--check" in sys.argv and (py_missing or js_missing):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
