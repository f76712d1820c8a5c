"""Every type of the SDK in one module, as ``claude_agent_sdk.types`` of the official package:
messages and blocks, options, permissions, hooks, MCP configs, the control protocol."""

from ._messages import *  # noqa: F403
from ._options import *  # noqa: F403
from ._permissions import *  # noqa: F403
from ._sessions import (  # noqa: F401
    SDKSessionInfo,
    SessionKey,
    SessionListSubkeysKey,
    SessionMessage,
    SessionStore,
    SessionStoreEntry,
    SessionStoreListEntry,
    SessionSummaryEntry,
)
from ._td_config import *  # noqa: F403
from ._td_config import TERMINAL_TASK_STATUSES  # noqa: F401
from ._td_hooks import *  # noqa: F403

McpServer = object  # the official package's alias of an MCP server instance type
