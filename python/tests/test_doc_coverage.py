"""Every public name of the Python package has a docstring of its own (``claude_agent_sdk``'s
``__all__``, its ``stores`` and ``testing`` modules, and ``oxagent``), as
``scripts/doc_coverage.py`` counts them. Type aliases, which cannot carry one, are exempt."""

from __future__ import annotations

import importlib.util
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent


def _doc_coverage():
    path = REPO / "scripts" / "doc_coverage.py"
    spec = importlib.util.spec_from_file_location("doc_coverage", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_public_python_name_has_a_docstring():
    missing, _aliases, total = _doc_coverage().python_missing()
    assert total > 150, f"only {total} public names found: the export lists were not read"
    assert missing == [], "public names without a docstring:\n  " + "\n  ".join(missing)


def test_a_dataclass_signature_does_not_count_as_a_docstring():
    from dataclasses import dataclass

    @dataclass
    class Bare:
        x: int

    @dataclass
    class Documented:
        """Has one."""

        x: int

    own_doc = _doc_coverage().own_doc
    assert own_doc(Bare) is None
    assert own_doc(Documented) == "Has one."
