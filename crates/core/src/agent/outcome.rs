//! How a turn ended, and the result fields and texts each ending has.

use crate::message::ResultSubtype;
use crate::model::ApiError;

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum TurnEnd {
    Completed,
    /// The next round would pass `max_turns`; `aborted`: the turn was interrupted in the
    /// last round it was allowed.
    MaxTurns {
        /// As the caller gave it: a negative limit allows one round, as 1 does.
        max: i64,
        aborted: bool,
    },
    Budget(f64),
    ApiError {
        text: String,
        status: Option<u16>,
        error_type: Option<String>,
        kind: crate::model::ApiErrorKind,
        request_id: Option<String>,
    },
    Interrupted {
        during_tools: bool,
    },
    /// The auto-mode classifier could not run in too many rounds of the prompt.
    ClassifierStopped,
    /// A hook answered `continue: false` during the turn.
    HookStopped,
    /// A PostToolBatch hook blocked or stopped the turn after a round's results: the result
    /// says nothing (fuzz-i/fi_pin_batch2_block).
    BatchStopped,
    /// The final-answer tool was called: its input is the structured output; and the text the
    /// response that called it ended with, if it ended with one (the result says that text:
    /// probed).
    FinalAnswer(serde_json::Value, Option<String>),
    /// The model's calls of the final-answer tool were refused too often: how many, and the
    /// last refusal.
    NoFinalAnswer(u32, String),
    /// A PreToolUse hook deferred a call: the turn waits for the caller, who finds the call
    /// in the result's `deferred_tool_use`.
    Deferred {
        id: String,
        name: String,
        input: serde_json::Value,
    },
    /// A Stop hook answered `continue: false`.
    StopHookPrevented,
    /// A UserPromptSubmit hook blocked or stopped the prompt: the result carries this text.
    PromptRefused(String),
    /// The model refused again after the note on its first refusal: the result carries
    /// the text shown for it.
    Refused(String),
    /// Automatic compaction is thrashing (the context filled again right after each of the
    /// last compactions): the result carries this text.
    Thrashing(String),
    /// The API found the prompt too long and compacting did not help.
    PromptTooLong {
        text: String,
        error_type: Option<String>,
        /// Refused before it was sent: the conversation reached the blocking limit.
        blocking: bool,
    },
}

pub(crate) struct ResultFields {
    pub subtype: ResultSubtype,
    pub is_error: bool,
    pub num_turns: u32,
    pub result: Option<String>,
    pub stop_reason: Option<String>,
    pub errors: Option<Vec<String>>,
    pub api_error_status: Option<u16>,
    pub api_error_type: Option<String>,
    pub terminal_reason: &'static str,
}

