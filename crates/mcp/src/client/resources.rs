//! The resource tools: what the model calls to see the resources of the session's MCP servers.
//!
//! ```text
//! ListMcpResourcesTool   {server?}      every resource of one server or of all, each with its
//!                                       `server`; "No resources found. ..." when none
//! ReadMcpResourceTool    {server, uri}  `{"contents": [...]}`: text as it is, binary saved to
//!                                       the results folder; a missing resource is an answer,
//!                                       not an error
//! ReadMcpResourceDirTool {server, uri}  directory listing, which this build does not offer:
//!                                       refused as a permission denial
//! ```
//!
//! They join the session when a connected server declares the `resources` capability, and
//! read the servers as [`Link`]s. Wording, field order and error cases follow the reference.

use std::sync::Arc;

use base64::Engine;
use futures::future::BoxFuture;
use oxagent_core::permission::evaluate::Denial;
use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::tool::{Tool, ToolContext, ToolOutput};
use serde_json::{json, Map, Value};

use super::result::{extension, persist_as, write, RESULT_CAP_CHARS};
use super::{CallError, Channel, ResultsRoot};

/// One server of the session, as the resource tools see it.
#[derive(Clone)]
pub(crate) struct Link {
    pub name: String,
    /// It connected.
    pub connected: bool,
    /// How to reach it (none: it did not connect, or it is a set of Rust tools).
    pub channel: Option<Arc<dyn Channel>>,
    /// It declared the `resources` capability.
    pub resources: bool,
}

const LIST: &str = "ListMcpResourcesTool";
const READ: &str = "ReadMcpResourceTool";
const READ_DIR: &str = "ReadMcpResourceDirTool";
const NONE_FOUND: &str =
    "No resources found. MCP servers may still provide tools even if they have no resources.";
const DIR_LISTING_OFF: &str = "Directory listing is not enabled in this build.";
/// JSON-RPC codes the reference answers in words of its own.
const METHOD_NOT_FOUND: i64 = -32601;
const RESOURCE_NOT_FOUND: i64 = -32002;

/// The three tools over `links`, when one of them offers resources.
pub(crate) fn tools(links: Vec<Link>, results: &ResultsRoot) -> Vec<Arc<dyn Tool>> {
    if !links.iter().any(|l| l.channel.is_some() && l.resources) {
        return Vec::new();
    }
    let links = Arc::new(links);
    vec![
        Arc::new(ListResources {
            links: links.clone(),
            results: results.clone(),
        }),
        Arc::new(ReadResource {
            links: links.clone(),
            results: results.clone(),
        }),
        Arc::new(ReadResourceDir { links }),
    ]
}

/// The string field `key` of a call's input.
fn text_of<'a>(input: &'a Value, key: &str) -> Option<&'a str> {
    input.get(key).and_then(Value::as_str)
}

/// A server name as tool names carry it: anything but letters, digits, `_` and `-` as `_`.
fn normalized(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The servers called `name`: by their own name, else by the name their tools carry.
fn matching<'a>(links: &'a [Link], name: &str) -> Vec<&'a Link> {
    let exact: Vec<&Link> = links.iter().filter(|l| l.name == name).collect();
    if !exact.is_empty() {
        return exact;
    }
    let wanted = normalized(name);
    links
        .iter()
        .filter(|l| normalized(&l.name) == wanted)
        .collect()
}

fn not_found(links: &[Link], name: &str) -> String {
    let names: Vec<&str> = links.iter().map(|l| l.name.as_str()).collect();
    format!(
        "Server \"{name}\" not found. Available servers: {}",
        names.join(", ")
    )
}

/// The connected server `name` that offers resources, or the error the model reads.
fn resource_server<'a>(
    links: &'a [Link],
    name: &str,
) -> Result<(&'a Link, &'a dyn Channel), String> {
    let link = *matching(links, name)
        .first()
        .ok_or_else(|| not_found(links, name))?;
    if !link.connected {
        return Err(format!("Server \"{}\" is not connected", link.name));
    }
    match link.channel.as_deref().filter(|_| link.resources) {
        Some(channel) => Ok((link, channel)),
        None => Err(format!(
            "Server \"{}\" does not support resources",
            link.name
        )),
    }
}

