//! A small shell-command splitter for permission checks: enough of POSIX shell syntax to cut
//! a command line into simple commands (at `;`, `&`, `&&`, `||`, `|`, `|&` and newlines), to
//! unquote their words and to find output redirections. Anything it cannot vouch for (command
//! substitution, process substitution, heredocs, subshells) is reported rather than guessed.
//!
//! ```
//! use oxagent_tools::permission_checks::shell_split::{split, Split};
//! let Split::Commands(cmds) = split("echo 'a;b' && touch \"x y\" > out.txt") else { panic!() };
//! assert_eq!(cmds[0].words, ["echo", "a;b"]);
//! assert_eq!(cmds[1].words, ["touch", "x y"]);
//! assert_eq!(cmds[1].redirects, ["out.txt"]);
//! assert_eq!(cmds[1].text, "touch \"x y\" > out.txt");
//! ```

/// One simple command of a command line.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SimpleCommand {
    /// The command as written, trimmed.
    pub text: String,
    /// `NAME=value` words before the command name.
    pub assignments: Vec<String>,
    /// The command name and its arguments, unquoted.
    pub words: Vec<String>,
    /// Per word: whether it contains a `$` expansion (its value is not known before running).
    pub dynamic: Vec<bool>,
    /// Targets of output redirections (`>`, `>>`, `&>`, `2>` ...), unquoted.
    pub redirects: Vec<String>,
}

/// The outcome of splitting a command line.
#[derive(Debug, Clone, PartialEq)]
pub enum Split {
    Commands(Vec<SimpleCommand>),
    /// Syntax that runs code this check cannot see; the text says why.
    Opaque(&'static str),
}

pub const NESTED: &str = "A nested command in this command can't be checked before it runs";
pub const PROCESS_SUBSTITUTION: &str =
    "A command used as a file in this command can't be checked before it runs";
pub const UNSUPPORTED: &str = "This command requires approval";

#[derive(Default)]
struct Builder {
    commands: Vec<SimpleCommand>,
    current: SimpleCommand,
    word: String,
    in_word: bool,
    word_dynamic: bool,
    /// The next finished word is the target of an output redirection.
    redirect_next: Option<bool>,
    start: usize,
}

impl Builder {
    fn finish_word(&mut self) {
        if !self.in_word {
            return;
        }
        let word = std::mem::take(&mut self.word);
        let dynamic = std::mem::take(&mut self.word_dynamic);
        self.in_word = false;
        match self.redirect_next.take() {
            Some(true) => self.current.redirects.push(word),
            Some(false) => {}
            None => {
                let is_assignment = self.current.words.is_empty()
                    && word.split_once('=').is_some_and(|(name, _)| {
                        !name.is_empty()
                            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    });
                if is_assignment {
                    self.current.assignments.push(word);
                } else {
                    self.current.words.push(word);
                    self.current.dynamic.push(dynamic);
                }
            }
        }
    }

