//! WebFetch against a real HTTP server on 127.0.0.1, and WebSearch, both with a recording
//! side model standing in for the session's model.

use std::sync::{Arc, Mutex};

use futures::future::BoxFuture;
use oxagent_core::content::ContentBlock;
use oxagent_core::signal::AbortSignal;
use oxagent_tools::side_model::{ModelTier, SideAnswer, SideModel, SideRequest};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

use crate::common::{text, Ws};

/// Answers with fixed blocks and keeps the requests.
struct Recorder {
    answer: Vec<ContentBlock>,
    seen: Mutex<Vec<SideRequest>>,
}

impl SideModel for Recorder {
    fn ask<'a>(
        &'a self,
        request: SideRequest,
        _abort: &'a AbortSignal,
    ) -> BoxFuture<'a, Result<SideAnswer, String>> {
        self.seen.lock().unwrap().push(request);
        let content = self.answer.clone();
        Box::pin(async move { Ok(SideAnswer { content }) })
    }
}

fn recorder(answer: Value) -> Arc<Recorder> {
    Arc::new(Recorder {
        answer: serde_json::from_value(answer).unwrap(),
        seen: Mutex::new(Vec::new()),
    })
}

/// A small HTTP/1.1 server: one response per connection, chosen by path.
async fn serve() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut sock, _)) = listener.accept().await {
            tokio::spawn(async move {
                let mut buf = vec![0u8; 4096];
                let n = sock.read(&mut buf).await.unwrap_or(0);
                let req = String::from_utf8_lossy(&buf[..n]).to_string();
                let path = req.split_whitespace().nth(1).unwrap_or("/").to_string();
                let (status, headers, body): (&str, String, Vec<u8>) = match path.as_str() {
                    "/page" => ("200 OK", "Content-Type: text/html; charset=utf-8\r\n".into(),
                        b"<html><head><title>Doc</title><script>track()</script></head><body><h1>Release 2.0</h1><p>Adds <b>streaming</b>.</p></body></html>".to_vec()),
                    "/moved" => ("301 Moved Permanently", "Location: /page\r\n".into(), Vec::new()),
                    "/away" => ("302 Found", "Location: http://elsewhere.invalid/x\r\n".into(), Vec::new()),
                    "/data" => ("200 OK", "Content-Type: application/json\r\n".into(), b"{\"v\":1}".to_vec()),
                    "/image" => ("200 OK", "Content-Type: image/png\r\n".into(), b"\x89PNG".to_vec()),
                    "/huge" => ("200 OK", "Content-Type: text/plain\r\nContent-Length: 20000000\r\n".into(), Vec::new()),
                    _ => ("404 Not Found", "Content-Type: text/plain\r\n".into(), b"nope".to_vec()),
                };
                let head = if headers.contains("Content-Length") {
                    format!("HTTP/1.1 {status}\r\n{headers}Connection: close\r\n\r\n")
                } else {
                    format!("HTTP/1.1 {status}\r\n{headers}Content-Length: {}\r\nConnection: close\r\n\r\n", body.len())
                };
                let _ = sock.write_all(head.as_bytes()).await;
                let _ = sock.write_all(&body).await;
            });
        }
    });
    format!("http://{addr}")
}

#[tokio::test]
async fn fetch_converts_the_page_and_asks_the_small_model() {
    let base = serve().await;
    let side = recorder(json!([{"type": "text", "text": "Version 2.0 adds streaming."}]));
    let w = Ws::with(|c| c.side_model = Some(side.clone()));
    let url = format!("{base}/moved");
    let out = w
        .call("WebFetch", json!({"url": url, "prompt": "What is new?"}))
        .await;
    assert_eq!(out.is_error, None);
    assert_eq!(text(&out), "Version 2.0 adds streaming.");
    let mut s = out.structured.unwrap();
    assert!(s
        .as_object_mut()
        .unwrap()
        .remove("durationMs")
        .unwrap()
        .is_u64());
    assert_eq!(
        s,
        json!({"bytes": 130, "code": 200, "codeText": "OK", "result": "Version 2.0 adds streaming.", "url": url})
    );
    let seen = side.seen.lock().unwrap();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].tier, ModelTier::Small);
    let prompt = &seen[0].prompt;
    assert!(prompt.starts_with(&format!(
        "Here is the content of the web page {base}/page, converted to Markdown:\n\n<page>\n# Release 2.0\n\nAdds **streaming**.\n</page>\n\nWhat is new?\n\n"
    )), "{prompt}");
    assert!(!prompt.contains("track()"));
}

