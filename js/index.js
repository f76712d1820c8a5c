// ESM entry: the same objects as the CommonJS entry (one copy of every class).
import sdk from "./index.cjs";

export const {
  query,
  tool,
  createSdkMcpServer,
  AbortError,
  startup,
  listSessions,
  getSessionInfo,
  getSessionMessages,
  listSubagents,
  getSubagentMessages,
  renameSession,
  tagSession,
  deleteSession,
  forkSession,
  InMemorySessionStore,
  foldSessionSummary,
  importSessionToStore,
  HOOK_EVENTS,
  EXIT_REASONS,
  SYSTEM_PROMPT_DYNAMIC_BOUNDARY,
  BUILTIN_TOOL_NAMES,
  LEGACY_TOOL_NAME_ALIASES,
} = sdk;
export default sdk;
