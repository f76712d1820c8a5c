//! The conversation as the Messages API sees it: alternating user and assistant turns.
//!
//! Each [`Turn`] is one API message. It also remembers the uuids of the messages that carried
//! it to the caller (one per assistant content block, one per tool result), so compaction can
//! say which of them it kept.
//!
//! ```
//! use oxagent_core::conversation::Turn;
//! use oxagent_core::ContentBlock;
//! let t = Turn::user(vec![ContentBlock::text("hi")]);
//! assert!(t.is_user());
//! assert_eq!(t.text(), "hi");
//! ```

use crate::content::{join_texts, ContentBlock};

/// The result a resumed session gives a tool call whose result the resume left out (a
/// session resumed at the answer that made the call).
pub const MISSING_RESULT: &str = "[Tool result missing due to internal error]";

/// One message of the conversation.
#[derive(Debug, Clone, PartialEq)]
pub struct Turn {
    /// `"user"` or `"assistant"`.
    pub role: &'static str,
    pub content: Vec<ContentBlock>,
    /// Uuids of the emitted messages this turn is made of (may be empty, e.g. after a resume).
    pub uuids: Vec<String>,
    /// The model that gave this answer, when known: its thinking goes back to that model
    /// only (a thinking block's signature is the model's own). For a prompt, the model it
    /// was sent to (what the reference's commit attribution last named).
    pub model: Option<String>,
    /// Reminders that go with one of this turn's tool results (the token budget's), sent
    /// in it to the models that read them.
    pub notes: Option<ResultNotes>,
    /// A prompt the reference begins with its context reminders (the first of a resumed
    /// session's run): a message before it it joins gets no line break.
    pub leads_with_context: bool,
}

/// Reminders for the tool result at `block` of a turn, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct ResultNotes {
    pub block: usize,
    pub texts: Vec<String>,
}

impl Turn {
    pub fn user(content: Vec<ContentBlock>) -> Self {
        Turn {
            role: "user",
            content,
            uuids: Vec::new(),
            model: None,
            notes: None,
            leads_with_context: false,
        }
    }

    pub fn assistant(content: Vec<ContentBlock>) -> Self {
        Turn {
            role: "assistant",
            content,
            uuids: Vec::new(),
            model: None,
            notes: None,
            leads_with_context: false,
        }
    }

    /// A turn with the given role name (`"assistant"`, anything else is a user turn).
    pub fn with_role(role: &str, content: Vec<ContentBlock>) -> Self {
        if role == "assistant" {
            Turn::assistant(content)
        } else {
            Turn::user(content)
        }
    }

    pub fn with_uuids(mut self, uuids: Vec<String>) -> Self {
        self.uuids = uuids;
        self
    }

    pub fn with_model(mut self, model: Option<String>) -> Self {
        self.model = model;
        self
    }

    pub fn with_notes(mut self, notes: Option<ResultNotes>) -> Self {
        self.notes = notes;
        self
    }

    pub fn is_user(&self) -> bool {
        self.role == "user"
    }

    pub fn is_assistant(&self) -> bool {
        self.role == "assistant"
    }

    /// The text blocks, joined by newlines.
    pub fn text(&self) -> String {
        join_texts(&self.content, "\n")
    }

    /// Names of the tools this (assistant) turn called, in order.
    pub fn tool_names(&self) -> impl Iterator<Item = &str> {
        self.content.iter().filter_map(|b| match b {
            ContentBlock::ToolUse { name, .. } => Some(name.as_str()),
            _ => None,
        })
    }
}
