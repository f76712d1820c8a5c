//! Error conversion: every error of ours that reaches Python goes through here.
//!
//! The native module raises builtin exceptions, and [`StartRefused`] (a `ValueError`); the
//! Python layer maps them onto the SDK's own hierarchy (`ClaudeSDKError` and its
//! subclasses) where the reference does.

use oxagent::{Error, OptionsError, OptionsErrorKind};
use pyo3::exceptions::{PyConnectionError, PyTypeError, PyValueError};
use pyo3::PyErr;

pyo3::create_exception!(
    _native,
    StartRefused,
    PyValueError,
    "The session refused to start with an option's value, as the reference's CLI exits with \
     code 1 (a session_id that is not a UUID). The Python layer raises ProcessError."
);

/// An option the core rejects: TypeError for a wrong type, StartRefused for a value the
/// reference's CLI refuses at start, ValueError otherwise (a bad value, an unknown option, a
/// feature not built yet); the text names the option.
pub fn options_error(e: OptionsError) -> PyErr {
    match e.kind {
        OptionsErrorKind::Type => PyTypeError::new_err(e.message),
        // The reference's SDK cannot start its CLI as that user: a connection error.
        OptionsErrorKind::Refused if e.option == "user" => PyConnectionError::new_err(e.message),
        OptionsErrorKind::Refused => StartRefused::new_err(e.message),
        OptionsErrorKind::Value
        | OptionsErrorKind::Conflict
        | OptionsErrorKind::Unsupported
        | OptionsErrorKind::Unknown => PyValueError::new_err(e.message),
    }
}

/// A JSON text handed to us that does not parse: ValueError.
pub fn json_error(what: &str, e: serde_json::Error) -> PyErr {
    PyValueError::new_err(format!("{what} is not valid JSON: {e}"))
}

/// An error of the session: a closed session is a ConnectionError (the Python layer raises
/// CLIConnectionError, as the reference does for a write to a dead process); a setup error
/// (e.g. a bad ANTHROPIC_BASE_URL) is a ValueError.
pub fn session_error(e: Error) -> PyErr {
    match e {
        Error::Options(e) => options_error(e),
        Error::Frame(text) => PyValueError::new_err(format!("invalid frame: {text}")),
        Error::Closed => PyConnectionError::new_err("the session is closed"),
        Error::Config(text) => PyValueError::new_err(text),
    }
}
