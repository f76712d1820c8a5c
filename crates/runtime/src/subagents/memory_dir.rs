//! An agent whose definition has `memory` gets a folder for what it keeps between runs, made
//! when it starts, as the reference makes it (probes ag_memory_*): `project`:
//! `<cwd>/.claude/agent-memory/<agent>/`, `local`: `<cwd>/.claude/agent-memory-local/<agent>/`,
//! `user`: `~/.claude/agent-memory/<agent>/`.

use std::path::PathBuf;

use oxagent_core::SessionConfig;

/// The folder of `agent`'s memory of the given scope (none for another scope).
pub(crate) fn path(agent: &str, scope: &str, config: &SessionConfig) -> Option<PathBuf> {
    let base = match scope {
        "project" => config.cwd.join(".claude").join("agent-memory"),
        "local" => config.cwd.join(".claude").join("agent-memory-local"),
        "user" => config.home.as_ref()?.join(".claude").join("agent-memory"),
        _ => return None,
    };
    Some(base.join(agent))
}

/// Makes the folder (a failure changes nothing the agent does).
pub(crate) fn make(agent: &str, scope: Option<&str>, config: &SessionConfig) {
    if let Some(dir) = scope.and_then(|s| path(agent, s, config)) {
        let _ = std::fs::create_dir_all(dir);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_folder_of_each_scope() {
        let mut config = SessionConfig::new("s", PathBuf::from("/ws"));
        config.home = Some(PathBuf::from("/home/u"));
        let p = |scope| path("scout", scope, &config).map(|p| p.display().to_string());
        assert_eq!(
            p("project").as_deref(),
            Some("/ws/.claude/agent-memory/scout")
        );
        assert_eq!(
            p("local").as_deref(),
            Some("/ws/.claude/agent-memory-local/scout")
        );
        assert_eq!(
            p("user").as_deref(),
            Some("/home/u/.claude/agent-memory/scout")
        );
        assert_eq!(p("team"), None);
    }
}
