//! The command-line splitter of earlier versions, kept as a thin view over the core's shell
//! reader ([`oxagent_core::rules::shell`]) for the code that only needs the simple commands.
//!
//! ```
//! use oxagent_tools::permission_checks::shell_split::{split, Split};
//! let Split::Commands(cmds) = split("mkdir a && cd a") else { panic!() };
//! assert_eq!(cmds[1].words, ["cd", "a"]);
//! assert!(matches!(split("echo $(id)"), Split::Opaque(_)));
//! ```

pub use oxagent_core::rules::shell::SimpleCommand;
use oxagent_core::rules::shell::{parse, Hazard};

/// The outcome of splitting a command line.
#[derive(Debug, Clone, PartialEq)]
pub enum Split {
    Commands(Vec<SimpleCommand>),
    /// Syntax that runs code the split cannot see.
    Opaque(Hazard),
}

/// Splits `src` into its simple commands.
pub fn split(src: &str) -> Split {
    let parsed = parse(src);
    match parsed.hazard {
        Some(h) => Split::Opaque(h),
        None => Split::Commands(parsed.commands),
    }
}
