// The control methods of a Query: each sends one control request to the session and resolves
// with its response (or rejects with the session's error, e.g. for a request oxagent does not
// support yet). `initialize` is asked once and cached for the supported* methods.
"use strict";

const REQUEST = Symbol("request");
/** Converts a setMcpServers() argument for the native side, keeping in-process instances. */
const SERVERS = Symbol("servers");

const orUndefined = (r) => (r && typeof r === "object" && Object.keys(r).length ? r : undefined);

class ControlMethods {
  #init = null;

  async interrupt() {
    return orUndefined(await this[REQUEST]("interrupt"));
  }
  async setPermissionMode(mode) {
    return orUndefined(await this[REQUEST]("set_permission_mode", { mode }));
  }
  async setMcpPermissionModeOverride(serverName, mode) {
    return (await this[REQUEST]("set_mcp_permission_mode_override", { serverName, mode })) || {};
  }
  async setModel(model) {
    await this[REQUEST]("set_model", model === undefined ? {} : { model });
  }
  async setMaxThinkingTokens(maxThinkingTokens, thinkingDisplay) {
    const fields = { max_thinking_tokens: maxThinkingTokens };
    if (thinkingDisplay !== undefined) fields.thinking_display = thinkingDisplay;
    await this[REQUEST]("set_max_thinking_tokens", fields);
  }
  async applyFlagSettings(settings) {
    await this[REQUEST]("apply_flag_settings", { settings });
  }
  async updateSettings(source, settings) {
    await this[REQUEST]("update_settings", { source, settings });
  }

  initializationResult() {
    this.#init ??= this[REQUEST]("initialize");
    return this.#init;
  }
  reinitialize() {
    this.#init = this[REQUEST]("initialize");
    return this.#init;
  }
  async supportedCommands() {
    return (await this.initializationResult()).commands ?? [];
  }
  async supportedModels() {
    return (await this.initializationResult()).models ?? [];
  }
  async supportedAgents() {
    return (await this.initializationResult()).agents ?? [];
  }
  async accountInfo() {
    return (await this.initializationResult()).account ?? {};
  }
  async mcpServerStatus() {
    return (await this[REQUEST]("mcp_status")).mcpServers ?? [];
  }
  getContextUsage(opts = {}) {
    return this[REQUEST]("get_context_usage", opts.detail ? { detail: opts.detail } : {});
  }
  usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET(opts = {}) {
    return this[REQUEST]("get_usage", opts.skipBehaviors ? { skip_behaviors: true } : {});
  }
  async readFile(path, opts = {}) {
    const fields = { path };
    if (opts.maxBytes !== undefined) fields.max_bytes = opts.maxBytes;
    if (opts.encoding !== undefined) fields.encoding = opts.encoding;
    try {
      return (await this[REQUEST]("read_file", fields)) ?? null;
    } catch {
      return null;
    }
  }
  reloadPlugins(opts = {}) {
    return this[REQUEST]("reload_plugins", opts);
  }
  reloadSkills() {
    return this[REQUEST]("reload_skills");
  }
  reloadOutputStyles() {
    return this[REQUEST]("reload_output_styles");
  }
  rewindFiles(userMessageId, opts = {}) {
    return this[REQUEST]("rewind_files", { user_message_id: userMessageId, dry_run: Boolean(opts.dryRun) });
  }
  async seedReadState(path, mtime) {
    await this[REQUEST]("seed_read_state", { path, mtime });
  }
  async reconnectMcpServer(serverName) {
    await this[REQUEST]("mcp_reconnect", { serverName });
  }
  async toggleMcpServer(serverName, enabled) {
    await this[REQUEST]("mcp_toggle", { serverName, enabled });
  }
  readMcpResource(serverName, uri) {
    return this[REQUEST]("mcp_read_resource", { serverName, uri });
  }
  setMcpServers(servers) {
    if (!isPlainObject(servers)) {
      return Promise.reject(new TypeError("setMcpServers: servers must be an object of server configs"));
    }
    return this[REQUEST]("mcp_set_servers", { servers: this[SERVERS](servers) });
  }
  async stopTask(taskId) {
    await this[REQUEST]("stop_task", { task_id: taskId });
  }
  async backgroundTasks(toolUseId) {
    const r = await this[REQUEST]("background_tasks", toolUseId === undefined ? {} : { tool_use_id: toolUseId });
    return r && typeof r.backgrounded === "boolean" ? r.backgrounded : true;
  }
}

function isPlainObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

module.exports = { ControlMethods, REQUEST, SERVERS };
