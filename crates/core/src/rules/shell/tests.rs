use super::*;

fn texts(src: &str) -> Vec<String> {
    parse(src).commands.into_iter().map(|c| c.text).collect()
}

fn words(src: &str) -> Vec<Vec<String>> {
    parse(src).commands.into_iter().map(|c| c.words).collect()
}

#[test]
fn operators_split_and_quotes_do_not() {
    assert_eq!(
        texts("a && b; c || d | e & f\ng |& h"),
        ["a", "b", "c", "d", "e", "f", "g", "h"]
    );
    assert_eq!(
        words("npm test '&&' touch x"),
        [["npm", "test", "&&", "touch", "x"]]
    );
    assert_eq!(
        words("npm test \"; touch x\""),
        [["npm", "test", "; touch x"]]
    );
    assert_eq!(
        words("npm test \\; touch x"),
        [["npm", "test", ";", "touch", "x"]]
    );
    assert_eq!(words("npm test # && touch x"), [["npm", "test"]]);
    assert_eq!(words("r''m -rf \"x\"y \\rm"), [["rm", "-rf", "xy", "rm"]]);
}

#[test]
fn redirections() {
    let p = parse("npm test 2>&1 > out.txt 2>>err.log &>both >|clob");
    let c = &p.commands[0];
    assert_eq!(c.words, ["npm", "test"]);
    assert_eq!(c.redirects, ["out.txt", "err.log", "both", "clob"]);
    assert_eq!(c.bare, "npm test");
    assert!(!c.swallowed && !c.here_string);
    // A redirection before the command name stays in `bare`; a word after one that follows
    // the name is swallowed into the command.
    assert_eq!(
        parse(">/dev/null ls -a").commands[0].bare,
        ">/dev/null ls -a"
    );
    assert!(parse("ls >/dev/null -a").commands[0].swallowed);
    assert!(!parse("chmod +x <<< x f").commands[0].swallowed);
    assert!(parse("cat 2>&1 <<< x").commands[0].late_here_string);
    assert!(!parse("cat <<< x 2>&1").commands[0].late_here_string);
    assert!(parse("echo hi >&2").commands[0].redirects.is_empty());
    assert_eq!(parse("cat < in.txt").commands[0].words, ["cat"]);
    assert_eq!(parse("cat < in.txt").commands[0].inputs, ["in.txt"]);
    assert!(parse("sh <<< 'x'").commands[0].inputs.is_empty());
    assert!(parse("sh <<< 'x'").commands[0].stdin_redirected);
    assert!(!parse("sh > out").commands[0].stdin_redirected);
    assert_eq!(parse("xargs rm <<< v28").commands[0].words, ["xargs", "rm"]);
    let here = parse("cat <<EOF\n$(touch x)\nEOF\necho done");
    assert_eq!(here.hazard, Some(Hazard::Heredoc));
    assert_eq!(
        texts("cat <<'EOF'\n$(touch x)\nEOF\necho done")[1],
        "echo done"
    );
    assert_eq!(parse("cat <<'EOF'\n$(touch x)\nEOF").hazard, None);
}

#[test]
fn compound_commands_are_entered() {
    assert_eq!(texts("(rm -rf v13)"), ["rm -rf v13"]);
    assert_eq!(texts("{ rm -rf v14; }"), ["rm -rf v14"]);
    assert_eq!(texts("if true; then touch y; fi"), ["true", "touch y"]);
    assert_eq!(texts("for i in 1 2; do echo $i; done"), ["echo $i"]);
    // The loop's input redirection stays, as a command of its own that only reads `f`.
    let looped = parse("while read l; do rm \"$l\"; done < f");
    assert_eq!(
        looped
            .commands
            .iter()
            .map(|c| c.text.as_str())
            .collect::<Vec<_>>(),
        ["read l", "rm \"$l\"", "< f"]
    );
    assert_eq!(looped.commands[2].inputs, ["f"]);
    assert!(looped.commands[2].words.is_empty() && looped.commands[2].stdin_redirected);
    assert!(parse("(a) && b").compound);
    assert_eq!(
        parse("find . -exec rm {} +").commands[0]
            .words
            .last()
            .unwrap(),
        "+"
    );
}

