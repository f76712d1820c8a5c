//! A custom tool and an in-process MCP server, written in Rust.
//!
//! The model gets two tools besides the built-in ones: `word_count` (a plain custom tool)
//! and `mcp__units__to_celsius` (the tool of an in-process server named `units`). Run it
//! against the API with `ANTHROPIC_API_KEY` set, or against any Messages API endpoint with
//! `ANTHROPIC_BASE_URL`:
//!
//! ```text
//! cargo run -p oxagent-examples --bin custom_tool -- "How many words in 'to be or not to be'?"
//! ```

use futures::StreamExt;
use oxagent::custom::{tool, ToolList};
use oxagent::{McpServer, Message, Options};
use serde::Deserialize;

/// The text to count the words of.
#[derive(Deserialize, schemars::JsonSchema)]
struct WordCount {
    /// Any text.
    text: String,
}

#[derive(Deserialize, schemars::JsonSchema)]
struct Fahrenheit {
    /// Degrees Fahrenheit.
    degrees: f64,
}

#[tokio::main]
async fn main() {
    let prompt = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "How many words are in 'to be or not to be'?".into());
    let word_count = tool(
        "word_count",
        "Counts the words of a text",
        |input: WordCount| async move { input.text.split_whitespace().count().to_string() },
    )
    .read_only();
    let to_celsius = tool(
        "to_celsius",
        "Converts degrees Fahrenheit to Celsius",
        |input: Fahrenheit| async move {
            if input.degrees < -459.67 {
                return Err("below absolute zero".to_string());
            }
            Ok(format!("{:.1}", (input.degrees - 32.0) * 5.0 / 9.0))
        },
    );
    let options = Options {
        custom_tools: ToolList::from(vec![word_count.into_tool()]),
        mcp_servers: vec![McpServer::InProcess {
            name: "units".into(),
            version: "1.0.0".into(),
            tools: ToolList::from(vec![to_celsius.into_tool()]),
        }],
        // Custom tools ask for permission like any other; these two may run.
        allowed_tools: vec!["word_count".into(), "mcp__units__to_celsius".into()],
        max_turns: Some(5),
        ..Options::default()
    };
    let mut messages = oxagent::query(prompt, options);
    while let Some(message) = messages.next().await {
        match message {
            Ok(Message::Assistant(a)) => {
                for block in &a.message.content {
                    if let oxagent::ContentBlock::Text { text, .. } = block {
                        println!("assistant: {text}");
                    }
                    if let oxagent::ContentBlock::ToolUse { name, input, .. } = block {
                        println!("tool call: {name} {input}");
                    }
                }
            }
            Ok(Message::User(u)) => {
                if let Some(result) = &u.tool_use_result {
                    println!("tool result: {result}");
                }
            }
            Ok(Message::Result(r)) => {
                println!(
                    "result: {:?} in {} turns, ${:.4}",
                    r.subtype, r.num_turns, r.total_cost_usd
                );
            }
            Ok(_) => {}
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(1);
            }
        }
    }
}
