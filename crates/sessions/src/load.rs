//! Reads a transcript back into a conversation.

use std::path::Path;

use oxagent_core::content::ContentBlock;
use serde_json::{json, Value};

/// What `resume` needs of an earlier session.
#[derive(Debug, Default)]
pub struct LoadedSession {
    /// The conversation as the API sees it: (role, blocks), consecutive rows merged. After
    /// a compaction it starts from the compaction's summary.
    pub turns: Vec<(String, Vec<ContentBlock>)>,
    /// The uuids of the rows each turn was made of (parallel to `turns`).
    pub turn_uuids: Vec<Vec<String>>,
    /// The model of each answer's rows, by row uuid.
    pub answer_models: std::collections::HashMap<String, String>,
    /// The prompts (by row uuid) that began a run: the model read them after context
    /// reminders.
    pub context_prompts: std::collections::HashSet<String>,
    /// The model each prompt went to, by row uuid.
    pub prompt_models: std::collections::HashMap<String, String>,
    /// The reminders recorded with a tool result (`resultNotes`), by its call's id.
    pub result_notes: std::collections::HashMap<String, Vec<String>>,
    /// The `instructions` attachments (the instruction files a prompt showed), in order,
    /// by their row's uuid, which the prompt's turn lists.
    pub instructions: Vec<(String, Value)>,
    /// The nested instruction files a round's results brought in, (path, text) by their
    /// `nested_memory` row's uuid, which the results' turn lists.
    pub nested_memory: std::collections::HashMap<String, (String, String)>,
    /// The parsed conversation rows and the notes about them, in order (what a fork
    /// copies).
    pub rows: Vec<Value>,
    /// Rows the conversation leaves out (the calls no result answers, in the middle of
    /// it), by uuid, with the parent each had: a fork copies none of them, and a row whose
    /// parent was one of them points at that row's parent instead (fuzz-e/fe_168).
    pub left_out: std::collections::HashMap<String, Option<String>>,
    pub total_cost_usd: f64,
    pub model_usage: Value,
    /// API time and lines changed over the session's earlier runs.
    pub code_ledger: oxagent_core::cost_report::CodeLedger,
    /// The usage of the session's last model call, if it was recorded since the last
    /// compaction.
    pub last_usage: Option<Value>,
    /// The usage of the conversation's last answer (where a resumed session's token budget
    /// counts from).
    pub last_answer_usage: Option<Value>,
    /// The uuid of the last conversation row.
    pub last_uuid: Option<String>,
    /// A torn row follows the last conversation row: what came after it was lost.
    pub lost_tail: bool,
    /// A mark (an `attachment` row: `max_turns_reached`, a round's reminders) follows the
    /// last conversation row, its tool results: the turn ended on them (max_turns) and they
    /// wait for the model as they are. Results with nothing after them (a turn cut off
    /// before its answer, or stopped by the budget) get a stand-in answer (fd_202, fd_220).
    pub marked_tail: bool,
    /// The `max_turns_reached` mark follows the last conversation row, whatever it is (a
    /// Stop hook's feedback, the turn ending at max_turns on it: it waits for the next
    /// prompt, fuzz-i/fi_pin_stop_block; one a `continue: false` ended gets a stand-in
    /// answer, fi_pin_stop_block_stop).
    pub max_turns_tail: bool,
    /// The last conversation row is an answer of blank text, left out (the turn ended on
    /// it: a paused answer of nothing).
    pub blank_tail: bool,
    /// Rows to append because the transcript was torn: (type, message).
    pub repairs: Vec<(String, Value)>,
    /// The model of the last answer in the conversation (what a resume without a `model`
    /// goes on with).
    pub last_model: Option<String>,
    /// The last conversation row stands for a failed API call: the prompt before it needs
    /// no stand-in answer, the next prompt joins it.
    pub ends_with_api_error: bool,
    /// The session's last turn ended on a call a PreToolUse hook deferred (a
    /// `hook_deferred_tool` attachment, nothing said since): the resumed session runs it first.
    pub deferred_call: Option<oxagent_core::agent::DeferredCall>,
}

impl LoadedSession {
    /// The uuids of the rows the conversation still shows the model (those a compaction's
    /// summary replaced are not among them).
    pub fn shown_uuids(&self) -> std::collections::HashSet<&str> {
        self.turn_uuids
            .iter()
            .flatten()
            .map(String::as_str)
            .collect()
    }

    /// The files the conversation showed the model (see [`crate::seen`]).
    pub fn seen_files(&self) -> Vec<crate::seen::SeenFile> {
        let kept = self.shown_uuids();
        crate::seen::seen_files(&self.rows, |u| kept.contains(u))
    }
}

#[derive(Debug, PartialEq, Eq)]
pub enum LoadError {
    /// No transcript, or (looking for `until`) one with no prompt left.
    NotFound,
    /// `until` names no message of the transcript.
    NoSuchMessage(String),
    Io(String),
}

/// What the model reads in place of an answer that was lost.
pub const NO_RESPONSE: &str = "No response requested.";
/// The result of a tool call that `resume_session_at` cut off from its call.
pub use oxagent_core::conversation::MISSING_RESULT;
/// The result of a tool call whose outcome was lost with the session.
pub const LOST_RESULT: &str = "[Tool call interrupted: the session ended before this call's result was recorded, so its outcome is unknown. Check whether it took effect before relying on it or running it again.]";

fn blocks_of(content: &Value) -> Vec<ContentBlock> {
    match content {
        Value::String(s) => vec![ContentBlock::text(s.clone())],
        Value::Array(items) => items
            .iter()
            .filter_map(|b| serde_json::from_value(b.clone()).ok())
            .collect(),
        _ => Vec::new(),
    }
}

fn is_tool_result(blocks: &[ContentBlock]) -> bool {
    blocks
        .iter()
        .any(|b| matches!(b, ContentBlock::ToolResult { .. }))
}

/// A custom command's record (`<command-message>...`): the command's body, the next row,
/// belongs to the same message.
fn is_command_record(blocks: &[ContentBlock]) -> bool {
    matches!(blocks, [ContentBlock::Text { text, .. }] if text.starts_with("<command-message>"))
}