#[test]
fn substitutions_are_read_and_flagged() {
    let p = parse("npm test $(touch x) `id`");
    assert_eq!(p.hazard, Some(Hazard::Nested));
    let inner: Vec<&str> = p.all_commands().iter().map(|c| c.text.as_str()).collect();
    assert_eq!(inner, ["npm test $(touch x) `id`", "touch x", "id"]);
    assert_eq!(parse("echo \"$(id)\"").hazard, Some(Hazard::QuotedNested));
    assert_eq!(parse("echo '$(id)'").hazard, None);
    assert_eq!(
        parse("diff <(ls) x").hazard,
        Some(Hazard::ProcessSubstitution)
    );
    assert_eq!(parse("echo $((1+2))").hazard, None);
    assert_eq!(parse("echo ${HOME}").hazard, Some(Hazard::BraceVariable));
    assert_eq!(parse("echo {a,b}").hazard, Some(Hazard::BraceExpansion));
    assert_eq!(parse("find . -exec rm {} +").hazard, None);
    assert_eq!(parse("echo \"`id`\"").hazard, Some(Hazard::QuotedNested));
    // `$HOME` is read as `~`; any other variable is unknown until the line runs.
    assert_eq!(parse("echo $HOME/x").commands[0].words[1], "~/x");
    assert!(!parse("echo $HOME").commands[0].dynamic[1]);
    assert!(parse("echo $X").commands[0].dynamic[1]);
    assert_eq!(parse("echo rc=$?").hazard, Some(Hazard::Variable));
    assert_eq!(parse("echo \"$PWD\"").hazard, Some(Hazard::QuotedVariable));
    // In double quotes: a variable the shell sets is quoted text alone, fine among other
    // text; a special parameter among other text needs approval; any other is a variable.
    assert_eq!(parse("echo \"$#\"").hazard, Some(Hazard::QuotedVariable));
    assert_eq!(parse("echo \"$PWD/x\"").hazard, None);
    assert_eq!(
        parse("echo \" rc=$?\"").hazard,
        Some(Hazard::SpecialInQuotes)
    );
    assert_eq!(
        parse("echo \"a $?\"; echo \"$PWD\"").hazard,
        Some(Hazard::QuotedVariable)
    );
    // Fewer than two characters of the string's own text make it quoted text.
    for short in [
        "\" $?\"",
        "\"a$?\"",
        "\"$?$?\"",
        "\"é$?\"",
        "\"\\$$?\"",
        "\"a$!\"",
        "\"$USER$PWD\"",
    ] {
        assert_eq!(
            parse(&format!("ls {short}")).hazard,
            Some(Hazard::QuotedVariable),
            "{short}"
        );
    }
    for long in ["\"ab$?\"", "\"  $?\"", "\"a$?b\"", "\"a\\\\$?\""] {
        assert_eq!(
            parse(&format!("ls {long}")).hazard,
            Some(Hazard::SpecialInQuotes),
            "{long}"
        );
    }
    assert_eq!(parse("echo \"ab$PWD\"").hazard, None);
    assert_eq!(parse("echo \"ab$!\"").hazard, Some(Hazard::Unsupported));
    assert_eq!(parse("echo \"$X\"").hazard, Some(Hazard::Variable));
    assert_eq!(parse("echo \"$1\"").hazard, Some(Hazard::Variable));
    assert_eq!(parse("echo \"a $0\"").hazard, Some(Hazard::Variable));
    assert_eq!(parse("echo \"a $? $X\"").hazard, Some(Hazard::Variable));
    assert_eq!(parse("echo \"'$X'\"").hazard, Some(Hazard::Variable));
    assert_eq!(parse("echo \"hi $HOME\"").hazard, None);
    assert_eq!(parse("echo $((1 + 2))").hazard, None);
    assert_eq!(parse("echo $").hazard, Some(Hazard::LoneDollar));
    assert_eq!(parse("echo 'unclosed").hazard, Some(Hazard::Unsupported));
    assert_eq!(
        parse("case x in a) ;; esac").hazard,
        Some(Hazard::Unsupported)
    );
}

#[test]
fn assignments_and_pipes() {
    let p = parse("FOO=1 BAR=\"a b\" npm $X \"git\" | grep x");
    assert_eq!(p.commands[0].assignments, ["FOO=1", "BAR=\"a b\""]);
    assert_eq!(p.commands[0].words, ["npm", "$X", "git"]);
    assert_eq!(p.commands[0].dynamic, [false, true, false]);
    assert_eq!(
        p.pipe_segments,
        ["FOO=1 BAR=\"a b\" npm $X \"git\"", "grep x"]
    );
    assert_eq!(parse("a || b").pipe_segments, ["a || b"]);
    assert_eq!(parse("\"A\"=1 x").commands[0].words, ["A=1", "x"]);
    let bg = parse("npm test & touch x");
    assert!(bg.background && bg.commands[0].background && !bg.commands[1].background);
}

#[test]
fn never_panics_on_odd_input() {
    for src in [
        "", ")", "((", "<", ">", "2>", "&&", "|", "$", "$(", "`", "\\", "'", "\"", "<<", "<<EOF",
        "a <(", "{", "}", "${", "$((", "a=(", "x()", ";;",
    ] {
        let _ = parse(src);
    }
}

#[test]
fn two_unclosed_heredocs_at_the_end_of_input_do_not_panic() {
    // Found by `just fuzz`: the second pending document started past the end of the input.
    let _ = parse("cat <<A <<B\nx");
    let _ = parse(
        "`\n*<<--\u{2}\0\0*666666<<--\u{2}*\n66366<<--\u{2}*\n6634\n\0{*`\0}T\u{1a}\u{1a}\u{2}",
    );
}

#[test]
fn constructs_the_reference_names_when_it_asks() {
    use super::{CASE_TEXT, COUNTING_FOR_TEXT, ESCAPE_TEXT, FUNCTION_TEXT, LIST_TEXT};
    use super::{SELECT_TEXT, UNCHECKABLE_TEXT};
    let cases = [
        ("case x in x) echo hi;; esac", Some(CASE_TEXT)),
        ("f() { echo hi; }; f", Some(FUNCTION_TEXT)),
        ("function f { echo hi; }", Some(FUNCTION_TEXT)),
        (
            "for ((i=0;i<2;i++)); do echo hi; done",
            Some(COUNTING_FOR_TEXT),
        ),
        ("a=(1 2); echo hi", Some(LIST_TEXT)),
        ("echo $'a\\tb'", Some(ESCAPE_TEXT)),
        ("echo $\"hi\"", Some(UNCHECKABLE_TEXT)),
        ("select x in a; do break; done", Some(SELECT_TEXT)),
        ("for i in 1 2; do echo hi; done", None),
        ("echo 'it''s' \"$HOME\"", None),
    ];
    for (line, want) in cases {
        assert_eq!(parse(line).construct, want, "{line}");
    }
}
