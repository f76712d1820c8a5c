//! Builds the Messages API request body for the next model call.

use serde_json::{json, Map, Value};

use crate::config::SessionConfig;
use crate::conversation::Turn;
use crate::model::ModelRequest;
use crate::tool::ToolRegistry;
use crate::usage::max_output_tokens;

use super::tool_calls::tokens_left;
use super::tool_references::{any_reference, note_loaded, referenced_tools, TOOL_SEARCH_BETA};

/// The beta of the 1M-token context window.
const CONTEXT_1M_BETA: &str = "context-1m-2025-08-07";

/// The `max_tokens` of requests to `model`.
pub(crate) fn max_tokens(config: &SessionConfig, model: &str) -> u64 {
    config.max_tokens.map_or_else(
        || max_output_tokens(model),
        |asked| asked.min(crate::usage::max_output_upper_limit(model)),
    )
}

/// The request body for the next call: system blocks (the last one a cache breakpoint),
/// the conversation (its last block a cache breakpoint), tools, thinking and effort.
pub fn build(
    config: &SessionConfig,
    model: &str,
    history: &[Turn],
    tools: &ToolRegistry,
) -> ModelRequest {
    let messages = messages_json(history, history.len().saturating_sub(1), model);
    // The tools the conversation's references name are sent, as ToolSearch loaded them.
    tools.deferred().load(referenced_tools(history));
    // Only a session with tools still held back has notes to look for.
    if tools.deferred().any_hidden() {
        tools
            .deferred()
            .tell(crate::agent::tool_references::schema_told_tools(history));
    }
    with_messages(config, model, messages, tools)
}

/// The request of a compaction's summary: the summarized turns with `instruction` as the
/// last text block of the last user message (or a user message of its own after an
/// assistant turn), then `follow` (the continuation of an answer cut at max_tokens). The
/// cache breakpoint sits on the message before the instruction's, so the request reads the
/// conversation's cached prefix and the instruction is not cached.
pub(crate) fn build_summary(
    config: &SessionConfig,
    model: &str,
    head: &[Turn],
    instruction: &str,
    follow: &[Turn],
    tools: &ToolRegistry,
) -> ModelRequest {
    let own_turn = !head.last().is_some_and(Turn::is_user);
    let breakpoint = if own_turn {
        head.len().saturating_sub(1)
    } else {
        head.len().saturating_sub(2)
    };
    let mut messages = messages_json(head, breakpoint, model);
    let block = json!({"type": "text", "text": instruction});
    if let Value::Array(list) = &mut messages {
        match list.last_mut() {
            Some(last) if !own_turn => {
                if let Some(Value::Array(content)) = last.get_mut("content") {
                    // A text ending the message is closed by a line break before the
                    // instruction, as the messages of one turn are joined (fuzz-g/fg_143,
                    // fg_807: a prompt sent after a tool result). A local command's record
                    // has its line break already.
                    if let Some(Value::String(text)) = content
                        .last_mut()
                        .filter(|b| b["type"] == "text")
                        .and_then(|b| b.get_mut("text"))
                        .filter(|t| {
                            !t.as_str()
                                .is_some_and(|t| t.starts_with("<local-command-stdout>"))
                        })
                    {
                        text.push('\n');
                    }
                    content.push(block);
                }
            }
            _ => list.push(json!({"role": "user", "content": [block]})),
        }
        if let Value::Array(more) = messages_json(follow, usize::MAX, model) {
            list.extend(more);
        }
    }
    with_messages(config, model, messages, tools)
}

