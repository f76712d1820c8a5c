//! The facade's errors.

pub use oxagent_options::{OptionsError, OptionsErrorKind};

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Options(#[from] OptionsError),
    #[error("invalid frame: {0}")]
    Frame(String),
    #[error("the session is closed")]
    Closed,
    /// The Messages API client could not be set up (a bad base URL, ...).
    #[error("{0}")]
    Config(String),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
