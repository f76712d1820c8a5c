//! How a session's frames reach the user: the plain renderer for pipes and the JSON formats,
//! the terminal view ([`tty`]) when stdout is a terminal.

pub mod brief;
pub mod plain;
pub mod spinner;
pub mod style;
pub mod tty;