/// Loads `path`. With `until`, the conversation stops after the message with that uuid;
/// a transcript without it is [`LoadError::NoSuchMessage`].
pub fn load(path: &Path, until: Option<&str>) -> Result<LoadedSession, LoadError> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(LoadError::NotFound),
        Err(e) => return Err(LoadError::Io(e.to_string())),
    };
    let mut s = LoadedSession {
        model_usage: json!({}),
        ..Default::default()
    };
    let mut last_assistant_id: Option<String> = None;
    // Where the texts that followed the last results turn's results begin.
    let mut follow_from: Option<(usize, usize)> = None;
    // After a compact boundary: the turns it kept, to follow the summary row.
    let mut kept: Option<Vec<KeptTurn>> = None;
    let mut reached = false;
    let parsed: Vec<Option<Value>> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str::<Value>(l).ok())
        .collect();
    // A transcript with branches (a resume at an earlier message) is read along one.
    let rows: Vec<&Value> = parsed.iter().flatten().collect();
    let branch = crate::chain::branch(&rows, until);
    // A torn row after the rows the branch leaves out is no loss to it.
    let tail_left_out = until.is_none()
        && branch
            .as_ref()
            .is_some_and(|on| crate::chain::leaves_out_tail(&rows, on));
    drop(rows);
    let off_branch = |row: &Value| {
        branch.as_ref().is_some_and(|on| {
            matches!(
                row.get("type").and_then(Value::as_str),
                Some("user" | "assistant" | "system")
            ) && row
                .get("uuid")
                .and_then(Value::as_str)
                .is_some_and(|u| !on.contains(u))
        })
    };
    for row in parsed {
        // A torn row is skipped and left in the file.
        let Some(row) = row else {
            s.lost_tail = !reached && !tail_left_out;
            continue;
        };
        if off_branch(&row) {
            continue;
        }
        match row.get("type").and_then(Value::as_str) {
            Some("cost-state") => {
                s.total_cost_usd = row
                    .get("total_cost_usd")
                    .and_then(Value::as_f64)
                    .unwrap_or(0.0);
                s.model_usage = row.get("model_usage").cloned().unwrap_or(json!({}));
                s.last_usage = row.get("last_usage").filter(|u| u.is_object()).cloned();
                let n = |key: &str| row.get(key).and_then(Value::as_u64).unwrap_or(0);
                s.code_ledger = oxagent_core::cost_report::CodeLedger {
                    api_ms: n("api_ms"),
                    lines_added: n("lines_added"),
                    lines_removed: n("lines_removed"),
                };
            }
            // Past `until` only the running cost is read: it covers the whole session.
            _ if reached => {}
            Some("prompt-context") => {
                if let Some(u) = row.get("promptUuid").and_then(Value::as_str) {
                    let leads = row.get("leadsWithContext").and_then(Value::as_bool);
                    if leads.unwrap_or(true) {
                        s.context_prompts.insert(u.to_string());
                    }
                    if let Some(model) = row.get("model").and_then(Value::as_str) {
                        s.prompt_models.insert(u.to_string(), model.to_string());
                    }
                }
                // A fork keeps it.
                s.rows.push(row);
            }
            Some("result-note") => {
                let id = row.get("toolUseId").and_then(Value::as_str);
                if let (Some(id), Some(note)) = (id, row.get("note").and_then(Value::as_str)) {
                    s.result_notes
                        .entry(id.to_string())
                        .or_default()
                        .push(note.to_string());
                }
                s.rows.push(row);
            }
            Some(kind @ ("user" | "assistant")) => {
                s.lost_tail = false;
                s.marked_tail = false;
                s.max_turns_tail = false;
                // The stand-in for a failed call is not part of what the model reads.
                if row.get("isApiErrorMessage").and_then(Value::as_bool) == Some(true) {
                    s.ends_with_api_error = true;
                    reached = s.pass_over(row, until);
                    continue;
                }
                s.ends_with_api_error = false;
                let msg = row.get("message").cloned().unwrap_or(Value::Null);
                // The model of an answer (a stand-in answer has none).
                let model = msg
                    .get("model")
                    .and_then(Value::as_str)
                    .filter(|m| kind == "assistant" && *m != "<synthetic>")
                    .map(str::to_string);
                if let Some(m) = &model {
                    s.last_model = Some(m.clone());
                }
                let mut blocks = blocks_of(msg.get("content").unwrap_or(&Value::Null));
                // An answer or a prompt after a deferred call: the call was settled.
                if kind == "assistant" || !is_tool_result(&blocks) {
                    s.deferred_call = None;
                }
                let id = msg.get("id").and_then(Value::as_str).map(str::to_string);
                // A blank text block of an answer is recorded but never sent back.
                if kind == "assistant" {
                    blocks.retain(
                        |b| !matches!(b, ContentBlock::Text { text, .. } if text.trim().is_empty()),
                    );
                    if blocks.is_empty() {
                        s.blank_tail = true;
                        reached = s.pass_over(row, until);
                        continue;
                    }
                }
                s.blank_tail = false;
                if let Some(notes) = row.get("resultNotes").and_then(Value::as_array) {
                    let texts: Vec<String> = notes
                        .iter()
                        .filter_map(|t| t.as_str().map(str::to_string))
                        .collect();
                    for id in blocks.iter().filter_map(ContentBlock::result_id) {
                        s.result_notes.insert(id.to_string(), texts.clone());
                    }
                }
                if let Some(m) = model {
                    s.last_answer_usage = msg.get("usage").filter(|u| u.is_object()).cloned();
                    if let Some(u) = row.get("uuid").and_then(Value::as_str) {
                        s.answer_models.insert(u.to_string(), m);
                    }
                }
                // What the model read after a result (a skill's instructions) belongs to the
                // results' message (fuzz-m/fm_005).
                let follow_up = kind == "user"
                    && row.get("isMeta").and_then(Value::as_bool) == Some(true)
                    && !blocks.is_empty()
                    && blocks
                        .iter()
                        .all(|b| matches!(b, ContentBlock::Text { .. }));
                let merge = match (kind, s.turns.last()) {
                    ("assistant", Some((role, _))) => {
                        role == "assistant" && id.is_some() && id == last_assistant_id
                    }
                    ("user", Some((role, prev))) => {
                        role == "user"
                            && ((is_tool_result(prev) && (is_tool_result(&blocks) || follow_up))
                                || (is_command_record(prev) && !is_tool_result(&blocks)))
                    }
                    _ => false,
                };
                let uuid = row.get("uuid").and_then(Value::as_str).map(str::to_string);
                // A block of an answer written after the result of one of its calls answered
                // at once (an unknown tool) joins the answer; the results stay after it, as
                // one message (fuzz-d/fd_050).
                let behind_results = kind == "assistant"
                    && !merge
                    && id.is_some()
                    && id == last_assistant_id
                    && s.turns.len() >= 2
                    && matches!(s.turns.last(), Some((role, prev)) if role == "user" && is_tool_result(prev));
                if behind_results {
                    let at = s.turns.len() - 2;
                    s.turns[at].1.extend(blocks);
                    if let (Some(u), Some(prev)) = (&uuid, s.turn_uuids.get_mut(at)) {
                        prev.push(u.clone());
                    }
                } else if merge {
                    let at = s.turns.len() - 1;
                    if let Some((_, prev)) = s.turns.last_mut() {
                        match follow_from {
                            // Results come before what follows them.
                            Some((turn, pos)) if turn == at && is_tool_result(&blocks) => {
                                let n = blocks.len();
                                prev.splice(pos..pos, blocks);
                                follow_from = Some((turn, pos + n));
                            }
                            _ => {
                                if follow_up && follow_from.is_none_or(|(t, _)| t != at) {
                                    follow_from = Some((at, prev.len()));
                                } else if follow_up {
                                    // A text followed by another ends with one more line
                                    // break, as the round sent them (fuzz-m/fm_174).
                                    if let Some(ContentBlock::Text { text, .. }) = prev.last_mut() {
                                        text.push('\n');
                                    }
                                }
                                prev.extend(blocks);
                            }
                        }
                    }
                    if let (Some(u), Some(prev)) = (&uuid, s.turn_uuids.last_mut()) {
                        prev.push(u.clone());
                    }
                } else {
                    s.turns.push((kind.to_string(), blocks));
                    s.turn_uuids.push(uuid.iter().cloned().collect());
                }
                if kind == "assistant" {
                    last_assistant_id = id;
                }
                // The summary of a compaction comes first; the turns it kept follow it.
                if let Some(tail) = kept.take() {
                    for (role, blocks, uuids) in tail {
                        s.turns.push((role, blocks));
                        s.turn_uuids.push(uuids);
                    }
                    last_assistant_id = None;
                }
                s.last_uuid = uuid;
                reached = until.is_some() && s.last_uuid.as_deref() == until;
                s.rows.push(row);
            }
            // A call a PreToolUse hook deferred, which ended the turn.
            Some("attachment")
                if row.pointer("/attachment/type").and_then(Value::as_str)
                    == Some("hook_deferred_tool") =>
            {
                let uuid = row.get("uuid").and_then(Value::as_str).map(str::to_string);
                let on = |u: &str| branch.as_ref().is_none_or(|on| on.contains(u));
                if let Some(u) = uuid.filter(|u| on(u)) {
                    s.deferred_call =
                        oxagent_core::agent::DeferredCall::from_attachment(&row["attachment"]);
                    s.last_uuid = Some(u);
                    s.rows.push(row);
                }
            }
            // The marks after a round's results (its reminders, the end max_turns set): a
            // compaction keeping those results keeps them too.
            Some("attachment")
                if matches!(
                    row.pointer("/attachment/type").and_then(Value::as_str),
                    Some(
                        "max_turns_reached"
                            | "total_tokens_reminder"
                            | "budget_usd"
                            | "hook_stopped_continuation"
                            | "structured_output"
                            | "prompt_snapshot"
                            | "instructions"
                            | "nested_memory"
                    )
                ) =>
            {
                let uuid = row.get("uuid").and_then(Value::as_str).map(str::to_string);
                let on = |u: &str| branch.as_ref().is_none_or(|on| on.contains(u));
                if let Some(u) = uuid.filter(|u| on(u)) {
                    let kind = row.pointer("/attachment/type").and_then(Value::as_str);
                    if kind == Some("max_turns_reached") {
                        s.max_turns_tail = true;
                    }
                    let after_results = s.turns.last().is_some_and(|(r, blocks)| {
                        r == "user" && blocks.iter().any(|b| b.result_id().is_some())
                    });
                    // The token count's mark after a prompt goes with the prompt, as do the
                    // instruction files it showed.
                    let after_prompt = !after_results
                        && s.turns.last().is_some_and(|(r, _)| r == "user")
                        && matches!(kind, Some("total_tokens_reminder" | "instructions"));
                    let attachment = &row["attachment"];
                    match kind {
                        Some("instructions") => {
                            s.instructions.push((u.clone(), attachment.clone()))
                        }
                        Some("nested_memory") => {
                            if let Some(file) =
                                oxagent_core::memory::instructions::nested_of(attachment)
                            {
                                s.nested_memory.insert(u.clone(), file);
                            }
                        }
                        _ => {}
                    }
                    // What the model was shown of instruction files marks no end of a turn.
                    let memory = matches!(kind, Some("instructions" | "nested_memory"));
                    if let Some(uuids) = s.turn_uuids.last_mut().filter(|_| after_results) {
                        uuids.push(u.clone());
                        s.marked_tail |= !memory;
                    } else if let Some(uuids) = s.turn_uuids.last_mut().filter(|_| after_prompt) {
                        uuids.push(u.clone());
                    }
                    s.last_uuid = Some(u);
                    s.rows.push(row);
                }
            }
            Some("system") => {
                let subtype = row.get("subtype").and_then(Value::as_str);
                if subtype == Some("compact_boundary") {
                    kept = Some(compacted(&mut s, &row));
                }
                // A local command's output (a `/compact` that failed) is a user message.
                if let (Some("local_command"), Some(content)) =
                    (subtype, row.get("content").and_then(Value::as_str))
                {
                    let uuid = row.get("uuid").and_then(Value::as_str);
                    s.turns.push((
                        "user".into(),
                        blocks_of(&json!([{"type": "text", "text": content}])),
                    ));
                    s.turn_uuids
                        .push(uuid.iter().map(|u| u.to_string()).collect());
                }
                s.last_uuid = row.get("uuid").and_then(Value::as_str).map(str::to_string);
                s.rows.push(row);
            }
            _ => {}
        }
    }
    if let Some(at) = until.filter(|_| !reached) {
        // With no prompt left (every one torn away) there is no conversation to look in
        // (fuzz-e/fe_052).
        if !s.turns.iter().any(|(role, _)| role == "user") {
            return Err(LoadError::NotFound);
        }
        return Err(LoadError::NoSuchMessage(at.to_string()));
    }
    if let Some(tail) = kept {
        for (role, blocks, uuids) in tail {
            s.turns.push((role, blocks));
            s.turn_uuids.push(uuids);
        }
    }
    results_in_call_order(&mut s);
    drop_unanswered_calls(&mut s);
    if until.is_some() {
        pair_cut_calls(&mut s);
    } else {
        repair(&mut s);
    }
    Ok(s)
}

