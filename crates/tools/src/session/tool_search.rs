//! The ToolSearch tool: loads deferred tools on demand.
//!
//! Tools the session defers (see [`DeferredTools`]) are not sent with requests; the model
//! knows their names from this tool's description and asks for the ones it needs. A match
//! is answered, as in the reference, with one `tool_reference` block per tool found (the API
//! puts the tool's definition in their place); from the next request on those tools are sent
//! too, and the request adds a text "Tool loaded." after the results that hold references.
//! No match is answered "No matching deferred tools found". Query forms, as in the reference:
//!
//! | query | matches |
//! |---|---|
//! | `select:WebFetch,NotebookEdit` | exactly these names |
//! | `notebook cell` | tools whose name or description has these words, best first |
//! | `+web fetch` | like the above, but `web` must be in the name |

use oxagent_core::content::{ContentBlock, ToolResultContent};
use oxagent_core::tool::{DeferredTools, ToolContext, ToolOutput};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::results::success;
use crate::typed::{as_count, TypedTool};

const DEFAULT_MAX_RESULTS: usize = 5;

/// The input of ToolSearch, as its schema describes it.
#[derive(Deserialize)]
pub struct ToolSearchInput {
    query: String,
    max_results: Option<f64>,
}

/// Searches and loads deferred tools. See the module docs.
pub struct ToolSearchTool {
    deferred: DeferredTools,
}

impl ToolSearchTool {
    pub fn new(deferred: DeferredTools) -> Self {
        ToolSearchTool { deferred }
    }
}

fn name_of(def: &Value) -> &str {
    def.get("name").and_then(Value::as_str).unwrap_or("")
}

/// The definitions `query` selects, best first, at most `max`.
pub fn search(definitions: &[Value], query: &str, max: usize) -> Vec<Value> {
    let query = query.trim();
    if let Some(list) = query.strip_prefix("select:") {
        let wanted: Vec<String> = list
            .split(',')
            .map(|n| n.trim().to_lowercase())
            .filter(|n| !n.is_empty())
            .collect();
        // Every name asked for, whatever `max` says, as the reference answers a select.
        return wanted
            .iter()
            .filter_map(|w| {
                definitions
                    .iter()
                    .find(|d| name_of(d).to_lowercase() == *w)
                    .cloned()
            })
            .collect();
    }
    let mut required = Vec::new();
    let mut terms = Vec::new();
    for word in query.split_whitespace() {
        let word = word.to_lowercase();
        match word.strip_prefix('+') {
            Some(r) if !r.is_empty() => {
                required.push(r.to_string());
                terms.push(r.to_string());
            }
            _ => terms.push(word),
        }
    }
    let mut scored: Vec<(usize, &Value)> = definitions
        .iter()
        .filter_map(|d| {
            let name = name_of(d).to_lowercase();
            if !required.iter().all(|r| name.contains(r.as_str())) {
                return None;
            }
            let description = d
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_lowercase();
            let score: usize = terms
                .iter()
                .map(|t| {
                    if name == *t {
                        10
                    } else if name.contains(t.as_str()) {
                        4
                    } else if description.contains(t.as_str()) {
                        1
                    } else {
                        0
                    }
                })
                .sum();
            (score > 0).then_some((score, d))
        })
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| name_of(a.1).cmp(name_of(b.1))));
    scored
        .into_iter()
        .take(max)
        .map(|(_, d)| d.clone())
        .collect()
}

/// The result content the model reads: a `tool_reference` block per tool found.
fn references(names: &[String]) -> ToolResultContent {
    ToolResultContent::Blocks(
        names
            .iter()
            .map(|n| ContentBlock::Other(json!({"type": "tool_reference", "tool_name": n})))
            .collect(),
    )
}

impl TypedTool for ToolSearchTool {
    const NAME: &'static str = "ToolSearch";
    const READ_ONLY: bool = true;
    const ALWAYS_ALLOWED: bool = true;
    const LABEL_FIELDS: &'static [&'static str] = &["query"];
    // The reference keeps the call as the model wrote it, `max_results` left out.
    const FILLS_DEFAULTS: bool = false;
    type Input = ToolSearchInput;

    fn description(&self) -> String {
        let hidden = self.deferred.hidden_names();
        let listing = if hidden.is_empty() {
            "(none at the moment)".to_string()
        } else {
            hidden.join(", ")
        };
        format!(
            "Loads tools that exist in this session but are not loaded yet, so that you can call \
             them: their names are listed below, and each tool this search finds comes back as \
             a reference to its full definition. Query with `select:Name1,Name2` for exact names, or with \
             keywords (prefix a word with + to require it in the tool name). Load a tool before \
             calling it.\n\nTools not loaded yet: {listing}"
        )
    }

    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "`select:Name1,Name2`, or keywords (`+word` must be in the name)."},
                "max_results": {"default": 5, "type": "number", "description": "How many tools to return at most."}
            },
            "required": ["query"],
            "additionalProperties": false
        })
    }

    // The search needs no waiting: its answer comes while the response still streams, as
    // the reference's does (before a later call's message).
    fn answer_now(&self, input: &Value) -> Option<ToolOutput> {
        let input: ToolSearchInput = serde_json::from_value(input.clone()).ok()?;
        Some(self.answer(&input))
    }

    async fn run(&self, input: ToolSearchInput, _ctx: &ToolContext) -> ToolOutput {
        self.answer(&input)
    }
}

impl ToolSearchTool {
    /// Finds the tools `input` asks for and loads them.
    fn answer(&self, input: &ToolSearchInput) -> ToolOutput {
        let max = as_count(input.max_results)
            .filter(|n| *n > 0)
            .unwrap_or(DEFAULT_MAX_RESULTS);
        let definitions = self.deferred.definitions();
        let found = search(&definitions, &input.query, max);
        let names: Vec<String> = found.iter().map(|d| name_of(d).to_string()).collect();
        self.deferred.load(&names);
        let structured = json!({"matches": names, "query": input.query, "total_deferred_tools": definitions.len()});
        if found.is_empty() {
            return success("No matching deferred tools found", structured);
        }
        let mut out = success("", structured);
        out.content = references(&names);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defs() -> Vec<Value> {
        vec![
            json!({"name": "NotebookEdit", "description": "Changes one cell of a notebook.", "input_schema": {}}),
            json!({"name": "WebFetch", "description": "Fetches a web page.", "input_schema": {"type": "object"}}),
            json!({"name": "WebSearch", "description": "Searches the web.", "input_schema": {}}),
        ]
    }

    fn names(found: &[Value]) -> Vec<&str> {
        found.iter().map(name_of).collect()
    }

    #[test]
    fn select_takes_exact_names_in_the_order_asked() {
        let found = search(&defs(), "select:WebSearch, notebookedit", 5);
        assert_eq!(names(&found), ["WebSearch", "NotebookEdit"]);
    }

    #[test]
    fn keywords_rank_names_over_descriptions() {
        assert_eq!(names(&search(&defs(), "web", 5)), ["WebFetch", "WebSearch"]);
        assert_eq!(names(&search(&defs(), "cell", 5)), ["NotebookEdit"]);
        assert_eq!(names(&search(&defs(), "+search web", 5)), ["WebSearch"]);
        assert_eq!(names(&search(&defs(), "web", 1)), ["WebFetch"]);
        assert!(search(&defs(), "database", 5).is_empty());
    }

    #[test]
    fn found_tools_are_answered_with_references() {
        let content = references(&["WebFetch".to_string()]);
        assert_eq!(
            serde_json::to_value(content).unwrap(),
            json!([{"type": "tool_reference", "tool_name": "WebFetch"}])
        );
    }
}
