use super::*;
use crate::rules::RuleSource;

fn rules(deny: &[&str]) -> RuleSet {
    let mut r = RuleSet::default();
    for d in deny {
        r.add(RuleBehavior::Deny, RuleSource::CliArg, d).unwrap();
    }
    r
}

fn denied(cmd: &str) -> Option<String> {
    find_rule(
        &rules(&["Bash(rm *)"]),
        RuleBehavior::Deny,
        cmd,
        &RuleRoots::default(),
    )
    .map(|h| {
        if h.in_shell_script {
            format!("sh -c: {}", h.command)
        } else {
            h.command
        }
    })
}

#[test]
fn deny_rules_see_through_spelling_and_wrappers() {
    for cmd in [
        "rm -rf v",
        "rm  -rf v",
        "/bin/rm -rf v",
        "command rm -rf v",
        "\\rm -rf v",
        "env rm -rf v",
        "true && rm -rf v",
        "true; rm -rf v",
        "(rm -rf v)",
        "{ rm -rf v; }",
        "\"rm\" -rf v",
        "r''m -rf v",
        "RM=rm; $RM -rf v",
        "rm v/f.txt",
        "nice rm -rf v",
        "nice -n 5 rm x",
        "timeout 10 rm -rf v",
        "timeout -s KILL 5 rm x",
        "exec rm -rf v",
        "xargs rm -rf <<< v",
        "env -i FOO=1 rm x",
        "FOO=1 rm x",
        "sudo -u root rm x",
        "echo $(rm x)",
        "stdbuf -oL rm x",
        "if true; then rm x; fi",
    ] {
        assert_eq!(denied(cmd).as_deref(), Some(cmd), "{cmd}");
    }
    assert_eq!(
        denied("echo v | xargs rm -rf").as_deref(),
        Some("xargs rm -rf")
    );
    assert_eq!(
        denied("bash -c \"rm -rf v\"").as_deref(),
        Some("sh -c: bash -c \"rm -rf v\"")
    );
    for cmd in [
        "find . -exec rm -rf {} +",
        "find v -delete",
        "unlink v",
        "rmdir e",
        "mv v ../x",
        "python3 -c \"import shutil\"",
        "cat s.sh | sh",
        "echo rm -rf x",
        "rmx x",
        "npm run rm",
    ] {
        assert_eq!(denied(cmd), None, "{cmd}");
    }
}

#[test]
fn read_rules_guard_shell_arguments() {
    let roots = RuleRoots {
        cwd: "/ws".into(),
        home: None,
    };
    let r = rules(&["Read(./secrets/**)"]);
    let hit = find_rule(&r, RuleBehavior::Deny, "cat secrets/key.txt", &roots).unwrap();
    assert_eq!(hit.command, "cat secrets/key.txt");
    assert!(find_rule(&r, RuleBehavior::Deny, "cat src/../secrets/k", &roots).is_some());
    assert!(find_rule(&r, RuleBehavior::Deny, "cat notes.txt", &roots).is_none());
    // What a command only writes is no read (fa_rdeny_writers_*): `cp` and `mv` read their
    // sources, `sed -i` its files.
    for cmd in [
        "cp secrets/k x",
        "mv secrets/k x",
        "sed -i s/a/b/ secrets/k",
        "ls secrets",
    ] {
        assert!(
            find_rule(&r, RuleBehavior::Deny, cmd, &roots).is_some(),
            "{cmd}"
        );
    }
    for cmd in [
        "rm -rf secrets/old",
        "touch secrets/new",
        "mkdir secrets/d",
        "cp x secrets/k",
        "echo hi > secrets/k",
        "chmod 600 secrets/k",
    ] {
        assert!(
            find_rule(&r, RuleBehavior::Deny, cmd, &roots).is_none(),
            "{cmd}"
        );
    }
}

#[test]
fn allow_rules_cover_commands_as_written() {
    let mut r = RuleSet::default();
    r.add(RuleBehavior::Allow, RuleSource::CliArg, "Bash(npm *)")
        .unwrap();
    r.add(RuleBehavior::Allow, RuleSource::CliArg, "Bash(git status)")
        .unwrap();
    let covers = |c: &str| parse(c).commands.iter().all(|cmd| allow_covers(&r, cmd));
    assert!(covers("npm test"));
    assert!(covers("npm"));
    assert!(covers("npm test '&&' touch x"));
    assert!(covers("git  status"));
    assert!(covers("\"git\" status # c"));
    assert!(covers("LANG=C npm test"));
    assert!(!covers("FOO=1 npm test"));
    assert!(!covers("npmx test"));
    assert!(!covers("git status -uall"));
    assert!(!covers("$(echo npm) test"));
    assert!(!covers("/usr/bin/npm test"));
}

#[test]
fn patterns() {
    assert!(pattern_matches("git status", " git status "));
    assert!(!pattern_matches("git status", "git status -s"));
    assert!(pattern_matches("git *", "git push --force"));
    assert!(pattern_matches("* --version", "node --version"));
    assert!(pattern_matches("echo \\*", "echo *"));
    assert!(!pattern_matches("echo \\*", "echo x"));
    assert!(pattern_matches("ls:*", "ls"));
    assert!(!pattern_matches("ls:*", "lsx"));
}
