// oxagent/stores: session stores on servers, implemented in oxagent's native core.
import type { SessionKey, SessionStore, SessionStoreEntry, SessionSummaryEntry } from './types/options.js';

/** A store that runs in the native core: a session mirrors into it without calling back into JavaScript. */
export declare class NativeSessionStore implements SessionStore {
  append(key: SessionKey, entries: SessionStoreEntry[]): Promise<void>;
  load(key: SessionKey): Promise<SessionStoreEntry[] | null>;
  listSessions(projectKey: string): Promise<Array<{ sessionId: string; mtime: number }>>;
  listSessionSummaries(projectKey: string): Promise<SessionSummaryEntry[]>;
  delete(key: SessionKey): Promise<void>;
  listSubkeys(key: { projectKey: string; sessionId: string }): Promise<string[]>;
}

/** Sessions in Redis (`redis://host:port/db`), connected on first use; appends are atomic. */
export declare class RedisSessionStore extends NativeSessionStore {
  /** `prefix` is put before every key; `connections` sizes the connection pool. */
  constructor(url: string, options?: { prefix?: string; connections?: number });
  readonly url: string;
}

/** Sessions in PostgreSQL (`postgres://user@host/db`), pooled; the tables are made on first use. */
export declare class PostgresSessionStore extends NativeSessionStore {
  /** `tablePrefix` is put before the tables' names; `poolSize` sizes the connection pool. */
  constructor(url: string, options?: { tablePrefix?: string; poolSize?: number });
  readonly url: string;
}
