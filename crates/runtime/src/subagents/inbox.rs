//! Messages for an agent that is still running (SendMessage while it works).
//!
//! ```text
//! SendMessage {to: <running agent>}  -> queued here; "Message queued for delivery ..."
//! the agent's next tool round ends   -> its conversation reads each queued message after the
//!                                       round's results (the session's `Inbox`)
//! it ends with messages still queued -> it is continued with them, as SendMessage continues
//!                                       an agent that finished, and notifies again
//! ```

use std::sync::Mutex;

use oxagent_core::config::Inbox;
use oxagent_core::sync::lock;

/// One queued message, and the SendMessage call that sent it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Pending {
    pub message: String,
    pub tool_use_id: String,
}

/// What the agent's conversation reads of a message from its caller.
pub(crate) fn note(message: &str) -> String {
    format!(
        "The coordinator sent a message while you were working:\n{message}\n\nAddress this before completing your current task."
    )
}

/// A running agent's queue.
#[derive(Debug, Default)]
pub(crate) struct AgentInbox {
    pending: Mutex<Vec<Pending>>,
}

impl AgentInbox {
    pub fn push(&self, message: String, tool_use_id: String) {
        lock(&self.pending).push(Pending {
            message,
            tool_use_id,
        });
    }

    /// Everything still queued, taken.
    pub fn drain(&self) -> Vec<Pending> {
        std::mem::take(&mut *lock(&self.pending))
    }
}

impl Inbox for AgentInbox {
    fn take(&self) -> Vec<String> {
        self.drain().iter().map(|p| note(&p.message)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_is_read_once() {
        let inbox = AgentInbox::default();
        inbox.push("more".into(), "toolu_1".into());
        assert_eq!(
            inbox.take(),
            ["The coordinator sent a message while you were working:\nmore\n\nAddress this before completing your current task."]
        );
        assert!(inbox.take().is_empty());
        inbox.push("again".into(), "toolu_2".into());
        assert_eq!(inbox.drain()[0].tool_use_id, "toolu_2");
    }
}
