//! What is wrong with an option, named as the caller's face names it.

/// An option the caller passed is wrong or not supported.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct OptionsError {
    /// The option's name in the caller's face (`max_turns`, `maxTurns`).
    pub option: String,
    /// What is wrong, naming the option.
    pub message: String,
    pub kind: OptionsErrorKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionsErrorKind {
    /// The value has the wrong type (Python: TypeError).
    Type,
    /// The value is of the right type but not allowed (Python: ValueError).
    Value,
    /// The option names a feature oxagent does not have yet.
    Unsupported,
    /// The session refuses to start with this value, as the reference's CLI refuses it (it
    /// exits with code 1 before any message): a `session_id` that is not a UUID. The faces
    /// report it as that failure (Python: `ProcessError`).
    Refused,
    /// No such option.
    Unknown,
    /// Options that contradict each other, refused with the reference's words (Python:
    /// ValueError; Node: a plain `Error`, as the TypeScript SDK throws it).
    Conflict,
}

impl OptionsError {
    pub fn new(kind: OptionsErrorKind, option: &str, message: impl Into<String>) -> Self {
        OptionsError {
            option: option.to_string(),
            message: message.into(),
            kind,
        }
    }

    /// The error with its option named as `face` names it. The checks name options in the
    /// caller's face already; a session that refuses to start names them by their Python
    /// names, which this maps.
    pub fn in_face(mut self, face: oxagent_core::protocol::stream_json::Face) -> Self {
        self.option = crate::table::name_in(face, &self.option).to_string();
        self
    }
}