fn with_messages(
    config: &SessionConfig,
    model: &str,
    messages: Value,
    tools: &ToolRegistry,
) -> ModelRequest {
    let mut body = Map::new();
    // `<model>[1m]` selects the 1M-token context window: the API gets the model's own name
    // and the beta that opens the window.
    let (api_model, one_m) = crate::model_names::api_model(model);
    body.insert("model".into(), json!(api_model));
    body.insert("max_tokens".into(), json!(max_tokens(config, model)));
    if !config.system_prompt.is_empty() {
        let n = config.system_prompt.len();
        let blocks: Vec<Value> = config
            .system_prompt
            .iter()
            .enumerate()
            .map(|(i, text)| {
                let mut b = json!({"type": "text", "text": text});
                if i + 1 == n {
                    b["cache_control"] = json!({"type": "ephemeral"});
                }
                b
            })
            .collect();
        body.insert("system".into(), Value::Array(blocks));
    }
    body.insert("messages".into(), messages);
    body.insert("tools".into(), Value::Array(tools.api_definitions()));
    if let Some(mut thinking) =
        crate::thinking::for_model(model, config.thinking.as_ref(), max_tokens(config, model))
    {
        // A subagent's thinking nobody sees is asked for omitted, as the reference asks.
        if config.thinking_omitted && thinking.get("display").is_some() {
            thinking["display"] = json!("omitted");
        }
        body.insert("thinking".into(), thinking);
    }
    // A model without effort levels gets none (the API refuses the field for it); one with
    // them gets the caller's, else its own default.
    if let Some(effort) = config
        .effort
        .as_deref()
        .or_else(|| crate::usage::default_effort(model))
        .filter(|_| crate::usage::supports_effort(model))
    {
        body.insert("output_config".into(), json!({"effort": effort}));
    }
    for (k, v) in &config.request_extra {
        body.insert(k.clone(), v.clone());
    }
    body.insert("stream".into(), json!(true));
    let mut betas = config.betas.clone();
    if one_m && !betas.iter().any(|b| b == CONTEXT_1M_BETA) {
        betas.push(CONTEXT_1M_BETA.to_string());
    }
    let deferred_sent = body["tools"]
        .as_array()
        .is_some_and(|t| t.iter().any(|d| d.get("defer_loading").is_some()));
    if (deferred_sent || any_reference(&body["messages"]))
        && !betas.iter().any(|b| b == TOOL_SEARCH_BETA)
    {
        betas.push(TOOL_SEARCH_BETA.to_string());
    }
    ModelRequest {
        body: Value::Object(body),
        betas,
    }
}

/// The `messages` array; the last block of message `breakpoint` carries the cache
/// breakpoint.
fn messages_json(history: &[Turn], breakpoint: usize, model: &str) -> Value {
    let reads_notes = tokens_left::reads_tokens_left(model);
    let this_model = crate::model_names::canonical_id(model);
    let mut calls_seen = std::collections::HashSet::new();
    let mut results_seen = std::collections::HashSet::new();
    let msgs: Vec<Value> = history
        .iter()
        .enumerate()
        .map(|(i, turn)| {
            // The reminders that go with a tool result, to the models that read them.
            let notes = turn.notes.as_ref().filter(|_| reads_notes);
            let mut content: Vec<Value> = turn
                .content
                .iter()
                .enumerate()
                .map(|(at, b)| match notes.filter(|n| n.block == at) {
                    Some(n) => serde_json::to_value(tokens_left::with_notes(b, &n.texts)),
                    None => serde_json::to_value(b),
                })
                .map(|v| v.unwrap_or(Value::Null))
                .collect();
            // A tool_use id used twice: both calls ran, but only the first block and the
            // first result for the id go back, as the reference sends them; a message left
            // with nothing says so.
            let had_blocks = !content.is_empty();
            content.retain(|b| match b["type"].as_str() {
                Some("tool_use") => b["id"]
                    .as_str()
                    .is_none_or(|id| calls_seen.insert(id.to_string())),
                Some("tool_result") => b["tool_use_id"]
                    .as_str()
                    .is_none_or(|id| results_seen.insert(id.to_string())),
                _ => true,
            });
            if had_blocks && content.is_empty() {
                content.push(if turn.role == "assistant" {
                    json!({"type": "text", "text": "[Tool use interrupted]", "citations": []})
                } else {
                    json!({"type": "text", "text": "(no content)"})
                });
            }
            // An answer goes back with its texts before its tool calls, as the reference
            // sends it; thinking blocks keep their places between the calls
            // (thinking_tool_between_thinking).
            if turn.role == "assistant" {
                texts_before_calls(&mut content);
                // Another model's thinking does not go to this one (its signature is that
                // model's): a session resumed or gone on with a model of its own
                // (fuzz-e/fe_031; a dated id is the same model). An answer of thinking alone
                // is left out whole below.
                let other = turn.model.as_deref().is_some_and(|m| {
                    m != model && crate::model_names::canonical_id(m) != this_model
                });
                let thought = |b: &Value| {
                    matches!(b["type"].as_str(), Some("thinking" | "redacted_thinking"))
                };
                if other && !content.iter().all(thought) {
                    content.retain(|b| !thought(b));
                }
            } else {
                note_loaded(&mut content);
            }
            if i == breakpoint {
                if let Some(Value::Object(last)) = content.last_mut() {
                    let cacheable = !matches!(
                        last.get("type").and_then(Value::as_str),
                        Some("thinking") | Some("redacted_thinking")
                    );
                    if cacheable {
                        last.insert("cache_control".into(), json!({"type": "ephemeral"}));
                    }
                }
            }
            let mut message = json!({"role": turn.role, "content": content});
            if turn.leads_with_context {
                message[CONTEXT_MARK] = Value::Bool(true);
            }
            message
        })
        .filter(|m| !thinking_only(m))
        .collect();
    Value::Array(merge_user_runs(msgs))
}

