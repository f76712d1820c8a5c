//! An agent stopped before it finished (stop_task, or an interrupt of the session): its
//! task messages, said when it is stopped.
//!
//! ```text
//! foreground   task_updated {killed}, task_notification {stopped}; the call's result
//! background   the same, background_tasks_changed, the agent's "[Request interrupted by user]";
//!              by stop_task: a turn in which the model reads that the agent was stopped
//! ```

use std::path::PathBuf;

use oxagent_core::agent::Emit;
use oxagent_core::message::{Message, SubagentMark, UserMessage};
use oxagent_core::protocol::system::{
    SystemBody, SystemMessage, TaskNotification, TaskPatch, TaskUpdated,
};
use oxagent_core::{ContentBlock, UserContent};

use super::{StopCause, SubagentContext};

/// What announcing an agent's stop needs.
#[derive(Debug, Clone)]
pub(crate) struct StopInfo {
    pub agent_id: String,
    pub run_id: String,
    pub tool_use_id: String,
    pub description: String,
    pub output_file: PathBuf,
    pub mark: SubagentMark,
}

fn messages(info: &StopInfo) -> Vec<SystemBody> {
    vec![
        SystemBody::TaskUpdated(TaskUpdated {
            task_id: info.agent_id.clone(),
            run_id: info.run_id.clone(),
            patch: TaskPatch {
                status: "killed".into(),
                error: None,
            },
        }),
        SystemBody::TaskNotification(TaskNotification {
            task_id: info.agent_id.clone(),
            run_id: info.run_id.clone(),
            tool_use_id: info.tool_use_id.clone(),
            status: "stopped".into(),
            output_file: info.output_file.to_string_lossy().into_owned(),
            summary: info.description.clone(),
            usage: None,
            summary_is_report: None,
            skip_transcript: None,
            ambient: None,
        }),
    ]
}

/// A foreground agent stopped: its task messages, before its call's result.
pub(crate) fn announce_foreground(context: &SubagentContext, info: &StopInfo) {
    let out: &dyn Emit = &context.events;
    for body in messages(info) {
        out.emit(Message::System(SystemMessage::new(
            body,
            uuid::Uuid::new_v4().to_string(),
            context.config.session_id.clone(),
        )));
    }
}

/// A background agent stopped: its task messages and the note that it was interrupted go
/// out now; stopped by stop_task, a turn tells the model.
pub(crate) fn announce_background(context: &SubagentContext, info: &StopInfo, cause: StopCause) {
    let bare = super::report::stopped_notification(
        &info.agent_id,
        &info.tool_use_id,
        &info.output_file,
        &info.description,
    );
    match cause {
        StopCause::StopTask => context.board.finished(
            &info.agent_id,
            messages(info),
            vec![super::report::wrapped(&bare)],
            bare,
        ),
        // An interrupt: nothing more runs until the caller's next prompt.
        StopCause::Interrupt => context.board.ended_quietly(&info.agent_id, messages(info)),
    }
    let mut note = UserMessage::prompt(UserContent::Blocks(vec![ContentBlock::text(
        oxagent_core::prompts::INTERRUPTED,
    )]));
    note.parent_tool_use_id = Some(info.tool_use_id.clone());
    note.subagent = Some(info.mark.clone());
    note.uuid = Some(uuid::Uuid::new_v4().to_string());
    note.session_id = Some(context.config.session_id.clone());
    let out: &dyn Emit = &context.events;
    out.emit(Message::User(note));
}