/// A failure the caller sees as `"Error: <text>"`.
fn failure(text: String) -> ToolOutput {
    ToolOutput::error(text.clone()).with_structured(json!(format!("Error: {text}")))
}

fn server_schema(required: bool, uri: &str) -> Value {
    let mut properties =
        json!({"server": {"description": "The MCP server name", "type": "string"}});
    if required {
        properties["uri"] = json!({"description": uri, "type": "string"});
    } else {
        properties["server"]["description"] = json!("Optional server name to filter resources by");
    }
    let mut schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": properties,
        "additionalProperties": false,
    });
    if required {
        schema["required"] = json!(["server", "uri"]);
    }
    schema
}

/// `schema` without its ban on unknown keys.
fn lax(mut schema: Value) -> Value {
    if let Some(o) = schema.as_object_mut() {
        o.remove("additionalProperties");
    }
    schema
}

/// `ListMcpResourcesTool`.
struct ListResources {
    links: Arc<Vec<Link>>,
    results: ResultsRoot,
}

impl Tool for ListResources {
    fn name(&self) -> &str {
        LIST
    }
    fn description(&self) -> String {
        "Lists the resources the session's MCP servers offer (files, documents, records...). \
         Each entry carries the resource's fields and a `server` field naming the server it \
         comes from; read one with ReadMcpResourceTool.\n\n\
         - server (optional): only this server's resources; without it, every server's."
            .into()
    }
    fn input_schema(&self) -> Value {
        server_schema(false, "")
    }
    /// Unknown keys are dropped, not refused, as the reference's checker does.
    fn validation_schema(&self) -> Value {
        lax(self.input_schema())
    }
    fn is_read_only(&self, _input: &Value) -> bool {
        true
    }
    /// Reading what the servers list needs no approval, as the reference's.
    fn check_permission(&self, _input: &Value, _ctx: &PermissionContext) -> ToolPermission {
        ToolPermission::Allow
    }
    fn describe_call(&self, input: &Value) -> Option<String> {
        Some(match text_of(input, "server") {
            Some(s) => format!("List MCP resources from server \"{s}\""),
            None => "List all MCP resources".into(),
        })
    }
    fn call<'a>(&'a self, input: Value, ctx: &'a ToolContext) -> BoxFuture<'a, ToolOutput> {
        Box::pin(async move {
            let wanted = text_of(&input, "server");
            let servers: Vec<&Link> = match wanted {
                Some(name) => {
                    let found = matching(&self.links, name);
                    if found.is_empty() {
                        return failure(not_found(&self.links, name));
                    }
                    found
                }
                None => self.links.iter().collect(),
            };
            let listed = futures::future::join_all(servers.into_iter().map(list_one)).await;
            let all: Vec<Value> = listed.into_iter().flatten().collect();
            if all.is_empty() {
                return ToolOutput::text(NONE_FOUND).with_structured(json!([]));
            }
            let text = serde_json::to_string(&all).unwrap_or_default();
            let text = capped(text, &self.results, ctx).await;
            ToolOutput::text(text).with_structured(Value::Array(all))
        })
    }
}

/// `text`, or when it is longer than a tool result may be, the note on the file it was saved
/// to (`<tool_use_id>.txt` in the results folder).
async fn capped(text: String, results: &ResultsRoot, ctx: &ToolContext) -> String {
    if text.chars().count() <= RESULT_CAP_CHARS {
        return text;
    }
    let Some(dir) = results.dir(ctx) else {
        return text;
    };
    let file = format!("{}.txt", ctx.tool_use_id);
    persist_as(&dir, &file, &text).await.unwrap_or(text)
}

/// One server's resources, each with its `server`; none when it has none to give or its
/// listing fails (the reference says nothing of the failure).
async fn list_one(link: &Link) -> Vec<Value> {
    let Some(channel) = link.channel.as_deref().filter(|_| link.resources) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut cursor: Option<Value> = None;
    // A server that hands back the same cursor forever stops after this many pages.
    for _ in 0..1000 {
        let params = match &cursor {
            Some(c) => json!({"cursor": c}),
            None => json!({}),
        };
        let Ok(page) = channel.request("resources/list", params).await else {
            return Vec::new();
        };
        let Some(items) = page.get("resources").and_then(Value::as_array) else {
            return Vec::new();
        };
        for item in items {
            match resource_entry(item, &link.name) {
                Some(entry) => out.push(entry),
                None => return Vec::new(),
            }
        }
        cursor = page.get("nextCursor").filter(|c| c.is_string()).cloned();
        if cursor.is_none() {
            break;
        }
    }
    out
}

