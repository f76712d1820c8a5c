//! What a compaction keeps and lists besides the conversation's own messages: the reminders a
//! round's results carry are rows of their own in the transcript (`total_tokens_reminder`,
//! `budget_usd`), which a compaction keeping those results lists among its preserved messages;
//! and the tools a summary answer called count in the next summary's list (fuzz-g).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use oxagent::{Callbacks, Client, Options};
use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};

use crate::compaction_support;

use compaction_support::{turn, SUMMARY_MARK};

fn options(url: &str, dir: &std::path::Path, extra: Value) -> Options {
    let mut o = json!({
        "cwd": dir.to_string_lossy(),
        "permission_mode": "bypassPermissions",
        "env": {"ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": "sk-test", "HOME": dir.to_string_lossy()},
    });
    o.as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    Options::from_json(&o).unwrap()
}

fn bash_round(n: u32) -> Value {
    json!({"content": [{"type": "text", "text": format!("Round {n}.")},
        {"type": "tool_use", "id": format!("toolu_0{n}"), "name": "Bash",
         "input": {"command": format!("echo r{n}"), "description": "run"}}],
     "usage": {"input_tokens": 100 * u64::from(n), "output_tokens": 20}})
}

fn summary(extra: Option<Value>) -> Value {
    let mut content = vec![json!({"type": "text",
        "text": "<analysis>\nA.\n</analysis>\n\n<summary>\nThe work so far.\n</summary>"})];
    content.extend(extra);
    json!({"content": content, "match": SUMMARY_MARK})
}

/// The rows of the session's transcript.
fn transcript(dir: &std::path::Path, session_id: &str) -> Vec<Value> {
    let project = std::fs::read_dir(dir.join(".claude/projects"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    std::fs::read_to_string(project.join(format!("{session_id}.jsonl")))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn attachment_type(row: &Value) -> &str {
    row["attachment"]["type"].as_str().unwrap_or("")
}

#[tokio::test]
async fn a_rounds_reminders_are_rows_a_compaction_keeps() {
    let dir = tempfile::tempdir().unwrap();
    let too_long = json!({"content": [], "error": {"status": 400,
        "type": "invalid_request_error", "message": "prompt is too long: 1000123 tokens > 1000000 maximum"}});
    let server = ScriptedServer::start(json!({"responses": [
        bash_round(1), bash_round(2), bash_round(3), too_long, summary(None),
        {"content": [{"type": "text", "text": "Finished."}]},
    ]}))
    .await
    .unwrap();
    let extra = json!({"model": "claude-haiku-4-5", "max_budget_usd": 5.0});
    let client = Client::connect(
        options(&server.url(), dir.path(), extra),
        Callbacks::default(),
    )
    .unwrap();
    client.query("Work through the files").unwrap();
    let msgs = turn(&client).await;
    assert_eq!(msgs.last().unwrap()["result"], "Finished.");
    let sid = msgs.last().unwrap()["session_id"].as_str().unwrap();
    let rows = transcript(dir.path(), sid);

    // Each round's result is followed by its reminders, in the order the model reads them:
    // the tokens left, then the spending (whole dollars written as integers).
    let results: Vec<usize> = (0..rows.len())
        .filter(|&i| rows[i]["type"] == "user" && rows[i].to_string().contains("tool_result"))
        .collect();
    assert_eq!(results.len(), 3);
    for &i in &results {
        let (tokens, budget) = (&rows[i + 1], &rows[i + 2]);
        assert_eq!(attachment_type(tokens), "total_tokens_reminder");
        assert_eq!(tokens["parentUuid"], rows[i]["uuid"]);
        let text = tokens["attachment"]["text"].as_str().unwrap();
        assert!(
            text.starts_with("<total_tokens>") && text.ends_with(" tokens left</total_tokens>")
        );
        assert_eq!(attachment_type(budget), "budget_usd");
        assert_eq!(budget["parentUuid"], tokens["uuid"]);
        assert_eq!(budget["attachment"]["total"], json!(5));
        let used = budget["attachment"]["used"].as_f64().unwrap();
        let left = budget["attachment"]["remaining"].as_f64().unwrap();
        assert!(used > 0.0 && (used + left - 5.0).abs() < 1e-9);
    }

    // The compaction keeps the last rounds; their reminders are kept with them.
    let boundary = msgs
        .iter()
        .find(|m| m["subtype"] == "compact_boundary")
        .unwrap();
    let kept: Vec<&str> = boundary["compact_metadata"]["preserved_messages"]["uuids"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u.as_str().unwrap())
        .collect();
    let kept_results: Vec<usize> = results
        .iter()
        .copied()
        .filter(|&i| kept.contains(&rows[i]["uuid"].as_str().unwrap()))
        .collect();
    assert!(!kept_results.is_empty());
    for i in kept_results {
        let at = kept.iter().position(|u| *u == rows[i]["uuid"]).unwrap();
        assert_eq!(kept[at + 1], rows[i + 1]["uuid"]);
        assert_eq!(kept[at + 2], rows[i + 2]["uuid"]);
    }
    assert_eq!(
        boundary["compact_metadata"]["preserved_segment"]["tail_uuid"],
        rows[*results.last().unwrap() + 2]["uuid"]
    );
    client.disconnect();
}

#[tokio::test]
async fn a_model_that_does_not_keep_the_token_count_keeps_the_spending_row() {
    let dir = tempfile::tempdir().unwrap();
    let server = ScriptedServer::start(json!({"responses": [
        bash_round(1), {"content": [{"type": "text", "text": "Done."}]},
    ]}))
    .await
    .unwrap();
    let client = Client::connect(
        options(&server.url(), dir.path(), json!({"max_budget_usd": 5.0})),
        Callbacks::default(),
    )
    .unwrap();
    client.query("Go").unwrap();
    let msgs = turn(&client).await;
    let sid = msgs.last().unwrap()["session_id"].as_str().unwrap();
    let rows = transcript(dir.path(), sid);
    let marks: Vec<&str> = rows
        .iter()
        .filter(|r| r["type"] == "attachment")
        .map(attachment_type)
        .collect();
    assert_eq!(marks, ["budget_usd"]);
    client.disconnect();
}

#[tokio::test]
async fn tools_a_summary_answer_called_are_listed_by_the_next_summary() {
    let dir = tempfile::tempdir().unwrap();
    let edit = json!({"type": "tool_use", "id": "toolu_09", "name": "Edit",
        "input": {"file_path": "notes.txt", "old_string": "a", "new_string": "b"}});
    let server = ScriptedServer::start(json!({"responses": [
        bash_round(1), {"content": [{"type": "text", "text": "Looked."}]},
        summary(Some(edit)), summary(None),
    ]}))
    .await
    .unwrap();
    let client = Client::connect(
        options(&server.url(), dir.path(), json!({})),
        Callbacks::default(),
    )
    .unwrap();
    client.query("Look").unwrap();
    turn(&client).await;
    let listed = |msgs: &[Value]| {
        let text = msgs
            .iter()
            .find(|m| m["type"] == "user")
            .map(|m| m["message"]["content"].as_str().unwrap().to_string())
            .unwrap();
        let start = text.find("<tools-used-before-summary>").unwrap();
        let end = text.find("</tools-used-before-summary>").unwrap();
        text[start + "<tools-used-before-summary>".len()..end].to_string()
    };
    client.query("/compact").unwrap();
    // The answer's own call does not count in its own summary, which was asked before it.
    assert_eq!(listed(&turn(&client).await), "Bash");
    client.query("/compact").unwrap();
    assert_eq!(listed(&turn(&client).await), "Bash, Edit");
    client.disconnect();
}
