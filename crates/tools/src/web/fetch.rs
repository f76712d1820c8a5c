//! The WebFetch tool: fetches a page, turns it into Markdown, and has the model apply the
//! caller's `prompt` to it.
//!
//! As in the reference, the page never goes to the conversation whole: a side request to
//! the small model ([`SideModel`], tier [`ModelTier::Small`]) reads the page (at most
//! [`MAX_PAGE_CHARS`] characters of Markdown from `offset` on) and answers the prompt; the
//! answer is the tool result. Without a side model the Markdown itself is returned.
//!
//! ```text
//! {"url": "https://example.com/", "prompt": "What is the title?"}
//!   GET (same-site redirects followed, 10 MB limit) -> HTML -> Markdown -> side request
//!   -> "The title is Example Domain."  tool_use_result {bytes, code, codeText, result, durationMs, url}
//! ```

use std::sync::Arc;
use std::time::Instant;

use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::tool::{ToolContext, ToolOutput};
use reqwest::Url;
use serde::Deserialize;
use serde_json::{json, Value};

use super::http::{self, Fetched};
use super::preflight::Preflight;
use super::side_model::{ModelTier, SideModel, SideRequest};
use crate::results::{plain_error, success, wrapped_error};
use crate::typed::{as_count, TypedTool};

/// Most Markdown characters handed to the model per call; `offset` reads on.
pub const MAX_PAGE_CHARS: usize = 100_000;
pub const MAX_URL_LEN: usize = 2000;

/// The input of WebFetch, as its schema describes it.
#[derive(Deserialize)]
pub struct WebFetchInput {
    url: String,
    prompt: String,
    offset: Option<f64>,
}

/// Fetches web pages. See the module docs.
pub struct WebFetchTool {
    side: Option<Arc<dyn SideModel>>,
    /// The domain check made before a fetch (none: off).
    preflight: Option<Preflight>,
}

impl WebFetchTool {
    pub fn new(side: Option<Arc<dyn SideModel>>) -> Self {
        WebFetchTool {
            side,
            preflight: None,
        }
    }

    /// Asks `endpoint` whether a domain may be fetched before fetching from it (see
    /// [`super::preflight`]).
    pub fn with_preflight(mut self, endpoint: Option<String>) -> Self {
        self.preflight = endpoint.map(Preflight::new);
        self
    }
}

pub use super::preflight::PREFLIGHT_ENDPOINT;

/// The page as text: HTML becomes Markdown (scripts and styles dropped), other text types
/// stay as they are. Binary types are refused.
pub fn page_text(content_type: &str, body: &[u8]) -> Result<String, String> {
    let mime = content_type
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    let text = String::from_utf8_lossy(body);
    let html = mime == "text/html"
        || mime == "application/xhtml+xml"
        || (mime.is_empty() && text.trim_start().starts_with('<'));
    if html {
        return htmd::HtmlToMarkdown::builder()
            .skip_tags(vec![
                "script", "style", "noscript", "template", "svg", "head",
            ])
            .build()
            .convert(&text)
            .map_err(|e| format!("Cannot convert the page to Markdown: {e}"));
    }
    let textual = mime.is_empty()
        || mime.starts_with("text/")
        || mime.ends_with("json")
        || mime.ends_with("xml")
        || mime.ends_with("javascript")
        || mime.ends_with("yaml");
    if textual {
        Ok(text.into_owned())
    } else {
        Err(format!(
            "The content type {mime} is not text; this tool reads web pages and text documents."
        ))
    }
}

/// `[offset, offset + MAX_PAGE_CHARS)` of `text`, and where the next part starts if any.
pub fn window(text: &str, offset: usize) -> (String, Option<usize>) {
    let total = text.chars().count();
    let start = offset.min(total);
    let part: String = text.chars().skip(start).take(MAX_PAGE_CHARS).collect();
    let end = start + part.chars().count();
    (part, (end < total).then_some(end))
}

/// The side request: the page, then the caller's prompt, then how to answer.
fn side_prompt(url: &Url, page: &str, prompt: &str) -> String {
    format!(
        "Here is the content of the web page {url}, converted to Markdown:\n\n<page>\n{page}\n</page>\n\n\
         {prompt}\n\n\
         Answer from the page alone, briefly. Quote sparingly: short excerpts (under 125 \
         characters) in quotation marks, never long passages, song lyrics or whole articles. \
         Say so when the page does not hold the answer."
    )
}