/// A listed resource with the fields the MCP schema knows, in its order, and `server` last;
/// `None` when it lacks a name or uri (the whole listing is then refused).
fn resource_entry(item: &Value, server: &str) -> Option<Value> {
    item.get("name").and_then(Value::as_str)?;
    item.get("uri").and_then(Value::as_str)?;
    let mut entry = Map::new();
    for key in [
        "name",
        "title",
        "icons",
        "uri",
        "description",
        "mimeType",
        "size",
        "annotations",
        "_meta",
    ] {
        if let Some(v) = item.get(key).filter(|v| !v.is_null()) {
            entry.insert(key.into(), v.clone());
        }
    }
    entry.insert("server".into(), json!(server));
    Some(Value::Object(entry))
}

/// `ReadMcpResourceTool`.
struct ReadResource {
    links: Arc<Vec<Link>>,
    results: ResultsRoot,
}

impl Tool for ReadResource {
    fn name(&self) -> &str {
        READ
    }
    fn description(&self) -> String {
        "Reads one resource of an MCP server by its URI (as ListMcpResourcesTool gives it). \
         Text comes back as it is; binary content is saved to a file whose path is given.\n\n\
         - server (required): the MCP server to read from\n\
         - uri (required): the resource's URI"
            .into()
    }
    fn input_schema(&self) -> Value {
        server_schema(true, "The resource URI to read")
    }
    /// Unknown keys are dropped, not refused, as the reference's checker does.
    fn validation_schema(&self) -> Value {
        lax(self.input_schema())
    }
    fn is_read_only(&self, _input: &Value) -> bool {
        true
    }
    fn describe_call(&self, input: &Value) -> Option<String> {
        let (server, uri) = (text_of(input, "server")?, text_of(input, "uri")?);
        Some(format!("Read resource \"{uri}\" from server \"{server}\""))
    }
    fn check_permission(&self, _input: &Value, _ctx: &PermissionContext) -> ToolPermission {
        ToolPermission::Allow
    }
    fn call<'a>(&'a self, input: Value, ctx: &'a ToolContext) -> BoxFuture<'a, ToolOutput> {
        Box::pin(async move {
            let server = text_of(&input, "server").unwrap_or("");
            let uri = text_of(&input, "uri").unwrap_or("");
            let (link, channel) = match resource_server(&self.links, server) {
                Ok(found) => found,
                Err(text) => return failure(text),
            };
            let read = channel.request("resources/read", json!({"uri": uri})).await;
            let result = match read {
                Ok(result) => result,
                Err(CallError::Rpc { code, .. }) if code == METHOD_NOT_FOUND => {
                    return answered_error(format!(
                        "Server \"{}\" advertises resource support but does not implement resource reads.",
                        link.name
                    ))
                }
                Err(CallError::Rpc { code, .. }) if code == RESOURCE_NOT_FOUND => {
                    return answered_error(format!(
                        "Resource not found: {uri} \u{2014} it may have been deleted or the URI is stale. Re-run {LIST} to refresh."
                    ))
                }
                Err(other) => return failure(other.text(&link.name)),
            };
            if let Some(issues) = invalid_read_result(&result) {
                return failure(format!("Invalid result for resources/read: {issues}"));
            }
            let items = result
                .get("contents")
                .and_then(Value::as_array)
                .map_or(&[][..], Vec::as_slice);
            let mut contents = Vec::with_capacity(items.len());
            for (k, item) in items.iter().enumerate() {
                contents.push(self.content(link, k, item, ctx).await);
            }
            let data = json!({ "contents": contents });
            let text = serde_json::to_string(&data).unwrap_or_default();
            let text = capped(text, &self.results, ctx).await;
            ToolOutput::text(text).with_structured(data)
        })
    }
}

/// A read that got an answer saying why it has nothing: not a failed call.
fn answered_error(text: String) -> ToolOutput {
    ToolOutput::text(text.clone()).with_structured(json!({"contents": [], "error": text}))
}

