//! What work beside the turn's own requests spends and refuses: the side requests of tools
//! (WebFetch's and WebSearch's questions, a subagent's requests) and the calls refused inside
//! a subagent, kept until the session counts them.

use crate::sync::lock;
use crate::usage::Usage;

/// What tools spend on requests of their own (WebFetch's and WebSearch's side questions, a
/// subagent's requests), and the calls refused inside a subagent: recorded as they happen,
/// added to the session's cost and denials after each round of tool calls.
#[derive(Debug, Default)]
pub struct SideLedger {
    usage: std::sync::Mutex<Vec<(String, Usage)>>,
    denials: std::sync::Mutex<Vec<crate::message::PermissionDenial>>,
}

impl SideLedger {
    pub fn record(&self, model: &str, usage: Usage) {
        lock(&self.usage).push((model.to_string(), usage));
    }

    pub fn drain(&self) -> Vec<(String, Usage)> {
        std::mem::take(&mut *lock(&self.usage))
    }

    /// A call a subagent's permission check refused: the session's result lists it.
    pub fn record_denial(&self, denial: crate::message::PermissionDenial) {
        lock(&self.denials).push(denial);
    }

    pub fn drain_denials(&self) -> Vec<crate::message::PermissionDenial> {
        std::mem::take(&mut *lock(&self.denials))
    }
}
