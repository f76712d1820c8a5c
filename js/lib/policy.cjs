// Helpers over resolved settings that run without a session: which models a managed
// `deniedModels` list blocks, and the trust filter for escalating default modes.
"use strict";

const ESCALATING_MODES = new Set(["bypassPermissions", "auto", "acceptEdits"]);

/** Which of `models` the list blocks, by exact name; warnings say what was skipped. */
async function matchDeniedModels(models, deniedModels) {
  const warnings = [];
  const entries = [];
  for (const entry of Array.isArray(deniedModels) ? deniedModels : []) {
    if (typeof entry === "string") entries.push(entry);
    else warnings.push(`"deniedModels" has an entry that is not a string (${typeof entry}); it was skipped.`);
  }
  if (!Array.isArray(models)) {
    warnings.push(`"models" is not a list of model names; nothing was compared.`);
    return { denied: [], warnings };
  }
  const denied = models.map((m) => {
    if (typeof m !== "string") {
      warnings.push(`"models" has an entry that is not a string (${typeof m}); it cannot be blocked by name.`);
      return false;
    }
    return entries.includes(m);
  });
  return { denied, warnings };
}

/**
 * `resolved.effective` less an escalating `permissions.defaultMode` that came from a project
 * file: the last of `resolved.sources` (lowest precedence first) that sets the mode decides.
 */
function filterEscalatingDefaultMode(resolved) {
  const effective = structuredClone(resolved?.effective ?? {});
  const setters = (resolved?.sources ?? []).filter((s) => s?.settings?.permissions?.defaultMode !== undefined);
  const from = setters.at(-1)?.source;
  const mode = effective.permissions?.defaultMode;
  if (ESCALATING_MODES.has(mode) && from === "project") delete effective.permissions.defaultMode;
  return effective;
}

/** The error of a direct connection to a running session (with a stable `code`). */
class DirectConnectError extends Error {
  constructor(message, code) {
    super(message);
    this.name = "DirectConnectError";
    this.code = code;
  }
}

module.exports = { matchDeniedModels, filterEscalatingDefaultMode, DirectConnectError };