impl ReadResource {
    /// One item of the answer: text as it is; binary content saved, with a note in its place.
    async fn content(&self, link: &Link, k: usize, item: &Value, ctx: &ToolContext) -> Value {
        let uri = item.get("uri").cloned().unwrap_or(Value::Null);
        let mime = item.get("mimeType").and_then(Value::as_str);
        let mut out = Map::new();
        out.insert("uri".into(), uri.clone());
        if let Some(text) = item.get("text") {
            if let Some(m) = mime {
                out.insert("mimeType".into(), json!(m));
            }
            out.insert("text".into(), text.clone());
            return Value::Object(out);
        }
        let blob = item.get("blob").and_then(Value::as_str).unwrap_or("");
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(blob)
            .unwrap_or_default();
        let mime = mime
            .map(str::to_string)
            .or_else(|| oxagent_core::content::sniff_image(&bytes).map(str::to_string));
        if let Some(m) = &mime {
            out.insert("mimeType".into(), json!(m));
        }
        let Some(dir) = self.results.dir(ctx) else {
            out.insert(
                "text".into(),
                json!("Binary content could not be saved to disk: no folder for tool results"),
            );
            return Value::Object(out);
        };
        let millis = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis());
        let ext = extension(mime.as_deref().unwrap_or(""));
        let file = format!("mcp-resource-{millis}-{k}-{}.{ext}", ctx.tool_use_id);
        let path = dir.join(file);
        if !write(&dir, &path, &bytes).await {
            out.insert(
                "text".into(),
                json!(format!(
                    "Binary content could not be saved to disk: cannot write {}",
                    path.display()
                )),
            );
            return Value::Object(out);
        }
        let shown = path.display().to_string();
        out.insert("blobSavedTo".into(), json!(shown));
        out.insert(
            "text".into(),
            json!(format!(
                "[Resource from {} at {}] Binary content ({}, {} bytes) saved to {shown}",
                link.name,
                uri.as_str().unwrap_or(""),
                mime.as_deref().unwrap_or("unknown type"),
                bytes.len()
            )),
        );
        Value::Object(out)
    }
}

/// The schema issues of a `resources/read` answer, pretty-printed as the reference's schema
/// checker words them; none when it is well formed.
fn invalid_read_result(result: &Value) -> Option<String> {
    let issue = |path: Value, expected: &str, got: &Value| {
        json!({
            "expected": expected,
            "code": "invalid_type",
            "path": path,
            "message": format!("Invalid input: expected {expected}, received {}", type_name(got)),
        })
    };
    let mut issues = Vec::new();
    match result.get("contents") {
        Some(Value::Array(items)) => {
            for (i, item) in items.iter().enumerate() {
                if !item.is_object() {
                    issues.push(issue(json!(["contents", i]), "object", item));
                    continue;
                }
                if !item.get("uri").is_some_and(Value::is_string) {
                    let got = item.get("uri").unwrap_or(&Value::Null);
                    issues.push(issue(json!(["contents", i, "uri"]), "string", got));
                    continue;
                }
                let text = item.get("text").is_some_and(Value::is_string);
                let blob = item.get("blob").is_some_and(Value::is_string);
                if !text && !blob {
                    let missing = |k: &str| item.get(k).unwrap_or(&Value::Null).clone();
                    issues.push(json!({
                        "code": "invalid_union",
                        "errors": [
                            [issue(json!(["text"]), "string", &missing("text"))],
                            [issue(json!(["blob"]), "string", &missing("blob"))],
                        ],
                        "path": ["contents", i],
                        "message": "Invalid input",
                    }));
                }
            }
        }
        other => issues.push(issue(
            json!(["contents"]),
            "array",
            other.unwrap_or(&Value::Null),
        )),
    }
    if issues.is_empty() {
        return None;
    }
    Some(pretty(&Value::Array(issues)))
}

/// How the schema checker names what it got; a missing field reads as `undefined`.
fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "undefined",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// JSON with two-space indents, as `JSON.stringify(v, null, 2)`.
fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_default()
}

/// `ReadMcpResourceDirTool`: finds the server as the other tools do, then says that this
/// build lists no directories (as the reference's does).
struct ReadResourceDir {
    links: Arc<Vec<Link>>,
}

