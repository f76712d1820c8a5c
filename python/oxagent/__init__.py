"""oxagent's additions to the Claude Agent SDK's Python API (which is ``claude_agent_sdk``,
unchanged):

- :func:`with_tools` and :func:`function_tool`: plain Python functions as tools, their schema
  from their type hints, without an MCP server.
- Record/replay tests: the ``oxagent_cassette`` pytest fixture (``oxagent.pytest_plugin``,
  registered when the package is installed), or ``OXAGENT_CASSETTE=<path>`` in any program.

The names load on first use: pytest loads this package's plugin in every test run, which
must not import the SDK (or capture ``sys.stderr`` as the options' default) before it runs.
"""

from typing import Any

__all__ = ["FunctionTool", "function_tool", "with_tools"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from claude_agent_sdk import _functions

        return getattr(_functions, name)
    raise AttributeError(f"module 'oxagent' has no attribute {name!r}")
