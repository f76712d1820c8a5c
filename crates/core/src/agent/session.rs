//! A session: the conversation so far, its running totals, and the turn loop.
//!
//! The session is the one owner of its state. For each step it lends what the step reads
//! ([`Session::view`]) and what it changes ([`Session::parts`]); the steps never see the
//! session itself:
//!
//! ```text
//! run_turn ─► UserPromptSubmit hooks, init, the prompt turn
//!          └► loop: auto-compact ─► model call (tool calls start as blocks stream)
//!                   ─► nudges, final-answer reminders, Stop hooks ─► tool round finish
//!          └► finish: the result message
//! ```

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::json;
use tracing::Instrument;

use crate::compact::{self, CompactError, CompactTrigger};
use crate::config::{PermissionMode, SessionConfig};
use crate::content::{ContentBlock, UserContent};
use crate::conversation::Turn;
use crate::live::LiveSettings;
use crate::memory::{instructions, NestedMemory};
use crate::message::{LocalCommandMark, Message, ResultMessage, ResultSubtype, UserMessage};
use crate::protocol::hook::HookEvent;
use crate::protocol::system::{Informational, Init, Status, SystemBody};
use crate::telemetry;
use crate::usage::{model_usage_report, ModelUsage};

use super::again;
use super::compaction::{self, PromptTooLongAfter, Reactive};
use super::context::{ContextMeter, ContextTracker, NotesSent};
use super::deps::Deps;
use super::hooks::callbacks;
use super::hooks::flow;
use super::hooks::report::{hook_notices, hook_runs, unfit_warnings};
use super::local_command::{compact_command, marked, replayed};
use super::model_call::{api_error_end, broken_off_end, call_model, CallFailure};
use super::outcome::TurnEnd;
use super::tool_calls::round::ToolRound;
use super::tool_calls::tokens_left;
use super::turn::{reminder, Again, Conversation, TurnState};
use super::view::SessionView;

/// What the model reads for a prompt given as an empty string.
const NO_CONTENT: &str = "(no content)";
/// What a prompt of blanks only gets instead of a request.
const BLANK_PROMPT: &str =
    "Blank prompt — the message was only whitespace, so nothing was sent to the model.";

/// What the model reads when a response stopped at its output limit.
pub(super) const MAX_TOKENS_NUDGE: &str = "Output token limit hit. Resume directly — no apology, no recap of what you were doing. Pick up mid-thought if that is where the cut happened. Break remaining work into smaller pieces.";
/// The same for a subagent, whose caller gets its last answer only (fuzz-f/ff_005).
const SUBAGENT_MAX_TOKENS_NUDGE: &str = "Output token limit hit. Your caller does not receive an answer in pieces. If you were giving your final answer, give the whole answer again, more briefly — no apology, no mention of the cut-off. Otherwise continue the work in smaller pieces.";
/// How many times one turn asks the model to resume an answer that broke off; the next
/// break ends the turn (faults_sse_error_every_time).
const MAX_RESUMES: u32 = 3;
/// What the model reads after its stream broke off with an error mid-answer.
const STREAM_ERROR_NUDGE: &str = "Your response above was cut off mid-stream. Resume directly from where it stops — no apology, no recap. If none of it survived, answer the request from the start.";
use crate::prompts::INTERRUPTED;
/// How many refused calls of the final-answer tool end the turn in error.
pub(crate) const FINAL_ANSWER_ATTEMPTS: u32 = 5;

/// [`FINAL_ANSWER_ATTEMPTS`], or the positive number `MAX_STRUCTURED_OUTPUT_RETRIES` gives
/// (optedge/oe_var_structured_retries*).
pub(crate) fn final_answer_attempts(env: &std::collections::BTreeMap<String, String>) -> u32 {
    crate::env_var::variable(env, "MAX_STRUCTURED_OUTPUT_RETRIES")
        .and_then(|v| v.trim().parse::<u32>().ok())
        .filter(|n| *n > 0)
        .unwrap_or(FINAL_ANSWER_ATTEMPTS)
}

/// A prompt that named a command, as its UserPromptExpansion hooks see it.
#[derive(Debug, Clone, PartialEq)]
pub struct PromptExpansion {
    pub command_name: String,
    pub command_args: String,
    /// `projectSettings`, `userSettings`, `plugin`.
    pub command_source: String,
    /// The prompt as typed.
    pub prompt: String,
}

/// One conversation with the model.
#[derive(Debug)]
pub struct Session {
    pub config: SessionConfig,
    /// Permission mode and model, which the caller may change mid-turn.
    pub live: Arc<LiveSettings>,
    /// The `/context` view, shared with whoever answers `get_context_usage`.
    pub meter: Arc<ContextMeter>,
    pub(crate) history: Vec<Turn>,
    /// Cumulative over the session.
    pub total_cost_usd: f64,
    /// What earlier runs of a resumed session spent (in `total_cost_usd`, not counted
    /// against `max_budget_usd`).
    pub restored_cost_usd: f64,
    pub model_usage: BTreeMap<String, ModelUsage>,
    /// API time and lines changed over the session (restored on resume), for `/cost`.
    pub code_ledger: crate::cost_report::CodeLedger,
    /// When the session's first prompt came (the clock's monotonic milliseconds).
    pub(crate) started_ms: Option<u64>,
    pub(crate) prompts_sent: usize,
    /// Prompts this run of the session took (a resumed session's count starts at none).
    pub(crate) run_prompts: usize,
    pub(crate) tracker: ContextTracker,
    /// Blocks that go in front of the next prompt (the record of a `/compact` run).
    pub(crate) pending_blocks: Vec<ContentBlock>,
    /// What the next prompt's `@path` mentions attach (see `attach_to_prompt`).
    pub(crate) prompt_attachments: Vec<ContentBlock>,
    /// Finds CLAUDE.md files in subdirectories as tools reach them (none: not loaded).
    pub nested_memory: Option<Arc<dyn NestedMemory>>,
    /// The id of the prompt being answered, for hook inputs.
    pub(crate) prompt_id: Option<String>,
    /// The uuid the next prompt takes (its transcript row's), when the host chose it.
    pub next_prompt_uuid: Option<String>,
    /// A SessionStart hook's `initialUserMessage`: the session answers it before the
    /// caller's first prompt.
    pub initial_prompt: Option<String>,
    /// A Stop hook blocked already in this session (its notification goes out once).
    pub(crate) stop_blocked_before: bool,
    /// What tools spent on requests of their own, not yet counted.
    pub side_ledger: Arc<crate::ledger::SideLedger>,
    /// The warning that the auto-mode classifier cannot run went out already.
    pub(crate) classifier_warned: std::sync::atomic::AtomicBool,
    /// The rounds of this prompt in which the auto-mode classifier was wanted and could not
    /// run: at the tenth, the turn stops.
    pub(crate) classifier_rounds: std::sync::atomic::AtomicU32,
    /// How the last turn failed, when an API error ended it.
    pub api_failure: Option<ApiFailure>,
    /// What UserPromptSubmit hooks see of the next prompt when it is not the prompt's text
    /// (a background agent's notification: its bare `<task-notification>`).
    pub prompt_hook_text: Option<String>,
    /// The command the next prompt named, for its UserPromptExpansion hooks.
    pub prompt_expansion: Option<PromptExpansion>,
    /// Its shell commands, which run after the prompt's hooks.
    pub prompt_shell: Option<super::PromptShell>,
    /// The next prompt goes to the model as written: no local command (`/compact`,
    /// `/cost`, ...) runs for it (`verbatim_prompts`).
    pub verbatim_prompt: bool,
    /// Why settings files did not load, told once after the first init message
    /// (`settings_not_in_effect`).
    pub settings_not_in_effect: Option<String>,
    /// Skills only the model may run (`user-invocable: false`): typed as `/<name>`, the
    /// prompt is answered locally with a refusal.
    pub model_only_skills: Vec<String>,
    /// The CLAUDE.md files read at the start, (path, memory type, importing file), for the
    /// InstructionsLoaded hooks before the first prompt's.
    pub instructions_loaded: Vec<(String, String, Option<String>)>,
    /// The instruction files read at the start, as the first prompt shows them.
    pub memory_files: Vec<crate::memory::instructions::InstructionFile>,
    /// A resumed conversation: each instruction file it shows the model, as it showed it
    /// last (the first prompt of this run tells it of those that differ now).
    pub restored_instructions: Option<Vec<crate::memory::instructions::InstructionFile>>,
}

