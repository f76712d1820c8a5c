// The .d.ts against the Rust protocol: every message kind oxagent emits, fully filled
// (tests/fixtures/protocol/messages.json, written by crates/oxagent/tests/protocol_samples.rs),
// must type-check as its declared SDKMessage member. A field Rust emits that the .d.ts does not
// declare fails as an excess property; a required field the .d.ts declares that Rust does not
// emit fails as a missing one. A message kind without a declared type fails too.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { PACKAGE_DIR, scratchDir } from "./helpers.mjs";

const require = createRequire(import.meta.url);
const ts = require("typescript");
const FIXTURE = path.resolve(PACKAGE_DIR, "..", "tests", "fixtures", "protocol", "messages.json");

// (type, subtype) of a message -> the .d.ts type it is declared as.
const DECLARED = {
  assistant: "SDKAssistantMessage",
  user: "SDKUserMessage",
  "user/replay": "SDKUserMessageReplay",
  result: "SDKResultMessage",
  stream_event: "SDKPartialAssistantMessage",
  "system/init": "SDKSystemMessage",
  "system/status": "SDKStatusMessage",
  "system/api_retry": "SDKAPIRetryMessage",
  "system/compact_boundary": "SDKCompactBoundaryMessage",
  "system/permission_denied": "SDKPermissionDeniedMessage",
  "system/informational": "SDKInformationalMessage",
  "system/notification": "SDKNotificationMessage",
  "system/hook_started": "SDKHookStartedMessage",
  "system/hook_response": "SDKHookResponseMessage",
  "system/task_started": "SDKTaskStartedMessage",
  "system/task_progress": "SDKTaskProgressMessage",
  "system/task_updated": "SDKTaskUpdatedMessage",
  "system/task_notification": "SDKTaskNotificationMessage",
  "system/background_tasks_changed": "SDKBackgroundTasksChangedMessage",
  "system/thinking_tokens": "SDKThinkingTokensMessage",
};

const kindOf = (m) => (m.type === "system" ? `system/${m.subtype}` : m.type === "user" && m.isReplay === true ? "user/replay" : m.type);

test("every message kind the Rust protocol emits has a declared type", () => {
  const { messages } = JSON.parse(fs.readFileSync(FIXTURE, "utf8"));
  const undeclared = [...new Set(messages.map(kindOf))].filter((k) => !DECLARED[k]);
  assert.deepEqual(undeclared, []);
});

test("every message the Rust protocol emits type-checks as its declared type", () => {
  const { messages } = JSON.parse(fs.readFileSync(FIXTURE, "utf8"));
  const dir = scratchDir("oxagent-protocol-");
  const types = [...new Set(Object.values(DECLARED))].sort();
  const lines = [
    `import type { ${types.join(", ")} } from ${JSON.stringify(path.join(PACKAGE_DIR, "index.js"))};`,
    ...messages.map((m, i) => `export const m${i}: ${DECLARED[kindOf(m)]} = ${JSON.stringify(m)};`),
  ];
  const file = path.join(dir, "samples.ts");
  fs.writeFileSync(file, lines.join("\n") + "\n");
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  const program = ts.createProgram([file], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    types: [],
  });
  const errors = ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : -1;
    const sample = where >= 1 ? kindOf(messages[where - 1]) : "";
    return `${sample}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
  assert.deepEqual(errors, []);
});