impl TurnEnd {
    pub fn fields(
        &self,
        num_turns: u32,
        stop_reason: Option<String>,
        last_text: Option<String>,
    ) -> ResultFields {
        let base = ResultFields {
            subtype: ResultSubtype::Success,
            is_error: false,
            num_turns,
            result: None,
            stop_reason,
            errors: None,
            api_error_status: None,
            api_error_type: None,
            terminal_reason: "completed",
        };
        match self {
            TurnEnd::Completed => ResultFields {
                result: Some(last_text.unwrap_or_default()),
                ..base
            },
            // The reference counts the round that was refused: max_turns + 1, however many
            // results the rounds added.
            TurnEnd::MaxTurns { max, aborted } => ResultFields {
                subtype: ResultSubtype::ErrorMaxTurns,
                is_error: true,
                num_turns: u32::try_from((*max).max(1) + 1).unwrap_or(u32::MAX),
                errors: Some(vec![format!("Reached maximum number of turns ({max})")]),
                terminal_reason: if *aborted {
                    "aborted_tools"
                } else {
                    "max_turns"
                },
                ..base
            },
            TurnEnd::Budget(b) => ResultFields {
                subtype: ResultSubtype::ErrorMaxBudgetUsd,
                is_error: true,
                errors: Some(vec![format!("Reached maximum budget (${b})")]),
                terminal_reason: "budget_exhausted",
                ..base
            },
            TurnEnd::ApiError {
                text,
                status,
                error_type,
                ..
            } => ResultFields {
                api_error_type: error_type.clone(),
                is_error: true,
                result: Some(text.clone()),
                stop_reason: Some("stop_sequence".into()),
                api_error_status: *status,
                // The reference takes a 413 for a conversation grown too large by its images.
                terminal_reason: if *status == Some(413) {
                    "image_error"
                } else {
                    "api_error"
                },
                ..base
            },
            TurnEnd::Refused(text) => ResultFields {
                is_error: true,
                result: Some(text.clone()),
                terminal_reason: "api_error",
                ..base
            },
            TurnEnd::Interrupted { during_tools } => ResultFields {
                subtype: ResultSubtype::ErrorDuringExecution,
                is_error: true,
                errors: Some(vec![format!(
                    "[ede_diagnostic] result_type=user last_content_type=n/a stop_reason={}",
                    base.stop_reason.clone().unwrap_or_else(|| "null".into())
                )]),
                terminal_reason: if *during_tools {
                    "aborted_tools"
                } else {
                    "aborted_streaming"
                },
                ..base
            },
            TurnEnd::ClassifierStopped => ResultFields {
                subtype: ResultSubtype::ErrorDuringExecution,
                is_error: true,
                errors: Some(vec![
                    format!(
                        "[ede_diagnostic] result_type=user last_content_type=n/a stop_reason={}",
                        base.stop_reason.clone().unwrap_or_else(|| "null".into())
                    ),
                    crate::permission::evaluate::NO_CLASSIFIER_STOP_WARNING.to_string(),
                ]),
                terminal_reason: "aborted_streaming",
                ..base
            },
            TurnEnd::PromptTooLong {
                text,
                error_type,
                blocking,
            } => ResultFields {
                api_error_type: error_type.clone(),
                is_error: true,
                result: Some(text.clone()),
                stop_reason: Some("stop_sequence".into()),
                api_error_status: (!blocking).then_some(400),
                terminal_reason: if *blocking {
                    "blocking_limit"
                } else {
                    "prompt_too_long"
                },
                ..base
            },
            TurnEnd::Thrashing(text) => ResultFields {
                is_error: true,
                result: Some(text.clone()),
                stop_reason: Some("stop_sequence".into()),
                terminal_reason: "rapid_refill_breaker",
                ..base
            },
            TurnEnd::HookStopped => ResultFields {
                result: Some(last_text.unwrap_or_default()),
                terminal_reason: "hook_stopped",
                ..base
            },
            TurnEnd::BatchStopped => ResultFields {
                result: Some(String::new()),
                terminal_reason: "hook_stopped",
                ..base
            },
            TurnEnd::NoFinalAnswer(n, last) => ResultFields {
                subtype: ResultSubtype::ErrorMaxStructuredOutputRetries,
                is_error: true,
                errors: Some(vec![format!(
                    "Failed to provide valid structured output after {n} attempts — last StructuredOutput error: {last}"
                )]),
                terminal_reason: "structured_output_retry_exhausted",
                ..base
            },
            TurnEnd::FinalAnswer(answer, after) => ResultFields {
                result: Some(after.clone().unwrap_or_else(|| answer.to_string())),
                ..base
            },
            TurnEnd::Deferred { .. } => ResultFields {
                result: Some(String::new()),
                stop_reason: Some("tool_deferred".into()),
                terminal_reason: "tool_deferred",
                ..base
            },
            TurnEnd::StopHookPrevented => ResultFields {
                result: Some(last_text.unwrap_or_default()),
                terminal_reason: "stop_hook_prevented",
                ..base
            },
            // The reference names no terminal reason here.
            TurnEnd::PromptRefused(text) => ResultFields {
                result: Some(text.clone()),
                num_turns: 0,
                terminal_reason: "",
                ..base
            },
        }
    }
}

/// What the reference says of a request too large for the API (HTTP 413).
const REQUEST_TOO_LARGE: &str = "Request too large (max 32MB). Accumulated images and attachments in the conversation pushed the request over the limit. Remove older images or compact the conversation.";