/// What a subagent starts from.
#[derive(Debug, Clone)]
pub enum SubagentPrompt {
    /// A fresh conversation whose first message is this prompt.
    Fresh(String),
    /// A fresh conversation whose first message is this prompt and the instructions of the
    /// skills its agent's definition preloads (name, instructions).
    Preloaded {
        prompt: String,
        skills: Vec<(String, String)>,
    },
    /// A fork of its caller: the caller's conversation (ending with the call), then `turn`
    /// (the call's result and the directive).
    Fork {
        history: Vec<Turn>,
        turn: Vec<ContentBlock>,
    },
}

/// An API error that ended a turn, as a subagent's caller names it.
#[derive(Debug, Clone, PartialEq)]
pub struct ApiFailure {
    pub status: Option<u16>,
    /// How the error is classed (`server_error`, `rate_limit`, ...).
    pub kind: crate::model::ApiErrorKind,
    pub request_id: Option<String>,
}

impl Session {
    /// The conversation so far, as the model is sent it.
    pub fn conversation(&self) -> &[Turn] {
        &self.history
    }

    pub fn new(config: SessionConfig) -> Self {
        let live = LiveSettings::new(config.permission_mode, config.model.clone());
        live.set_plan_model(config.plan_model.clone());
        Session {
            live: Arc::new(live),
            meter: Arc::default(),
            config,
            history: Vec::new(),
            total_cost_usd: 0.0,
            restored_cost_usd: 0.0,
            model_usage: BTreeMap::new(),
            code_ledger: Default::default(),
            started_ms: None,
            prompts_sent: 0,
            run_prompts: 0,
            tracker: ContextTracker::default(),
            pending_blocks: Vec::new(),
            prompt_attachments: Vec::new(),
            nested_memory: None,
            prompt_id: None,
            next_prompt_uuid: None,
            initial_prompt: None,
            stop_blocked_before: false,
            side_ledger: Arc::default(),
            classifier_warned: Default::default(),
            classifier_rounds: Default::default(),
            api_failure: None,
            prompt_hook_text: None,
            prompt_expansion: None,
            prompt_shell: None,
            verbatim_prompt: false,
            settings_not_in_effect: None,
            model_only_skills: Vec::new(),
            instructions_loaded: Vec::new(),
            memory_files: Vec::new(),
            restored_instructions: None,
        }
    }

    pub fn session_id(&self) -> &str {
        &self.config.session_id
    }

    /// Puts the rules and directories of the configuration in force now (they are
    /// otherwise set up at the first call), so that the host may change them before that.
    pub fn prime_permissions(&self) {
        self.live
            .permissions(|| super::tool_calls::permission::initial_permissions(&self.config));
    }

    /// The `system/init` message that opens each turn.
    pub fn init_message(&self, deps: &Deps<'_>) -> Message {
        let mut setup = self.config.init.clone();
        if let Some(style) = self.live.output_style() {
            setup.output_style = style;
        }
        self.view().system(
            SystemBody::Init(Box::new(Init {
                cwd: self.config.cwd.to_string_lossy().into_owned(),
                tools: init_tool_names(deps.tools.names()),
                mcp_servers: self.config.mcp_servers.clone(),
                model: self.live.chosen_model(),
                permission_mode: self.live.permission_mode(),
                api_key_source: self.config.api_key_source.clone(),
                setup,
            })),
            deps,
        )
    }

