//! Session ids: the one check every id passes before it becomes part of a path.
//!
//! A session id names a file (`<projects>/<key>/<id>.jsonl`) and folders beside it, so an id
//! that is not a UUID (`../../victim`, `/tmp/x`, a NUL byte, ...) must never reach a path.
//! [`validate_session_id`] is that check; [`SessionId`] is an id that passed it, and the
//! functions that build paths take only a `SessionId`.
//!
//! ```
//! use oxagent_sessions::{validate_session_id, SessionId};
//! let id: SessionId = validate_session_id("0b0d2b4e-6a43-4c2e-9f4e-3c1a5d7e9b10").unwrap();
//! assert_eq!(id.as_str(), "0b0d2b4e-6a43-4c2e-9f4e-3c1a5d7e9b10");
//! assert!(validate_session_id("../../victim").is_err());
//! ```

use std::fmt;

/// What the reference says of a session id that is not a UUID.
pub const INVALID_SESSION_ID: &str = "Invalid session ID. Must be a valid UUID.";

/// A UUID in its text form, `8-4-4-4-12` hex digits (either case), nothing before or after.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SessionId(String);

/// An id that is not a UUID; it carries the refused text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidSessionId(pub String);

impl fmt::Display for InvalidSessionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(INVALID_SESSION_ID)
    }
}

impl std::error::Error for InvalidSessionId {}

/// Whether `id` is a UUID: 36 ASCII characters, dashes at 8, 13, 18 and 23, hex digits
/// elsewhere. The case is kept (the reference names an upper-case id's file in upper case).
fn is_uuid(id: &str) -> bool {
    let bytes = id.as_bytes();
    bytes.len() == 36
        && bytes.iter().enumerate().all(|(i, b)| match i {
            8 | 13 | 18 | 23 => *b == b'-',
            _ => b.is_ascii_hexdigit(),
        })
}

/// The one check of a session id (or a message uuid) before it names a file.
pub fn validate_session_id(id: &str) -> Result<SessionId, InvalidSessionId> {
    if is_uuid(id) {
        Ok(SessionId(id.to_string()))
    } else {
        Err(InvalidSessionId(id.to_string()))
    }
}

impl SessionId {
    /// A new random (v4) id.
    pub fn random() -> SessionId {
        SessionId(uuid::Uuid::new_v4().to_string())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The transcript's file name, `<id>.jsonl`.
    pub fn file_name(&self) -> String {
        format!("{}.jsonl", self.0)
    }
}

impl fmt::Display for SessionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl AsRef<str> for SessionId {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl From<SessionId> for String {
    fn from(id: SessionId) -> String {
        id.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOWER: &str = "0b0d2b4e-6a43-4c2e-9f4e-3c1a5d7e9b10";
    const UPPER: &str = "0B0D2B4E-6A43-4C2E-9F4E-3C1A5D7E9B10";

    #[test]
    fn uuids_in_either_case_pass_unchanged() {
        assert_eq!(validate_session_id(LOWER).unwrap().as_str(), LOWER);
        assert_eq!(validate_session_id(UPPER).unwrap().as_str(), UPPER);
        assert_eq!(
            validate_session_id(LOWER).unwrap().file_name(),
            format!("{LOWER}.jsonl")
        );
        let random = SessionId::random();
        assert_eq!(validate_session_id(random.as_str()), Ok(random));
    }

    #[test]
    fn anything_else_is_refused_with_the_reference_text() {
        let long = format!("{LOWER}{}", "0".repeat(300));
        let refused = [
            "",
            "../x",
            "../../../../victim/victim",
            "/tmp/x",
            "/tmp/0b0d2b4e-6a43-4c2e-9f4e-3c1a5d7e9b10",
            "0b0d2b4e-6a43-4c2e-9f4e-3c1a5d7e9b1\0",
            "0b0d2b4e-6a43-4c2e-9f4e-3c1a5d7e9b10\n",
            " 0b0d2b4e-6a43-4c2e-9f4e-3c1a5d7e9b10",
            "0b0d2b4e-6a43-4c2e-9f4e-3c1a5d7e9b1",
            "0b0d2b4e-6a43-4c2e-9f4e-3c1a5d7e9b10/../../x",
            "0b0d2b4e6a434c2e9f4e3c1a5d7e9b10",
            "0b0d2b4e-6a43-4c2e-9f4e+3c1a5d7e9b10",
            "gb0d2b4e-6a43-4c2e-9f4e-3c1a5d7e9b10",
            "0b0d2b4e-6a43-4c2e-9f4e-3c1a5d7e9b1é",
            &long,
        ];
        for id in refused {
            let err = validate_session_id(id).unwrap_err();
            assert_eq!(err, InvalidSessionId(id.to_string()));
            assert_eq!(err.to_string(), "Invalid session ID. Must be a valid UUID.");
        }
    }
}
