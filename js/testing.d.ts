// oxagent/testing: the documented SessionStore contracts, as one async check.
import type { SessionStore } from './types/options.js';

export type OptionalStoreMethod = 'listSessions' | 'listSessionSummaries' | 'delete' | 'listSubkeys';

/** Checks `makeStore()`'s stores (one per contract, each holding nothing) against every contract. */
export declare function runSessionStoreConformance(
  makeStore: () => SessionStore | Promise<SessionStore>,
  options?: { skipOptional?: OptionalStoreMethod[] },
): Promise<void>;