/// Calls in the middle of the conversation that no result answers (a session forked at the
/// answer that made them, whose stand-in results were never written) are left out, and an
/// answer left with nothing else with them, as the reference reads such a transcript back
/// (fuzz-e/fe_020). The last answer's calls are paired or repaired after this.
fn drop_unanswered_calls(s: &mut LoadedSession) {
    let mut i = 0;
    while i + 1 < s.turns.len() {
        // The results of the last answer: those lost are repaired (see `lost_results`); a
        // prompt after calls none of whose results are there leaves them out (fe_148).
        let last_round =
            i + 2 == s.turns.len() && s.turns[i + 1].1.iter().any(|b| b.result_id().is_some());
        if s.turns[i].0 != "assistant" || last_round {
            i += 1;
            continue;
        }
        let answered: Vec<String> = match s.turns.get(i + 1) {
            Some((role, blocks)) if role == "user" => blocks
                .iter()
                .filter_map(|b| b.result_id().map(str::to_string))
                .collect(),
            _ => Vec::new(),
        };
        let blocks = &mut s.turns[i].1;
        let before = blocks.len();
        blocks.retain(|b| !matches!(b, ContentBlock::ToolUse { id, .. } if !answered.contains(id)));
        let only_thinking = thinking_only(blocks);
        let dropped = blocks.len() < before;
        if dropped {
            leave_out_rows(s, i, &answered, only_thinking);
        }
        if dropped && only_thinking {
            s.turns.remove(i);
            if i < s.turn_uuids.len() {
                s.turn_uuids.remove(i);
            }
            // The prompts on either side are one message now, joined by a line break.
            let both_user = i > 0
                && s.turns.get(i - 1).is_some_and(|t| t.0 == "user")
                && s.turns.get(i).is_some_and(|t| t.0 == "user");
            if both_user {
                let (_, next) = s.turns.remove(i);
                let prev = &mut s.turns[i - 1].1;
                if let Some(ContentBlock::Text { text, .. }) = prev.last_mut() {
                    text.push('\n');
                }
                prev.extend(next);
                if i < s.turn_uuids.len() {
                    let uuids = s.turn_uuids.remove(i);
                    s.turn_uuids[i - 1].extend(uuids);
                }
            }
            continue;
        }
        i += 1;
    }
}

