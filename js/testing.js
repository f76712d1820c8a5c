// ESM entry of oxagent/testing.
import testing from "./testing.cjs";

export const { runSessionStoreConformance, useCassette } = testing;
export default testing;
