//! The WebSearch tool: the Messages API's server-side web search, run for the model.
//!
//! As in the reference, the model calls `WebSearch {"query"}` like any tool; the tool makes a
//! side request with the API's `web_search_20250305` server tool in its `tools` list, and
//! collects what comes back: `web_search_tool_result` blocks (the hits) and the text the
//! model wrote around them. The hits and the text go back as the tool result.
//!
//! ```text
//! WebSearch {"query": "rust 2024 edition"}
//!   side request: tools [{"type": "web_search_20250305", "name": "web_search", "max_uses": 8}]
//!   -> server_tool_use, web_search_tool_result {content: [{title, url, ...}]}, text
//!   -> tool_use_result {query, results: [{tool_use_id, content: [{title, url}]}, "text"], durationSeconds}
//! ```

use std::sync::Arc;
use std::time::Instant;

use oxagent_core::content::ContentBlock;
use oxagent_core::tool::{ToolContext, ToolOutput};
use serde::Deserialize;
use serde_json::{json, Value};

use super::side_model::{ModelTier, SideModel, SideRequest};
use crate::results::{success, wrapped_error};
use crate::typed::TypedTool;

/// Searches one call may run on the server.
pub const MAX_SEARCHES: u32 = 8;

/// The input of WebSearch, as its schema describes it.
#[derive(Deserialize)]
pub struct WebSearchInput {
    query: String,
    allowed_domains: Option<Vec<String>>,
    blocked_domains: Option<Vec<String>>,
}

/// Searches the web. See the module docs.
pub struct WebSearchTool {
    side: Option<Arc<dyn SideModel>>,
}

impl WebSearchTool {
    pub fn new(side: Option<Arc<dyn SideModel>>) -> Self {
        WebSearchTool { side }
    }
}

/// The server tool entry of the side request.
pub fn server_tool(allowed: Option<&[String]>, blocked: Option<&[String]>) -> Value {
    let mut tool =
        json!({"type": "web_search_20250305", "name": "web_search", "max_uses": MAX_SEARCHES});
    if let Some(a) = allowed.filter(|a| !a.is_empty()) {
        tool["allowed_domains"] = json!(a);
    }
    if let Some(b) = blocked.filter(|b| !b.is_empty()) {
        tool["blocked_domains"] = json!(b);
    }
    tool
}

/// The `results` of the output: each search's hits (`{tool_use_id, content: [{title, url}]}`)
/// and each piece of text, in the order of the response; how many searches ran.
pub fn collect_results(content: &[ContentBlock]) -> (Vec<Value>, usize) {
    let mut results = Vec::new();
    let mut searches = 0;
    for block in content {
        match block {
            ContentBlock::Text { text, .. } if !text.trim().is_empty() => {
                // Text arrives in pieces around citations: glue consecutive pieces.
                match results.last_mut() {
                    Some(Value::String(prev)) => prev.push_str(text),
                    _ => results.push(json!(text)),
                }
            }
            ContentBlock::Other(v) if v.get("type") == Some(&json!("server_tool_use")) => {
                searches += 1;
            }
            ContentBlock::Other(v) if v.get("type") == Some(&json!("web_search_tool_result")) => {
                let id = v.get("tool_use_id").cloned().unwrap_or(json!(""));
                match v.get("content") {
                    Some(Value::Array(hits)) => {
                        let hits: Vec<Value> = hits
                            .iter()
                            .map(|h| json!({"title": h.get("title").cloned().unwrap_or(json!("")), "url": h.get("url").cloned().unwrap_or(json!(""))}))
                            .collect();
                        results.push(json!({"tool_use_id": id, "content": hits}));
                    }
                    Some(err) => {
                        let code = err
                            .get("error_code")
                            .and_then(Value::as_str)
                            .unwrap_or("unknown");
                        results.push(json!(format!("Web search error: {code}")));
                    }
                    None => {}
                }
            }
            _ => {}
        }
    }
    (results, searches)
}

/// What the model reads: the hits as JSON lines, then the text, then a reminder to cite.
fn render(query: &str, results: &[Value]) -> String {
    let mut out = format!("Web search results for query: \"{query}\"\n\n");
    for r in results {
        match r {
            Value::String(s) => {
                out.push_str(s.trim());
                out.push_str("\n\n");
            }
            other => {
                let links = other.get("content").cloned().unwrap_or(json!([]));
                out.push_str(&format!("Links: {links}\n\n"));
            }
        }
    }
    out.push_str(
        "When you use these results, cite the pages you rely on: end your answer with a \
         \"Sources:\" list of markdown links.",
    );
    out
}

