//! AskUserQuestion, Skill and ToolSearch: the tools whose answers come from the host, the
//! project's skills, or the session's deferred tools.

use oxagent_core::permission::ToolPermission;
use oxagent_core::tool::ToolRegistry;
use oxagent_core::PermissionMode;
use serde_json::json;

use crate::common::{text, Ws};

#[tokio::test]
async fn ask_user_question_reports_the_hosts_answers() {
    let w = Ws::new();
    let questions = json!([{"question": "Which database?", "header": "DB", "multiSelect": false,
        "options": [{"label": "Postgres", "description": "Relational"}, {"label": "SQLite", "description": "Embedded"}]}]);
    // The call always needs the user, whatever the mode short of bypass.
    for mode in [
        PermissionMode::Default,
        PermissionMode::AcceptEdits,
        PermissionMode::DontAsk,
    ] {
        assert!(matches!(
            w.permission("AskUserQuestion", json!({"questions": questions}), mode),
            ToolPermission::Ask { .. }
        ));
    }
    let out = w
        .call(
            "AskUserQuestion",
            json!({"questions": questions, "answers": {"Which database?": "SQLite"},
            "annotations": {"Which database?": {"notes": "small app"}}}),
        )
        .await;
    assert_eq!(
        text(&out),
        "User answered the questions: \"Which database?\" = \"SQLite\" (user notes: small app). Continue with these answers in mind."
    );
    assert_eq!(
        out.structured,
        Some(
            json!({"questions": questions, "answers": {"Which database?": "SQLite"},
            "annotations": {"Which database?": {"notes": "small app"}}})
        )
    );
    let out = w
        .call("AskUserQuestion", json!({"questions": questions}))
        .await;
    assert_eq!(out.is_error, Some(true));
}

#[tokio::test]
async fn skills_come_from_the_project_folder() {
    let w = Ws::with(|c| {
        let dir = c.skill_roots[0].join("release-notes");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("SKILL.md"),
            "---\nname: release-notes\ndescription: Drafts release notes from git history\nallowed-tools: Bash(git log *), Read\n---\n# Release notes\n\nSummarize the commits since $ARGUMENTS.\n",
        )
        .unwrap();
    });
    let skill = w.tool("Skill");
    assert!(skill
        .description()
        .ends_with("Available skills:\n- release-notes: Drafts release notes from git history"));
    let out = w
        .call("Skill", json!({"skill": "/release-notes", "args": "v1.2"}))
        .await;
    // The result launches the skill; the instructions follow it (a message of their own).
    assert_eq!(text(&out), "Launching skill: release-notes");
    assert_eq!(
        out.follow_up.as_deref().map(String::as_str),
        Some(
            format!(
                "Base directory for this skill: {}\n\n# Release notes\n\nSummarize the commits since v1.2.\n",
                w.ws.join(".claude/skills/release-notes").display()
            )
            .as_str()
        )
    );
    assert_eq!(
        out.structured,
        Some(
            json!({"success": true, "commandName": "release-notes", "allowedTools": ["Bash(git log *)", "Read"]})
        )
    );
    let out = w.call("Skill", json!({"skill": "nope"})).await;
    assert_eq!(
        text(&out),
        "<tool_use_error>Unknown skill: nope. Did you mean copy?</tool_use_error>"
    );
}

#[tokio::test]
async fn tool_search_loads_deferred_tools_into_requests() {
    let w = Ws::new();
    let mut registry = ToolRegistry::new(w.set.tools.clone());
    registry.defer(w.set.deferred.clone(), oxagent_tools::DEFERRED_TOOL_NAMES);
    let sent = |r: &ToolRegistry| -> Vec<String> {
        r.api_definitions()
            .iter()
            .map(|d| d["name"].as_str().unwrap().to_string())
            .collect()
    };
    assert!(!sent(&registry).contains(&"WebFetch".to_string()));
    assert!(w
        .tool("ToolSearch")
        .description()
        .ends_with("Tools not loaded yet: CronCreate, CronDelete, CronList, EnterPlanMode, EnterWorktree, ExitPlanMode, ExitWorktree, Monitor, NotebookEdit, TaskCreate, TaskGet, TaskList, TaskStop, TaskUpdate, WebFetch, WebSearch"));

    let out = w
        .call("ToolSearch", json!({"query": "select:WebFetch"}))
        .await;
    assert_eq!(
        serde_json::to_value(&out.content).unwrap(),
        json!([{"type": "tool_reference", "tool_name": "WebFetch"}])
    );
    assert_eq!(
        out.structured,
        Some(
            json!({"matches": ["WebFetch"], "query": "select:WebFetch", "total_deferred_tools": 16})
        )
    );
    assert!(sent(&registry).contains(&"WebFetch".to_string()));

    let out = w
        .call(
            "ToolSearch",
            json!({"query": "notebook cell", "max_results": 2}),
        )
        .await;
    assert_eq!(out.structured.unwrap()["matches"], json!(["NotebookEdit"]));
    let out = w.call("ToolSearch", json!({"query": "kubernetes"})).await;
    assert_eq!(text(&out), "No matching deferred tools found");
}
