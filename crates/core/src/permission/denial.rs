//! A refusal of a tool call, as the model and the caller see it: what [`super::evaluate`]
//! and the write-target checks ([`super::write_target`]) answer.

/// A refusal, as the model and the caller see it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Denial {
    pub message: String,
    /// `decision_reason_type` of the permission_denied message (none: no type given).
    pub reason_type: Option<String>,
    /// `decision_reason`, when the reference states one.
    pub reason: Option<String>,
    /// `decision_reason_code`.
    pub code: Option<String>,
    /// A question nobody was there to answer (no can_use_tool callback), refused in its own
    /// words.
    pub unanswered: bool,
}
