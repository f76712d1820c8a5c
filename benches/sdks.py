"""Where the SDKs the benchmarks drive are: ours (the project's venv and js/) and the official
ones (OXAGENT_REFERENCE_PYTHON, OXAGENT_REFERENCE_NODE_PACKAGE, else their usual places)."""
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _first(*paths):
    return next((Path(p) for p in paths if p and Path(p).exists()), Path(paths[-1]))


PY_OURS = Path(os.environ.get("OXAGENT_PYTHON", ROOT / ".venv/bin/python"))
PY_REF = Path(os.environ.get("OXAGENT_REFERENCE_PYTHON", Path.home() / "venvs/claude-ref/bin/python"))
NODE_OURS = Path(os.environ.get("OXAGENT_NODE_PACKAGE", ROOT / "js"))
NODE_REF = _first(os.environ.get("OXAGENT_REFERENCE_NODE_PACKAGE"),
                  Path.home() / "ref-ts/node_modules/@anthropic-ai/claude-agent-sdk",
                  "/tmp/refts/node_modules/@anthropic-ai/claude-agent-sdk")
