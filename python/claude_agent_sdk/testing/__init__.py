"""Tools for people who write their own session store.

``run_session_store_conformance(make_store)`` checks a ``SessionStore`` against the
documented contracts; it uses plain ``assert``, so any test runner will do.
"""

from .session_store_conformance import run_session_store_conformance

__all__ = ["run_session_store_conformance"]
