//! A shell-syntax reader for permission checks: it turns a Bash command line into the simple
//! commands it would run, so rules can be checked part by part.
//!
//! It understands the syntax that decides *what runs*: quoting (`'..'`, `".."`, `\`), the
//! list and pipeline operators (`;`, `&`, `&&`, `||`, `|`, `|&`, newlines), subshells and
//! groups (`( .. )`, `{ ..; }`), the reserved words of `if`/`for`/`while`/`until` (whose
//! bodies are ordinary commands), assignments before a command, redirections (`>`, `>>`,
//! `>|`, `&>`, `2>&1`, `<`, `<<<`, here-documents) and comments. Code that runs inside a word
//! (`$(..)`, backticks, `<(..)`) is read too, into [`Parsed::nested`], and flagged as a
//! [`Hazard`], because its output becomes part of a command nobody can see in advance.
//!
//! ```
//! use oxagent_core::rules::shell::{parse, Hazard};
//! let p = parse("FOO=1 npm test 2>&1 | tee 'out file' && (rm -rf x)");
//! let texts: Vec<&str> = p.commands.iter().map(|c| c.text.as_str()).collect();
//! assert_eq!(texts, ["FOO=1 npm test 2>&1", "tee 'out file'", "rm -rf x"]);
//! assert_eq!(p.commands[0].assignments, ["FOO=1"]);
//! assert_eq!(p.commands[1].words, ["tee", "out file"]);
//! assert_eq!(p.pipe_segments, ["FOO=1 npm test 2>&1", "tee 'out file' && (rm -rf x)"]);
//! assert_eq!(parse("echo $(id)").hazard, Some(Hazard::Nested));
//! ```

mod lexer;

use lexer::{Lexer, Token};

/// One simple command: assignments, a command name and its arguments, redirections.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SimpleCommand {
    /// The command as written (assignments and redirections included), trimmed.
    pub text: String,
    /// A nested command whose output a variable takes (`x=$(cmd)`) or a for loop goes
    /// through (`for f in $(cmd)`), read as a command of the line.
    pub substituted: bool,
    /// `NAME=value` words before the command name, as written.
    pub assignments: Vec<String>,
    /// The command name and its arguments, unquoted.
    pub words: Vec<String>,
    /// Per word: whether it holds an expansion (`$x`, `${x}`, `$(..)`, `*`...) whose value is
    /// not known before the command runs.
    pub dynamic: Vec<bool>,
    /// Files written by output redirections (`>`, `>>`, `>|`, `&>`, `2>`), unquoted.
    pub redirects: Vec<String>,
    /// The same targets as written (quotes and `$` kept), in the same order.
    pub raw_redirects: Vec<String>,
    /// Whether an output redirection target holds an expansion.
    pub dynamic_redirect: bool,
    /// Files read by input redirections (`< file`), unquoted.
    pub inputs: Vec<String>,
    /// Standard input comes from a redirection, a here-document or a here-string.
    pub stdin_redirected: bool,
    /// The command runs in the background (`&` after it).
    pub background: bool,
    /// The command reads the output of the one before it (`a | b`: `b`).
    pub piped: bool,
    /// `text` without the redirections after its last word (`chmod +x f 2>&1` ->
    /// `chmod +x f`); one before the command name stays.
    pub bare: String,
    /// The command has a here-string (`<<< text`).
    pub here_string: bool,
    /// A word follows a redirection that comes after the command name (`ls >/dev/null -a`):
    /// the shell takes that word as an argument, not as part of the target.
    pub swallowed: bool,
    /// A here-string follows another redirection of the command (`cat 2>&1 <<< x`), which
    /// the reference's reader cannot take apart.
    pub late_here_string: bool,
}

/// Why a command line cannot be fully checked before it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hazard {
    /// `$(..)` or backticks: the output of one command becomes part of another.
    Nested,
    /// `"..$(..).."`: a nested command inside double quotes.
    QuotedNested,
    /// `${..}`: a parameter expansion whose forms can run code or change words.
    BraceVariable,
    /// `{a,b}` / `{1..3}`: brace expansion makes words that are not written.
    BraceExpansion,
    /// A here-document with an unquoted delimiter: its body is expanded.
    Heredoc,
    /// A backslash before whitespace (`a\ b`, a line continuation inside a word).
    EscapedWhitespace,
    /// `<(..)` / `>(..)`: a command's output used as a file.
    ProcessSubstitution,
    /// `$name`, `$?`, `$1`, ...: a variable whose value is not known before the line runs
    /// (`$HOME` is read as `~`).
    Variable,
    /// `"$name..."`: such a variable opening a double-quoted string.
    QuotedVariable,
    /// `"a $?"`: a special parameter (`$?`, `$#`, `$$`, `$!`, `$-`) among other text in
    /// double quotes; any other hazard of the line outranks it.
    SpecialInQuotes,
    /// A `$` that starts nothing (`echo $`).
    LoneDollar,
    /// A command made only of assignments (`FOO=1`).
    Assignment,
    /// Syntax this reader does not follow (`case`, function definitions, an unclosed quote).
    Unsupported,
}