impl Tool for ReadResourceDir {
    fn name(&self) -> &str {
        READ_DIR
    }
    fn description(&self) -> String {
        "Lists the direct children of a directory resource of an MCP server \
         (`resources/directory/read`), for servers that declare directory listing.\n\n\
         - server (required): the MCP server\n\
         - uri (required): the directory resource's URI"
            .into()
    }
    fn input_schema(&self) -> Value {
        server_schema(true, "The directory resource URI to list")
    }
    /// Unknown keys are dropped, not refused, as the reference's checker does.
    fn validation_schema(&self) -> Value {
        lax(self.input_schema())
    }
    fn is_read_only(&self, _input: &Value) -> bool {
        true
    }
    fn describe_call(&self, input: &Value) -> Option<String> {
        let (server, uri) = (text_of(input, "server")?, text_of(input, "uri")?);
        Some(format!(
            "List directory resource \"{uri}\" from server \"{server}\""
        ))
    }
    /// A call to a known server is refused (no directory listing here), as a permission
    /// denial; one to an unknown server runs, to say so.
    fn refusal(&self, input: &Value) -> Option<Denial> {
        let server = text_of(input, "server").unwrap_or("");
        if matching(&self.links, server).is_empty() {
            return None;
        }
        Some(Denial {
            message: DIR_LISTING_OFF.into(),
            reason_type: Some("other".into()),
            reason: Some("directory listing off".into()),
            code: None,
            unanswered: false,
        })
    }
    fn check_permission(&self, _input: &Value, _ctx: &PermissionContext) -> ToolPermission {
        ToolPermission::Allow
    }
    fn call<'a>(&'a self, input: Value, _ctx: &'a ToolContext) -> BoxFuture<'a, ToolOutput> {
        Box::pin(async move {
            let server = text_of(&input, "server").unwrap_or("");
            if let Err(text) = resource_server(&self.links, server) {
                return failure(text);
            }
            failure(DIR_LISTING_OFF.into())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listed_resources_keep_the_schema_fields_in_order() {
        let item = json!({"extra": 1, "size": 12, "_meta": {"k": "v"}, "mimeType": "text/plain",
                          "uri": "docs://full", "title": "Full", "name": "full"});
        let entry = resource_entry(&item, "docs").unwrap_or_default();
        assert_eq!(
            serde_json::to_string(&entry).unwrap_or_default(),
            r#"{"name":"full","title":"Full","uri":"docs://full","mimeType":"text/plain","size":12,"_meta":{"k":"v"},"server":"docs"}"#
        );
        assert_eq!(resource_entry(&json!({"name": "x"}), "docs"), None);
    }

    #[test]
    fn a_read_item_without_content_is_refused_as_the_reference_words_it() {
        let issues =
            invalid_read_result(&json!({"contents": [{"uri": "a", "text": "ok"}, {"uri": "b"}]}));
        let issues: Value = serde_json::from_str(&issues.unwrap_or_default()).unwrap_or_default();
        assert_eq!(issues[0]["code"], "invalid_union");
        assert_eq!(issues[0]["path"], json!(["contents", 1]));
        assert_eq!(
            issues[0]["errors"][1][0]["message"],
            "Invalid input: expected string, received undefined"
        );
        assert_eq!(invalid_read_result(&json!({"contents": []})), None);
    }

    #[test]
    fn servers_are_found_by_name_then_by_tool_name() {
        let link = |name: &str| Link {
            name: name.into(),
            connected: false,
            channel: None,
            resources: true,
        };
        let links = vec![link("my docs"), link("calc")];
        assert_eq!(matching(&links, "my_docs").len(), 1);
        assert_eq!(
            resource_server(&links, "x").err().unwrap_or_default(),
            "Server \"x\" not found. Available servers: my docs, calc"
        );
        assert_eq!(
            resource_server(&links, "calc").err().unwrap_or_default(),
            "Server \"calc\" is not connected"
        );
        assert_eq!(
            oxagent_core::content::sniff_image(b"\x89PNG\r\n\x1a\n...."),
            Some("image/png")
        );
        assert_eq!(oxagent_core::content::sniff_image(b"%PDF-1.4"), None);
    }
}
