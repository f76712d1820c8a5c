//! How a turn ended, and the result fields and texts each ending has.

use crate::message::ResultSubtype;
use crate::model::ApiError;

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum TurnEnd {
    Completed,
    MaxTurns(u32),
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
    /// A hook answered `continue: false` during the turn.
    HookStopped,
    /// The final-answer tool was called: its input is the structured output.
    FinalAnswer(serde_json::Value),
    /// The model kept answering without calling the final-answer tool.
    NoFinalAnswer(u32),
    /// A Stop hook answered `continue: false`.
    StopHookPrevented,
    /// A UserPromptSubmit hook blocked or stopped the prompt: the result carries this text.
    PromptRefused(String),
    /// The API found the prompt too long and compacting did not help.
    PromptTooLong {
        text: String,
        error_type: Option<String>,
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
            TurnEnd::MaxTurns(n) => ResultFields {
                subtype: ResultSubtype::ErrorMaxTurns,
                is_error: true,
                errors: Some(vec![format!("Reached maximum number of turns ({n})")]),
                terminal_reason: "max_turns",
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
            TurnEnd::PromptTooLong { text, error_type } => ResultFields {
                api_error_type: error_type.clone(),
                is_error: true,
                result: Some(text.clone()),
                stop_reason: Some("stop_sequence".into()),
                api_error_status: Some(400),
                terminal_reason: "prompt_too_long",
                ..base
            },
            TurnEnd::HookStopped => ResultFields {
                result: Some(last_text.unwrap_or_default()),
                terminal_reason: "hook_stopped",
                ..base
            },
            TurnEnd::NoFinalAnswer(n) => ResultFields {
                subtype: ResultSubtype::ErrorMaxStructuredOutputRetries,
                is_error: true,
                errors: Some(vec![format!(
                    "The model did not call the structured output tool after {n} reminders"
                )]),
                terminal_reason: "max_structured_output_retries",
                ..base
            },
            TurnEnd::FinalAnswer(answer) => ResultFields {
                result: Some(answer.to_string()),
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

/// The text the caller and the synthetic assistant message show for a failed API call.
pub(crate) fn api_error_text(err: &ApiError) -> String {
    match err.status {
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

    #[test]
    fn error_texts() {
        assert_eq!(
            api_error_text(&err(Some(400), "messages: bad request for test")),
            "API Error: 400 messages: bad request for test"
        );
        assert_eq!(
            api_error_text(&err(Some(500), "Internal server error")),
            "API Error: 500 Internal server error. This is a server-side issue, usually temporary — try again in a moment. If it persists, check your inference gateway (127.0.0.1:9)."
        );
    }
}