/// A command line, read.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Parsed {
    /// Every simple command, in source order, including those inside subshells, groups and
    /// control structures (not those inside substitutions: see `nested`).
    pub commands: Vec<SimpleCommand>,
    /// The source split at its top-level pipes (`|`, `|&`), trimmed; one entry without pipes.
    pub pipe_segments: Vec<String>,
    /// The commands inside `$(..)`, backticks and `<(..)`, each read on its own.
    pub nested: Vec<Parsed>,
    /// What the reference names first when it asks about the line because of how it is
    /// written (a `case`, a function definition, a counting loop, `$'..'` ...): the whole
    /// question.
    pub construct: Option<&'static str>,
    /// A command sets a variable to a nested command's output (`x=$(cmd)`): later commands
    /// depend on a value known only when the line runs.
    pub assigned_output: bool,
    /// The first construct that makes the line uncheckable.
    pub hazard: Option<Hazard>,
    /// Some command runs in the background (`&`).
    pub background: bool,
    /// The line has subshells, groups or control structures.
    pub compound: bool,
    /// The line has a subshell `( .. )`; `leading_subshell`: it starts with one.
    pub subshell: bool,
    pub leading_subshell: bool,
    /// The line has a brace group `{ ..; }`.
    pub group: bool,
    /// The line has a `for`/`while`/`until`/`select` loop.
    pub loops: bool,
    /// A later command uses the value of a variable the line set (`x=1; echo $x`).
    pub uses_set_value: bool,
}

impl Parsed {
    fn flag(&mut self, hazard: Hazard) {
        // A nested command is the most telling reason; otherwise the first one found stays,
        // but for a variable set on the line, which any other reason outranks.
        if self.hazard.is_none()
            || self.hazard == Some(Hazard::SpecialInQuotes)
            || (self.hazard == Some(Hazard::Assignment) && hazard != Hazard::SpecialInQuotes)
            || (hazard == Hazard::Nested && self.hazard != Some(Hazard::QuotedNested))
        {
            self.hazard = Some(hazard);
        }
    }

    /// Every simple command, those inside substitutions included.
    pub fn all_commands(&self) -> Vec<&SimpleCommand> {
        let mut out: Vec<&SimpleCommand> = self.commands.iter().collect();
        for n in &self.nested {
            out.extend(n.all_commands());
        }
        out
    }
}

/// Words that open or continue a control structure, after which a command starts.
const LEADING_KEYWORDS: &[&str] = &[
    "if", "then", "else", "elif", "do", "while", "until", "!", "time",
];
/// Words that close a control structure; nothing runs because of them.
const CLOSING_KEYWORDS: &[&str] = &["fi", "done", "esac"];

/// Reads `src`. Never fails: what it cannot follow is reported as a [`Hazard`].
pub fn parse(src: &str) -> Parsed {
    parse_depth(src, 0)
}

/// The questions about constructs the reference names (`construct`).
pub const CASE_TEXT: &str = "A case statement in this command can't be checked before it runs";
pub const FUNCTION_TEXT: &str =
    "A function definition in this command can't be checked before it runs";
pub const COUNTING_FOR_TEXT: &str =
    "A counting for loop in this command can't be checked before it runs";
pub const LIST_TEXT: &str = "A list of values in this command can't be checked before it runs";
pub const ESCAPE_TEXT: &str =
    "Text with escape codes in this command can't be checked before it runs";
pub const UNCHECKABLE_TEXT: &str = "This command can't be checked before it runs";
pub const SELECT_TEXT: &str = "select statement reads stdin into $REPLY; cannot statically model";
pub const ASSIGNMENTS_TEXT: &str =
    "Variable assignments in this command can't be checked before it runs";
pub const TILDE_TEXT: &str = "Tilde in assignment value — bash may expand at assignment time";
pub const WHILE_TEXT: &str =
    "A while or until loop in this command can't be checked before it runs";

