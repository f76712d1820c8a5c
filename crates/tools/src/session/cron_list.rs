//! The CronList tool: lists the session's scheduled prompts.
//!
//! The reference can schedule prompts in a session (CronCreate, CronDelete); oxagent
//! schedules nothing, so the list is always empty. The tool is there so that a model that
//! calls it (it is deferred behind ToolSearch, and callable before it is looked up, as in the
//! reference) gets the reference's answer for an empty list: "No scheduled jobs." with
//! `{"jobs": []}` as the structured result.

use oxagent_core::tool::{ToolContext, ToolOutput};
use serde_json::{json, Value};

use crate::results::success;
use crate::typed::TypedTool;

/// What the model reads when nothing is scheduled.
const NO_JOBS: &str = "No scheduled jobs.";

/// Lists scheduled prompts (none in oxagent). See the module docs.
pub struct CronListTool;

impl TypedTool for CronListTool {
    const NAME: &'static str = "CronList";
    const READ_ONLY: bool = true;
    const ALWAYS_ALLOWED: bool = true;
    type Input = Value;

    fn description(&self) -> String {
        "Shows the prompts scheduled to run later in this session, with their schedules. \
         This session cannot schedule prompts, so the list is empty."
            .to_string()
    }

    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {},
            "additionalProperties": false
        })
    }

    async fn run(&self, _input: Value, _ctx: &ToolContext) -> ToolOutput {
        success(NO_JOBS, json!({"jobs": []}))
    }
}
