//! The tools of one session and their request definitions.
//!
//! The context meter counts the characters of every tool's `tools` entry (name, description,
//! input schema) each round of every session. Building and serializing each definition for
//! that was about a fifth of the CPU of 1,000 sessions; the count is now kept per tool and
//! taken again only when the tool's description changes (the Agent and Skill tools list what
//! the session has). A tool's input schema is fixed for its life. Only the count and a hash
//! of the description are kept: the definitions themselves would be about 15 KB a session.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};

use serde_json::Value;

use crate::sync::lock;
use crate::tool::{api_definition, DeferredTools, Tool};

/// The length of `,"defer_loading":true` in a definition's compact JSON.
const DEFER_LOADING_CHARS: usize = 21;

/// The tools of one session, in the order the model sees them.
#[derive(Clone, Default)]
pub struct ToolRegistry {
    tools: Vec<Entry>,
    deferred: DeferredTools,
}

/// A tool with the size of its definition as last counted. Clones of a registry share the
/// counts of the tools they share.
#[derive(Clone)]
struct Entry {
    tool: Arc<dyn Tool>,
    counted: Arc<Mutex<Option<Counted>>>,
}

#[derive(Clone, Copy)]
struct Counted {
    description: u64,
    /// The length of the definition as compact JSON.
    chars: usize,
}

fn hash(text: &str) -> u64 {
    let mut h = DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

impl Entry {
    fn new(tool: Arc<dyn Tool>) -> Self {
        Entry {
            tool,
            counted: Arc::default(),
        }
    }

    fn name(&self) -> &str {
        self.tool.name()
    }

    /// The length of the tool's definition as compact JSON, counted again if its
    /// description changed.
    fn chars(&self) -> usize {
        let description = hash(&self.tool.description());
        let mut slot = lock(&self.counted);
        match *slot {
            Some(c) if c.description == description => c.chars,
            _ => {
                let definition = api_definition(self.tool.as_ref());
                let chars = serde_json::to_string(&definition).map_or(0, |s| s.len());
                *slot = Some(Counted { description, chars });
                chars
            }
        }
    }
}

impl ToolRegistry {
    pub fn new(tools: Vec<Arc<dyn Tool>>) -> Self {
        ToolRegistry {
            tools: tools.into_iter().map(Entry::new).collect(),
            deferred: DeferredTools::default(),
        }
    }

    /// Holds back the named tools from requests until looked up in `deferred` (which the
    /// session's search tool shares). Names not in the registry are ignored.
    pub fn defer(&mut self, deferred: DeferredTools, names: &[&str]) {
        for entry in self.tools.iter().filter(|e| names.contains(&e.name())) {
            deferred.defer(entry.tool.clone());
        }
        self.deferred = deferred;
    }

    /// The deferral state requests are built with.
    pub fn deferred(&self) -> &DeferredTools {
        &self.deferred
    }

    pub fn push(&mut self, tool: Arc<dyn Tool>) {
        self.tools.retain(|e| e.name() != tool.name());
        self.tools.push(Entry::new(tool));
    }

    pub fn get(&self, name: &str) -> Option<&Arc<dyn Tool>> {
        self.tools
            .iter()
            .find(|e| e.name() == name)
            .map(|e| &e.tool)
    }

    pub fn names(&self) -> Vec<String> {
        self.tools.iter().map(|e| e.name().to_string()).collect()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Arc<dyn Tool>> {
        self.tools.iter().map(|e| &e.tool)
    }

    /// Keeps only the tools `keep` accepts.
    pub fn retain(&mut self, mut keep: impl FnMut(&str) -> bool) {
        self.tools.retain(|e| keep(e.name()));
    }

    /// The entries requests carry: every tool but the deferred ones not looked up yet.
    fn sent(&self) -> impl Iterator<Item = &Entry> {
        self.tools
            .iter()
            .filter(|e| !self.deferred.is_hidden(e.name()))
    }

    /// The `tools` array of a Messages API request. A deferred tool the model looked up goes
    /// with `defer_loading: true`, as the reference sends it: the API puts its definition
    /// where ToolSearch's `tool_reference` names it.
    pub fn api_definitions(&self) -> Vec<Value> {
        self.sent()
            .map(|e| {
                let mut d = api_definition(e.tool.as_ref());
                if self.deferred.is_deferred(e.name()) {
                    d["defer_loading"] = Value::Bool(true);
                }
                d
            })
            .collect()
    }

    /// The length, as compact JSON, of what [`api_definitions`](Self::api_definitions)
    /// returns (each definition on its own), without building or serializing them again.
    pub fn api_definitions_chars(&self) -> usize {
        self.sent()
            .map(|e| {
                let flag = if self.deferred.is_deferred(e.name()) {
                    DEFER_LOADING_CHARS
                } else {
                    0
                };
                e.chars() + flag
            })
            .sum()
    }
}

impl std::fmt::Debug for ToolRegistry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.tools.iter().map(Entry::name))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use serde_json::json;

    use super::*;
    use crate::tool::{ToolContext, ToolOutput};

    /// A tool whose description lists `items` (as the Agent tool lists agents) and which
    /// counts how often its schema is built.
    #[derive(Default)]
    struct Listing {
        items: Mutex<Vec<String>>,
        schemas_built: AtomicUsize,
    }

    impl Tool for Listing {
        fn name(&self) -> &str {
            "Listing"
        }
        fn description(&self) -> String {
            format!("Lists: {}", lock(&self.items).join(", "))
        }
        fn input_schema(&self) -> Value {
            self.schemas_built.fetch_add(1, Ordering::Relaxed);
            json!({"type": "object", "properties": {"x": {"type": "string"}}})
        }
        fn call<'a>(
            &'a self,
            _: Value,
            _: &'a ToolContext,
        ) -> futures::future::BoxFuture<'a, ToolOutput> {
            Box::pin(async { ToolOutput::error("not called here") })
        }
    }

    #[test]
    fn definitions_are_counted_once_and_again_when_the_description_changes() {
        let tool = Arc::new(Listing::default());
        let registry = ToolRegistry::new(vec![tool.clone()]);
        let first = registry.api_definitions();
        assert_eq!(first[0]["description"], "Lists: ");
        let built = tool.schemas_built.load(Ordering::Relaxed);
        for _ in 0..3 {
            assert_eq!(
                registry.api_definitions_chars(),
                serde_json::to_string(&first[0]).unwrap().len()
            );
        }
        assert_eq!(tool.schemas_built.load(Ordering::Relaxed), built + 1);

        lock(&tool.items).push("reviewer".into());
        assert_eq!(
            registry.api_definitions_chars(),
            r#"{"description":"Lists: reviewer","input_schema":{"properties":{"x":{"type":"string"}},"type":"object"},"name":"Listing"}"#.len()
        );
        assert_eq!(tool.schemas_built.load(Ordering::Relaxed), built + 2);
        let second = registry.api_definitions();
        assert_eq!(second[0]["description"], "Lists: reviewer");
    }

    #[test]
    fn deferred_tools_are_neither_sent_nor_counted_until_looked_up() {
        let tool = Arc::new(Listing::default());
        let mut registry = ToolRegistry::new(vec![tool]);
        let deferred = DeferredTools::default();
        registry.defer(deferred.clone(), &["Listing"]);
        assert!(registry.api_definitions().is_empty());
        assert_eq!(registry.api_definitions_chars(), 0);
        deferred.load(["Listing"]);
        assert_eq!(registry.api_definitions().len(), 1);
        assert!(registry.api_definitions_chars() > 0);
    }
}