impl TypedTool for WebSearchTool {
    const NAME: &'static str = "WebSearch";
    const READ_ONLY: bool = true;
    const LABEL_FIELDS: &'static [&'static str] = &["query"];
    type Input = WebSearchInput;

    fn description(&self) -> String {
        "Searches the web and returns the hits (titles and URLs) with a short summary. Use it for \
         anything newer than your training data or that you need to check. Restrict the search \
         with `allowed_domains` or exclude sites with `blocked_domains` (not both). Cite the \
         pages you use as markdown links in a Sources list at the end of your answer. Read a \
         page in full with WebFetch."
            .to_string()
    }

    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "query": {"type": "string", "minLength": 2, "description": "What to search for."},
                "allowed_domains": {"type": "array", "items": {"type": "string"}, "description": "Only return results from these domains."},
                "blocked_domains": {"type": "array", "items": {"type": "string"}, "description": "Never return results from these domains."}
            },
            "required": ["query"],
            "additionalProperties": false
        })
    }

    async fn run(&self, input: WebSearchInput, ctx: &ToolContext) -> ToolOutput {
        let started = Instant::now();
        let query = input.query.trim().to_string();
        if query.chars().count() < 2 {
            return wrapped_error("The query must be at least 2 characters long.");
        }
        if input
            .allowed_domains
            .as_ref()
            .is_some_and(|a| !a.is_empty())
            && input
                .blocked_domains
                .as_ref()
                .is_some_and(|b| !b.is_empty())
        {
            return wrapped_error(
                "Error: Cannot specify both allowed_domains and blocked_domains in the same request",
            );
        }
        let Some(side) = &self.side else {
            return wrapped_error("Web search is not available in this session.");
        };
        let mut request = SideRequest::new(ModelTier::Main, format!("Search the web for: {query}"));
        request.system = vec![
            "You run web searches for another assistant. Search, then summarize \
             what the results say about the query in a few sentences."
                .to_string(),
        ];
        request.tools = vec![server_tool(
            input.allowed_domains.as_deref(),
            input.blocked_domains.as_deref(),
        )];
        let answer = match side.ask(request, &ctx.abort).await {
            Ok(a) => a,
            Err(e) => return wrapped_error(format!("The web search failed: {e}")),
        };
        let (results, searches) = collect_results(&answer.content);
        let seconds = started.elapsed().as_secs_f64();
        // searchCount is there even when no search ran (0).
        let structured = json!({"query": query, "results": results, "durationSeconds": seconds,
            "searchCount": searches});
        success(render(&query, &results), structured)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hits_and_text_are_collected_in_order() {
        let content: Vec<ContentBlock> = serde_json::from_value(json!([
            {"type": "server_tool_use", "id": "srv_1", "name": "web_search", "input": {"query": "q"}},
            {"type": "web_search_tool_result", "tool_use_id": "srv_1", "content": [
                {"type": "web_search_result", "title": "A", "url": "https://a.example/", "encrypted_content": "x", "page_age": null}]},
            {"type": "text", "text": "A says "},
            {"type": "text", "text": "hello.", "citations": [{"type": "web_search_result_location", "url": "https://a.example/"}]},
            {"type": "web_search_tool_result", "tool_use_id": "srv_2", "content": {"type": "web_search_tool_result_error", "error_code": "max_uses_exceeded"}}
        ]))
        .unwrap();
        let (results, searches) = collect_results(&content);
        assert_eq!(searches, 1);
        assert_eq!(
            results,
            vec![
                json!({"tool_use_id": "srv_1", "content": [{"title": "A", "url": "https://a.example/"}]}),
                json!("A says hello."),
                json!("Web search error: max_uses_exceeded"),
            ]
        );
        assert_eq!(
            render("q", &results[..2]),
            "Web search results for query: \"q\"\n\nLinks: [{\"title\":\"A\",\"url\":\"https://a.example/\"}]\n\nA says hello.\n\nWhen you use these results, cite the pages you rely on: end your answer with a \"Sources:\" list of markdown links."
        );
    }

    #[test]
    fn the_server_tool_carries_domain_filters() {
        assert_eq!(
            server_tool(Some(&["docs.rs".to_string()]), None),
            json!({"type": "web_search_20250305", "name": "web_search", "max_uses": 8, "allowed_domains": ["docs.rs"]})
        );
    }
}
