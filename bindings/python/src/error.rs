//! Error conversion: every error of ours that reaches Python goes through here.
//!
//! The native module raises builtin exceptions only; the Python layer maps them onto the
//! SDK's own hierarchy (`ClaudeSDKError` and its subclasses) where the reference does.

use oxagent::{Error, OptionsError, OptionsErrorKind};
use pyo3::exceptions::{PyConnectionError, PyTypeError, PyValueError};
use pyo3::PyErr;

/// An option the core rejects: TypeError for a wrong type, ValueError otherwise (a bad
/// value, an unknown option, a feature not built yet); the text names the option.
pub fn options_error(e: OptionsError) -> PyErr {
    match e.kind {
        OptionsErrorKind::Type => PyTypeError::new_err(e.message),
        OptionsErrorKind::Value | OptionsErrorKind::Unsupported | OptionsErrorKind::Unknown => {
            PyValueError::new_err(e.message)
        }
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