/// An answer made of thinking alone (cut at max_tokens before anything else) is not sent
/// back: the user messages around it go as one.
fn thinking_only(m: &Value) -> bool {
    m["role"] == "assistant"
        && m["content"].as_array().is_some_and(|blocks| {
            !blocks.is_empty()
                && blocks.iter().all(|b| {
                    matches!(
                        b["type"].as_str(),
                        Some("thinking") | Some("redacted_thinking")
                    )
                })
        })
}

/// Marks, in a message being built, a prompt that leads with context reminders.
const CONTEXT_MARK: &str = "__leads_with_context";

/// Consecutive user messages go as one (an interrupt's note, then the next prompt), as the
/// reference sends them: a text block that ends the earlier part gets a line break.
fn merge_user_runs(msgs: Vec<Value>) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::with_capacity(msgs.len());
    for mut m in msgs {
        let context = m
            .as_object_mut()
            .and_then(|o| o.remove(CONTEXT_MARK))
            .is_some();
        let both_user = m["role"] == "user" && out.last().is_some_and(|p| p["role"] == "user");
        if !both_user {
            out.push(m);
            continue;
        }
        let Some(prev) = out.last_mut().and_then(|p| p["content"].as_array_mut()) else {
            out.push(m);
            continue;
        };
        // A line break after a text that ends the earlier part (not before a prompt the
        // reference begins with its context reminders: fuzz-e/fe_011, nor before the token
        // count's reminder: fuzz-d/fd_065, edges/ae_*).
        let counted = m["content"][0]["text"]
            .as_str()
            .is_some_and(super::tool_calls::tokens_left::is_note);
        if let Some(Value::Object(last)) = prev.last_mut() {
            if last.get("type").and_then(Value::as_str) == Some("text") && !context && !counted {
                if let Some(Value::String(t)) = last.get_mut("text") {
                    t.push('\n');
                }
            }
        }
        if let Some(more) = m["content"].as_array() {
            prev.extend(more.iter().cloned());
        }
    }
    out
}