/// Substitutions nest; past this depth the reader stops descending.
const MAX_DEPTH: usize = 16;

fn parse_depth(src: &str, depth: usize) -> Parsed {
    let mut out = Parsed::default();
    if depth > MAX_DEPTH {
        out.flag(Hazard::Unsupported);
        return out;
    }
    let mut lexer = Lexer::new(src);
    let mut b = Builder {
        tracking: src.contains('$') && !branches(src),
        ..Builder::default()
    };
    let mut segment_start = 0usize;
    let mut paren_depth = 0usize;
    let mut brace_depth = 0usize;
    // The loops open on the line, and the kind of the one a `done` just closed.
    let mut loops: Vec<bool> = Vec::new();
    let mut closed_while = false;
    loop {
        if b.known_changed {
            b.known_changed = false;
            lexer.known = b.known.clone();
        }
        let token = lexer.next_token();
        // `x=$(cmd)`: the nested command is read as a command of the line, as the reference
        // reads it (fa_nest4_vars_default); the assignment itself is no question.
        // So is a nested command in a for loop's list (`for f in $(ls)`).
        let assigning = match &token {
            Token::Word(w) => b.skip_until_separator || b.is_assignment(w),
            _ => false,
        };
        for inner in lexer.take_nested() {
            let mut p = parse_depth(&inner.source, depth + 1);
            if assigning && inner.hazard == Hazard::Nested && !inner.source.is_empty() {
                if let Some(h) = p.hazard {
                    out.flag(h);
                }
                b.substituted = true;
                out.commands.extend(p.commands.iter().cloned().map(|mut c| {
                    c.substituted = true;
                    c
                }));
                out.nested.push(p);
                continue;
            }
            p.hazard.get_or_insert(inner.hazard);
            out.flag(inner.hazard);
            out.nested.push(p);
        }
        let after_done = std::mem::take(&mut closed_while);
        if let Some(h) = lexer.take_hazard() {
            out.flag(h);
        }
        if let Some(c) = lexer.take_construct() {
            out.construct.get_or_insert(c);
        }
        match token {
            Token::End => {
                b.finish(src, src.len(), &mut out);
                break;
            }
            Token::Word(w) => {
                if b.at_command_start() && !w.quoted {
                    match w.text.as_str() {
                        "{" => {
                            out.compound = true;
                            out.group = true;
                            brace_depth += 1;
                            b.restart(w.end);
                            continue;
                        }
                        "}" if brace_depth > 0 => {
                            brace_depth -= 1;
                            b.restart(w.end);
                            continue;
                        }
                        k if LEADING_KEYWORDS.contains(&k) => {
                            if k != "time" && k != "!" {
                                out.compound = true;
                            }
                            // A while loop's condition and body are read as commands of
                            // the line (`break` among them).
                            if matches!(k, "while" | "until") {
                                loops.push(true);
                            }
                            b.restart(w.end);
                            continue;
                        }
                        k if CLOSING_KEYWORDS.contains(&k) => {
                            if k == "done" {
                                closed_while = loops.pop().unwrap_or(false);
                            }
                            b.restart(w.end);
                            continue;
                        }
                        "for" | "select" => {
                            // `for NAME in WORDS`: a header, not a command; its words are
                            // still read for substitutions by the lexer.
                            if w.text == "select" {
                                out.construct.get_or_insert(SELECT_TEXT);
                            } else if src[w.end..].trim_start().starts_with("((") {
                                out.construct.get_or_insert(COUNTING_FOR_TEXT);
                            }
                            out.compound = true;
                            out.loops = true;
                            loops.push(false);
                            b.skip_until_separator = true;
                            b.restart(w.end);
                            continue;
                        }
                        "case" | "function" | "coproc" => {
                            out.flag(Hazard::Unsupported);
                            let named = match w.text.as_str() {
                                "case" => Some(CASE_TEXT),
                                "function" => Some(FUNCTION_TEXT),
                                _ => None,
                            };
                            out.construct = out.construct.or(named);
                        }
                        _ => {}
                    }
                }
                if b.skip_until_separator {
                    continue;
                }
                if !w.quoted && w.text.ends_with("()") && b.at_command_start() {
                    out.flag(Hazard::Unsupported);
                    out.construct.get_or_insert(FUNCTION_TEXT);
                }
                b.word(w);
            }
            Token::Redirect(r) => {
                // `while ..; done < file`: the loop reads the file (fa_nest4_vars_default).
                if after_done {
                    out.construct.get_or_insert(WHILE_TEXT);
                }
                if !b.skip_until_separator {
                    b.redirect(r);
                }
            }
            Token::OpenParen(pos) => {
                if b.at_command_start() {
                    out.compound = true;
                    out.subshell = true;
                    out.leading_subshell |= src[..pos].trim().is_empty();
                    paren_depth += 1;
                    b.restart(pos + 1);
                } else {
                    // `name()`-style definitions, `a=(1 2)` lists and stray parentheses.
                    out.flag(Hazard::Unsupported);
                    if src[..pos].ends_with('=') {
                        out.construct.get_or_insert(LIST_TEXT);
                    } else if src[..pos]
                        .trim_end()
                        .ends_with(|c: char| c.is_alphanumeric() || c == '_')
                    {
                        out.construct.get_or_insert(FUNCTION_TEXT);
                    }
                }
            }
            Token::CloseParen(pos) => {
                b.finish(src, pos, &mut out);
                paren_depth = paren_depth.saturating_sub(1);
                b.restart(pos + 1);
            }
            Token::Separator { start, end, op } => {
                let background = op == "&";
                b.finish_with(src, start, background, &mut out);
                if background {
                    out.background = true;
                }
                b.piped_next = op == "|" || op == "|&";
                if (op == "|" || op == "|&") && paren_depth == 0 && brace_depth == 0 {
                    out.pipe_segments
                        .push(src[segment_start..start].trim().to_string());
                    segment_start = end;
                }
                b.restart(end);
            }
        }
    }
    if lexer.unclosed() {
        out.flag(Hazard::Unsupported);
    }
    out.uses_set_value = lexer.used_known;
    // A variable a nested command set, used in double quotes: quoted text (sa_one_30).
    if out.assigned_output && out.hazard == Some(Hazard::Variable) && lexer.quoted_variable {
        out.hazard = Some(Hazard::QuotedVariable);
    }
    let last = src[segment_start.min(src.len())..].trim();
    if !last.is_empty() || out.pipe_segments.is_empty() {
        out.pipe_segments.push(last.to_string());
    }
    out
}