/// Notes the rows of answer `i` that the conversation leaves out: those made only of calls
/// no result answers, or (`whole`) all of them.
fn leave_out_rows(s: &mut LoadedSession, i: usize, answered: &[String], whole: bool) {
    let Some(uuids) = s.turn_uuids.get(i) else {
        return;
    };
    for uuid in uuids {
        let Some(row) = s.rows.iter().find(|r| r["uuid"].as_str() == Some(uuid)) else {
            continue;
        };
        let unanswered = row
            .pointer("/message/content")
            .and_then(Value::as_array)
            .is_some_and(|c| {
                !c.is_empty()
                    && c.iter().all(|b| {
                        b["type"] == "tool_use"
                            && b["id"]
                                .as_str()
                                .is_some_and(|id| !answered.iter().any(|a| a == id))
                    })
            });
        if whole || unanswered {
            let parent = row["parentUuid"].as_str().map(str::to_string);
            s.left_out.insert(uuid.clone(), parent);
        }
    }
}

/// After `resume_session_at`: the calls of the last answer whose results were left out get
/// an error result each (not written down); the next prompt follows in the same message.
fn pair_cut_calls(s: &mut LoadedSession) {
    let Some((role, blocks)) = s.turns.last() else {
        return;
    };
    if role != "assistant" {
        return;
    }
    let results: Vec<ContentBlock> = blocks
        .iter()
        .filter_map(|b| match b {
            ContentBlock::ToolUse { id, .. } => blocks_of(&json!([{
                "type": "tool_result", "tool_use_id": id, "content": MISSING_RESULT, "is_error": true
            }]))
            .pop(),
            _ => None,
        })
        .collect();
    if !results.is_empty() {
        s.turns.push(("user".into(), results));
        s.turn_uuids.push(Vec::new());
    }
}

/// A turn a compaction kept: role, blocks, row uuids.
type KeptTurn = (String, Vec<ContentBlock>, Vec<String>);

/// A compact boundary: everything before it is replaced by the summary row that follows,
/// except the messages its metadata lists as preserved, which come after the summary.
fn compacted(s: &mut LoadedSession, boundary: &Value) -> Vec<KeptTurn> {
    let preserved: Vec<&str> = boundary
        .pointer("/compactMetadata/preserved_messages/uuids")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let turns = std::mem::take(&mut s.turns);
    let uuids = std::mem::take(&mut s.turn_uuids);
    turns
        .into_iter()
        .zip(uuids)
        .filter(|(_, u)| u.iter().any(|u| preserved.contains(&u.as_str())))
        .map(|((role, blocks), u)| (role, blocks, u))
        .collect()
}

/// Whether a user turn only records a local command's output (`/compact`): it needs no
/// answer.
fn is_local_command(blocks: &[ContentBlock]) -> bool {
    !blocks.is_empty()
        && blocks.iter().all(|b| {
            matches!(b, ContentBlock::Text { text, .. } if oxagent_core::compact::is_local_command(text))
        })
}

impl LoadedSession {
    /// A conversation row left out of the conversation but kept as a row (what a fork
    /// copies, where `resume_session_at` may stop); whether it is the row `until` names.
    fn pass_over(&mut self, row: Value, until: Option<&str>) -> bool {
        self.last_uuid = row.get("uuid").and_then(Value::as_str).map(str::to_string);
        self.rows.push(row);
        until.is_some() && self.last_uuid.as_deref() == until
    }
}

/// The results the transcript holds in the order their calls finished go back in the
/// order of the calls.
fn results_in_call_order(s: &mut LoadedSession) {
    for i in 1..s.turns.len() {
        if s.turns[i - 1].0 != "assistant" || s.turns[i].0 != "user" {
            continue;
        }
        let calls = call_ids(&s.turns[i - 1].1);
        let rank = |b: &ContentBlock| {
            b.result_id()
                .and_then(|id| calls.iter().position(|c| c == id))
        };
        let blocks = &mut s.turns[i].1;
        let slots: Vec<usize> = (0..blocks.len())
            .filter(|&j| rank(&blocks[j]).is_some())
            .collect();
        let mut results: Vec<ContentBlock> = slots.iter().map(|&j| blocks[j].clone()).collect();
        results.sort_by_key(|b| rank(b));
        for (j, b) in slots.into_iter().zip(results) {
            blocks[j] = b;
        }
    }
}

/// The results of the last answer's calls, some of them lost (torn away, or cut off with
/// the rows after them): each lost one gets the stand-in result, written down, in its
/// call's place (fuzz-e/fe_086, fe_112). Whether any was lost.
fn lost_results(s: &mut LoadedSession) -> bool {
    let n = s.turns.len();
    if n < 2 || s.turns[n - 2].0 != "assistant" {
        return false;
    }
    let calls = call_ids(&s.turns[n - 2].1);
    let answers_some = s.turns[n - 1].1.iter().any(|b| b.result_id().is_some());
    let lost = calls.iter().any(|c| {
        !s.turns[n - 1]
            .1
            .iter()
            .any(|b| b.result_id() == Some(c.as_str()))
    });
    if !lost || !answers_some {
        return false;
    }
    let results = std::mem::take(&mut s.turns[n - 1].1);
    let (mut answered, others): (Vec<ContentBlock>, Vec<ContentBlock>) =
        results.into_iter().partition(|b| {
            b.result_id()
                .is_some_and(|id| calls.iter().any(|c| c == id))
        });
    let mut ordered = Vec::new();
    for id in &calls {
        match answered
            .iter()
            .position(|b| b.result_id() == Some(id.as_str()))
        {
            Some(at) => ordered.push(answered.remove(at)),
            None => {
                let block = json!({"type": "tool_result", "tool_use_id": id, "content": LOST_RESULT, "is_error": true});
                s.repairs.push((
                    "user".into(),
                    json!({"role": "user", "content": [block.clone()]}),
                ));
                ordered.extend(blocks_of(&json!([block])));
            }
        }
    }
    ordered.extend(answered);
    ordered.extend(others);
    s.turns[n - 1].1 = ordered;
    true
}

