"""oxagent's additions to the Claude Agent SDK's Python API (which is ``claude_agent_sdk``,
unchanged):

- :func:`with_tools` and :func:`function_tool`: plain Python functions as tools, their schema
  from their type hints, without an MCP server.
- Record/replay tests: the ``oxagent_cassette`` pytest fixture (``oxagent.pytest_plugin``,
  registered when the package is installed), or ``OXAGENT_CASSETTE=<path>`` in any program.
"""

from claude_agent_sdk._functions import FunctionTool, function_tool, with_tools

__all__ = ["FunctionTool", "function_tool", "with_tools"]
