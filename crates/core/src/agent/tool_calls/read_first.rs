//! Whether a call that changes an existing file the model has not seen is refused as not
//! read yet, before any other check of its input: when the model is one of those the
//! reference keeps to reading first, or when the model could not read that file without
//! being asked (an `ask` rule for Read, a file outside the working directories). Otherwise
//! the write goes ahead and says the file was not in the model's context (see the Edit
//! tool). A session without the Read tool refuses such writes in the tools themselves
//! (`FileState::require_reads`).

use serde_json::json;

use crate::agent::deps::Deps;
use crate::agent::view::SessionView;
use crate::permission::evaluate::{evaluate, Outcome};
use crate::tool::Tool;

use super::call::Call;
use super::permission::permission_context;

/// The models that must read a file before they change it, whatever the permissions
/// (probed on each model: fuzz-h/fh_106, fh_113).
const MUST_READ_FIRST: &[&str] = &[
    "claude-opus-4-6",
    "claude-haiku-4-5",
    "claude-opus-4-5",
    "claude-opus-4-1",
    "claude-opus-4-0",
    "claude-opus-4",
    "claude-sonnet-4-5",
    "claude-sonnet-4-0",
    "claude-sonnet-4",
    "claude-3-7-sonnet",
    "claude-3-5-sonnet",
    "claude-3-5-haiku",
];

/// Whether `model` must read a file before it changes it.
pub(crate) fn model_reads_first(model: &str) -> bool {
    MUST_READ_FIRST.contains(&crate::usage::canonical_model(model))
}

/// The refusal of `call` for want of a read, if it has one.
pub(crate) fn refusal(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    tool: &dyn Tool,
    call: &Call,
) -> Option<String> {
    let agent = session
        .config
        .subagent
        .as_ref()
        .map(|r| r.agent_id.as_str());
    let path = tool.unseen_file(&call.input, agent)?;
    // One context for both verdicts, in the mode each tool is judged in.
    let mut ctx = permission_context(session);
    let mode = ctx.mode;
    ctx.mode = session.live.mode_for(tool.name(), mode);
    // A file in a directory the rules deny is refused as such first (fa_links_edit_deny_*).
    if let Outcome::ToolError(_) = evaluate(tool, &call.input, &ctx, None) {
        return None;
    }
    // What the rules and the mode say of a read of the file; without a Read tool this is
    // left to the tools (`FileState::require_reads`).
    let read_verdict = deps.tools.get("Read").map(|read| {
        ctx.mode = session.live.mode_for("Read", mode);
        let input = json!({"file_path": path.to_string_lossy()});
        evaluate(read.as_ref(), &input, &ctx, None)
    });
    let must = match read_verdict {
        // A rule that refuses the read is the permission check's to tell (fh_005, fh_103).
        Some(Outcome::Deny(d)) if d.reason_type.as_deref() == Some("rule") => false,
        Some(Outcome::ToolError(_)) => false,
        // A read that would be asked about, or refused for want of asking (dontAsk).
        Some(Outcome::Ask(_) | Outcome::Deny(_)) => true,
        _ => model_reads_first(&session.live.model()),
    };
    must.then(|| crate::tool::NOT_READ_YET.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_models_that_read_first() {
        for m in [
            "claude-sonnet-4-5-20250929",
            "claude-haiku-4-5",
            "claude-opus-4-6",
            "claude-sonnet-4",
        ] {
            assert!(model_reads_first(m), "{m}");
        }
        for m in [
            "claude-opus-5-5",
            "claude-sonnet-4-6",
            "claude-opus-4-7",
            "claude-haiku-5-5",
        ] {
            assert!(!model_reads_first(m), "{m}");
        }
    }
}
