// ESM entry of oxagent/testing.
import testing from "./testing.cjs";

export const { runSessionStoreConformance } = testing;
export default testing;