fn parse_url(raw: &str) -> Result<Url, String> {
    if raw.len() > MAX_URL_LEN {
        return Err(format!("The URL is longer than {MAX_URL_LEN} characters."));
    }
    let mut url = Url::parse(raw).map_err(|e| format!("Invalid URL \"{raw}\": {e}"))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(format!(
            "Only http and https URLs can be fetched, not {}.",
            url.scheme()
        ));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err("URLs with a user name or password are not fetched.".into());
    }
    http::upgrade_scheme(&mut url);
    Ok(url)
}

/// A fetch asks to use WebFetch, suggesting a rule for the URL's host (saved in the local
/// settings), as the reference does.
fn fetch_permission(input: &Value) -> ToolPermission {
    let mut asked = ToolPermission::ask_to_use("WebFetch");
    let host = input
        .get("url")
        .and_then(Value::as_str)
        .and_then(|u| Url::parse(u).ok())
        .and_then(|u| u.host_str().map(str::to_string));
    if let (ToolPermission::Ask { suggestions, .. }, Some(host)) = (&mut asked, host) {
        suggestions.push(json!({"type": "addRules",
            "rules": [{"toolName": "WebFetch", "ruleContent": format!("domain:{host}")}],
            "behavior": "allow", "destination": "localSettings"}));
    }
    asked
}

