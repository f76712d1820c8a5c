//! `/compact [instructions]` as a prompt: a local command that compacts now, without a
//! model turn. Its status messages come before the turn's `init`; the boundary, the
//! continuation and the command's output after it; the result has no turns. The command's
//! record (caveat, command, output) goes in front of the next prompt.

use crate::compact::{self, CompactError, CompactTrigger};
use crate::content::{ContentBlock, UserContent};
use crate::message::{LocalCommandMark, Message, ResultMessage};
use crate::usage::model_usage_report;
use serde_json::json;

use super::{Deps, Session};

/// `/compact` or `/compact <instructions>` -> the instructions (possibly empty).
pub fn compact_command(prompt: &UserContent) -> Option<String> {
    let text = prompt.text();
    let text = text.trim();
    let rest = text.strip_prefix("/compact")?;
    (rest.is_empty() || rest.starts_with(char::is_whitespace)).then(|| rest.trim().to_string())
}

impl Session {
    /// `/compact [instructions]`: compacts now, without a model turn.
    pub(crate) async fn run_compact_command(
        &mut self,
        args: &str,
        deps: &Deps<'_>,
        started: u64,
    ) -> ResultMessage {
        let tokens = self.tracker.tokens(&self.history);
        let custom = (!args.is_empty()).then(|| args.to_string());
        let outcome = self
            .compact(deps, CompactTrigger::Manual, custom, tokens)
            .await;
        deps.emit.emit(self.init_message(deps));
        match outcome {
            Ok(done) => {
                deps.emit.emit(done.boundary);
                deps.emit.emit(replayed(done.continuation, false));
                let stdout = compact::compacted_stdout(done.hook_ran);
                let output = self.user_message(&stdout, true, deps.clock.uuid());
                deps.emit.emit(replayed(output, true));
                self.pending_blocks = compact::local_command_record(args, &stdout)
                    .into_iter()
                    .map(ContentBlock::text)
                    .collect();
            }
            Err(e) => {
                let text = match e {
                    CompactError::NothingToCompact => compact::NOTHING_TO_COMPACT.to_string(),
                    CompactError::Disabled => "Error: Compaction is disabled.".to_string(),
                    other => format!("Error during compaction: {}", other.code()),
                };
                let mut report = self.synthetic_assistant(deps, &text, "", false);
                if let Message::Assistant(a) = &mut report {
                    a.local_command = Some(Box::new(LocalCommandMark {
                        local_command_source: format!(
                            "<local-command-stderr>{text}</local-command-stderr>"
                        ),
                        local_command_run: json!({"command": "compact", "args": args}),
                        local_command_outcome: json!({"kind": "failed"}),
                    }));
                }
                deps.emit.emit(report);
            }
        }
        self.refresh_meter(deps);
        ResultMessage {
            duration_ms: deps.clock.monotonic_ms().saturating_sub(started),
            result: Some(String::new()),
            session_id: self.config.session_id.clone(),
            total_cost_usd: self.total_cost_usd,
            model_usage: model_usage_report(&self.model_usage),
            local_command: Some("compact".into()),
            ..ResultMessage::started(deps.clock.uuid())
        }
    }
}

/// Marks a message a `/compact` command replays to the caller.
fn replayed(mut message: Message, replay: bool) -> Message {
    if let Message::User(u) = &mut message {
        u.is_replay = Some(replay);
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_commands() {
        let p = |s: &str| compact_command(&UserContent::Text(s.into()));
        assert_eq!(p("/compact"), Some(String::new()));
        assert_eq!(
            p("/compact  keep the tests "),
            Some("keep the tests".into())
        );
        assert_eq!(p("/compacted"), None);
        assert_eq!(p("please /compact"), None);
    }
}
