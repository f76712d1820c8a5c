"""Runs the shared conformance driver (argv[1]) with the in-process MCP servers of the
scenario's top-level "sdk_servers" key (see tools.py) added to ``mcp_servers``."""

import asyncio
import importlib.util
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tools import build_servers  # noqa: E402

shared, sys.argv = sys.argv[1], sys.argv[1:]
spec = importlib.util.spec_from_file_location("conformance_driver", shared)
driver = importlib.util.module_from_spec(spec)
spec.loader.exec_module(driver)
SERVERS = json.load(open(sys.argv[1])).get("sdk_servers") or {}
_build = driver.build_options


def build_options(overrides=None):
    options, stderr_lines = _build(overrides)
    options.mcp_servers = {**(options.mcp_servers or {}), **build_servers(SERVERS)}
    return options, stderr_lines


driver.build_options = build_options
asyncio.run(driver.main())
