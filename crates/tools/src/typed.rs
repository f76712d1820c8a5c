//! Typed tools: a built-in tool names its input as a serde type and states the rest as
//! constants and methods; [`Typed`] makes it an [`oxagent_core::tool::Tool`], parsing the
//! input and wording a failed parse the same way for every tool.
//!
//! ```
//! use oxagent_core::tool::{Tool, ToolContext, ToolOutput};
//! use oxagent_tools::typed::{Typed, TypedTool};
//! use serde_json::{json, Value};
//!
//! #[derive(serde::Deserialize)]
//! struct EchoInput {
//!     text: String,
//! }
//!
//! struct Echo;
//!
//! impl TypedTool for Echo {
//!     const NAME: &'static str = "Echo";
//!     const READ_ONLY: bool = true;
//!     const LABEL_FIELDS: &'static [&'static str] = &["text"];
//!     type Input = EchoInput;
//!
//!     fn description(&self) -> String {
//!         "Repeats `text`.".into()
//!     }
//!
//!     fn input_schema() -> Value {
//!         json!({"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]})
//!     }
//!
//!     async fn run(&self, input: EchoInput, _ctx: &ToolContext) -> ToolOutput {
//!         ToolOutput::text(input.text)
//!     }
//! }
//!
//! let echo = Typed(Echo);
//! assert_eq!(echo.describe_call(&json!({"text": "hi"})).as_deref(), Some("hi"));
//! let ctx = ToolContext {
//!     session_id: "s".into(),
//!     tool_use_id: "toolu_1".into(),
//!     cwd: "/ws".into(),
//!     shell_dir: None,
//!     additional_directories: vec![],
//!     env: Default::default(),
//!     abort: Default::default(),
//!     agent_id: None,
//!     prompt_id: None,
//!     conversation: None,
//!     read_denied: Vec::new(),
//!     permission_mode: Default::default(),
//! };
//! let out = futures::executor::block_on(echo.call(json!({}), &ctx));
//! assert_eq!(
//!     out.content.as_text(),
//!     "<tool_use_error>InputValidationError: Echo failed due to the following issue:\nmissing field `text`</tool_use_error>"
//! );
//! ```

use std::future::Future;

use futures::future::BoxFuture;
use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::tool::{ModeChange, Tool, ToolContext, ToolOutput};
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::results::wrapped_error;