/// The text the caller and the synthetic assistant message show for a failed API call to
/// `model`. Statuses a user can act on get the reference's advice; the rest name the status
/// and the API's message.
pub(crate) fn api_error_text(err: &ApiError, model: &str) -> String {
    match err.status {
        Some(401) if err.message.contains("invalid x-api-key") => {
            "Invalid API key · Fix external API key".to_string()
        }
        Some(403) if err.message.contains("OAuth token has been revoked") => {
            "Failed to authenticate: OAuth token revoked. Please log in again or contact your administrator.".to_string()
        }
        Some(s @ (401 | 403)) => format!("Failed to authenticate. API Error: {s} {}", err.message),
        Some(400) if err.message.contains("credit balance is too low") => {
            "Credit balance is too low".to_string()
        }
        Some(400) if err.message.contains("ids were found without `tool_result` blocks") => {
            "API Error: 400 due to tool use concurrency issues.".to_string()
        }
        Some(404) => format!(
            "There's an issue with the selected model ({model}). It may not exist or you may not have access to it."
        ),
        Some(413) => REQUEST_TOO_LARGE.to_string(),
        Some(429) => format!("API Error: Request rejected (429) · {}", err.message),
        Some(s) if s >= 500 => {
            let what = if err.message.is_empty() {
                "Internal server error"
            } else {
                err.message.as_str()
            };
            format!(
                "API Error: {s} {what}. This is a server-side issue, usually temporary — try again in a moment. If it persists, check your inference gateway ({}).",
                err.endpoint
            )
        }
        Some(s) => format!("API Error: {s} {}", err.message),
        // A request that timed out says so with its own advice, without the prefix.
        None if err.message.starts_with(crate::model::TIMED_OUT) => err.message.clone(),
        None => format!(
            "API Error: {}",
            if err.message.is_empty() {
                "Connection error."
            } else {
                err.message.as_str()
            }
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ApiErrorKind;

    fn err(status: Option<u16>, message: &str) -> ApiError {
        ApiError {
            status,
            kind: ApiErrorKind::from_status(status),
            message: message.into(),
            error_type: None,
            endpoint: "127.0.0.1:9".into(),
            request_id: None,
        }
    }

    /// turns_max1_par3, turns_max2_par_2_3, turns_max3_1_2_3: parallel results do not count.
    #[test]
    fn max_turns_counts_the_refused_round() {
        let f = TurnEnd::MaxTurns {
            max: 2,
            aborted: false,
        }
        .fields(7, Some("tool_use".into()), None);
        assert_eq!(
            (f.num_turns, f.errors, f.terminal_reason),
            (
                3,
                Some(vec!["Reached maximum number of turns (2)".to_string()]),
                "max_turns"
            )
        );
        // turns_max1_interrupt: interrupted in the last allowed round.
        let f = TurnEnd::MaxTurns {
            max: 1,
            aborted: true,
        }
        .fields(4, None, None);
        assert_eq!(
            (f.subtype, f.num_turns, f.terminal_reason),
            (ResultSubtype::ErrorMaxTurns, 2, "aborted_tools")
        );
    }

    #[test]
    fn error_texts() {
        assert_eq!(
            api_error_text(&err(Some(400), "messages: bad request for test"), "m"),
            "API Error: 400 messages: bad request for test"
        );
        assert_eq!(
            api_error_text(&err(Some(500), "Internal server error"), "m"),
            "API Error: 500 Internal server error. This is a server-side issue, usually temporary — try again in a moment. If it persists, check your inference gateway (127.0.0.1:9)."
        );
    }

    /// faults_{401,403,404,413,429}_every_attempt.
    #[test]
    fn texts_of_statuses_a_user_acts_on() {
        let text = |s, m| api_error_text(&err(Some(s), m), "claude-x");
        assert_eq!(
            [
                text(401, "invalid x-api-key"),
                text(403, "No access"),
                text(404, "model: x"),
                text(429, "Rate limited"),
                text(408, "Request timed out"),
            ],
            [
                "Invalid API key · Fix external API key",
                "Failed to authenticate. API Error: 403 No access",
                "There's an issue with the selected model (claude-x). It may not exist or you may not have access to it.",
                "API Error: Request rejected (429) · Rate limited",
                "API Error: 408 Request timed out",
            ]
        );
        assert!(text(413, "too big").starts_with("Request too large (max 32MB)."));
        let end = TurnEnd::ApiError {
            text: text(413, ""),
            status: Some(413),
            error_type: None,
            kind: ApiErrorKind::InvalidRequest,
            request_id: None,
        };
        assert_eq!(end.fields(1, None, None).terminal_reason, "image_error");
    }

    /// edges/pk_thrash_*: a turn whose compaction thrashes ends in an error result with the
    /// reference's text and terminal reason.
    #[test]
    fn a_thrashing_compaction_ends_the_turn_in_error() {
        let end = TurnEnd::Thrashing(crate::compact::THRASHING.into());
        let f = end.fields(9, Some("tool_use".into()), None);
        assert!(f.is_error);
        assert_eq!(f.subtype, ResultSubtype::Success);
        assert_eq!(f.result.as_deref(), Some(crate::compact::THRASHING));
        assert_eq!(f.stop_reason.as_deref(), Some("stop_sequence"));
        assert_eq!(
            (f.terminal_reason, f.api_error_status),
            ("rapid_refill_breaker", None)
        );
        assert_eq!(
            crate::message::api_error_code(crate::compact::THRASHING).as_deref(),
            Some("autocompact_thrashing")
        );
    }
}
