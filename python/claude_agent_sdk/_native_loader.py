"""Access to the native module, and its reset after ``fork()``.

The pure-Python layer (types, parser, options) imports without the native module; starting a
session needs it.
"""

from __future__ import annotations

import os


def register_fork_handler() -> None:
    """Tell the native runtime when this process is a fresh fork (it has no threads there)."""

    def after_fork_in_child() -> None:
        try:
            from . import _native
        except ImportError:
            return
        _native._after_fork_in_child()

    if hasattr(os, "register_at_fork"):
        os.register_at_fork(after_in_child=after_fork_in_child)


def native_version() -> str | None:
    """The native module's version, or None when it is not built."""
    try:
        from . import _native
    except ImportError:
        return None
    return _native.version()