/// A tool whose input is a serde type. Wrap it in [`Typed`] to hand it to the loop.
///
/// The constants cover what most tools decide once for all calls; a tool whose answer
/// depends on the input overrides the method instead ([`TypedTool::is_read_only`],
/// [`TypedTool::check_permission`], [`TypedTool::describe_call`]).
pub trait TypedTool: Send + Sync + 'static {
    /// The name the model calls the tool by.
    const NAME: &'static str;
    /// Every call only reads: it may run beside the other read-only calls of a response.
    const READ_ONLY: bool = false;
    /// Every call runs without asking: the tool only touches the session's own state.
    /// Otherwise the user is asked (see [`ToolPermission::ask_to_use`]).
    const ALWAYS_ALLOWED: bool = false;
    /// The tool reads the file on disk before its permission is decided
    /// ([`Tool::checks_disk_first`]).
    const CHECKS_DISK_FIRST: bool = false;
    /// Only the user can answer a call ([`Tool::requires_user_interaction`]).
    const REQUIRES_USER_INTERACTION: bool = false;
    /// How a successful call changes the permission mode ([`Tool::mode_change`]).
    const MODE_CHANGE: Option<ModeChange> = None;
    /// The input fields that label a call (can_use_tool's `description`): the first one
    /// present, when its value is a string.
    const LABEL_FIELDS: &'static [&'static str] = &["description"];

    /// The input as serde reads it. The model reads the type's name when an input does not
    /// parse (`expected struct ReadInput`), so a rename changes what the model sees.
    type Input: DeserializeOwned + Send;

    /// The description the model reads.
    fn description(&self) -> String;

    /// The input JSON Schema, as data: key order and wording are what the model reads.
    fn input_schema() -> Value;

    /// The schema calls are checked against, when it differs from the one the model reads
    /// ([`Tool::validation_schema`]).
    fn validation_schema() -> Value {
        Self::input_schema()
    }

    /// This tool's schema, shown and checked, when the session changes the type's (Bash
    /// without background commands).
    fn own_schema(&self) -> Option<Value> {
        None
    }

    /// Whether this call only reads.
    fn is_read_only(&self, _input: &Value) -> bool {
        Self::READ_ONLY
    }

    /// Whether this call may run without asking, before rules and callbacks are consulted.
    fn check_permission(&self, _input: &Value, _ctx: &PermissionContext) -> ToolPermission {
        if Self::ALWAYS_ALLOWED {
            ToolPermission::Allow
        } else {
            ToolPermission::ask_to_use(Self::NAME)
        }
    }

    /// See [`Tool::user_modified`].
    fn user_modified(&self, out: ToolOutput, _proposed: &Value, _accepted: &Value) -> ToolOutput {
        out
    }

    /// A call the user must answer in every mode ([`Tool::safety_check`]).
    fn safety_check(
        &self,
        _input: &Value,
        _ctx: &PermissionContext,
    ) -> Option<oxagent_core::permission::evaluate::Prompt> {
        None
    }

    /// A call the user must answer whatever the allow rules say ([`Tool::must_ask`]).
    fn must_ask(&self, _input: &Value) -> Option<oxagent_core::permission::evaluate::Prompt> {
        None
    }

    /// A short human description of the call.
    fn describe_call(&self, input: &Value) -> Option<String> {
        first_string(input, Self::LABEL_FIELDS)
    }

    /// See [`Tool::suppresses_always_allow`].
    fn suppresses_always_allow(&self, _input: &Value) -> bool {
        false
    }

    /// The answer of a call that needs no waiting (see `Tool::answer_now`).
    /// See [`Tool::context_compacted`].
    fn context_compacted(&self, _compaction: &str, _kept_reads: &[String]) {}

    /// See [`Tool::results_sent`].
    fn results_sent(&self) {}

    fn answer_now(&self, _input: &Value) -> Option<ToolOutput> {
        None
    }

    /// See [`Tool::answer_now_for`].
    fn answer_now_for(&self, input: &Value, _agent_id: Option<&str>) -> Option<ToolOutput> {
        self.answer_now(input)
    }

    /// See [`Tool::needs_conversation`].
    fn needs_conversation(&self, _input: &Value) -> bool {
        false
    }

    /// See [`Tool::input_error`].
    fn input_error(&self, _input: &Value) -> Option<String> {
        None
    }

    /// See [`Tool::input_error_for`].
    fn input_error_for(&self, input: &Value, _agent_id: Option<&str>) -> Option<String> {
        self.input_error(input)
    }

    /// See [`Tool::input_error_waits`].
    fn input_error_waits(&self, _input: &Value) -> bool {
        false
    }

    /// See [`Tool::unseen_file`].
    fn unseen_file(&self, _input: &Value, _agent_id: Option<&str>) -> Option<std::path::PathBuf> {
        None
    }

    /// See [`Tool::input_issues`].
    fn input_issues(&self, _input: &Value) -> Vec<Value> {
        Vec::new()
    }

    /// See [`Tool::keeps_strings`].
    const KEEPS_STRINGS: &'static [&'static str] = &[];
    /// See [`Tool::fills_defaults`].
    const FILLS_DEFAULTS: bool = true;

    /// See [`Tool::tidy_input`].
    fn tidy_input(&self, input: Value) -> Value {
        input
    }

    /// See [`Tool::input_as_checked`].
    fn input_as_checked(&self, input: &Value) -> Value {
        input.clone()
    }

    /// See [`Tool::shell_preamble`].
    /// See [`Tool::render_output`].
    fn render_output(&self, _output: &Value) -> Option<oxagent_core::tool::ToolOutput> {
        None
    }

    fn shell_preamble(&self, _input: &Value) -> Option<oxagent_core::tool::ShellPreamble> {
        None
    }

    /// Runs a call whose input parsed.
    fn run(&self, input: Self::Input, ctx: &ToolContext)
        -> impl Future<Output = ToolOutput> + Send;
}

/// A [`TypedTool`] as an [`oxagent_core::tool::Tool`]: the one place inputs are parsed.
pub struct Typed<T>(pub T);

impl<T: TypedTool> Tool for Typed<T> {
    fn render_output(&self, output: &Value) -> Option<oxagent_core::tool::ToolOutput> {
        self.0.render_output(output)
    }

    fn name(&self) -> &str {
        T::NAME
    }

    fn description(&self) -> String {
        self.0.description()
    }

    fn input_schema(&self) -> Value {
        self.0.own_schema().unwrap_or_else(T::input_schema)
    }

    fn validation_schema(&self) -> Value {
        self.0.own_schema().unwrap_or_else(T::validation_schema)
    }

    fn is_read_only(&self, input: &Value) -> bool {
        self.0.is_read_only(input)
    }

    fn checks_disk_first(&self) -> bool {
        T::CHECKS_DISK_FIRST
    }

    fn check_permission(&self, input: &Value, ctx: &PermissionContext) -> ToolPermission {
        self.0.check_permission(input, ctx)
    }

    fn safety_check(
        &self,
        input: &Value,
        ctx: &PermissionContext,
    ) -> Option<oxagent_core::permission::evaluate::Prompt> {
        self.0.safety_check(input, ctx)
    }

    fn user_modified(&self, out: ToolOutput, proposed: &Value, accepted: &Value) -> ToolOutput {
        self.0.user_modified(out, proposed, accepted)
    }

