"""A session store written the way the official SDK's example adapters are: user code
against the public protocol (``SessionStore`` and its typed dicts, imported from the
package), over a plain ``redis.asyncio`` client. Nothing in it knows about oxagent.

Keys (``prefix`` first): ``<p>:<project>:<session>`` (list, the main transcript),
``<p>:<project>:<session>:<subpath>`` (list), ``<p>:<project>:<session>:~subkeys`` (set),
``<p>:<project>:~sessions`` (sorted set, score = epoch ms).
"""

from __future__ import annotations

import json
import time

from claude_agent_sdk import (
    SessionKey,
    SessionListSubkeysKey,
    SessionStore,
    SessionStoreEntry,
    SessionStoreListEntry,
)


class PlainRedisStore(SessionStore):
    def __init__(self, client, prefix: str) -> None:
        self.client = client
        self.prefix = prefix

    def _list(self, key: SessionKey) -> str:
        name = f"{self.prefix}:{key['project_key']}:{key['session_id']}"
        return f"{name}:{key['subpath']}" if key.get("subpath") else name

    def _subkeys(self, key: SessionListSubkeysKey) -> str:
        return f"{self.prefix}:{key['project_key']}:{key['session_id']}:~subkeys"

    def _sessions(self, project_key: str) -> str:
        return f"{self.prefix}:{project_key}:~sessions"

    async def append(self, key: SessionKey, entries: list[SessionStoreEntry]) -> None:
        if not entries:
            return
        tx = self.client.pipeline(transaction=True)
        tx.rpush(self._list(key), *[json.dumps(e) for e in entries])
        if key.get("subpath"):
            tx.sadd(self._subkeys(key), key["subpath"])
        else:
            tx.zadd(self._sessions(key["project_key"]), {key["session_id"]: int(time.time() * 1000)})
        await tx.execute()

    async def load(self, key: SessionKey) -> list[SessionStoreEntry] | None:
        lines = await self.client.lrange(self._list(key), 0, -1)
        return [json.loads(line) for line in lines] or None

    async def list_sessions(self, project_key: str) -> list[SessionStoreListEntry]:
        scored = await self.client.zrange(self._sessions(project_key), 0, -1, withscores=True)
        return [{"session_id": sid, "mtime": int(ms)} for sid, ms in scored]

    async def delete(self, key: SessionKey) -> None:
        tx = self.client.pipeline(transaction=True)
        if key.get("subpath"):
            tx.delete(self._list(key))
            tx.srem(self._subkeys(key), key["subpath"])
        else:
            subpaths = await self.client.smembers(self._subkeys(key))
            tx.delete(self._list(key), self._subkeys(key),
                      *[self._list({**key, "subpath": s}) for s in subpaths])
            tx.zrem(self._sessions(key["project_key"]), key["session_id"])
        await tx.execute()

    async def list_subkeys(self, key: SessionListSubkeysKey) -> list[str]:
        return sorted(await self.client.smembers(self._subkeys(key)))