impl TypedTool for WebFetchTool {
    const NAME: &'static str = "WebFetch";
    const READ_ONLY: bool = true;
    const LABEL_FIELDS: &'static [&'static str] = &["url"];
    type Input = WebFetchInput;

    fn check_permission(&self, input: &Value, _ctx: &PermissionContext) -> ToolPermission {
        fetch_permission(input)
    }

    fn description(&self) -> String {
        "Fetches a URL and answers `prompt` about its content: the page is converted to Markdown \
         and read by a fast model, whose answer comes back (not the page itself). Use it to look \
         things up on a known page; for open questions search first with WebSearch. http is \
         upgraded to https. A redirect to another host is reported rather than followed: fetch \
         the new URL if it is what you want. Long pages are read 100000 characters at a time; \
         pass `offset` to continue. Prefer a specialised tool (an MCP server) when one serves \
         the site."
            .to_string()
    }

    /// Keys in the reference's order (the model reads the schema back in the note on an input
    /// error made before the tool was looked up); the descriptions are our own.
    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "url": {"description": "The URL to fetch.", "type": "string", "format": "uri"},
                "prompt": {"description": "What to find out from the page.", "type": "string"},
                "offset": {"description": "Character position in the page's Markdown to continue from.",
                    "type": "integer", "minimum": 0, "maximum": 9007199254740991u64}
            },
            "required": ["url", "prompt"],
            "additionalProperties": false
        })
    }

    async fn run(&self, input: WebFetchInput, ctx: &ToolContext) -> ToolOutput {
        let started = Instant::now();
        // A URL without a host (file:, data:, mailto:) names nothing to fetch.
        if Url::parse(&input.url).is_ok_and(|u| u.host_str().is_none_or(str::is_empty)) {
            return plain_error("Invalid URL");
        }
        // The domain is checked first, whatever the scheme (vi_web_fetch_ftp).
        let host = Url::parse(&input.url)
            .ok()
            .and_then(|u| u.host_str().map(str::to_string));
        if let (Some(check), Some(host)) = (&self.preflight, host) {
            if let Err(refused) = check.check(&host, &ctx.abort).await {
                return plain_error(refused.text(&host));
            }
        }
        let url = match parse_url(&input.url) {
            Ok(u) => u,
            Err(e) => return wrapped_error(e),
        };
        let client = match http::client() {
            Ok(c) => c,
            Err(e) => return wrapped_error(e),
        };
        let fetched = tokio::select! {
            f = http::fetch(&client, url.clone()) => f,
            _ = ctx.abort.aborted() => return wrapped_error("The fetch was interrupted."),
        };
        let page = match fetched {
            Err(e) => return wrapped_error(e),
            Ok(Fetched::OffSite { from, to, status }) => {
                let text = format!(
                    "The page redirects to another host, which was not followed.\nOriginal URL: {from}\nRedirect URL: {to}\nStatus: {} {}\nTo read it, call WebFetch again with url \"{to}\" and the same prompt.",
                    status.as_u16(),
                    status.canonical_reason().unwrap_or("")
                );
                return success(
                    text.clone(),
                    json!({"bytes": 0, "code": status.as_u16(), "codeText": status.canonical_reason().unwrap_or(""),
                        "result": text, "durationMs": started.elapsed().as_millis() as u64, "url": input.url}),
                );
            }
            Ok(Fetched::Page(page)) => page,
        };
        if !page.status.is_success() {
            return wrapped_error(format!(
                "Request failed with status code {}",
                page.status.as_u16()
            ));
        }
        let (content_type, body) = (page.content_type.clone(), page.body.clone());
        let converted = tokio::task::spawn_blocking(move || page_text(&content_type, &body))
            .await
            .map_err(|e| format!("The conversion failed: {e}"))
            .and_then(|r| r);
        let markdown = match converted {
            Ok(m) => m,
            Err(e) => return wrapped_error(e),
        };
        let (part, next) = window(&markdown, as_count(input.offset).unwrap_or(0));
        let mut result = match &self.side {
            Some(side) => {
                let mut request = SideRequest::new(
                    ModelTier::Small,
                    side_prompt(&page.url, &part, &input.prompt),
                );
                request.max_tokens = 4096;
                match side.ask(request, &ctx.abort).await {
                    Ok(answer) => answer.text(),
                    Err(e) => {
                        return wrapped_error(format!("The model could not read the page: {e}"))
                    }
                }
            }
            None => part,
        };
        if let Some(next) = next {
            result.push_str(&format!(
                "\n\n[Only part of the page was read. Call WebFetch again with offset: {next} to read on.]"
            ));
        }
        success(
            result.clone(),
            json!({"bytes": page.body.len(), "code": page.status.as_u16(),
                "codeText": page.status.canonical_reason().unwrap_or(""), "result": result,
                "durationMs": started.elapsed().as_millis() as u64, "url": input.url}),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fetch_suggests_its_host() {
        let ToolPermission::Ask { suggestions, .. } =
            fetch_permission(&json!({"url": "https://example.com/x", "prompt": "p"}))
        else {
            panic!("a fetch asks");
        };
        assert_eq!(
            suggestions[0]["rules"][0]["ruleContent"],
            "domain:example.com"
        );
        assert_eq!(suggestions[0]["destination"], "localSettings");
    }

    #[test]
    fn html_becomes_markdown_without_scripts() {
        let md = page_text(
            "text/html; charset=utf-8",
            b"<html><head><title>T</title><style>p{}</style></head><body><h1>Hello</h1><script>x()</script><p>A <a href=\"/b\">link</a>.</p></body></html>",
        )
        .unwrap();
        assert_eq!(md, "# Hello\n\nA [link](/b).");
        assert_eq!(
            page_text("application/json", b"{\"a\":1}").unwrap(),
            "{\"a\":1}"
        );
        assert!(page_text("image/png", b"\x89PNG").is_err());
    }

    #[test]
    fn long_pages_come_in_windows() {
        let text = "é".repeat(MAX_PAGE_CHARS + 10);
        let (part, next) = window(&text, 0);
        assert_eq!(
            (part.chars().count(), next),
            (MAX_PAGE_CHARS, Some(MAX_PAGE_CHARS))
        );
        let (part, next) = window(&text, MAX_PAGE_CHARS);
        assert_eq!((part.chars().count(), next), (10, None));
    }

    #[test]
    fn urls_are_checked() {
        assert!(parse_url("ftp://x/")
            .unwrap_err()
            .starts_with("Only http and https"));
        assert!(parse_url("https://u:p@x.org/").is_err());
        assert!(parse_url("not a url")
            .unwrap_err()
            .starts_with("Invalid URL"));
        assert_eq!(
            parse_url("http://example.org/a").unwrap().as_str(),
            "https://example.org/a"
        );
    }
}