    fn finish_command(&mut self, src: &str, end: usize) {
        self.finish_word();
        let mut cmd = std::mem::take(&mut self.current);
        cmd.text = src[self.start..end].trim().to_string();
        if !cmd.text.is_empty() {
            self.commands.push(cmd);
        }
    }
}

/// Splits `src` into simple commands.
pub fn split(src: &str) -> Split {
    let chars: Vec<(usize, char)> = src.char_indices().collect();
    let mut b = Builder::default();
    let mut i = 0;
    let at = |i: usize| chars.get(i).map(|c| c.1);
    while i < chars.len() {
        let (pos, c) = chars[i];
        match c {
            '\\' => {
                match at(i + 1) {
                    Some('\n') => {}
                    Some(next) => {
                        b.word.push(next);
                        b.in_word = true;
                    }
                    None => {}
                }
                i += 2;
                continue;
            }
            '\'' => {
                b.in_word = true;
                i += 1;
                while let Some(ch) = at(i) {
                    i += 1;
                    if ch == '\'' {
                        break;
                    }
                    b.word.push(ch);
                }
                continue;
            }
            '"' => {
                b.in_word = true;
                i += 1;
                while let Some(ch) = at(i) {
                    i += 1;
                    match ch {
                        '"' => break,
                        '`' => return Split::Opaque(NESTED),
                        '$' if at(i) == Some('(') => return Split::Opaque(NESTED),
                        '$' => {
                            b.word_dynamic = true;
                            b.word.push(ch);
                        }
                        '\\' if matches!(at(i), Some('"' | '\\' | '$' | '`' | '\n')) => {
                            if let Some(next) = at(i).filter(|n| *n != '\n') {
                                b.word.push(next);
                            }
                            i += 1;
                        }
                        _ => b.word.push(ch),
                    }
                }
                continue;
            }
            '`' => return Split::Opaque(NESTED),
            '$' if at(i + 1) == Some('(') => return Split::Opaque(NESTED),
            '$' => {
                b.word_dynamic = true;
                b.word.push(c);
                b.in_word = true;
            }
            '#' if !b.in_word => {
                while at(i).is_some_and(|ch| ch != '\n') {
                    i += 1;
                }
                continue;
            }
            ' ' | '\t' => b.finish_word(),
            '\n' | ';' => {
                b.finish_command(src, pos);
                b.start = pos + 1;
            }
            '&' | '|' => {
                // `&>` / `&>>` redirect both streams to a file.
                if c == '&' && at(i + 1) == Some('>') {
                    b.finish_word();
                    i += 1;
                    continue;
                }
                let doubled = at(i + 1) == Some(c) || (c == '|' && at(i + 1) == Some('&'));
                b.finish_command(src, pos);
                i += if doubled { 2 } else { 1 };
                b.start = chars.get(i).map_or(src.len(), |c| c.0);
                continue;
            }
            '(' | ')' if !b.in_word => return Split::Opaque(UNSUPPORTED),
            // A lone `{` or `}` opens or closes a group; `{}` (as in `find -exec`) is a word.
            '{' | '}' if !b.in_word && at(i + 1).is_none_or(char::is_whitespace) => {
                return Split::Opaque(UNSUPPORTED)
            }
            '<' | '>' => {
                if at(i + 1) == Some('(') {
                    return Split::Opaque(PROCESS_SUBSTITUTION);
                }
                // A word of digits right before `>` is a file descriptor, not an argument.
                if b.in_word && b.word.chars().all(|d| d.is_ascii_digit()) && !b.word_dynamic {
                    b.word.clear();
                    b.in_word = false;
                } else {
                    b.finish_word();
                }
                if c == '<' {
                    match (at(i + 1), at(i + 2)) {
                        (Some('<'), Some('<')) => i += 3,
                        (Some('<'), _) => return Split::Opaque(UNSUPPORTED),
                        _ => i += 1,
                    }
                    b.redirect_next = Some(false);
                    continue;
                }
                i += 1;
                if matches!(at(i), Some('>' | '|')) {
                    i += 1;
                }
                if at(i) == Some('&') {
                    // `>&2`, `2>&1`, `>&-`: duplicating a descriptor writes no file.
                    i += 1;
                    let mut target = String::new();
                    while let Some(ch) =
                        at(i).filter(|ch| !ch.is_whitespace() && !";&|<>".contains(*ch))
                    {
                        target.push(ch);
                        i += 1;
                    }
                    if !target.is_empty() && !target.chars().all(|d| d.is_ascii_digit() || d == '-')
                    {
                        b.current.redirects.push(target);
                    }
                    continue;
                }
                b.redirect_next = Some(true);
                continue;
            }
            _ => {
                b.word.push(c);
                b.in_word = true;
            }
        }
        i += 1;
    }
    b.finish_command(src, src.len());
    Split::Commands(b.commands)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn commands(src: &str) -> Vec<SimpleCommand> {
        match split(src) {
            Split::Commands(c) => c,
            Split::Opaque(why) => panic!("{src}: {why}"),
        }
    }

    #[test]
    fn operators_split_and_quotes_do_not() {
        let texts: Vec<String> = commands("a && b; c || d | e & f\ng")
            .into_iter()
            .map(|c| c.text)
            .collect();
        assert_eq!(texts, ["a", "b", "c", "d", "e", "f", "g"]);
        assert_eq!(commands("npm test '&&' touch x").len(), 1);
        assert_eq!(commands("npm test \"; touch x\"").len(), 1);
        assert_eq!(commands("npm test \\; touch x").len(), 1);
        assert_eq!(commands("npm test # && touch x")[0].words, ["npm", "test"]);
    }

    #[test]
    fn redirections_are_found_and_descriptor_copies_ignored() {
        let c = &commands("npm test 2>&1 > out.txt 2>>err.log")[0];
        assert_eq!(c.words, ["npm", "test"]);
        assert_eq!(c.redirects, ["out.txt", "err.log"]);
        assert_eq!(commands("echo hi >&2")[0].redirects, Vec::<String>::new());
        assert_eq!(commands("cat < in.txt")[0].words, ["cat"]);
    }

    #[test]
    fn substitutions_are_opaque() {
        assert_eq!(split("npm test $(touch x)"), Split::Opaque(NESTED));
        assert_eq!(split("npm test `touch x`"), Split::Opaque(NESTED));
        assert_eq!(split("echo \"$(id)\""), Split::Opaque(NESTED));
        assert_eq!(split("diff <(ls) x"), Split::Opaque(PROCESS_SUBSTITUTION));
        assert_eq!(split("(rm -rf x)"), Split::Opaque(UNSUPPORTED));
    }

    #[test]
    fn assignments_and_dynamic_words_are_marked() {
        let c = &commands("FOO=1 npm $X \"git\"")[0];
        assert_eq!(c.assignments, ["FOO=1"]);
        assert_eq!(c.words, ["npm", "$X", "git"]);
        assert_eq!(c.dynamic, [false, true, false]);
    }
}
