//! Error conversion: every error of ours that reaches JavaScript goes through here.
//!
//! Each error carries a stable `code` (napi sets the JS error's `code` from the status). A
//! refused option is thrown here as the `TypeError` the SDK documents, with its `option`
//! named as TypeScript names it; the JavaScript layer lets it through.
//!
//! ```text
//! checkOptions('{"maxTurns": "x"}')  // throws TypeError { code: "ERR_OXAGENT_OPTION_TYPE",
//!                                    //   option: "maxTurns",
//!                                    //   message: 'maxTurns must be a non-negative integer, not "x"' }
//! ```

use napi::bindgen_prelude::{FromNapiValue, JsObjectValue, Object};
use napi::{Env, Error, JsError, JsTypeError, Status};
use oxagent::{Face, OptionsError, OptionsErrorKind};

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

fn options_code(kind: OptionsErrorKind) -> Code {
    match kind {
        OptionsErrorKind::Type => Code::OptionType,
        OptionsErrorKind::Value | OptionsErrorKind::Conflict => Code::OptionValue,
        OptionsErrorKind::Unsupported => Code::OptionUnsupported,
        OptionsErrorKind::Unknown => Code::OptionUnknown,
        OptionsErrorKind::Refused => Code::StartRefused,
    }
}

pub fn options_error(e: OptionsError) -> Error<Code> {
    Error::new(options_code(e.kind), e.message)
}

/// Throws a refused option: a `TypeError` with the checker's text, its stable `code` and the
/// `option` as TypeScript names it (a session that refuses to start throws a plain `Error`,
/// which the JavaScript layer words as the reference's CLI failure; so do options that
/// contradict each other, as the TypeScript SDK throws them). Returns what a napi
/// function that threw hands back.
pub fn throw_options_error(env: &Env, e: OptionsError) -> Error {
    let e = e.in_face(Face::Node);
    let error = Error::new(options_code(e.kind), e.message.clone());
    let thrown = if matches!(
        e.kind,
        OptionsErrorKind::Refused | OptionsErrorKind::Conflict
    ) {
        JsError::from(error).into_unknown(*env)
    } else {
        JsTypeError::from(error).into_unknown(*env)
    };
    let result = Object::from_unknown(thrown).and_then(|mut object| {
        object.set_named_property("option", e.option.as_str())?;
        env.throw(object)
    });
    match result {
        Ok(()) => Error::new(Status::PendingException, e.message),
        Err(failed) => failed,
    }
}

/// Throws one of the addon's errors (its `code` kept), for a function that may also throw
/// [`throw_options_error`].
pub fn throw(env: &Env, e: Error<Code>) -> Error {
    let message = e.reason.clone();
    match env.throw(JsError::from(e).into_unknown(*env)) {
        Ok(()) => Error::new(Status::PendingException, message),
        Err(failed) => failed,
    }
}

/// [`session_error`], thrown: option errors as [`throw_options_error`] throws them.
pub fn throw_session_error(env: &Env, e: oxagent::Error) -> Error {
    match e {
        oxagent::Error::Options(o) => throw_options_error(env, o),
        other => throw(env, session_error(other)),
    }
}

pub fn session_error(e: oxagent::Error) -> Error<Code> {
    match e {
        oxagent::Error::Options(o) => options_error(o.in_face(Face::Node)),
        oxagent::Error::Frame(m) => Error::new(Code::Frame, format!("invalid frame: {m}")),
        oxagent::Error::Closed => Error::new(Code::Closed, "the session is closed"),
        oxagent::Error::Config(m) => Error::new(Code::Config, m),
    }
}

pub fn json_error(what: &str, e: serde_json::Error) -> Error<Code> {
    Error::new(Code::InvalidJson, format!("{what} is not valid JSON: {e}"))
}