/// Whether the line has a branch, a pipe, a background job or a subshell: then a variable
/// set on it may not be set where it is used, and no value is followed (`x=1 || echo $x`).
fn branches(src: &str) -> bool {
    let mut lexer = Lexer::new(src);
    loop {
        match lexer.next_token() {
            Token::End => return false,
            Token::OpenParen(_) => return true,
            Token::Separator {
                op: "||" | "|" | "|&" | "&",
                ..
            } => return true,
            _ => {}
        }
    }
}

/// The value an assignment word gives, when it is known before the line runs: one plain
/// word (no expansion, space or pattern in it).
fn static_value(w: &lexer::Word) -> Option<String> {
    let (name, value) = w.text.split_once('=')?;
    if w.dynamic || name.ends_with('+') {
        return None;
    }
    let plain = !value.is_empty()
        && value
            .chars()
            .all(|c| !c.is_whitespace() && !"*?[]{}~$`\\'\"".contains(c));
    plain.then(|| value.to_string())
}

#[derive(Default)]
struct Builder {
    /// Follow the values of variables the line sets (no branch on the line: [`branches`]).
    tracking: bool,
    /// The variables set so far to a known value, and every name set so far.
    known: Vec<(String, String)>,
    set: Vec<String>,
    known_changed: bool,
    /// The known values of the current command's assignments, in order.
    values: Vec<(String, Option<String>)>,
    current: SimpleCommand,
    /// Byte offset where the current command's text starts.
    start: usize,
    /// Byte offset just past the current command's last token.
    end: usize,
    /// Byte offset just past the current command's last word (or leading redirection).
    bare_end: usize,
    /// A redirection (not here-text) came after the command name.
    redirected_after_name: bool,
    /// The current command has had a redirection other than a here-string.
    redirected: bool,
    started: bool,
    skip_until_separator: bool,
    /// The next command reads from a pipe.
    piped_next: bool,
    /// An assignment of the current command takes a nested command's output (`x=$(cmd)`).
    substituted: bool,
}

impl Builder {
    fn at_command_start(&self) -> bool {
        self.current.words.is_empty() && self.current.assignments.is_empty() && !self.started
    }