    fn must_ask(&self, input: &Value) -> Option<oxagent_core::permission::evaluate::Prompt> {
        self.0.must_ask(input)
    }

    fn describe_call(&self, input: &Value) -> Option<String> {
        self.0.describe_call(input)
    }

    fn requires_user_interaction(&self) -> bool {
        T::REQUIRES_USER_INTERACTION
    }

    fn suppresses_always_allow(&self, input: &Value) -> bool {
        self.0.suppresses_always_allow(input)
    }

    fn mode_change(&self) -> Option<ModeChange> {
        T::MODE_CHANGE
    }

    fn context_compacted(&self, compaction: &str, kept_reads: &[String]) {
        self.0.context_compacted(compaction, kept_reads)
    }

    fn results_sent(&self) {
        self.0.results_sent()
    }

    fn answer_now(&self, input: &Value) -> Option<ToolOutput> {
        self.0.answer_now(input)
    }

    fn answer_now_for(&self, input: &Value, agent_id: Option<&str>) -> Option<ToolOutput> {
        self.0.answer_now_for(input, agent_id)
    }

    fn needs_conversation(&self, input: &Value) -> bool {
        self.0.needs_conversation(input)
    }

    fn input_error(&self, input: &Value) -> Option<String> {
        self.0.input_error(input)
    }

    fn input_error_for(&self, input: &Value, agent_id: Option<&str>) -> Option<String> {
        self.0.input_error_for(input, agent_id)
    }

    fn input_error_waits(&self, input: &Value) -> bool {
        self.0.input_error_waits(input)
    }

    fn unseen_file(&self, input: &Value, agent_id: Option<&str>) -> Option<std::path::PathBuf> {
        self.0.unseen_file(input, agent_id)
    }

    fn input_issues(&self, input: &Value) -> Vec<Value> {
        self.0.input_issues(input)
    }

    fn keeps_strings(&self) -> &'static [&'static str] {
        T::KEEPS_STRINGS
    }
    fn fills_defaults(&self) -> bool {
        T::FILLS_DEFAULTS
    }

    fn tidy_input(&self, input: Value) -> Value {
        self.0.tidy_input(input)
    }

    fn input_as_checked(&self, input: &Value) -> Value {
        self.0.input_as_checked(input)
    }

    fn shell_preamble(&self, input: &Value) -> Option<oxagent_core::tool::ShellPreamble> {
        self.0.shell_preamble(input)
    }

    fn call<'a>(&'a self, input: Value, ctx: &'a ToolContext) -> BoxFuture<'a, ToolOutput> {
        Box::pin(async move {
            // A number kept as the model spelt it (`keeps_strings`) is read as the number.
            let input = oxagent_core::validate::coerce_input(&T::input_schema(), &input);
            match parse_input::<T::Input>(T::NAME, input) {
                Ok(input) => self.0.run(input, ctx).await,
                Err(out) => out,
            }
        })
    }
}

/// Parses a tool input. The loop validates inputs against the schema first, so a failure here
/// is rare; it still becomes an error result, worded as the reference words it, rather than a
/// panic.
pub fn parse_input<T: DeserializeOwned>(tool: &str, input: Value) -> Result<T, ToolOutput> {
    serde_json::from_value(input).map_err(|e| {
        wrapped_error(format!(
            "InputValidationError: {tool} failed due to the following issue:\n{e}"
        ))
    })
}

/// The value of the first of `fields` present in `input`, if it is a string.
pub fn first_string(input: &Value, fields: &[&str]) -> Option<String> {
    fields
        .iter()
        .find_map(|f| input.get(f))
        .and_then(Value::as_str)
        .map(str::to_string)
}

/// A JSON number input (the schema says `number`, so `3`, `3.0` and `-1` all arrive) as a
/// count: negatives and NaN become 0, fractions are cut.
pub fn as_count(value: Option<f64>) -> Option<usize> {
    value.map(|v| {
        if v.is_finite() && v > 0.0 {
            v as usize
        } else {
            0
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_first_label_field_present_decides_even_when_it_is_not_text() {
        let fields = &["description", "command"];
        let label = |input: Value| first_string(&input, fields);
        assert_eq!(label(json!({"command": "ls"})).as_deref(), Some("ls"));
        assert_eq!(
            label(json!({"description": "List", "command": "ls"})).as_deref(),
            Some("List")
        );
        assert_eq!(label(json!({"description": null, "command": "ls"})), None);
        assert_eq!(label(json!("ls")), None);
    }

    #[test]
    fn counts_from_json_numbers() {
        assert_eq!(as_count(Some(3.7)), Some(3));
        assert_eq!(as_count(Some(-1.0)), Some(0));
        assert_eq!(as_count(Some(f64::NAN)), Some(0));
        assert_eq!(as_count(None), None);
    }
}
