//! Two subagents: the main agent hands reading to `researcher` (read-only tools, a smaller
//! model) and writing to `writer` (Write only), and sees only their reports. Each
//! subagent's own calls arrive marked with the Agent call that started it.
//!
//! ```text
//! cargo run -p oxagent-examples --bin subagents -- "Summarize notes.txt into summary.md"
//! ```

use futures::StreamExt;
use oxagent::message::SubagentMark;
use oxagent::protocol::SystemBody;
use oxagent::{AgentDefinition, ContentBlock, Message, Options};

fn agent(description: &str, prompt: &str, tools: &[&str], model: Option<&str>) -> AgentDefinition {
    AgentDefinition {
        description: description.into(),
        prompt: prompt.into(),
        tools: Some(tools.iter().map(|t| t.to_string()).collect()),
        model: model.map(str::to_string),
        max_turns: Some(10),
        ..AgentDefinition::default()
    }
}

/// `[researcher]` for a subagent's message, nothing for the main agent's.
fn who(mark: &Option<SubagentMark>) -> String {
    mark.as_ref()
        .map(|m| format!("[{}] ", m.subagent_type))
        .unwrap_or_default()
}

#[tokio::main]
async fn main() {
    let prompt = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "Summarize notes.txt into summary.md".into());
    let options = Options {
        agents: [
            (
                "researcher".to_string(),
                agent(
                    "Reads files and reports what they say. Use it for any reading.",
                    "You read the files you are pointed to and report their content accurately and briefly.",
                    &["Read"],
                    Some("haiku"),
                ),
            ),
            (
                "writer".to_string(),
                agent(
                    "Writes a file from the text it is given.",
                    "You write exactly the file you are asked to write, then report its path.",
                    &["Write"],
                    None,
                ),
            ),
        ]
        .into(),
        permission_mode: Some(oxagent::PermissionMode::AcceptEdits),
        max_turns: Some(10),
        ..Options::default()
    };
    let mut messages = oxagent::query(prompt, options);
    while let Some(message) = messages.next().await {
        match message {
            Ok(Message::Assistant(a)) => {
                for block in &a.message.content {
                    match block {
                        ContentBlock::Text { text, .. } => {
                            println!("{}assistant: {text}", who(&a.subagent))
                        }
                        ContentBlock::ToolUse { name, .. } => {
                            println!("{}tool call: {name}", who(&a.subagent))
                        }
                        _ => {}
                    }
                }
            }
            Ok(Message::System(s)) => match &s.body {
                SystemBody::TaskStarted(t) => println!(
                    "agent started: {} ({})",
                    t.subagent_type.as_deref().unwrap_or("?"),
                    t.description
                ),
                SystemBody::TaskNotification(n) => {
                    println!("agent {}: {}", n.status, n.summary)
                }
                _ => {}
            },
            Ok(Message::Result(r)) => println!(
                "result: {} in {} turns, ${:.4}",
                r.result.as_deref().unwrap_or(""),
                r.num_turns,
                r.total_cost_usd
            ),
            Ok(_) => {}
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(1);
            }
        }
    }
}