    /// What the steps of a turn read of this session.
    pub(crate) fn view(&self) -> SessionView<'_> {
        SessionView {
            config: &self.config,
            live: &self.live,
            prompt_id: self.prompt_id.as_deref(),
            nested_memory: self.nested_memory.as_deref(),
            classifier_warned: &self.classifier_warned,
            classifier_rounds: &self.classifier_rounds,
        }
    }

    /// What the steps of a turn read of this session, and the conversation they change.
    pub(crate) fn parts(&mut self) -> (SessionView<'_>, Conversation<'_>) {
        self.tracker.notes = NotesSent::for_model(&self.live.model());
        let view = SessionView {
            config: &self.config,
            live: &self.live,
            prompt_id: self.prompt_id.as_deref(),
            nested_memory: self.nested_memory.as_deref(),
            classifier_warned: &self.classifier_warned,
            classifier_rounds: &self.classifier_rounds,
        };
        let conversation = Conversation {
            history: &mut self.history,
            tracker: &mut self.tracker,
            total_cost_usd: &mut self.total_cost_usd,
            restored_cost_usd: self.restored_cost_usd,
            model_usage: &mut self.model_usage,
            side_ledger: &self.side_ledger,
        };
        (view, conversation)
    }

    /// Runs one turn: the prompt, then model calls and tool calls until the model is done.
    /// A prompt `/compact [instructions]` compacts the conversation instead.
    pub async fn run_turn(&mut self, prompt: UserContent, deps: &Deps<'_>) -> ResultMessage {
        let span = telemetry::prompt_span(&self.config.session_id);
        let result = self
            .prompt_turn(prompt, deps)
            .instrument(span.clone())
            .await;
        span.record("oxagent.result.subtype", result.subtype.as_str());
        span.record("oxagent.num_turns", i64::from(result.num_turns));
        span.record("oxagent.total_cost_usd", result.total_cost_usd);
        result
    }

    /// A turn that ended on a deferred call (a PreToolUse hook's `defer`) left calls
    /// without results: the next prompt of the same run goes with a stand-in error result
    /// for each, ahead of the results the other calls gave, as the reference sends them
    /// (tests/conformance/defer).
    fn settle_deferred_calls(&mut self) {
        let Some(at) = self.history.iter().rposition(|t| t.is_assistant()) else {
            return;
        };
        let answered: Vec<&str> = self.history[at + 1..]
            .iter()
            .flat_map(|t| t.content.iter())
            .filter_map(|b| match b {
                ContentBlock::ToolResult { tool_use_id, .. } => Some(tool_use_id.as_str()),
                _ => None,
            })
            .collect();
        let missing: Vec<ContentBlock> = self.history[at]
            .content
            .iter()
            .filter_map(|b| match b {
                ContentBlock::ToolUse { id, .. } if !answered.contains(&id.as_str()) => {
                    Some(ContentBlock::ToolResult {
                        tool_use_id: id.clone(),
                        content: Some(crate::content::ToolResultContent::Text(
                            crate::conversation::MISSING_RESULT.into(),
                        )),
                        is_error: Some(true),
                    })
                }
                _ => None,
            })
            .collect();
        if missing.is_empty() {
            return;
        }
        match self.history.get_mut(at + 1) {
            Some(next) => {
                next.content.splice(0..0, missing);
            }
            None => self.history.push(Turn::user(missing)),
        }
    }

    /// A prompt came: the token budget counts from here (tokens_left.rs). The models that
    /// keep the reminder are told so with the prompt: in the tool result the conversation
    /// ends with, if it does (recorded for later runs), else in a block of the prompt's own
    /// for the models that read it there.
    fn open_token_budget(&mut self, deps: &Deps<'_>, blocks: &mut Vec<ContentBlock>) {
        self.tracker.anchor_prompt();
        let keeps = tokens_left::keeps_tokens_left(&self.live.model());
        let last = self
            .history
            .last_mut()
            .filter(|t| keeps && !t.is_assistant() && blocks.is_empty());
        if let Some((id, text)) = last.and_then(tokens_left::fold_prompt_reminder) {
            deps.emit.note_added(&id, &text);
        } else if tokens_left::reads_tokens_left(&self.live.model()) {
            blocks.push(tokens_left::prompt_reminder());
        }
    }

    /// Whether the reference begins this prompt, as the model reads it, with context
    /// reminders, so that a message before it it joins gets no line break: only the first
    /// prompt of a resumed session's run, and then when the model is not the one the
    /// conversation last went to (the commit attribution it announces again; fuzz-e/fe_011,
    /// fe_114, fe_148), or on a model that reads the token budget in the prompt once
    /// something was answered (not when the first prompt's context still stands:
    /// fuzz-d/fd_010). A conversation recorded without its prompts' models counts as
    /// another model's once answered.
    fn leads_with_context(&self, model: &str) -> bool {
        if self.run_prompts > 0 {
            return false;
        }
        let answered = self.history.iter().any(Turn::is_assistant);
        let last = self.history.iter().rev().find_map(|t| t.model.as_deref());
        let canonical = crate::model_names::canonical_id;
        let changed = match last {
            Some(m) => m != model && canonical(m) != canonical(model),
            None => answered,
        };
        changed || (answered && tokens_left::reads_tokens_left(model))
    }

    async fn prompt_turn(&mut self, prompt: UserContent, deps: &Deps<'_>) -> ResultMessage {
        let started = deps.clock.monotonic_ms();
        // The uuid the prompt's row was written with (none: a prompt not recorded as such).
        let recorded = self.next_prompt_uuid.take();
        let prompt_uuid = recorded.clone().unwrap_or_else(|| deps.clock.uuid());
        self.prompt_id = Some(prompt_uuid.clone());
        self.started_ms.get_or_insert(started);
        self.classifier_rounds
            .store(0, std::sync::atomic::Ordering::Relaxed);
        // A local command sends the model nothing: what its mentions attach goes too.
        let attached = std::mem::take(&mut self.prompt_attachments);
        let typed = !std::mem::take(&mut self.verbatim_prompt);
        if let Some((name, args)) = super::cost_command::cost_command(&prompt).filter(|_| typed) {
            return self.run_cost_command(&name, &args, deps, started);
        }
        if let Some(skill) =
            super::skill_command::model_only_skill(&prompt, &self.model_only_skills)
                .filter(|_| typed)
        {
            return self.refuse_model_only_skill(&skill, deps, started);
        }
        if let Some(args) = compact_command(&prompt).filter(|_| typed) {
            return self.run_compact_command(&args, deps, started).await;
        }
        self.prompt_attachments = attached;
        let mut st = TurnState::default();
        // A prompt given as a plain string that is empty reads "(no content)"; one of blanks
        // only is not sent at all (after init, a warning and a result say so).
        let blank = matches!(&prompt, UserContent::Text(t) if !t.is_empty() && t.trim().is_empty());
        let prompt = match prompt {
            UserContent::Text(t) if t.is_empty() => UserContent::Text(NO_CONTENT.into()),
            other => other,
        };

        let prompt_text = prompt.text();
        let hook_prompt = self
            .prompt_hook_text
            .take()
            .unwrap_or_else(|| prompt_text.clone());
        for (file_path, memory_type, parent) in std::mem::take(&mut self.instructions_loaded) {
            let load_reason = if parent.is_some() {
                "include"
            } else {
                "session_start"
            };
            let loaded = self.view().hook_input(HookEvent::InstructionsLoaded {
                file_path,
                memory_type,
                load_reason: load_reason.into(),
                globs: None,
                trigger_file_path: None,
                parent_file_path: parent,
            });
            let matchers = self.config.hooks.get("InstructionsLoaded");
            callbacks::run(deps, matchers, None, loaded, None).await;
        }
        let submit = self.view().hook_input(HookEvent::UserPromptSubmit {
            prompt: hook_prompt.clone(),
        });
        let hooked = callbacks::run(
            deps,
            self.config.hooks.get("UserPromptSubmit"),
            None,
            submit,
            None,
        )
        .await;
        // The prompt's hooks run before the turn opens: their runs come before init.
        hook_runs(&self.view(), deps, "UserPromptSubmit", None, &hooked);
        if let Some(title) = &hooked.session_title {
            self.announce_title(deps, title, true);
        }
        let (kept, note) = flow::prompt_decision(&hooked);
        // The command's shell commands run once its hooks have (and not for a prompt they
        // blocked or stopped): its row is recorded once they did, with their output.
        let halted = hooked.stop || hooked.block_reason.is_some();
        let shell = self.prompt_shell.take().filter(|_| !halted);
        if shell.is_none() {
            deps.emit.prompt_decided(kept, note.as_deref());
        }
        if let Some(e) = self.prompt_expansion.take() {
            let expansion = self.view().hook_input(HookEvent::UserPromptExpansion {
                expansion_type: "slash_command".into(),
                command_name: e.command_name,
                command_args: e.command_args,
                command_source: e.command_source,
                prompt: e.prompt,
            });
            let matchers = self.config.hooks.get("UserPromptExpansion");
            let ran = callbacks::run(deps, matchers, None, expansion, None).await;
            hook_runs(&self.view(), deps, "UserPromptExpansion", None, &ran);
        }
        // One that cannot run answers the turn; the prompt is not recorded.
        let prompt = match shell {
            None => prompt,
            Some(shell) => {
                let command = shell.command.clone();
                match self.run_prompt_shell(shell, deps, &prompt_uuid).await {
                    Ok(filled) => {
                        deps.emit.prompt_filled(&filled);
                        deps.emit.prompt_decided(kept, note.as_deref());
                        filled
                    }
                    Err(why) => {
                        deps.emit.prompt_decided(false, None);
                        let (name, args) = (command.0.as_str(), command.1.as_str());
                        return self.command_failed_turn(deps, (name, args), &why, started);
                    }
                }
            }
        };
        deps.emit.emit(self.init_message(deps));
        // A prompt hook's callback that failed counts as empty, warned of after init.
        for warning in unfit_warnings(&self.view(), deps, "UserPromptSubmit", &hooked) {
            deps.emit.emit(warning);
        }
        if let Some(content) = self.settings_not_in_effect.take() {
            let warning = Informational {
                content,
                level: "warning".into(),
                prevent_continuation: None,
                prompt_submit_outcome: None,
                is_meta: None,
                tag: Some("settings_not_in_effect".into()),
                hook_no_verdict: None,
                recorded: false,
            };
            deps.emit
                .emit(self.view().system(SystemBody::Informational(warning), deps));
        }
        if blank {
            let notice = Informational::warning(BLANK_PROMPT);
            deps.emit
                .emit(self.view().system(SystemBody::Informational(notice), deps));
            let end = TurnEnd::PromptRefused(BLANK_PROMPT.into());
            return self.finish(deps, &st, started, end);
        }
        if self.config.replay_prompts {
            let mut echo = UserMessage::prompt(prompt.clone());
            echo.is_replay = Some(true);
            echo.uuid = Some(prompt_uuid);
            echo.session_id = Some(self.config.session_id.clone());
            deps.emit.emit(Message::User(echo));
        }
        // The hooks after the first that blocked or stopped the prompt are not heard.
        let heard = match hooked.stop || hooked.block_reason.is_some() {
            true => &hooked.system_messages[..hooked.notices_before_halt],
            false => &hooked.system_messages[..],
        };
        for notice in hook_notices(&self.view(), deps, "UserPromptSubmit", None, heard) {
            deps.emit.emit(notice);
        }
        // A refusal quotes the prompt as typed, not what a command made of it (probe
        // hk_slash_bang_blocked).
        let refusal = flow::prompt_refusal(&self.view(), deps, &hooked, &hook_prompt);
        let mut blocks = Vec::new();
        // The instruction files shown, as the transcript records them.
        let mut shown = None;
        if self.prompts_sent == 0 && self.history.is_empty() {
            if let Some(memory) = &self.config.memory {
                blocks.push(ContentBlock::text(memory.clone()));
            }
            if let Some(note) = &self.config.context_reminder {
                blocks.push(reminder(note));
            }
            if !self.memory_files.is_empty() {
                shown = Some(instructions::record(&self.memory_files, &[], false, false));
            }
        } else if self.run_prompts == 0 {
            // A resumed conversation is told of the files that differ from what it showed
            // (all of them when it shows none: a summary took their place).
            if let Some(known) = &self.restored_instructions {
                let changed = instructions::changed_since(&self.memory_files, known);
                let gone = instructions::gone_since(&self.memory_files, known);
                let first = known.is_empty();
                if let Some(text) = instructions::resumed_reminder(&changed, &gone, first) {
                    blocks.push(ContentBlock::text(text));
                    shown = Some(instructions::record(&changed, &gone, true, !first));
                }
            }
        }
        self.open_token_budget(deps, &mut blocks);
        blocks.append(&mut self.pending_blocks);
        blocks.append(&mut self.prompt_attachments);
        blocks.extend(self.live.take_local_records());
        if self.live.permission_mode() == crate::PermissionMode::Plan {
            let workflow = self.config.plan_mode_instructions.as_deref();
            blocks.push(reminder(&crate::prompts::plan_mode_reminder(workflow)));
        }
        for ctx in &hooked.additional_context {
            blocks.push(reminder(&format!(
                "UserPromptSubmit hook additional context: {ctx}"
            )));
        }
        // Blocks of blank text are not sent (the rest of the message is).
        blocks.extend(match prompt {
            UserContent::Blocks(b) => b
                .into_iter()
                .filter(|b| !matches!(b, ContentBlock::Text { text, .. } if text.trim().is_empty()))
                .collect(),
            text => text.into_blocks(),
        });
        let model = self.live.model();
        let mut prompt_turn = Turn::user(blocks).with_model(Some(model.clone()));
        prompt_turn.leads_with_context = self.leads_with_context(&model);
        // The prompt's message, and the token budget's mark after it for the models that
        // keep the count: a compaction keeping the prompt keeps both (fuzz-g/fg_139).
        prompt_turn.uuids = recorded.iter().cloned().collect();
        let mut marks = match recorded.is_some() && tokens_left::keeps_tokens_left(&model) {
            true => tokens_left::round_marks(Some(0), None, || deps.clock.uuid()),
            false => Vec::new(),
        };
        if let Some(attachment) = shown.filter(|_| recorded.is_some()) {
            let uuid = deps.clock.uuid();
            marks.insert(0, crate::agent::TranscriptMark { uuid, attachment });
        }
        prompt_turn
            .uuids
            .extend(marks.iter().map(|m| m.uuid.clone()));
        if let Some(uuid) = &self.prompt_id {
            deps.emit
                .prompt_context(uuid, &model, prompt_turn.leads_with_context);
        }
        self.run_prompts += 1;
        if let Some((text, kept)) = refusal {
            if kept {
                self.history.push(prompt_turn);
                self.prompts_sent += 1;
            }
            return self.finish(deps, &st, started, TurnEnd::PromptRefused(text));
        }
        self.settle_deferred_calls();
        self.history.push(prompt_turn);
        deps.emit.marks_added(&marks);
        self.prompts_sent += 1;
        self.refresh_meter(deps);

        let end = self.turn_loop(deps, &mut st).await;
        self.refresh_meter(deps);
        self.finish(deps, &st, started, end)
    }

    /// Runs this session as a subagent (its config names its [`SubagentRole`]): SubagentStart
    /// hooks, `prompt` as its first message, then the loop, whose end runs SubagentStop
    /// hooks instead of Stop. No init, no UserPromptSubmit; the result is for the caller of
    /// the subagent, not emitted.
    ///
    /// [`SubagentRole`]: crate::config::SubagentRole
    pub async fn run_as_subagent(
        &mut self,
        prompt: SubagentPrompt,
        deps: &Deps<'_>,
        started_hook: Option<Box<dyn FnOnce() + Send + '_>>,
    ) -> ResultMessage {
        let started = deps.clock.monotonic_ms();
        let role = self.config.subagent.clone();
        self.prompt_id = role.as_ref().and_then(|r| r.parent_prompt_id.clone());
        let mut st = TurnState::default();
        let start = self.view().hook_input(HookEvent::SubagentStart {});
        let agent_type = role.as_ref().map(|r| r.agent_type.as_str());
        let hooked = callbacks::run(
            deps,
            self.config.hooks.get("SubagentStart"),
            agent_type,
            start,
            None,
        )
        .await;
        hook_runs(&self.view(), deps, "SubagentStart", None, &hooked);
        // Its start is done (a background agent's caller answers the call now).
        if let Some(started) = started_hook {
            started();
        }
        let mut blocks = Vec::new();
        let contexts = hooked
            .additional_context
            .iter()
            .map(|ctx| reminder(&format!("SubagentStart hook additional context: {ctx}")));
        let (prompt, preloaded) = match prompt {
            SubagentPrompt::Preloaded { prompt, skills } => (SubagentPrompt::Fresh(prompt), skills),
            other => (other, Vec::new()),
        };
        match prompt {
            SubagentPrompt::Fresh(prompt) => {
                if let Some(memory) = &self.config.memory {
                    blocks.push(ContentBlock::text(memory.clone()));
                }
                blocks.extend(contexts);
                if let Some(note) = &self.config.context_reminder {
                    blocks.push(reminder(note));
                }
                blocks.extend(preloaded_blocks(prompt, preloaded));
            }
            SubagentPrompt::Fork { history, turn } => {
                // The caller's conversation already holds its memory and environment.
                self.history = history;
                blocks.extend(turn);
                blocks.extend(contexts);
            }
            SubagentPrompt::Preloaded { .. } => unreachable!("made a fresh prompt above"),
        }
        self.history.push(Turn::user(blocks));
        self.prompts_sent += 1;
        let end = self.turn_loop(deps, &mut st).await;
        if let TurnEnd::ApiError {
            status,
            kind,
            request_id,
            ..
        } = &end
        {
            self.api_failure = Some(ApiFailure {
                status: *status,
                kind: *kind,
                request_id: request_id.clone(),
            });
        }
        self.finish(deps, &st, started, end)
    }

    /// Texts the model reads, as reminders, before the next prompt: the files its `@path`
    /// mentions name (the host reads them).
    pub fn attach_to_prompt(&mut self, texts: Vec<String>) {
        self.prompt_attachments
            .extend(texts.iter().map(|t| reminder(t)));
    }

    /// `/compact [instructions]`: compacts now, without a model turn.
    pub(crate) async fn run_compact_command(
        &mut self,
        args: &str,
        deps: &Deps<'_>,
        started: u64,
    ) -> ResultMessage {
        self.tracker.notes = NotesSent::for_model(&self.live.model());
        let tokens = self.tracker.tokens(&self.history);
        let custom = (!args.is_empty()).then(|| args.to_string());
        // The record of an earlier `/compact` is part of the conversation summarized.
        let earlier = std::mem::take(&mut self.pending_blocks);
        if !earlier.is_empty() {
            self.history.push(Turn::user(earlier.clone()));
        }
        self.tracker.failed_compaction_warnings.clear();
        let (view, mut conversation) = self.parts();
        let outcome = compaction::compact(
            &view,
            &mut conversation,
            deps,
            CompactTrigger::Manual,
            custom,
            tokens,
            compaction::Cause::default(),
        )
        .await;
        // Not summarized (the compaction failed, or kept it in the tail): it stays the
        // record in front of the next prompt.
        let mut carried = Vec::new();
        if !earlier.is_empty()
            && self
                .history
                .last()
                .is_some_and(|t| t.is_user() && t.content == earlier)
        {
            self.history.pop();
            carried = earlier;
        }
        deps.emit.emit(self.init_message(deps));
        self.pending_blocks = carried;
        // The PreCompact warnings of a compaction that failed, shown before its answer.
        let failed_warnings = std::mem::take(&mut self.tracker.failed_compaction_warnings);
        match outcome {
            Ok(done) => {
                done.warnings.into_iter().for_each(|w| deps.emit.emit(w));
                deps.emit.emit(done.boundary);
                deps.emit.emit(replayed(done.continuation, false));
                let stdout = done.stdout;
                let output = self.view().user_message(&stdout, true, deps.clock.uuid());
                deps.emit.emit(replayed(output, true));
                let record = compact::local_command_blocks("compact", args, &stdout);
                self.pending_blocks.extend(record);
            }
            Err(e) => {
                // The answer is what `/compact` says of the failure. Every failure but an
                // empty conversation is recorded in front of the next prompt: the command
                // and its error output, or (`DISABLE_COMPACT`: not offered, refused as
                // unavailable) the command as typed and that output.
                let text = e.command_text();
                let disabled = e == CompactError::Disabled;
                let (source, outcome, record) = match e {
                    CompactError::Disabled => {
                        let stdout = format!("<local-command-stdout>{text}</local-command-stdout>");
                        let typed = format!("/compact {args}").trim_end().to_string();
                        let record =
                            [typed, stdout.clone()].map(|t| ContentBlock::text(format!("{t}\n")));
                        (stdout, "unavailable_headless", Some(record.to_vec()))
                    }
                    e => {
                        let stderr = format!("<local-command-stderr>{text}</local-command-stderr>");
                        let record = (e != CompactError::NothingToCompact)
                            .then(|| compact::local_command_blocks("compact", args, &stderr));
                        (stderr, "failed", record)
                    }
                };
                failed_warnings.into_iter().for_each(|w| deps.emit.emit(w));
                let report = marked(
                    self.view().synthetic_assistant(deps, &text, "", false),
                    LocalCommandMark {
                        local_command_source: source,
                        // A command not offered is not said to have run.
                        local_command_run: if disabled {
                            serde_json::Value::Null
                        } else {
                            json!({"command": "compact", "args": args})
                        },
                        local_command_outcome: json!({"kind": outcome}),
                    },
                );
                deps.emit.emit(report);
                if let Some(record) = record {
                    self.pending_blocks.extend(record);
                    self.refresh_meter(deps);
                    let mut result = self.local_command_result(deps, started, "compact");
                    result.result = Some(text);
                    if disabled {
                        result.local_command = None;
                    }
                    return result;
                }
            }
        }
        self.refresh_meter(deps);
        self.local_command_result(deps, started, "compact")
    }

    /// A `context: fork` skill typed as a command (`/<skill> args`), once its agent has run
    /// (`instructions`: what it was given; `report`: its answer): the turn answers with the
    /// report, without a model call. What the agent spent counts toward the result.
    pub fn forked_command_turn(
        &mut self,
        deps: &Deps<'_>,
        skill: &str,
        (typed, instructions, mark, shown): (
            &str,
            &str,
            crate::message::SubagentMark,
            Vec<Message>,
        ),
        report: &str,
        started: u64,
    ) -> ResultMessage {
        deps.emit.emit(self.init_message(deps));
        let parent = format!("forked-command-{skill}");
        if let Message::User(mut prompt) =
            self.view()
                .user_message(instructions, false, deps.clock.uuid())
        {
            prompt.parent_tool_use_id = Some(parent.clone());
            prompt.subagent = Some(mark);
            deps.emit.shown_only(Message::User(prompt));
        }
        // The agent's own messages, held back while it ran, follow its prompt.
        for mut m in shown {
            match &mut m {
                Message::User(u) => u.parent_tool_use_id = Some(parent.clone()),
                Message::Assistant(a) => a.parent_tool_use_id = Some(parent.clone()),
                _ => {}
            }
            deps.emit.shown_only(m);
        }
        let answer = marked(
            self.view().synthetic_assistant(deps, report, "", false),
            LocalCommandMark {
                local_command_source: format!(
                    "<local-command-stdout>{report}</local-command-stdout>"
                ),
                local_command_run: serde_json::Value::Null,
                local_command_outcome: serde_json::Value::Null,
            },
        );
        deps.emit.emit(answer);
        // Recorded as a local command in front of the next prompt: the caveat, the command
        // as typed, the report (fuzz-m/fm_002).
        self.pending_blocks
            .extend(crate::compact::typed_command_blocks(typed, report));
        let (_, mut conversation) = self.parts();
        for (model, usage) in conversation.side_ledger.drain() {
            conversation.account(&model, &usage);
        }
        // What the agent was refused counts among the turn's denials (fuzz-m/fm_138).
        let permission_denials = conversation.side_ledger.drain_denials();
        ResultMessage {
            duration_ms: deps.clock.monotonic_ms().saturating_sub(started),
            result: Some(report.to_string()),
            session_id: self.config.session_id.clone(),
            total_cost_usd: self.total_cost_usd,
            model_usage: model_usage_report(&self.model_usage),
            local_command: Some("custom".into()),
            permission_denials,
            ..ResultMessage::started(deps.clock.uuid())
        }
    }

    /// Brings the `/context` view up to date.
    fn refresh_meter(&self, deps: &Deps<'_>) {
        self.meter
            .refresh(&self.view(), &self.history, &self.tracker, deps);
    }

    async fn turn_loop(&mut self, deps: &Deps<'_>, st: &mut TurnState) -> TurnEnd {
        st.num_turns = 1;
        let mut reactive_tried = false;
        // The prompt's span (a subagent's: its Agent call's); each pass opens a turn in it.
        let parent = tracing::Span::current();
        loop {
            if deps.interrupt.is_aborted() {
                return TurnEnd::Interrupted {
                    during_tools: false,
                };
            }
            if let Some(max) = self.config.max_turns {
                if i64::from(st.requests) >= max.max(1) {
                    return TurnEnd::MaxTurns {
                        max,
                        aborted: false,
                    };
                }
            }
            let sid = self.config.session_id.clone();
            let turn = telemetry::turn_span(&parent, &sid, st.requests + 1);
            st.span = telemetry::SpanSlot(turn.clone());
            // The budget, and the session's cost at which it is spent (a resumed session's
            // earlier cost does not count).
            let budget = self
                .config
                .max_budget_usd
                .map(|max| (max, max + self.restored_cost_usd));
            let (view, mut conversation) = self.parts();
            if view.config.include_partial_messages {
                let requesting = SystemBody::Status(Status::requesting());
                deps.emit.emit(view.system(requesting, deps));
                st.requesting_sent = true;
            }
            // Boxed: the task waits here only briefly, and would otherwise hold room for a
            // compaction while it waits for every answer.
            let compacted = Box::pin(
                compaction::auto_compact(&view, &mut conversation, deps, st)
                    .instrument(turn.clone()),
            )
            .await;
            match compacted {
                Some(compaction::AutoStop::Blocking(err)) => {
                    let after = PromptTooLongAfter::BlockingLimit;
                    return compaction::prompt_too_long(&view, &conversation, deps, &err, after);
                }
                Some(compaction::AutoStop::Thrashing) => return compaction::thrashing(&view, deps),
                None => {}
            }
            st.requests += 1;
            st.usage_before_call = st.usage.clone();
            st.usage_of_retried = Default::default();
            st.stop_reason_before_call = st.stop_reason.clone();
            let mut round = ToolRound::default();
            let model_span = telemetry::model_span(&turn, &sid, &view.live.model());
            let cost_before = *conversation.total_cost_usd;
            // Matched at once, not kept in a local: the task's future would hold room for the
            // answer twice.
            let mut response =
                match call_model(&view, &mut conversation, deps, st, &mut round, budget)
                    .instrument(model_span.clone())
                    .await
                {
                    Ok(r) => {
                        let cost = *conversation.total_cost_usd - cost_before;
                        let model = view.live.model();
                        let stop = r.stop_reason.as_deref();
                        telemetry::record_model(&model_span, &model, &r.usage, cost, stop);
                        drop(model_span);
                        r
                    }
                    Err(CallFailure::End(end)) => return end,
                    Err(CallFailure::PromptTooLong(err)) => {
                        drop(model_span);
                        st.requests -= 1;
                        // Refused again right after a reactive compaction: no second one.
                        let after = if reactive_tried {
                            PromptTooLongAfter::Compaction
                        } else {
                            let excess_known =
                                crate::compact::parse_prompt_too_long(&err.message).is_some();
                            let refusal = compaction::Refusal { excess_known };
                            let (v, c) = (&view, &mut conversation);
                            let reactive = compaction::reactive_compact(v, c, deps, st, refusal);
                            match Box::pin(reactive.instrument(turn.clone())).await {
                                Reactive::Compacted => {
                                    reactive_tried = true;
                                    continue;
                                }
                                // A request too large that cannot be compacted is an API
                                // error (fuzz-d/fd_114: the compaction failed with too few
                                // groups).
                                Reactive::Failed(_) | Reactive::Impossible
                                    if err.status == Some(413) =>
                                {
                                    st.requests += 1;
                                    let model = view.live.model();
                                    let end = api_error_end(&view, deps, &err, &model);
                                    return Box::pin(end).await;
                                }
                                Reactive::Failed(why) => PromptTooLongAfter::FailedCompaction(why),
                                Reactive::Impossible => PromptTooLongAfter::Nothing,
                            }
                        };
                        return compaction::prompt_too_long(
                            &view,
                            &conversation,
                            deps,
                            &err,
                            after,
                        );
                    }
                };
            self.refresh_meter(deps);
            if let Some(budget) = self.config.max_budget_usd {
                if self.total_cost_usd - self.restored_cost_usd >= budget {
                    // An answer ending in a call the reference starts as its block ends
                    // leaves the stop reason as it was before; any other answer's stands.
                    let early_last = round.has_calls() && response.ends_in_early_call(deps.tools);
                    if early_last {
                        st.stop_reason = st.stop_reason_before_call.clone();
                        // The usage as it was when that call was taken: the attempts tried
                        // again before this answer count (fuzz-d/fd_389).
                        st.usage_before_call.add(&st.usage_of_retried);
                    }
                    // An answer broken off after some blocks counts in the result's usage as
                    // far as message_start told, unless it ended in such a call.
                    if response.broken_off().is_some() && !early_last {
                        st.usage_before_call.add(&response.start_usage);
                    }
                    // An answer that came whole (the non-streaming retry) counts in full
                    // (fd_061).
                    if response.start_stop_reason.is_some() {
                        st.usage_before_call = st.usage.clone();
                    }
                    round.withdraw(deps);
                    return TurnEnd::Budget(budget);
                }
            }
            if let Some(notice) = response.notice.take() {
                deps.emit.emit(notice);
            }
            if let Some(what) = response.broken_off().filter(|_| !round.has_calls()) {
                if st.resumes >= MAX_RESUMES {
                    return broken_off_end(&self.view(), deps, what);
                }
                st.resumes += 1;
                let mut nudge = self.view().user_text(STREAM_ERROR_NUDGE, deps);
                if let Message::User(m) = &mut nudge {
                    m.is_synthetic = Some(true);
                    m.as_reminder = true;
                }
                deps.emit.emit(nudge);
                self.history
                    .push(Turn::user(vec![reminder(STREAM_ERROR_NUDGE)]));
                st.num_turns += 1;
                st.requests -= 1;
                continue;
            }
            if round.has_calls() {
                // An answer of no text may be asked for again after a tool round, not twice
                // in a row (turns/turns_blank_round_blank, fuzz-f/ff_061).
                st.asked_again.retain(|w| *w != Again::Empty);
            }
            if !round.has_calls() {
                let again = match response.stop_reason.as_deref() {
                    Some("refusal") => Some(Again::Refused),
                    // Cut by the output limit, even before any content: continued.
                    Some(r) if r == "max_tokens" || r == "model_context_window_exceeded" => None,
                    // No text, at the model's own end: nudged (an answer that paused or came
                    // without a stop reason ends the turn as it is; fuzz-d/fd_128).
                    Some("end_turn" | "stop_sequence")
                        if !response
                            .blocks
                            .iter()
                            .any(|b| matches!(b, ContentBlock::Text { .. })) =>
                    {
                        Some(Again::Empty)
                    }
                    _ => None,
                };
                // Refused again after the note: the turn gives up on an answer.
                if again == Some(Again::Refused) && st.asked_again.contains(&Again::Refused) {
                    return TurnEnd::Refused(self.refused_again(deps, &response));
                }
                if let Some(why) = again.filter(|w| !st.asked_again.contains(w)) {
                    st.asked_again.push(why);
                    let model = self.live.model();
                    let (view, conversation) = self.parts();
                    match why {
                        Again::Refused => {
                            let id = &response.id;
                            again::refused(&view, deps, conversation.history, &model, id, false)
                        }
                        Again::Empty => again::empty(&view, deps, conversation.history),
                    }
                    st.num_turns += 1;
                    st.requests -= 1;
                    continue;
                }
                // An answer cut by the context window is continued as one cut at max_tokens.
                if matches!(
                    response.stop_reason.as_deref(),
                    Some("max_tokens" | "model_context_window_exceeded")
                ) {
                    // A subagent's goes as plain text, the main agent's as a reminder.
                    let (text, block) = match self.config.subagent {
                        Some(_) => (
                            SUBAGENT_MAX_TOKENS_NUDGE,
                            ContentBlock::text(SUBAGENT_MAX_TOKENS_NUDGE),
                        ),
                        None => (MAX_TOKENS_NUDGE, reminder(MAX_TOKENS_NUDGE)),
                    };
                    let mut nudge = self.view().user_text(text, deps);
                    // A compaction keeping the nudge lists two messages for it, as the
                    // reference does (edges/mo_*).
                    let mut uuids = vec![deps.clock.uuid()];
                    if let Message::User(m) = &mut nudge {
                        m.is_synthetic = Some(true);
                        m.as_reminder = true;
                        uuids.extend(m.uuid.clone());
                    }
                    deps.emit.emit(nudge);
                    self.history.push(Turn::user(vec![block]).with_uuids(uuids));
                    st.num_turns += 1;
                    st.requests -= 1;
                    continue;
                }
                // A structured answer was asked for: the model is reminded once to give it;
                // a text after that ends the turn as any answer does.
                let remind = self.config.final_answer_tool.clone();
                if let Some(tool) = remind.filter(|_| st.final_answer_reminders == 0) {
                    st.final_answer_reminders += 1;
                    let text = format!(
                        "[structured-output-enforce] This request needs its answer through the {tool} tool. Call {tool} now with input that matches its schema."
                    );
                    let mut reminder_message = self.view().user_text(&text, deps);
                    if let Message::User(m) = &mut reminder_message {
                        m.is_synthetic = Some(true);
                    }
                    deps.emit.emit(reminder_message);
                    self.history
                        .push(Turn::user(vec![ContentBlock::text(text)]));
                    st.num_turns += 1;
                    // The Stop hooks run as well; what they add goes with the reminder.
                    match self.stop_hooks(deps, st).instrument(turn.clone()).await {
                        Some(TurnEnd::Completed) | None => continue,
                        Some(end) => return end,
                    }
                }
                match self.stop_hooks(deps, st).instrument(turn.clone()).await {
                    Some(end) => return end,
                    // A Stop hook kept the turn going (it counts the turn when it should).
                    None => continue,
                }
            }
            // A refused answer's calls do not run; the model is told, once, as after a
            // refused answer without calls.
            let refused = response.stop_reason.as_deref() == Some("refusal");
            if refused && !st.asked_again.contains(&Again::Refused) {
                st.asked_again.push(Again::Refused);
                let model = self.live.model();
                let (view, mut conversation) = self.parts();
                let started = round.refuse(&view, &mut conversation, deps, st);
                let id = &response.id;
                again::refused(&view, deps, conversation.history, &model, id, started);
                st.num_turns += 1;
                st.requests -= 1;
                continue;
            }
            // Refused again: the caller is told no other model takes over, and the calls
            // run as any others do.
            if refused {
                self.refused_again(deps, &response);
            }
            let (view, mut conversation) = self.parts();
            let finished = round
                .finish(&view, &mut conversation, deps, st, budget)
                .instrument(turn)
                .await;
            if let Some(n) = &mut st.rounds_since_compaction {
                *n += 1;
            }
            // After a tool round the API's refusal may set off a reactive compaction again
            // (edges/pk_*_refused).
            reactive_tried = false;
            if let Some(end) = finished {
                // Interrupted in the last round max_turns allows: the limit is what the
                // result reports (the reference checks it before it reports the interrupt).
                let last = self
                    .config
                    .max_turns
                    .filter(|max| i64::from(st.requests) >= (*max).max(1));
                if let (TurnEnd::Interrupted { during_tools: true }, Some(max)) = (&end, last) {
                    return TurnEnd::MaxTurns { max, aborted: true };
                }
                // The structured answer ends the turn; the Stop hooks are told, and what they
                // answer changes nothing.
                if matches!(end, TurnEnd::FinalAnswer(..)) && self.config.subagent.is_none() {
                    flow::stop_hooks_told(&self.view(), deps, st)
                        .instrument(tracing::Span::current())
                        .await;
                }
                return end;
            }
        }
    }

    /// The model refused again after the note on its first refusal (see
    /// `again::refused_again`): the text shown for it.
    fn refused_again(
        &self,
        deps: &Deps<'_>,
        response: &super::response::ResponseBuilder,
    ) -> String {
        let model = self.live.model();
        let request = response.request_id.as_deref();
        let prompt = self.prompt_id.clone();
        again::refused_again(&self.view(), deps, &model, request, &response.id, prompt)
    }

    pub(crate) fn finish(
        &mut self,
        deps: &Deps<'_>,
        st: &TurnState,
        started: u64,
        end: TurnEnd,
    ) -> ResultMessage {
        if let TurnEnd::Interrupted {
            during_tools: false,
        } = end
        {
            deps.emit.emit(self.view().user_text(INTERRUPTED, deps));
            self.history
                .push(Turn::user(vec![ContentBlock::text(INTERRUPTED)]));
        }
        // What background work spent since the last round (an agent that ended between
        // turns) counts in this result.
        for (model, usage) in self.side_ledger.drain() {
            let entry = self.model_usage.entry(model.clone()).or_default();
            self.total_cost_usd += entry.record(&model, &usage);
        }
        self.code_ledger.api_ms += st.api_ms;
        self.code_ledger.lines_added += st.code.lines_added;
        self.code_ledger.lines_removed += st.code.lines_removed;
        let fields = end.fields(st.num_turns, st.stop_reason.clone(), st.last_text.clone());
        // A turn max_turns ended leaves a mark after its last results (the transcript's
        // `max_turns_reached` row, the result's uuid): a compaction keeping those results
        // keeps the mark too.
        let uuid = deps.clock.uuid();
        if fields.subtype == ResultSubtype::ErrorMaxTurns {
            if let Some(last) = self.history.last_mut().filter(|t| t.is_user()) {
                last.uuids.push(uuid.clone());
            }
        }
        // The answer that crossed the budget or gave up on the final-answer tool is not in
        // the result's usage (the cost counts it).
        let before_call = matches!(end, TurnEnd::Budget(_) | TurnEnd::NoFinalAnswer(..));
        let terminal_reason =
            (!fields.terminal_reason.is_empty()).then(|| fields.terminal_reason.to_string());
        // A success that made a request says its status is null; error subtypes, and a turn a
        // hook refused before any request (the one result without a terminal reason), carry
        // no status unless one failed.
        // A turn a deferred call ended says nothing of it either.
        let reports_status = fields.subtype == ResultSubtype::Success
            && terminal_reason.is_some()
            && !matches!(end, TurnEnd::Deferred { .. });
        let api_error_status = match fields.api_error_status {
            Some(status) => Some(Some(status)),
            None => reports_status.then_some(None),
        };
        ResultMessage {
            subtype: fields.subtype,
            is_error: fields.is_error,
            duration_ms: deps.clock.monotonic_ms().saturating_sub(started),
            duration_api_ms: st.api_ms,
            num_turns: fields.num_turns,
            result: fields.result,
            stop_reason: fields.stop_reason,
            session_id: self.config.session_id.clone(),
            total_cost_usd: self.total_cost_usd,
            usage: if before_call {
                st.usage_before_call.clone()
            } else {
                st.usage.clone()
            }
            .for_result(),
            model_usage: model_usage_report(&self.model_usage),
            permission_denials: st.denials.clone(),
            errors: fields.errors,
            structured_output: match &end {
                TurnEnd::FinalAnswer(answer, _) => Some(answer.clone()),
                _ => None,
            },
            deferred_tool_use: match &end {
                TurnEnd::Deferred { id, name, input } => {
                    Some(serde_json::json!({"id": id, "name": name, "input": input}))
                }
                _ => None,
            },
            api_error_status,
            api_error_type: fields.api_error_type,
            api_error: match &end {
                TurnEnd::ApiError { text, .. } | TurnEnd::Thrashing(text) => {
                    crate::message::api_error_code(text)
                }
                _ => None,
            },
            local_command: None,
            terminal_reason,
            stopped_by_permission_check: matches!(end, TurnEnd::ClassifierStopped).then_some(true),
            ..ResultMessage::started(uuid)
        }
    }

    /// Runs the Stop hooks. `None`: one blocked, and the model goes on.
    async fn stop_hooks(&mut self, deps: &Deps<'_>, st: &mut TurnState) -> Option<TurnEnd> {
        // The view is built field by field so that the history and the flag stay free to lend.
        let view = SessionView {
            config: &self.config,
            live: &self.live,
            prompt_id: self.prompt_id.as_deref(),
            nested_memory: self.nested_memory.as_deref(),
            classifier_warned: &self.classifier_warned,
            classifier_rounds: &self.classifier_rounds,
        };
        let history = &mut self.history;
        flow::stop_hooks(&view, deps, st, history, &mut self.stop_blocked_before).await
    }

    /// Runs the SessionStart hooks of settings files (`source`: startup, resume, clear);
    /// what they add goes in front of the first prompt.
    pub async fn session_start(&mut self, deps: &Deps<'_>, source: &str) {
        let started = flow::session_start(&self.view(), deps, source).await;
        self.pending_blocks.extend(started.added);
        // The session has no folder yet: only the transcript names it (hookoutput/ho_ss_title).
        if let Some(title) = started.title {
            self.announce_title(deps, &title, false);
        }
        self.initial_prompt = started.initial_prompt;
    }

    /// A hook named the session (`sessionTitle`): the caller is told, and the transcript
    /// records it where the session listing reads it.
    fn announce_title(&self, deps: &Deps<'_>, title: &str, in_folder: bool) {
        let body = SystemBody::SessionTitleChanged(crate::protocol::system::SessionTitleChanged {
            title: title.to_string(),
        });
        deps.emit.emit(self.view().system(body, deps));
        deps.emit.session_titled(title, in_folder);
    }

    /// Runs the SessionEnd hooks of settings files.
    pub async fn session_end(&self, deps: &Deps<'_>, reason: &str) {
        flow::session_end(&self.view(), deps, reason).await;
    }

    /// Switches the permission mode for the following calls.
    pub fn set_permission_mode(&self, mode: PermissionMode) {
        self.live.set_permission_mode(mode);
    }

    /// Switches the model for the following requests (`None`: back to the configured one).
    pub fn set_model(&self, model: Option<String>) {
        match model {
            Some(m) => self.live.set_model(m),
            None => self
                .live
                .restore_model((self.config.model.clone(), self.config.plan_model.clone())),
        }
    }
}

