"""Session stores on servers, beyond the official package: Redis and PostgreSQL, implemented
in oxagent's native core. A session given one mirrors into it with no round trip through
Python, and resumes from it on any host.

    from claude_agent_sdk import ClaudeAgentOptions
    from claude_agent_sdk.stores import RedisSessionStore

    options = ClaudeAgentOptions(session_store=RedisSessionStore("redis://127.0.0.1:6379/"))

Their methods (``append``, ``load``, ``list_sessions``, ...) are asyncio awaitables.
"""

from ._session_store import NativeSessionStore, PostgresSessionStore, RedisSessionStore

__all__ = ["NativeSessionStore", "PostgresSessionStore", "RedisSessionStore"]
