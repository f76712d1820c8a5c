//! Fuzzes the permission rule parser, the shell reader and the Bash rule matcher: none may
//! panic or hang on any input. The input is split at the first newline into a rule and a
//! command line.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oxagent_core::rules::{bash, shell, PermissionRule, RuleBehavior, RuleRoots, RuleSet, RuleSource};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (rule, command) = text.split_once('\n').unwrap_or((text, text));
    let parsed = shell::parse(command);
    for cmd in parsed.all_commands() {
        let _ = bash::strip_wrapper(&cmd.words);
    }
    if let Ok(r) = PermissionRule::parse(rule) {
        let _ = r.to_wire();
        let mut rules = RuleSet::default();
        rules.push(RuleBehavior::Deny, RuleSource::CliArg, r.clone());
        rules.push(RuleBehavior::Allow, RuleSource::CliArg, r);
        let roots = RuleRoots { cwd: "/ws".into(), home: Some("/home/u".into()) };
        let _ = bash::find_rule(&rules, RuleBehavior::Deny, command, &roots);
        for cmd in &parsed.commands {
            let _ = bash::allow_covers(&rules, cmd);
        }
        let call = serde_json::json!({"file_path": command, "url": command, "command": command});
        let _ = rules.find(RuleBehavior::Deny, "Read", &call, &roots);
        let _ = rules.find(RuleBehavior::Deny, "WebFetch", &call, &roots);
    }
    let _ = bash::pattern_matches(rule, command);
});
