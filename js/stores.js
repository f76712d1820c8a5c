// ESM entry of oxagent/stores (the same classes as the CommonJS entry).
import stores from "./stores.cjs";

export const { NativeSessionStore, RedisSessionStore, PostgresSessionStore } = stores;
export default stores;
