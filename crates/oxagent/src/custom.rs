//! Tools written in Rust: an async function over a typed input becomes a tool the model can
//! call, its input schema derived from the input type.
//!
//! ```
//! use oxagent::custom::{tool, ToolList};
//! #[derive(serde::Deserialize, schemars::JsonSchema)]
//! struct Add {
//!     /// The first number.
//!     a: f64,
//!     b: f64,
//! }
//! let add = tool("add", "Adds two numbers", |input: Add| async move {
//!     format!("{}", input.a + input.b)
//! });
//! let options = oxagent::Options {
//!     custom_tools: ToolList::from(vec![add.into_tool()]),
//!     allowed_tools: vec!["add".into()],
//!     ..Default::default()
//! };
//! assert_eq!(options.custom_tools.names(), ["add"]);
//! ```
//!
//! The same tools can be grouped as an in-process MCP server
//! ([`crate::McpServer::InProcess`]): the model then sees them as `mcp__<server>__<tool>`,
//! as the documented SDKs name the tools of `create_sdk_mcp_server`.

use std::future::Future;
use std::marker::PhantomData;
use std::sync::Arc;

use futures::future::BoxFuture;
use oxagent_core::tool::{Tool, ToolContext, ToolOutput};
use serde::de::DeserializeOwned;
use serde_json::Value;

pub use oxagent_core::tool::ToolList;

/// What a tool function may return.
pub trait IntoToolOutput {
    fn into_tool_output(self) -> ToolOutput;
}

impl IntoToolOutput for ToolOutput {
    fn into_tool_output(self) -> ToolOutput {
        self
    }
}

/// Text: what the model reads; the caller's `tool_use_result` is the content list, as for
/// an MCP tool.
impl IntoToolOutput for String {
    fn into_tool_output(self) -> ToolOutput {
        let content = serde_json::json!([{"type": "text", "text": self}]);
        ToolOutput::text(self).with_structured(content)
    }
}

impl IntoToolOutput for &str {
    fn into_tool_output(self) -> ToolOutput {
        self.to_string().into_tool_output()
    }
}

/// `Err` is a failed call: the model reads the error's text, the caller `Error: <text>`.
impl<T: IntoToolOutput, E: std::fmt::Display> IntoToolOutput for Result<T, E> {
    fn into_tool_output(self) -> ToolOutput {
        match self {
            Ok(out) => out.into_tool_output(),
            Err(e) => {
                let text = e.to_string();
                let caller = serde_json::json!(format!("Error: {text}"));
                ToolOutput::error(text).with_structured(caller)
            }
        }
    }
}

/// A tool made of an async function. See the module docs.
pub struct FnTool<I, F> {
    name: String,
    description: String,
    schema: Value,
    read_only: bool,
    function: F,
    input: PhantomData<fn(I)>,
}

/// A tool named `name` that runs `function` on its input, read as `I`. The input schema the
/// model sees is `I`'s JSON Schema (doc comments become descriptions).
pub fn tool<I, F, Fut>(name: &str, description: &str, function: F) -> FnTool<I, F>
where
    I: DeserializeOwned + schemars::JsonSchema + Send + 'static,
    F: Fn(I) -> Fut + Send + Sync + 'static,
    Fut: Future + Send + 'static,
    Fut::Output: IntoToolOutput,
{
    FnTool {
        name: name.to_string(),
        description: description.to_string(),
        schema: input_schema::<I>(),
        read_only: false,
        function,
        input: PhantomData,
    }
}

/// `I`'s JSON Schema as a Messages API `input_schema`: an object schema, without the
/// `$schema` and `title` keys the API does not need.
pub fn input_schema<I: schemars::JsonSchema>() -> Value {
    let mut schema = serde_json::to_value(schemars::schema_for!(I)).unwrap_or(Value::Null);
    if let Value::Object(m) = &mut schema {
        m.remove("$schema");
        m.remove("title");
    }
    schema
}

impl<I, F> FnTool<I, F> {
    /// Marks the tool as one that only reads: its calls may run beside other read-only ones.
    pub fn read_only(mut self) -> Self {
        self.read_only = true;
        self
    }
}

impl<I, F, Fut> FnTool<I, F>
where
    I: DeserializeOwned + Send + 'static,
    F: Fn(I) -> Fut + Send + Sync + 'static,
    Fut: Future + Send + 'static,
    Fut::Output: IntoToolOutput,
{
    pub fn into_tool(self) -> Arc<dyn Tool> {
        Arc::new(self)
    }
}

impl<I, F, Fut> Tool for FnTool<I, F>
where
    I: DeserializeOwned + Send + 'static,
    F: Fn(I) -> Fut + Send + Sync + 'static,
    Fut: Future + Send + 'static,
    Fut::Output: IntoToolOutput,
{
    fn name(&self) -> &str {
        &self.name
    }

    fn description(&self) -> String {
        self.description.clone()
    }

    fn input_schema(&self) -> Value {
        self.schema.clone()
    }

    fn is_read_only(&self, _input: &Value) -> bool {
        self.read_only
    }

    fn call<'a>(&'a self, input: Value, _ctx: &'a ToolContext) -> BoxFuture<'a, ToolOutput> {
        // The loop checked the input against the schema; what serde still refuses is a
        // schema the type does not fully express.
        match serde_json::from_value::<I>(input) {
            Ok(input) => {
                let running = (self.function)(input);
                Box::pin(async move { running.await.into_tool_output() })
            }
            Err(e) => {
                let text = format!(
                    "<tool_use_error>InputValidationError: {} failed: {e}</tool_use_error>",
                    self.name
                );
                Box::pin(async move { ToolOutput::error(text) })
            }
        }
    }
}