/// Moves the text blocks that come after an answer's first tool call to just before it, in
/// the order they came; everything else keeps its place.
fn texts_before_calls(content: &mut Vec<Value>) {
    let Some(first) = content.iter().position(|b| b["type"] == "tool_use") else {
        return;
    };
    let (late_texts, rest): (Vec<Value>, Vec<Value>) =
        content.drain(first..).partition(|b| b["type"] == "text");
    content.extend(late_texts);
    content.extend(rest);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::ContentBlock;

    #[test]
    fn joined_prompts_break_a_line_unless_the_token_count_follows() {
        let user = |texts: &[&str]| {
            let blocks: Vec<Value> = texts
                .iter()
                .map(|t| serde_json::json!({"type": "text", "text": t}))
                .collect();
            serde_json::json!({"role": "user", "content": blocks})
        };
        let joined = |later: &[&str]| {
            let out = merge_user_runs(vec![user(&["Do the task"]), user(later)]);
            out[0]["content"][0]["text"].as_str().unwrap().to_string()
        };
        assert_eq!(joined(&["And now?"]), "Do the task\n");
        let count = "<system-reminder>\n<total_tokens>15000000 tokens left</total_tokens>\n</system-reminder>";
        assert_eq!(joined(&[count, "And now?"]), "Do the task");
        assert_eq!(
            joined(&["<system-reminder>\nOther\n</system-reminder>", "x"]),
            "Do the task\n"
        );
    }

    #[test]
    fn one_million_window_model() {
        let config = SessionConfig::new("s", "/tmp");
        let history = [Turn::user(vec![ContentBlock::text("hi")])];
        let tools = ToolRegistry::new(Vec::new());
        let r = build(&config, "claude-sonnet-4-5[1m]", &history, &tools);
        assert_eq!(r.body["model"], "claude-sonnet-4-5");
        assert_eq!(r.betas, [CONTEXT_1M_BETA]);
        let r = build(&config, "claude-opus-5-5", &history, &tools);
        assert_eq!(r.body["model"], "claude-opus-5-5");
        assert!(r.betas.is_empty());
        assert_eq!(
            r.body["messages"][0]["content"][0]["cache_control"],
            json!({"type": "ephemeral"})
        );
    }

    /// variants-j/vj_eff_high_*: the effort goes to the models that take one only.
    #[test]
    fn effort_only_for_models_that_take_it() {
        let mut config = SessionConfig::new("s", "/tmp");
        config.effort = Some("high".into());
        let history = [Turn::user(vec![ContentBlock::text("hi")])];
        let tools = ToolRegistry::new(Vec::new());
        for (model, sent) in [
            ("claude-sonnet-4-5", false),
            ("claude-haiku-4-5", false),
            ("claude-sonnet-4-6", true),
            ("claude-opus-4-5", true),
            ("claude-opus-5-5", true),
        ] {
            let r = build(&config, model, &history, &tools);
            let got = r.body.get("output_config").cloned();
            assert_eq!(got.is_some(), sent, "{model}");
        }
    }

    /// vc_par_duplicate_ids, pp_dup_ids_three, pp_dup_ids_across_turns: a tool_use id used
    /// twice goes back once, with one result; an answer left empty reads as interrupted.
    #[test]
    fn a_tool_use_id_goes_back_once() {
        let call = |cmd: &str| {
            serde_json::from_value::<ContentBlock>(json!({
                "type": "tool_use", "id": "toolu_01", "name": "Bash", "input": {"command": cmd}
            }))
            .unwrap()
        };
        let result = |out: &str| {
            serde_json::from_value::<ContentBlock>(json!({
                "type": "tool_result", "tool_use_id": "toolu_01", "content": out, "is_error": false
            }))
            .unwrap()
        };
        let history = [
            Turn::user(vec![ContentBlock::text("go")]),
            Turn::assistant(vec![call("echo dup"), call("echo  dup")]),
            Turn::user(vec![result("first"), result("second")]),
            Turn::assistant(vec![call("echo again")]),
            Turn::user(vec![result("again")]),
        ];
        let msgs = messages_json(&history, 0, "m");
        let m = msgs.as_array().unwrap();
        assert_eq!(m[1]["content"].as_array().unwrap().len(), 1);
        assert_eq!(m[1]["content"][0]["input"]["command"], "echo dup");
        assert_eq!(m[2]["content"].as_array().unwrap().len(), 1);
        assert_eq!(m[2]["content"][0]["content"], "first");
        assert_eq!(
            m[3]["content"],
            json!([{"type": "text", "text": "[Tool use interrupted]", "citations": []}])
        );
        assert_eq!(
            m[4]["content"],
            json!([{"type": "text", "text": "(no content)"}])
        );
    }

    #[test]
    fn summary_breakpoint_before_the_instruction() {
        let config = SessionConfig::new("s", "/tmp");
        let tools = ToolRegistry::new(Vec::new());
        let head = [
            Turn::user(vec![ContentBlock::text("go")]),
            Turn::assistant(vec![ContentBlock::text("a")]),
            Turn::user(vec![ContentBlock::text("r")]),
        ];
        let r = build_summary(&config, "claude-opus-5-5", &head, "SUMMARIZE", &[], &tools);
        let msgs = r.body["messages"].as_array().unwrap();
        assert_eq!(msgs.len(), 3);
        assert_eq!(msgs[2]["content"][1]["text"], "SUMMARIZE");
        assert!(msgs[1]["content"][0].get("cache_control").is_some());
        assert!(msgs[2]["content"][1].get("cache_control").is_none());
        // After an assistant turn the instruction is a user message of its own.
        let r = build_summary(
            &config,
            "claude-opus-5-5",
            &head[..2],
            "SUMMARIZE",
            &[],
            &tools,
        );
        let msgs = r.body["messages"].as_array().unwrap();
        assert_eq!(msgs[2]["content"][0]["text"], "SUMMARIZE");
        assert!(msgs[1]["content"][0].get("cache_control").is_some());
    }
}