    /// Whether `w` would be an assignment of the current command (`NAME=value` before the
    /// command's name).
    fn is_assignment(&self, w: &lexer::Word) -> bool {
        self.current.words.is_empty()
            && !w.quoted_name
            && w.raw.split_once('=').is_some_and(|(name, _)| {
                let name = name.strip_suffix('+').unwrap_or(name);
                !name.is_empty()
                    && !name.starts_with(|c: char| c.is_ascii_digit())
                    && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            })
    }

    fn restart(&mut self, at: usize) {
        self.current = SimpleCommand {
            piped: std::mem::take(&mut self.piped_next),
            ..SimpleCommand::default()
        };
        self.start = at;
        self.end = at;
        self.bare_end = at;
        self.redirected_after_name = false;
        self.redirected = false;
        self.started = false;
        self.substituted = false;
        self.values.clear();
    }

    fn word(&mut self, w: lexer::Word) {
        if !self.started {
            self.start = w.start;
        }
        self.started = true;
        self.end = w.end;
        self.bare_end = w.end;
        if self.redirected_after_name {
            self.current.swallowed = true;
        }
        if self.is_assignment(&w) {
            if let Some((name, _)) = w.raw.split_once('=') {
                self.values
                    .push((name.trim_end_matches('+').to_string(), static_value(&w)));
            }
            self.current.assignments.push(w.raw);
        } else {
            self.current.words.push(w.text);
            self.current.dynamic.push(w.dynamic);
        }
    }

    fn redirect(&mut self, r: lexer::Redirect) {
        if !self.started {
            self.start = r.start;
        }
        self.started = true;
        self.end = r.end;
        if self.current.words.is_empty() {
            self.bare_end = r.end;
        } else if !r.here {
            self.redirected_after_name = true;
        }
        self.current.here_string |= r.here_string;
        if r.here_string {
            self.current.late_here_string |= self.redirected;
        } else {
            self.redirected = true;
        }
        if r.output {
            if let Some(target) = r.target {
                self.current.dynamic_redirect |= r.dynamic;
                self.current.redirects.push(target);
                self.current
                    .raw_redirects
                    .push(r.raw_target.unwrap_or_default());
            }
        } else if r.input {
            self.current.stdin_redirected = true;
            self.current.inputs.extend(r.target);
        }
    }

    fn finish(&mut self, src: &str, _at: usize, out: &mut Parsed) {
        self.finish_with(src, _at, false, out)
    }

    fn finish_with(&mut self, src: &str, _at: usize, background: bool, out: &mut Parsed) {
        self.skip_until_separator = false;
        if !self.started {
            if background {
                if let Some(last) = out.commands.last_mut() {
                    last.background = true;
                }
            }
            return;
        }
        let mut cmd = std::mem::take(&mut self.current);
        cmd.text = src
            .get(self.start..self.end)
            .unwrap_or_default()
            .trim()
            .to_string();
        cmd.bare = src
            .get(self.start..self.bare_end.max(self.start))
            .unwrap_or_default()
            .trim()
            .to_string();
        cmd.background = background;
        self.started = false;
        // A command that only sets variables changes what later words mean; one that sets
        // a variable to a nested command's output is read through (its command is one of the
        // line's), unless it sets others too.
        let substituted = std::mem::take(&mut self.substituted);
        let values = std::mem::take(&mut self.values);
        if self.tracking && cmd.words.is_empty() && !substituted {
            // A name set twice is not followed (`x=1; x=2; echo $x`).
            for (name, value) in values {
                if self.set.contains(&name) {
                    self.known.retain(|(n, _)| *n != name);
                } else if let Some(value) = value {
                    self.known.push((name.clone(), value));
                }
                self.set.push(name);
                self.known_changed = true;
            }
        }
        if cmd.words.is_empty() && !cmd.assignments.is_empty() {
            if cmd.assignments.len() > 1 {
                // Several set at once (`x=1 y=2; ...`, `x=$(cmd) y=2`).
                out.construct.get_or_insert(ASSIGNMENTS_TEXT);
            } else if substituted {
                out.assigned_output = true;
            } else {
                out.flag(Hazard::Assignment);
            }
        }
        // `x=~/f`: bash may expand the tilde as it assigns.
        if cmd.assignments.iter().any(|a| {
            a.split_once('=')
                .is_some_and(|(_, value)| value.starts_with('~'))
        }) {
            out.construct.get_or_insert(TILDE_TEXT);
        }
        if !cmd.words.is_empty()
            || !cmd.assignments.is_empty()
            || !cmd.redirects.is_empty()
            || !cmd.inputs.is_empty()
        {
            out.commands.push(cmd);
        }
    }
}

#[cfg(test)]
mod tests;