/// The ids of an answer's tool calls, in order.
fn call_ids(blocks: &[ContentBlock]) -> Vec<String> {
    blocks
        .iter()
        .filter_map(|b| match b {
            ContentBlock::ToolUse { id, .. } => Some(id.clone()),
            _ => None,
        })
        .collect()
}

/// Whether an answer's blocks are thinking only.
fn thinking_only(blocks: &[ContentBlock]) -> bool {
    blocks.iter().all(|b| {
        matches!(
            b,
            ContentBlock::Thinking { .. } | ContentBlock::RedactedThinking { .. }
        )
    })
}

/// A conversation must end with an answer or with tool results, and every tool call needs
/// a result.
fn repair(s: &mut LoadedSession) {
    if let Some(deferred) = s.deferred_call.clone() {
        settle_deferred(s, &deferred.id);
        return;
    }
    // An answer torn after its thinking: what is left of it is not read back, and the
    // stand-in answer takes its place (fuzz-e/fe_134).
    if s.lost_tail
        && s.turns.len() > 1
        && s.turns
            .last()
            .is_some_and(|(role, blocks)| role == "assistant" && thinking_only(blocks))
    {
        s.turns.pop();
        s.turn_uuids.truncate(s.turns.len());
        // The session goes on from the message before it.
        if let Some(before) = s.turn_uuids.last().and_then(|u| u.last()) {
            s.last_uuid = Some(before.clone());
        }
    }
    let Some((role, blocks)) = s.turns.last().cloned() else {
        return;
    };
    if role == "user" && (is_local_command(&blocks) || s.ends_with_api_error) {
        return;
    }
    // Recorded tool results of a turn that ended on them (max_turns, whose mark follows
    // them) wait for the model as they are: the next prompt joins them. When a torn row or
    // an answer of blank text follows them, or no mark does (the answer was cut away, or
    // the budget stopped the turn), the answer was lost (fuzz-d/fd_128, fd_202,
    // fuzz-e/fe_132).
    // A user turn the turn ended on at max_turns (a Stop hook's feedback) waits for the
    // next prompt, which joins it (fuzz-i/fi_pin_stop_block).
    if role == "user" && s.max_turns_tail {
        return;
    }
    let lost = role == "user" && lost_results(s);
    if role == "user"
        && !lost
        && !s.lost_tail
        && !s.blank_tail
        && s.marked_tail
        && matches!(blocks.last(), Some(ContentBlock::ToolResult { .. }))
    {
        return;
    }
    if role == "assistant" {
        let dangling = call_ids(&blocks);
        if dangling.is_empty() {
            return;
        }
        for id in dangling {
            let block = json!({"type": "tool_result", "tool_use_id": id, "content": LOST_RESULT, "is_error": true});
            s.repairs.push((
                "user".into(),
                json!({"role": "user", "content": [block.clone()]}),
            ));
            match s.turns.last_mut() {
                Some((r, prev)) if r == "user" => prev.extend(blocks_of(&json!([block]))),
                _ => {
                    s.turns.push(("user".into(), blocks_of(&json!([block]))));
                    s.turn_uuids.push(Vec::new());
                }
            }
        }
    }
    let answer = json!({"role": "assistant", "content": [{"type": "text", "text": NO_RESPONSE}]});
    s.repairs.push(("assistant".into(), answer));
    s.turns
        .push(("assistant".into(), vec![ContentBlock::text(NO_RESPONSE)]));
    s.turn_uuids.push(Vec::new());
}