#[cfg(test)]
mod order_tests {
    use super::texts_before_calls;
    use super::CONTEXT_MARK;
    use crate::content::ContentBlock;
    use crate::conversation::Turn;
    use serde_json::{json, Value};

    fn kinds(blocks: &[Value]) -> Vec<&str> {
        blocks
            .iter()
            .map(|b| b["type"].as_str().unwrap_or(""))
            .collect()
    }

    #[test]
    fn texts_go_before_the_calls_and_thinking_stays() {
        let b = |t: &str, n: u32| json!({"type": t, "n": n});
        let mut c = vec![
            b("text", 1),
            b("tool_use", 2),
            b("text", 3),
            b("tool_use", 4),
        ];
        texts_before_calls(&mut c);
        assert_eq!(kinds(&c), ["text", "text", "tool_use", "tool_use"]);
        assert_eq!(c[1]["n"], 3);
        let mut c = vec![b("thinking", 1), b("tool_use", 2), b("text", 3)];
        texts_before_calls(&mut c);
        assert_eq!(kinds(&c), ["thinking", "text", "tool_use"]);
        let mut c = vec![
            b("thinking", 1),
            b("tool_use", 2),
            b("thinking", 3),
            b("tool_use", 4),
        ];
        texts_before_calls(&mut c);
        assert_eq!(kinds(&c), ["thinking", "tool_use", "thinking", "tool_use"]);
    }

    #[test]
    fn another_model_s_thinking_stays_out_and_a_context_led_prompt_joins_without_a_break() {
        let thought = ContentBlock::Thinking {
            thinking: "h".into(),
            signature: "s".into(),
        };
        let answer = |model: &str| {
            Turn::assistant(vec![thought.clone(), ContentBlock::text("a")])
                .with_model(Some(model.into()))
        };
        let history = vec![
            Turn::user(vec![ContentBlock::text("one")]),
            answer("claude-sonnet-4-5-20250929"),
            Turn::user(vec![ContentBlock::text("two")]),
            answer("claude-opus-4-1"),
            Turn::user(vec![ContentBlock::text("three")]),
        ];
        let msgs = crate::agent::request::messages_json(&history, 0, "claude-sonnet-4-5");
        let kinds = |i: usize| -> Vec<String> {
            msgs[i]["content"]
                .as_array()
                .unwrap()
                .iter()
                .map(|b| b["type"].as_str().unwrap().to_string())
                .collect()
        };
        assert_eq!(kinds(1), ["thinking", "text"], "the same model, dated");
        assert_eq!(kinds(3), ["text"], "another model");
        // Two prompts in a row: a line break, unless the second led with context.
        let mut led = Turn::user(vec![ContentBlock::text("b")]);
        let plain = vec![Turn::user(vec![ContentBlock::text("a")]), led.clone()];
        let msgs = crate::agent::request::messages_json(&plain, 0, "m");
        assert_eq!(msgs[0]["content"][0]["text"], "a\n");
        led.leads_with_context = true;
        let msgs = crate::agent::request::messages_json(&[plain[0].clone(), led], 0, "m");
        assert_eq!(msgs[0]["content"][0]["text"], "a");
        assert!(msgs[0].get(CONTEXT_MARK).is_none());
    }
}
