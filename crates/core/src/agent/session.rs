//! A session: the conversation so far and its running totals.

/// One conversation with the model.
#[derive(Debug, Default)]
pub struct Session {}