/// The tools as `system/init` lists them, as the reference does: the session's own tools in
/// their order (the Agent tool under its former name `Task`; a main-thread agent's tools in
/// its definition's order), then the MCP tools by name.
fn init_tool_names(names: Vec<String>) -> Vec<String> {
    let (mut mcp, own): (Vec<String>, Vec<String>) =
        names.into_iter().partition(|n| n.starts_with("mcp__"));
    mcp.sort();
    own.into_iter()
        .map(|n| if n == "Agent" { "Task".into() } else { n })
        .chain(mcp)
        .collect()
}

/// A fresh agent's prompt and the skills its definition preloads, as the reference writes
/// them (probes ag_skills*): the prompt, then each skill's name in command tags and its
/// instructions; every text but the last ends with a line break of its own.
fn preloaded_blocks(prompt: String, skills: Vec<(String, String)>) -> Vec<ContentBlock> {
    if skills.is_empty() {
        return vec![ContentBlock::text(prompt)];
    }
    let mut blocks = vec![ContentBlock::text(format!("{prompt}\n"))];
    let last = skills.len() - 1;
    for (i, (name, text)) in skills.into_iter().enumerate() {
        blocks.push(ContentBlock::text(format!(
            "<command-message>{name}</command-message>\n<command-name>{name}</command-name>\n<skill-format>true</skill-format>"
        )));
        blocks.push(ContentBlock::text(if i == last {
            text
        } else {
            format!("{text}\n")
        }));
    }
    blocks
}

#[cfg(test)]
mod tests {
    #[test]
    fn structured_output_attempts_from_the_environment() {
        let mut env = std::collections::BTreeMap::new();
        assert_eq!(super::final_answer_attempts(&env), 5);
        env.insert("MAX_STRUCTURED_OUTPUT_RETRIES".to_string(), "1".to_string());
        assert_eq!(super::final_answer_attempts(&env), 1);
        env.insert("MAX_STRUCTURED_OUTPUT_RETRIES".to_string(), "0".to_string());
        assert_eq!(super::final_answer_attempts(&env), 5);
    }

    use super::init_tool_names;

    #[test]
    fn init_lists_the_sessions_tools_then_mcp_tools_by_name() {
        let names = ["Agent", "Bash", "mcp__b__x", "Read", "mcp__a__y"];
        let listed = init_tool_names(names.iter().map(|s| s.to_string()).collect());
        assert_eq!(listed, ["Task", "Bash", "Read", "mcp__a__y", "mcp__b__x"]);
        // A main-thread agent's tools keep its definition's order.
        let agent = init_tool_names(vec!["Read".into(), "Grep".into()]);
        assert_eq!(agent, ["Read", "Grep"]);
    }
}
