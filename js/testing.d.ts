// oxagent/testing: the documented SessionStore contracts, as one async check.
import type { SessionStore } from './types/options.js';

/** An optional `SessionStore` method whose contracts `runSessionStoreConformance` can skip. */
export type OptionalStoreMethod = 'listSessions' | 'listSessionSummaries' | 'delete' | 'listSubkeys';

/** Checks `makeStore()`'s stores (one per contract, each holding nothing) against every contract. */
export declare function runSessionStoreConformance(
  makeStore: () => SessionStore | Promise<SessionStore>,
  options?: { skipOptional?: OptionalStoreMethod[] },
): Promise<void>;

/**
 * Records the sessions of a `node:test` test once (to `cassettes/<name>.jsonl` beside the test
 * file, or in `dir`) and replays them offline afterwards; a replay whose requests differ fails
 * the test naming the first difference. `OXAGENT_RECORD=1` records afresh.
 */
export declare function useCassette(
  t: { name?: string; after?: (fn: () => void) => void } | undefined,
  name?: string,
  options?: { dir?: string },
): { path: string; mode: 'record' | 'replay'; check: () => void };
