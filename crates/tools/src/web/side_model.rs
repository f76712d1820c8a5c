//! Side questions to the model: requests outside the conversation that a tool makes on its
//! own (WebFetch applies the caller's prompt to a page; WebSearch runs the API's server-side
//! search). The tools see only this trait; the session implements it over its model
//! connection, so a side question goes to the same endpoint with the same credentials.
//!
//! ```
//! use oxagent_tools::web::side_model::{ModelTier, SideRequest};
//! let request = SideRequest::new(ModelTier::Small, "Summarize: ...");
//! assert!(request.tools.is_empty());
//! ```

use futures::future::BoxFuture;
use oxagent_core::content::{join_texts, ContentBlock};
use oxagent_core::signal::AbortSignal;
use serde_json::Value;

/// Which model answers: the session's own, or the small fast one the reference uses for
/// cheap chores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModelTier {
    Main,
    Small,
}

/// One side question: a single user message, no history.
#[derive(Debug, Clone, PartialEq)]
pub struct SideRequest {
    pub tier: ModelTier,
    /// System prompt blocks (after the session's identity line, if the implementation adds one).
    pub system: Vec<String>,
    /// The user message.
    pub prompt: String,
    /// Request `tools` entries, e.g. a server tool such as `web_search_20250305`.
    pub tools: Vec<Value>,
    pub max_tokens: u32,
    /// A model named for this question, over the tier's.
    pub model: Option<String>,
    /// `output_config.format`: the answer's JSON schema.
    pub output_format: Option<Value>,
}

impl SideRequest {
    pub fn new(tier: ModelTier, prompt: impl Into<String>) -> Self {
        SideRequest {
            tier,
            system: Vec::new(),
            prompt: prompt.into(),
            tools: Vec::new(),
            max_tokens: 8192,
            model: None,
            output_format: None,
        }
    }
}

/// The model's answer: the response's content blocks, server tool blocks included.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SideAnswer {
    pub content: Vec<ContentBlock>,
}

impl SideAnswer {
    /// The text blocks, joined.
    pub fn text(&self) -> String {
        join_texts(&self.content, "")
    }
}

/// Asks the model a side question. Failures are texts for the tool to report.
pub trait SideModel: Send + Sync {
    fn ask<'a>(
        &'a self,
        request: SideRequest,
        abort: &'a AbortSignal,
    ) -> BoxFuture<'a, Result<SideAnswer, String>>;
}
