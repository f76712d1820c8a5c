//! Error conversion: every error of ours that reaches JavaScript goes through here.
//!
//! Each error carries a stable `code` (napi sets the JS error's `code` from the status); the
//! JavaScript layer turns the option errors into the `TypeError` the SDK documents, with the
//! option's camelCase name.
//!
//! ```text
//! new NativeSession('{"max_turns": "x"}')  // throws Error { code: "ERR_OXAGENT_OPTION_TYPE",
//!                                          //   message: 'max_turns must be an integer, not "x"' }
//! ```

use napi::Error;
use oxagent::{OptionsError, OptionsErrorKind};

/// The stable codes of the addon's errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Code {
    /// An option has the wrong type.
    OptionType,
    /// An option has a value that is not allowed.
    OptionValue,
    /// An option names a feature oxagent does not have yet.
    OptionUnsupported,
    /// No such option.
    OptionUnknown,
    /// The session refuses to start with an option's value (a `sessionId` that is not a
    /// UUID), as the reference's CLI exits with code 1.
    StartRefused,
    /// A string handed over is not JSON.
    InvalidJson,
    /// A frame the session cannot take.
    Frame,
    /// The session is closed.
    Closed,
    /// The Messages API client could not be set up (a bad base URL, ...).
    Config,
}

impl AsRef<str> for Code {
    fn as_ref(&self) -> &str {
        match self {
            Code::OptionType => "ERR_OXAGENT_OPTION_TYPE",
            Code::OptionValue => "ERR_OXAGENT_OPTION_VALUE",
            Code::OptionUnsupported => "ERR_OXAGENT_OPTION_UNSUPPORTED",
            Code::OptionUnknown => "ERR_OXAGENT_OPTION_UNKNOWN",
            Code::StartRefused => "ERR_OXAGENT_START_REFUSED",
            Code::InvalidJson => "ERR_OXAGENT_INVALID_JSON",
            Code::Frame => "ERR_OXAGENT_FRAME",
            Code::Closed => "ERR_OXAGENT_CLOSED",
            Code::Config => "ERR_OXAGENT_CONFIG",
        }
    }
}

pub type Result<T> = std::result::Result<T, Error<Code>>;

pub fn options_error(e: OptionsError) -> Error<Code> {
    let code = match e.kind {
        OptionsErrorKind::Type => Code::OptionType,
        OptionsErrorKind::Value => Code::OptionValue,
        OptionsErrorKind::Unsupported => Code::OptionUnsupported,
        OptionsErrorKind::Unknown => Code::OptionUnknown,
        OptionsErrorKind::Refused => Code::StartRefused,
    };
    Error::new(code, e.message)
}

pub fn session_error(e: oxagent::Error) -> Error<Code> {
    match e {
        oxagent::Error::Options(o) => options_error(o),
        oxagent::Error::Frame(m) => Error::new(Code::Frame, format!("invalid frame: {m}")),
        oxagent::Error::Closed => Error::new(Code::Closed, "the session is closed"),
        oxagent::Error::Config(m) => Error::new(Code::Config, m),
    }
}

pub fn json_error(what: &str, e: serde_json::Error) -> Error<Code> {
    Error::new(Code::InvalidJson, format!("{what} is not valid JSON: {e}"))
}
