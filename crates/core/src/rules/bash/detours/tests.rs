use super::*;

fn of(line: &str) -> Vec<Detour> {
    let parsed = super::super::super::shell::parse(line);
    let cmd = parsed.commands.last().unwrap().clone();
    let view = View {
        words: &cmd.words,
        dynamic: &cmd.dynamic,
        cmd: &cmd,
        cwd: Path::new("/nonexistent"),
    };
    detours(&view)
}

fn command(words: &[&str]) -> Detour {
    Detour::Command(words.iter().map(|w| w.to_string()).collect())
}

#[test]
fn deletions_read_as_rm() {
    assert_eq!(of("unlink d/f"), [command(&["rm", "d/f"])]);
    assert_eq!(of("rmdir -p e/sub"), [command(&["rm", "-d", "e/sub"])]);
    assert_eq!(of("shred -zu -n 3 f"), [command(&["rm", "f"])]);
    assert_eq!(of("shred f"), []);
    assert_eq!(
        of("find d e -type f -delete"),
        [command(&["rm", "-rf", "d", "e"])]
    );
    assert_eq!(of("find -delete"), [command(&["rm", "-rf", "."])]);
    assert_eq!(
        of("mv -f a b /dev/null/"),
        [command(&["rm", "-rf", "a", "b"])]
    );
    assert_eq!(of("mv a ../b"), []);
    assert_eq!(of("git -C x clean -fdx"), [command(&["rm", "-rf", "."])]);
    assert_eq!(of("git clean -n"), []);
}

#[test]
fn find_actions_run_their_command() {
    assert_eq!(
        of("find . -name x -exec rm -rf {} + -o -okdir cat {} \\;"),
        [command(&["rm", "-rf", "{}"]), command(&["cat", "{}"])]
    );
}

#[test]
fn code_that_cannot_be_read_is_opaque() {
    for line in [
        "python3 -c 'print(1)'",
        "python3 -Sc x",
        "perl -pe s/a/b/ f",
        "node --eval 1",
        "ruby -e 1",
        "cat s.sh | sh",
        "bash -s < s.sh",
        "bash <<< 'rm x'",
        "echo x | python3",
        "python3 - <<< x",
        "eval \"$x\"",
        "bash -c \"$(cat f)\"",
        "awk 'BEGIN { system(\"rm x\") }'",
    ] {
        assert!(
            matches!(of(line).as_slice(), [Detour::Opaque(_)]),
            "{line}: {:?}",
            of(line)
        );
    }
    for line in [
        "python3 prog.py",
        "python3 --version",
        "echo x | python3 prog.py",
        "awk '{ print }' f",
        "sh",
        "node -v",
    ] {
        assert_eq!(of(line), [], "{line}");
    }
}

#[test]
fn shell_text_is_read_as_a_script() {
    assert_eq!(of("eval rm -rf d"), [Detour::Script("rm -rf d".into())]);
    assert_eq!(of("alias r='rm -rf'"), [Detour::Script("rm -rf".into())]);
    assert_eq!(of("bash -lc 'rm x'"), [Detour::Script("rm x".into())]);
}