/// A turn that ended on a deferred call: the resumed session runs that call; the other
/// calls its response made that have no result (deferred too) are dropped from the answer,
/// as the reference drops them.
fn settle_deferred(s: &mut LoadedSession, deferred: &str) {
    let Some(at) = s.turns.iter().rposition(|(role, _)| role == "assistant") else {
        return;
    };
    let answered: Vec<String> = s.turns[at + 1..]
        .iter()
        .flat_map(|(_, blocks)| {
            blocks
                .iter()
                .filter_map(|b| b.result_id().map(str::to_string))
        })
        .collect();
    s.turns[at].1.retain(|b| match b {
        ContentBlock::ToolUse { id, .. } => id == deferred || answered.contains(id),
        _ => true,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(lines: &[Value], torn: Option<&str>) -> tempfile::NamedTempFile {
        let f = tempfile::NamedTempFile::new().unwrap();
        let mut text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        if let Some(t) = torn {
            text.push_str(t);
        }
        std::fs::write(f.path(), text).unwrap();
        f
    }

    fn user(content: Value, uuid: &str) -> Value {
        json!({"type": "user", "uuid": uuid, "message": {"role": "user", "content": content}})
    }

    fn assistant(id: &str, block: Value, uuid: &str) -> Value {
        json!({"type": "assistant", "uuid": uuid, "message": {"id": id, "role": "assistant", "content": [block]}})
    }

    #[test]
    fn a_deferred_call_waits_for_the_resume_and_its_fellows_are_dropped() {
        let call = |id: &str| json!({"type": "tool_use", "id": id, "name": "Bash", "input": {"command": id}});
        let deferred = json!({"type": "attachment", "uuid": "d1", "attachment": {
            "type": "hook_deferred_tool", "toolUseID": "b2", "toolName": "Bash",
            "toolInput": {"command": "b2"}, "hookName": "settings", "hookEvent": "PreToolUse",
            "permissionMode": "default"}});
        let result = json!([{"type": "tool_result", "tool_use_id": "r1", "content": "ok"}]);
        let rows = vec![
            user(json!("Go"), "u1"),
            assistant("m1", call("b1"), "a1"),
            assistant(
                "m1",
                json!({"type": "tool_use", "id": "r1", "name": "Read", "input": {}}),
                "a2",
            ),
            assistant("m1", call("b2"), "a3"),
            user(result, "u2"),
            deferred.clone(),
        ];
        let f = write(&rows, None);
        let s = load(f.path(), None).unwrap();
        assert_eq!(
            s.deferred_call,
            Some(oxagent_core::agent::DeferredCall {
                id: "b2".into(),
                name: "Bash".into(),
                input: json!({"command": "b2"}),
            })
        );
        // The answer keeps the call that has a result and the deferred one; no stand-ins.
        let (role, blocks) = &s.turns[1];
        assert_eq!(role, "assistant");
        let ids: Vec<&str> = blocks
            .iter()
            .filter_map(|b| match b {
                ContentBlock::ToolUse { id, .. } => Some(id.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(ids, vec!["r1", "b2"]);
        assert!(s.repairs.is_empty());
        // A prompt after it: the call was settled.
        let mut later = rows.clone();
        later.push(user(json!("Never mind"), "u3"));
        let f = write(&later, None);
        assert_eq!(load(f.path(), None).unwrap().deferred_call, None);
    }

    #[test]
    fn a_command_record_and_its_body_are_one_message() {
        let text = |t: &str| json!([{"type": "text", "text": t}]);
        let f = write(
            &[
                user(
                    text("<command-message>c</command-message>\n<command-name>/c</command-name>\n"),
                    "u1",
                ),
                user(text("Body\n"), "u2"),
                assistant("m1", json!({"type": "text", "text": "a"}), "a1"),
            ],
            None,
        );
        let s = load(f.path(), None).unwrap();
        let shape: Vec<(&str, usize)> =
            s.turns.iter().map(|(r, b)| (r.as_str(), b.len())).collect();
        assert_eq!(shape, [("user", 2), ("assistant", 1)]);
        assert_eq!(s.turn_uuids[0], ["u1", "u2"]);
    }

    #[test]
    fn blocks_of_one_response_merge() {
        let f = write(
            &[
                user(json!("hi"), "u1"),
                assistant("m1", json!({"type": "text", "text": "a"}), "a1"),
                assistant(
                    "m1",
                    json!({"type": "tool_use", "id": "t1", "name": "Bash", "input": {}}),
                    "a2",
                ),
                user(
                    json!([{"type": "tool_result", "tool_use_id": "t1", "content": "ok"}]),
                    "u2",
                ),
                assistant("m2", json!({"type": "text", "text": "done"}), "a3"),
                json!({"type": "cost-state", "total_cost_usd": 0.5, "model_usage": {"m": {}}}),
            ],
            None,
        );
        let s = load(f.path(), None).unwrap();
        assert_eq!(
            s.turns
                .iter()
                .map(|(r, b)| (r.as_str(), b.len()))
                .collect::<Vec<_>>(),
            [("user", 1), ("assistant", 2), ("user", 1), ("assistant", 1)]
        );
        assert_eq!(s.total_cost_usd, 0.5);
        assert!(s.repairs.is_empty());
        let cut = load(f.path(), Some("a1")).unwrap();
        assert_eq!(cut.turns.len(), 2);
        assert_eq!(
            load(f.path(), Some("../x")).unwrap_err(),
            LoadError::NoSuchMessage("../x".into())
        );
    }

    /// fuzz-d/fd_050: a call answered at once (an unknown tool) has its result written
    /// before the answer's next block; the answer is read back whole, the results after it.
    #[test]
    fn blocks_written_after_an_early_result_join_their_answer() {
        let call = |id: &str| json!({"type": "tool_use", "id": id, "name": "Glob", "input": {}});
        let result = |id: &str| json!([{"type": "tool_result", "tool_use_id": id, "content": "x"}]);
        let f = write(
            &[
                user(json!("hi"), "u1"),
                assistant("m1", call("t1"), "a1"),
                user(result("t1"), "u2"),
                assistant("m1", call("t2"), "a2"),
                user(result("t2"), "u3"),
                assistant("m2", json!({"type": "text", "text": "done"}), "a3"),
            ],
            None,
        );
        let s = load(f.path(), None).unwrap();
        let shape: Vec<(&str, usize)> =
            s.turns.iter().map(|(r, b)| (r.as_str(), b.len())).collect();
        assert_eq!(
            shape,
            [("user", 1), ("assistant", 2), ("user", 2), ("assistant", 1)]
        );
        assert_eq!(s.turn_uuids[1], ["a1", "a2"]);
        assert_eq!(s.turn_uuids[2], ["u2", "u3"]);
    }

    /// ve_err_500_exhausted_continue: the stand-in for a failed call is left out, and the
    /// prompt before it gets no stand-in answer (the next prompt joins it).
    #[test]
    fn a_failed_call_is_left_out_and_needs_no_answer() {
        let mut failed = assistant("", json!({"type": "text", "text": "API Error: 500"}), "a1");
        failed["isApiErrorMessage"] = json!(true);
        failed["message"]["model"] = json!("<synthetic>");
        let f = write(
            &[
                user(json!("hi"), "u1"),
                json!({"type": "system", "subtype": "api_error", "uuid": "s1"}),
                failed,
            ],
            None,
        );
        let s = load(f.path(), None).unwrap();
        assert_eq!(s.turns.len(), 1);
        assert_eq!(s.turns[0].0, "user");
        assert!(s.repairs.is_empty());
        assert_eq!(s.last_uuid.as_deref(), Some("a1"));
        assert_eq!(s.rows.len(), 3);
    }

    /// A prompt, a Bash call and its result.
    fn bash_round() -> Vec<Value> {
        vec![
            user(json!("hi"), "u1"),
            assistant(
                "m1",
                json!({"type": "tool_use", "id": "t1", "name": "Bash", "input": {}}),
                "a1",
            ),
            user(
                json!([{"type": "tool_result", "tool_use_id": "t1", "content": "ok"}]),
                "u2",
            ),
        ]
    }

    /// resume_max_turns_then_resume: results that end a transcript, max_turns' mark after
    /// them, wait for the next prompt.
    #[test]
    fn recorded_tool_results_need_no_answer() {
        let mut rows = bash_round();
        rows.push(json!({"type": "attachment", "uuid": "m1",
            "attachment": {"type": "max_turns_reached", "maxTurns": 1, "turnCount": 2}}));
        rows.push(json!({"type": "last-prompt", "lastPrompt": "hi", "leafUuid": "m1"}));
        let f = write(&rows, None);
        let s = load(f.path(), None).unwrap();
        assert!(s.repairs.is_empty());
        assert_eq!(s.turns.last().unwrap().0, "user");
    }

    /// variants-g/vg_ses_resume_after_hook_stop, _after_structured: a turn a hook stopped,
    /// or one the final-answer tool ended, leaves its mark after the results: they wait.
    #[test]
    fn results_a_hook_stop_or_a_final_answer_marked_wait() {
        for kind in ["hook_stopped_continuation", "structured_output"] {
            let mut rows = bash_round();
            rows.push(json!({"type": "attachment", "uuid": "m1", "attachment": {"type": kind}}));
            rows.push(json!({"type": "last-prompt", "lastPrompt": "hi", "leafUuid": "m1"}));
            let f = write(&rows, None);
            let s = load(f.path(), None).unwrap();
            assert!(s.repairs.is_empty(), "{kind}");
            assert_eq!(s.turns.last().unwrap().0, "user");
        }
    }

    /// fuzz-i/fi_pin_stop_block(_stop): a Stop hook's feedback (a meta reminder row, then
    /// the hooks' summary) waits for the next prompt when the turn ended there at max_turns
    /// (its mark follows); one a `continue: false` ended (no mark) gets the stand-in answer.
    #[test]
    fn a_stop_hook_feedback_waits_only_after_max_turns() {
        for (mark, waits) in [(true, true), (false, false)] {
            let mut rows = vec![
                user(json!("hi"), "u1"),
                assistant("m1", json!({"type": "text", "text": "done"}), "a1"),
                json!({"type": "user", "uuid": "u2", "isMeta": true, "message": {"role": "user",
                    "content": "<system-reminder>\nStop hook feedback:\nno\n</system-reminder>"}}),
                json!({"type": "system", "subtype": "stop_hook_summary", "uuid": "s1",
                    "hookCount": 1}),
            ];
            if mark {
                rows.push(json!({"type": "attachment", "uuid": "m2",
                    "attachment": {"type": "max_turns_reached", "maxTurns": 2, "turnCount": 3}}));
            }
            let f = write(&rows, None);
            let s = load(f.path(), None).unwrap();
            assert_eq!(s.repairs.is_empty(), waits, "mark {mark}");
            let last = &s.turns.last().unwrap().0;
            assert_eq!(
                last,
                if waits { "user" } else { "assistant" },
                "mark {mark}"
            );
        }
    }

    /// fuzz-d/fd_202: results of a turn the budget stopped (its end recorded, no mark after
    /// them) get the stand-in answer.
    #[test]
    fn results_of_a_turn_stopped_without_a_mark_get_an_answer() {
        let mut rows = bash_round();
        rows.push(json!({"type": "last-prompt", "lastPrompt": "hi", "leafUuid": "u2"}));
        let f = write(&rows, None);
        let s = load(f.path(), None).unwrap();
        assert_eq!(s.repairs.len(), 1);
        assert_eq!(s.repairs[0].1["content"][0]["text"], NO_RESPONSE);
        assert_eq!(
            s.turns.last().unwrap().1,
            vec![ContentBlock::text(NO_RESPONSE)]
        );
    }

    /// fuzz-e/fe_132: results whose turn's end is not recorded after them had an answer
    /// that was cut away: the stand-in answer follows them.
    #[test]
    fn results_without_their_turn_s_end_lost_their_answer() {
        let f = write(&bash_round(), None);
        let s = load(f.path(), None).unwrap();
        assert_eq!(
            s.turns.last().unwrap().1,
            vec![ContentBlock::text(NO_RESPONSE)]
        );
    }

    #[test]
    fn a_torn_answer_is_replaced() {
        let f = write(
            &[
                user(json!("hi"), "u1"),
                assistant(
                    "m1",
                    json!({"type": "tool_use", "id": "t1", "name": "Bash", "input": {}}),
                    "a1",
                ),
            ],
            Some("{\"type\": \"user\", \"mess"),
        );
        let s = load(f.path(), None).unwrap();
        assert_eq!(s.repairs.len(), 2);
        assert_eq!(s.repairs[0].1["content"][0]["content"], LOST_RESULT);
        assert_eq!(
            s.turns.last().unwrap().1,
            vec![ContentBlock::text(NO_RESPONSE)]
        );
    }

    #[test]
    fn a_compact_boundary_restarts_the_conversation() {
        let f = write(
            &[
                user(json!("hi"), "u1"),
                assistant("m1", json!({"type": "text", "text": "a"}), "a1"),
                user(json!("more"), "u2"),
                assistant("m2", json!({"type": "text", "text": "kept"}), "a2"),
                json!({"type": "system", "subtype": "compact_boundary", "uuid": "b1",
                       "compactMetadata": {"preserved_messages": {"uuids": ["a2"]}}}),
                user(json!("This session is being continued ..."), "c1"),
                user(
                    json!("<local-command-stdout>Compacted </local-command-stdout>"),
                    "c2",
                ),
            ],
            None,
        );
        let s = load(f.path(), None).unwrap();
        let texts: Vec<(&str, String)> = s
            .turns
            .iter()
            .map(|(r, b)| match &b[0] {
                ContentBlock::Text { text, .. } => (r.as_str(), text.clone()),
                _ => (r.as_str(), String::new()),
            })
            .collect();
        assert_eq!(
            texts,
            [
                ("user", "This session is being continued ...".to_string()),
                ("assistant", "kept".to_string()),
                (
                    "user",
                    "<local-command-stdout>Compacted </local-command-stdout>".to_string()
                ),
            ]
        );
        assert_eq!(s.turn_uuids[1], ["a2"]);
        assert_eq!(s.turns.len(), s.turn_uuids.len());
    }

    #[test]
    fn missing_file_is_not_found() {
        assert_eq!(
            load(Path::new("/nonexistent/x.jsonl"), None).unwrap_err(),
            LoadError::NotFound
        );
    }

    #[test]
    fn a_call_no_result_answers_is_left_out_and_the_prompts_around_it_join() {
        let text = |t: &str| json!([{"type": "text", "text": t}]);
        let call = json!({"type": "tool_use", "id": "t1", "name": "Bash", "input": {}});
        let f = write(
            &[
                user(text("Do the task"), "u1"),
                assistant("m1", call, "a1"),
                user(text("One more thing."), "u2"),
                assistant("m2", json!({"type": "text", "text": "Partial"}), "a2"),
            ],
            None,
        );
        let s = load(f.path(), None).unwrap();
        let roles: Vec<&str> = s.turns.iter().map(|(r, _)| r.as_str()).collect();
        assert_eq!(roles, ["user", "assistant"]);
        assert_eq!(
            s.turns[0].1,
            vec![
                ContentBlock::text("Do the task\n"),
                ContentBlock::text("One more thing.")
            ]
        );
        assert_eq!(s.turn_uuids[0], ["u1", "u2"]);
    }

    #[test]
    fn reminders_recorded_with_a_result_are_read_back_by_its_call() {
        let result = json!([{"type": "tool_result", "tool_use_id": "t1", "content": "hi"}]);
        let call = json!({"type": "tool_use", "id": "t1", "name": "Bash", "input": {}});
        let mut row = user(result, "u2");
        row["resultNotes"] = json!(["<system-reminder>a</system-reminder>"]);
        let f = write(
            &[
                user(json!("Go"), "u1"),
                json!({"type": "prompt-context", "promptUuid": "u1"}),
                assistant("m1", call, "a1"),
                row,
                json!({"type": "result-note", "toolUseId": "t1",
                    "note": "<system-reminder>b</system-reminder>"}),
            ],
            None,
        );
        let s = load(f.path(), None).unwrap();
        assert_eq!(
            s.result_notes["t1"],
            [
                "<system-reminder>a</system-reminder>",
                "<system-reminder>b</system-reminder>"
            ]
        );
        assert!(s.context_prompts.contains("u1"));
        assert!(!s.context_prompts.contains("u2"));
    }

    /// The marks after a round's results (its reminders, the end max_turns set) belong to
    /// the results turn: a compaction keeping it lists them. The token count's mark after a
    /// prompt goes with the prompt (fuzz-g/fg_139).
    #[test]
    fn the_marks_after_results_are_read_back_with_them() {
        let call = json!({"type": "tool_use", "id": "t1", "name": "Bash", "input": {}});
        let result = json!([{"type": "tool_result", "tool_use_id": "t1", "content": "hi"}]);
        let mark = |kind: &str, uuid: &str| json!({"type": "attachment", "uuid": uuid, "attachment": {"type": kind}});
        let f = write(
            &[
                user(json!("Go"), "u1"),
                mark("total_tokens_reminder", "m0"),
                assistant("m1", call, "a1"),
                user(result, "u2"),
                mark("total_tokens_reminder", "m1"),
                mark("budget_usd", "m2"),
                mark("max_turns_reached", "m3"),
            ],
            None,
        );
        let s = load(f.path(), None).unwrap();
        assert_eq!(s.turn_uuids[0], ["u1", "m0"]);
        assert_eq!(s.turn_uuids[1], ["a1"]);
        assert_eq!(s.turn_uuids[2], ["u2", "m1", "m2", "m3"]);
        assert_eq!(s.last_uuid.as_deref(), Some("m3"));
    }

    /// fuzz-e/fe_086: two calls, the row of the first one's result torn away: it gets the
    /// stand-in result, before the other's, and is written down; the answer is lost too.
    #[test]
    fn a_result_torn_away_gets_the_stand_in_in_its_call_s_place() {
        let calls = json!([{"type": "tool_use", "id": "t1", "name": "Bash", "input": {}},
            {"type": "tool_use", "id": "t2", "name": "Bash", "input": {}}]);
        let r2 = json!([{"type": "tool_result", "tool_use_id": "t2", "content": "hi"}]);
        let mut answer = assistant("m1", json!(null), "a1");
        answer["message"]["content"] = calls;
        let f = write(
            &[user(json!("Go"), "u1"), answer, user(r2, "u2")],
            Some(r#"{"parentUuid":"u2","type":"user","message":{"role":"user","con"#),
        );
        let s = load(f.path(), None).unwrap();
        let roles: Vec<&str> = s.turns.iter().map(|(r, _)| r.as_str()).collect();
        assert_eq!(roles, ["user", "assistant", "user", "assistant"]);
        let ids: Vec<&str> = s.turns[2]
            .1
            .iter()
            .filter_map(ContentBlock::result_id)
            .collect();
        assert_eq!(ids, ["t1", "t2"]);
        assert!(
            matches!(&s.turns[2].1[0], ContentBlock::ToolResult { content: Some(c), .. }
            if c.as_text() == LOST_RESULT)
        );
        assert_eq!(s.repairs.len(), 2);
        assert_eq!(s.repairs[0].1["content"][0]["tool_use_id"], "t1");
    }

    /// fuzz-e/fe_114: the model each prompt went to, and whether it led with context (a row
    /// written before the model was recorded only marks one that leads); a fork keeps them.
    #[test]
    fn the_model_of_each_prompt_is_read_back() {
        let f = write(
            &[
                json!({"type": "queue-operation", "operation": "enqueue", "content": "Go"}),
                json!({"type": "queue-operation", "operation": "dequeue"}),
                user(json!("Go"), "u1"),
                json!({"type": "prompt-context", "promptUuid": "u1", "model": "claude-opus-5-5",
                    "leadsWithContext": false}),
                assistant("m1", json!({"type": "text", "text": "ok"}), "a1"),
                user(json!("More"), "u2"),
                json!({"type": "prompt-context", "promptUuid": "u2", "model": "claude-haiku-4-5",
                    "leadsWithContext": true}),
            ],
            None,
        );
        let s = load(f.path(), None).unwrap();
        assert_eq!(s.prompt_models["u1"], "claude-opus-5-5");
        assert_eq!(s.prompt_models["u2"], "claude-haiku-4-5");
        assert!(!s.context_prompts.contains("u1"));
        assert!(s.context_prompts.contains("u2"));
        let kinds: Vec<&str> = s.rows.iter().filter_map(|r| r["type"].as_str()).collect();
        assert_eq!(
            kinds,
            [
                "user",
                "prompt-context",
                "assistant",
                "user",
                "prompt-context"
            ]
        );
    }

    #[test]
    fn a_session_whose_last_answer_was_blank_gets_a_stand_in_answer() {
        let result = json!([{"type": "tool_result", "tool_use_id": "t1", "content": "hi"}]);
        let call = json!({"type": "tool_use", "id": "t1", "name": "Bash", "input": {}});
        let blank = json!({"type": "text", "text": ""});
        let f = write(
            &[
                user(json!("Go"), "u1"),
                assistant("m1", call.clone(), "a1"),
                user(result.clone(), "u2"),
                assistant("m2", blank, "a2"),
            ],
            None,
        );
        let s = load(f.path(), None).unwrap();
        assert_eq!(
            s.turns.last().unwrap().1,
            vec![ContentBlock::text(NO_RESPONSE)]
        );
        // Without the blank answer, the results of a turn that ended on them wait for the
        // next prompt as they are.
        let f = write(
            &[
                user(json!("Go"), "u1"),
                assistant("m1", call, "a1"),
                user(result, "u2"),
                json!({"type": "attachment", "uuid": "m1",
                    "attachment": {"type": "max_turns_reached"}}),
                json!({"type": "last-prompt", "lastPrompt": "Go", "leafUuid": "m1"}),
            ],
            None,
        );
        let s = load(f.path(), None).unwrap();
        assert_eq!(s.turns.last().unwrap().0, "user");
    }

    /// Two skills called at once: the instructions read after the first one's result are
    /// written beside the second result's chain, and read back with the results
    /// (fuzz-m/fm_801).
    #[test]
    fn a_skill_s_instructions_beside_a_parallel_result_are_read_back() {
        let call = |id: &str| json!({"type": "tool_use", "id": id, "name": "Skill", "input": {"skill": id}});
        let result =
            |id: &str| json!([{"type": "tool_result", "tool_use_id": id, "content": "Launching"}]);
        let chained = |mut row: Value, parent: Option<&str>| {
            row["parentUuid"] = json!(parent);
            row
        };
        let mut follow = user(
            json!([{"type": "text", "text": "Base directory for this skill: /s"}]),
            "f1",
        );
        follow["isMeta"] = json!(true);
        let f = write(
            &[
                chained(user(json!("Go"), "u1"), None),
                chained(assistant("m1", call("t1"), "a1"), Some("u1")),
                chained(assistant("m1", call("t2"), "a2"), Some("a1")),
                chained(user(result("t1"), "r1"), Some("a1")),
                chained(follow, Some("r1")),
                chained(user(result("t2"), "r2"), Some("a2")),
                chained(
                    assistant("m2", json!({"type": "text", "text": "Done."}), "a3"),
                    Some("r2"),
                ),
            ],
            None,
        );
        let s = load(f.path(), None).unwrap();
        let kinds: Vec<&str> = s.turns[2].1.iter().map(ContentBlock::kind).collect();
        assert_eq!(kinds, ["tool_result", "tool_result", "text"]);
        assert_eq!(s.turns.len(), 4);
    }
}
