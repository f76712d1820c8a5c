//! Side questions from tools (WebFetch, WebSearch) answered over the session's own model
//! connection: same endpoint, credentials and retries, a one-message conversation.
//!
//! ```text
//! tool -> SideRequest {tier, system, prompt, tools}
//!      -> POST /v1/messages {model: main or small, system: [identity, ...], messages: [user prompt], tools?, stream}
//!      -> SideAnswer {content blocks, server tool blocks included}
//! ```
//!
//! The small tier is the model `ANTHROPIC_DEFAULT_HAIKU_MODEL` (or the older
//! `ANTHROPIC_SMALL_FAST_MODEL`) names, `claude-haiku-4-5` by default.

use std::collections::BTreeMap;
use std::sync::Arc;

use futures::future::{select, BoxFuture, Either};
use futures::StreamExt;
use oxagent_core::agent::response::ResponseBuilder;
use oxagent_core::ledger::SideLedger;
use oxagent_core::live::LiveSettings;
use oxagent_core::model::{Model, ModelEvent, ModelRequest};
use oxagent_core::prompts;
use oxagent_core::signal::AbortSignal;

use super::side_model::{ModelTier, SideAnswer, SideModel, SideRequest};
use serde_json::{json, Value};

pub const DEFAULT_SMALL_MODEL: &str = "claude-haiku-4-5";

/// The session's [`SideModel`].
pub struct SessionSideModel {
    model: Arc<dyn Model>,
    live: Arc<LiveSettings>,
    small_model: String,
    /// Where each answered question's usage goes, for the session's cost.
    ledger: Arc<SideLedger>,
}

impl SessionSideModel {
    pub fn new(
        model: Arc<dyn Model>,
        live: Arc<LiveSettings>,
        env: &BTreeMap<String, String>,
        ledger: Arc<SideLedger>,
    ) -> Self {
        let small_model = [
            "ANTHROPIC_DEFAULT_HAIKU_MODEL",
            "ANTHROPIC_SMALL_FAST_MODEL",
        ]
        .iter()
        .find_map(|k| env.get(*k).filter(|v| !v.is_empty()).cloned())
        .unwrap_or_else(|| DEFAULT_SMALL_MODEL.to_string());
        SessionSideModel {
            model,
            live,
            small_model,
            ledger,
        }
    }

    /// The request body of one side question.
    fn body(&self, request: &SideRequest) -> Value {
        let model = match (&request.model, request.tier) {
            (Some(m), _) => m.clone(),
            (None, ModelTier::Main) => self.live.model(),
            (None, ModelTier::Small) => self.small_model.clone(),
        };
        let system: Vec<Value> = std::iter::once(prompts::IDENTITY)
            .chain(request.system.iter().map(String::as_str))
            .map(|t| json!({"type": "text", "text": t}))
            .collect();
        let mut body = json!({
            "model": model,
            "max_tokens": request.max_tokens,
            "system": system,
            "messages": [{"role": "user", "content": [{"type": "text", "text": request.prompt}]}],
            "stream": true,
        });
        if !request.tools.is_empty() {
            body["tools"] = Value::Array(request.tools.clone());
        }
        if let Some(format) = &request.output_format {
            body["output_config"] = json!({"format": format});
        }
        body
    }
}

impl SideModel for SessionSideModel {
    fn ask<'a>(
        &'a self,
        request: SideRequest,
        abort: &'a AbortSignal,
    ) -> BoxFuture<'a, Result<SideAnswer, String>> {
        Box::pin(async move {
            let body = self.body(&request);
            let model = body["model"].as_str().unwrap_or_default().to_string();
            let request = ModelRequest {
                body,
                betas: Vec::new(),
            };
            let mut stream = self.model.stream(request);
            let mut response = ResponseBuilder::default();
            let aborted = abort.aborted();
            futures::pin_mut!(aborted);
            loop {
                let event = match select(stream.next(), aborted.as_mut()).await {
                    Either::Left((event, _)) => event,
                    Either::Right(_) => return Err("interrupted".to_string()),
                };
                match event {
                    None => break,
                    Some(ModelEvent::Stream(raw)) => {
                        response.push_event(&raw);
                    }
                    // The failed attempt's partial answer is void.
                    Some(ModelEvent::Retry(_)) => response = ResponseBuilder::default(),
                    // Sent again at the model's limit; nothing to undo.
                    Some(ModelEvent::OutputLimit(_)) => {}
                    Some(ModelEvent::Failed(err)) => return Err(err.to_string()),
                }
            }
            if response.started {
                self.ledger.record(&model, response.usage.clone());
            }
            if let Some((kind, message)) = response.stream_error {
                return Err(format!("{kind}: {message}"));
            }
            Ok(SideAnswer {
                content: response.blocks,
            })
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use futures::stream::{self, BoxStream};
    use oxagent_core::PermissionMode;
    use std::sync::Mutex;

    /// Streams one text answer and keeps the request.
    struct OneAnswer(Mutex<Vec<ModelRequest>>);

    impl Model for OneAnswer {
        fn stream(&self, request: ModelRequest) -> BoxStream<'static, ModelEvent> {
            self.0.lock().unwrap().push(request);
            let events = vec![
                json!({"type": "message_start", "message": {"id": "m", "model": "x", "usage": {"input_tokens": 1, "output_tokens": 1}}}),
                json!({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}),
                json!({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "fine"}}),
                json!({"type": "content_block_stop", "index": 0}),
                json!({"type": "message_stop"}),
            ];
            Box::pin(stream::iter(
                events.into_iter().map(|v| ModelEvent::Stream(v.into())),
            ))
        }
    }

    #[tokio::test]
    async fn a_side_question_is_one_user_message_to_the_chosen_model() {
        let model = Arc::new(OneAnswer(Mutex::new(Vec::new())));
        let live = Arc::new(LiveSettings::new(
            PermissionMode::Default,
            "claude-opus-5-5",
        ));
        let env = BTreeMap::from([(
            "ANTHROPIC_DEFAULT_HAIKU_MODEL".to_string(),
            "claude-haiku-9".to_string(),
        )]);
        let side = SessionSideModel::new(model.clone(), live, &env, Arc::default());
        let answer = side
            .ask(
                SideRequest::new(ModelTier::Small, "How?"),
                &AbortSignal::new(),
            )
            .await
            .unwrap();
        assert_eq!(answer.text(), "fine");
        let sent = model.0.lock().unwrap()[0].body.clone();
        assert_eq!(sent["model"], json!("claude-haiku-9"));
        assert_eq!(
            sent["messages"],
            json!([{"role": "user", "content": [{"type": "text", "text": "How?"}]}])
        );
        assert_eq!(sent.get("tools"), None);
        let mut search = SideRequest::new(ModelTier::Main, "Find");
        search.tools = vec![json!({"type": "web_search_20250305", "name": "web_search"})];
        side.ask(search, &AbortSignal::new()).await.unwrap();
        let sent = model.0.lock().unwrap()[1].body.clone();
        assert_eq!(sent["model"], json!("claude-opus-5-5"));
        assert_eq!(sent["tools"][0]["name"], json!("web_search"));
    }
}
