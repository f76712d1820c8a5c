//! The reference's own slash commands, as its Skill tool knows them: a call naming one is
//! refused with the reason (a UI command, a built-in CLI command, or a skill the model may not
//! invoke), and an unknown name is answered with the nearest name (at most two edits away)
//! among the session's skills and these commands. Recorded from the reference
//! (`tests/conformance/surface3`, `skills_list_sources_empty`; the whole table by calling the
//! Skill tool with each name of the reference's command list).

/// Commands that only make sense in the interactive interface (with their aliases). `btw`
/// comes first: the reference suggests it before `bg` and `cd` at the same distance, and `cd`
/// before `bg` (fuzz-m/fm_182).
const UI: &[&str] = &[
    "btw",
    "cd",
    "add-dir",
    "background",
    "bg",
    "branch",
    "bug",
    "color",
    "config",
    "settings",
    "copy",
    "diff",
    "effort",
    "exit",
    "quit",
    "export",
    "fast",
    "feedback",
    "focus",
    "fork",
    "goal",
    "help",
    "hooks",
    "ide",
    "login",
    "logout",
    "mcp",
    "memory",
    "mobile",
    "ios",
    "android",
    "model",
    "passes",
    "permissions",
    "allowed-tools",
    "plan",
    "plugin",
    "plugins",
    "marketplace",
    "powerup",
    "pro-trial-expired",
    "rename",
    "name",
    "resume",
    "scroll-speed",
    "setup-bedrock",
    "setup-vertex",
    "skills",
    "status",
    "subtask",
    "tasks",
    "bashes",
    "terminal-setup",
    "theme",
    "tui",
    "usage",
    "cost",
    "stats",
    "workflows",
    "release-notes",
];

/// Built-in commands of the command line (with their aliases).
const CLI: &[&str] = &[
    "agents",
    "auto-mode-setup",
    "autocompact",
    "clear",
    "reset",
    "new",
    "compact",
    "context",
    "heapdump",
    "list-agents",
    "peers",
    "output-style",
    "radio",
    "recap",
    "reload-plugins",
    "reload-skills",
    "rewind",
    "checkpoint",
    "undo",
    "stickers",
];

/// The reference's bundled skills that only a user may start.
const USER_ONLY: &[&str] = &[
    "deep-research",
    "verify",
    "debug",
    "batch",
    "doctor",
    "checkup",
    "run-skill-generator",
    "__remote-workflow",
    "insights",
    "team-onboarding",
    "workflow-launch-exec",
    "statusline",
];

/// The reference's bundled skills the model may start: nearest names in its suggestions
/// (fuzz-m/fm_180). oxagent bundles none of them.
const BUNDLED: &[&str] = &[
    "init",
    "review",
    "security-review",
    "simplify",
    "loop",
    "claude-api",
    "update-config",
    "keybindings-help",
    "fewer-permission-prompts",
    "code-review",
];

/// Why the Skill tool refuses `name`, when it is one of the reference's own commands.
pub(crate) fn refusal(name: &str) -> Option<String> {
    let ask = format!(
        "Ask the user to run /{name} themselves \u{2014} it cannot be invoked via the Skill tool."
    );
    if UI.contains(&name) {
        Some(format!("{name} is a UI command, not a skill. {ask}"))
    } else if CLI.contains(&name) {
        Some(format!(
            "{name} is a built-in CLI command, not a skill. {ask}"
        ))
    } else if USER_ONLY.contains(&name) {
        Some(format!(
            "Skill {name} cannot be used with Skill tool due to disable-model-invocation. {ask} \
             Do not replicate this skill's workflow by other means \u{2014} it is reserved for \
             explicit user invocation."
        ))
    } else {
        None
    }
}

/// The name nearest to `name` (at most two edits: insertions, deletions, substitutions and
/// swaps of neighbours), among `own` (the session's skills) first, then the reference's
/// commands (its bundled skills unless `bundled` is false: `disableBundledSkills`, probes
/// bs_*); the first of the nearest wins.
pub(crate) fn suggestion<'a>(
    name: &str,
    own: impl IntoIterator<Item = &'a str>,
    bundled: bool,
) -> Option<String> {
    const MAX: usize = 2;
    let mut best: Option<(usize, &str)> = None;
    let bundled: &[&str] = if bundled { BUNDLED } else { &[] };
    let commands = USER_ONLY
        .iter()
        .chain(UI)
        .chain(CLI)
        .chain(bundled)
        .copied();
    for candidate in own.into_iter().chain(commands) {
        let d = distance(name, candidate);
        if d <= MAX && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, candidate));
        }
    }
    best.map(|(_, n)| n.to_string())
}

/// Optimal string alignment distance, by characters.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = d;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::{refusal, suggestion};

    #[test]
    fn the_references_suggestions() {
        // Each as the reference answered it (with no skills of the session's own).
        for (asked, nearest) in [
            ("beta", Some("btw")),
            ("import", Some("export")),
            ("mcp__", Some("mcp")),
            ("opt", Some("copy")),
            ("crm", Some("cd")),
            ("app", Some("mcp")),
            ("option", None),
            ("nope", Some("copy")),
            ("tp", Some("btw")),
            ("lear", Some("clear")),
            ("contxt", Some("context")),
            ("mdel", Some("model")),
            ("hlp", Some("help")),
            ("thme", Some("theme")),
            ("exprt", Some("export")),
            ("undoo", Some("undo")),
            ("plna", Some("plan")),
            ("memroy", Some("memory")),
            ("stat", Some("stats")),
            ("stpo", None),
            ("teleport", None),
        ] {
            assert_eq!(suggestion(asked, [], true).as_deref(), nearest, "{asked}");
        }
        assert_eq!(
            suggestion("alhpa", ["alpha"], true).as_deref(),
            Some("alpha")
        );
        // Without the bundled skills (bs_near_off, bs_review_off).
        assert_eq!(suggestion("simplfy", [], true).as_deref(), Some("simplify"));
        assert_eq!(suggestion("simplfy", [], false), None);
        assert_eq!(suggestion("revew", [], false).as_deref(), Some("reset"));
    }

    #[test]
    fn the_references_refusals() {
        assert_eq!(
            refusal("btw").unwrap(),
            "btw is a UI command, not a skill. Ask the user to run /btw themselves \u{2014} it \
             cannot be invoked via the Skill tool."
        );
        assert!(refusal("undo")
            .unwrap()
            .starts_with("undo is a built-in CLI command"));
        assert!(refusal("verify")
            .unwrap()
            .contains("disable-model-invocation"));
        assert_eq!(refusal("alpha"), None);
    }
}
