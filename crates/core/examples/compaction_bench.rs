//! How long the loop takes to decide on and build a compaction of a 500-round conversation,
//! the model call excluded: the context count and threshold check, the cut, the summary
//! request body (the conversation serialized with the instruction appended) and the
//! conversation that follows the summary.
//!
//! ```text
//! cargo run --release -p oxagent-core --example compaction_bench [rounds] [iterations]
//! ```

use std::sync::Arc;
use std::time::Instant;

use futures::future::BoxFuture;
use oxagent_core::agent::plan_compaction;
use oxagent_core::tool::{Tool, ToolContext, ToolOutput, ToolRegistry};
use oxagent_core::{ContentBlock, Session, SessionConfig};
use serde_json::{json, Value};

/// A tool with a realistic schema; it is never called.
struct Shell;

impl Tool for Shell {
    fn name(&self) -> &str {
        "Bash"
    }
    fn description(&self) -> String {
        "Runs a shell command in the session's working directory. ".repeat(20)
    }
    fn input_schema(&self) -> Value {
        json!({"type": "object", "properties": {
            "command": {"type": "string", "description": "The command to run"},
            "description": {"type": "string", "description": "What it does, in a few words"},
            "timeout": {"type": "number", "description": "Milliseconds"}},
            "required": ["command"]})
    }
    fn call<'a>(&'a self, _input: Value, _ctx: &'a ToolContext) -> BoxFuture<'a, ToolOutput> {
        Box::pin(async { ToolOutput::text("") })
    }
}

/// A conversation of `rounds` API rounds: a prompt, then per round an assistant text and
/// tool call and a tool result of about a kilobyte.
fn conversation(rounds: usize) -> Vec<(String, Vec<ContentBlock>)> {
    let mut turns = vec![(
        "user".to_string(),
        vec![ContentBlock::text(
            "Refactor the parser and keep the tests green.",
        )],
    )];
    for i in 0..rounds {
        turns.push((
            "assistant".into(),
            vec![
                ContentBlock::text(format!("Step {i}: looking at the next module.")),
                ContentBlock::ToolUse {
                    id: format!("toolu_{i:05}"),
                    name: "Bash".into(),
                    input: json!({"command": format!("cat src/module_{i}.rs"), "description": "read"}),
                },
            ],
        ));
        turns.push((
            "user".into(),
            vec![ContentBlock::ToolResult {
                tool_use_id: format!("toolu_{i:05}"),
                content: Some(format!("fn f{i}() {{ /* body */ }}\n").repeat(40).into()),
                is_error: Some(false),
            }],
        ));
    }
    turns
}

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(500);
    let iterations: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let mut config = SessionConfig::new("bench", "/tmp");
    config.system_prompt = vec!["You are an agent.".into(), "Work carefully. ".repeat(200)];
    let mut session = Session::new(config);
    session.restore_history(conversation(rounds));
    let tools = ToolRegistry::new(vec![Arc::new(Shell) as Arc<dyn Tool>]);
    let summary =
        "<analysis>...</analysis>\n<summary>\n1. Primary Request and Intent: refactor.\n</summary>";

    // Warm up, then time each run.
    let mut bytes = 0;
    for _ in 0..5 {
        if let Ok(p) = plan_compaction(&session, &tools, summary) {
            bytes = p.request.body.to_string().len();
        }
    }
    let mut times = Vec::with_capacity(iterations);
    let mut kept = 0;
    for _ in 0..iterations {
        let t = Instant::now();
        let planned = plan_compaction(&session, &tools, summary);
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        if let Ok(p) = planned {
            kept = p.compacted.len();
        }
    }
    times.sort_by(f64::total_cmp);
    let pct = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    println!(
        "compaction decide+build, {rounds} rounds ({} messages, request body {:.1} MB): \
         median {:.3} ms, mean {:.3} ms, p95 {:.3} ms, min {:.3} ms over {iterations} runs \
         (goal < 5 ms); {kept} messages after",
        2 * rounds + 1,
        bytes as f64 / 1e6,
        pct(0.5),
        mean,
        pct(0.95),
        times[0],
    );
}