#[tokio::test]
async fn fetch_reports_offsite_redirects_and_failures() {
    let base = serve().await;
    let w = Ws::new();
    let out = w
        .call(
            "WebFetch",
            json!({"url": format!("{base}/away"), "prompt": "p"}),
        )
        .await;
    assert_eq!(
        text(&out),
        format!("The page redirects to another host, which was not followed.\nOriginal URL: {base}/away\nRedirect URL: http://elsewhere.invalid/x\nStatus: 302 Found\nTo read it, call WebFetch again with url \"http://elsewhere.invalid/x\" and the same prompt.")
    );
    assert_eq!(out.structured.unwrap()["code"], json!(302));

    // Without a side model the page's text itself comes back.
    let out = w
        .call(
            "WebFetch",
            json!({"url": format!("{base}/data"), "prompt": "p"}),
        )
        .await;
    assert_eq!(text(&out), "{\"v\":1}");

    let cases = [
        ("/missing", "<tool_use_error>Request failed with status code 404</tool_use_error>"),
        ("/image", "<tool_use_error>The content type image/png is not text; this tool reads web pages and text documents.</tool_use_error>"),
        ("/huge", "<tool_use_error>The content is larger than the 10 MB this tool reads.</tool_use_error>"),
    ];
    for (path, want) in cases {
        let out = w
            .call(
                "WebFetch",
                json!({"url": format!("{base}{path}"), "prompt": "p"}),
            )
            .await;
        assert_eq!(out.is_error, Some(true), "{path}");
        assert_eq!(text(&out), want, "{path}");
    }
}

#[tokio::test]
async fn search_passes_the_server_tool_and_collects_hits() {
    let side = recorder(json!([
        {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {"query": "tokio 2"}},
        {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1", "content": [
            {"type": "web_search_result", "title": "Tokio blog", "url": "https://tokio.rs/blog", "encrypted_content": "e"}]},
        {"type": "text", "text": "Tokio 2 is not out."}
    ]));
    let w = Ws::with(|c| c.side_model = Some(side.clone()));
    let out = w
        .call(
            "WebSearch",
            json!({"query": "tokio 2", "allowed_domains": ["tokio.rs"]}),
        )
        .await;
    assert_eq!(
        text(&out),
        "Web search results for query: \"tokio 2\"\n\nLinks: [{\"title\":\"Tokio blog\",\"url\":\"https://tokio.rs/blog\"}]\n\nTokio 2 is not out.\n\nWhen you use these results, cite the pages you rely on: end your answer with a \"Sources:\" list of markdown links."
    );
    let mut s = out.structured.unwrap();
    assert!(s
        .as_object_mut()
        .unwrap()
        .remove("durationSeconds")
        .unwrap()
        .is_f64());
    assert_eq!(
        s,
        json!({"query": "tokio 2", "results": [
            {"tool_use_id": "srvtoolu_1", "content": [{"title": "Tokio blog", "url": "https://tokio.rs/blog"}]},
            "Tokio 2 is not out."], "searchCount": 1})
    );
    let seen = side.seen.lock().unwrap().clone();
    assert_eq!(seen[0].tier, ModelTier::Main);
    assert_eq!(
        seen[0].tools,
        vec![
            json!({"type": "web_search_20250305", "name": "web_search", "max_uses": 8, "allowed_domains": ["tokio.rs"]})
        ]
    );

    let out = w
        .call(
            "WebSearch",
            json!({"query": "x y", "allowed_domains": ["a"], "blocked_domains": ["b"]}),
        )
        .await;
    assert_eq!(
        text(&out),
        "<tool_use_error>Error: Cannot specify both allowed_domains and blocked_domains in the same request</tool_use_error>"
    );
    assert_eq!(
        out.structured,
        Some(json!("Error: Error: Cannot specify both allowed_domains and blocked_domains in the same request"))
    );
}

#[tokio::test]
async fn fetch_of_a_url_without_a_host_is_an_invalid_url() {
    let w = Ws::new();
    for url in ["file:///etc/hostname", "data:text/plain,hi", "mailto:a@b.c"] {
        let out = w.call("WebFetch", json!({"url": url, "prompt": "p"})).await;
        assert_eq!(out.is_error, Some(true), "{url}");
        // Read as plain text, not inside <tool_use_error>.
        assert_eq!(text(&out), "Invalid URL", "{url}");
        assert_eq!(out.structured, Some(json!("Error: Invalid URL")), "{url}");
    }
}

#[tokio::test]
async fn a_search_without_hits_still_counts_its_searches() {
    let side = recorder(json!([{"type": "text", "text": "Nothing found."}]));
    let w = Ws::with(|c| c.side_model = Some(side.clone()));
    let out = w.call("WebSearch", json!({"query": "zz top"})).await;
    let s = out.structured.unwrap();
    assert_eq!(s["searchCount"], json!(0));
    assert_eq!(s["results"], json!(["Nothing found."]));
}
