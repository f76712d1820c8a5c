//! Tools that work on the session itself rather than on the machine: its task list
//! (TaskCreate, TaskGet, TaskList, TaskUpdate), questions for the user (AskUserQuestion),
//! plan mode (EnterPlanMode, ExitPlanMode),
//! the deferred tools (ToolSearch) and the installed skills (Skill).
//!
//! | tool | module | state it works on |
//! |---|---|---|
//! | TaskCreate, TaskGet, TaskList, TaskUpdate | [`task_board`] | one [`TaskBoard`](task_board::TaskBoard) per session |
//! | AskUserQuestion | [`ask_user`] | the host's can_use_tool answer |
//! | EnterPlanMode, ExitPlanMode | [`plan_mode`] | the session's permission mode, the plan file |
//! | ToolSearch | [`tool_search`] | the session's `DeferredTools` |
//! | CronCreate, CronDelete, CronList | [`cron`] | one [`CronJobs`](cron::CronJobs) per session |
//! | Skill | [`skill`] | `SKILL.md` folders found at session start |
//! | EnterWorktree, ExitWorktree | [`worktree`] | the worktree the session is in, the shell's directory |

mod arguments;
pub mod ask_user;
pub mod bangs;
mod builtin_commands;
pub mod commands;
pub mod cron;
pub mod mentions;
pub mod plan_mode;
mod schema_errors;
pub mod skill;
mod skill_files;
pub mod skill_list;
pub mod structured_output;
pub mod task_board;
pub mod tool_search;
pub mod worktree;
