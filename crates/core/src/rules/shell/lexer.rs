//! The tokenizer of [`super::parse`]: words (unquoted, with the expansions they hold),
//! redirections, operators and parentheses, with byte offsets into the source.

use super::Hazard;

/// Variables the shell or the login sets, which a command line cannot have changed before
/// it runs (`HOME` is read as `~` elsewhere).
const SHELL_SET_VARIABLES: &[&str] = &[
    "PWD",
    "OLDPWD",
    "USER",
    "LOGNAME",
    "SHELL",
    "PATH",
    "HOSTNAME",
    "UID",
    "EUID",
    "PPID",
    "RANDOM",
    "SECONDS",
    "LINENO",
    "TMPDIR",
    "BASH_VERSION",
    "BASHPID",
    "SHLVL",
    "HISTFILE",
    "IFS",
];

#[derive(Debug)]
pub(super) struct Word {
    /// The word with quotes and escapes removed.
    pub text: String,
    /// The word as written.
    pub raw: String,
    pub start: usize,
    pub end: usize,
    /// Some part of the word was quoted or escaped.
    pub quoted: bool,
    /// The part before the first `=` was quoted or escaped (then it is no assignment).
    pub quoted_name: bool,
    pub dynamic: bool,
}

#[derive(Debug)]
pub(super) struct Redirect {
    pub start: usize,
    pub end: usize,
    /// Writes a file (`>`, `>>`, `>|`, `&>`, `>&file`).
    pub output: bool,
    /// Feeds standard input (`<`, `<<`, `<<-`, `<<<`); `target` is a file only for `<`.
    pub input: bool,
    pub target: Option<String>,
    /// The target as written (quotes and `$` kept).
    pub raw_target: Option<String>,
    pub dynamic: bool,
    /// `<<<`: a here-string.
    pub here_string: bool,
    /// `<<`, `<<-` or `<<<`: text given on the line, not a file.
    pub here: bool,
}

#[derive(Debug)]
pub(super) enum Token {
    Word(Word),
    Redirect(Redirect),
    Separator {
        start: usize,
        end: usize,
        op: &'static str,
    },
    OpenParen(usize),
    CloseParen(usize),
    End,
}

/// Source of a substitution found inside a word.
pub(super) struct Nested {
    pub source: String,
    pub hazard: Hazard,
}

/// The shell-set values a double-quoted string expands.
#[derive(Default, Clone, Copy)]
struct Known {
    /// A variable the shell sets (`$PWD`).
    variable: bool,
    /// A special parameter other than `$!` (`$?`, `$#`, `$$`, `$-`).
    special: bool,
    /// `$!`.
    bang: bool,
}

struct Heredoc {
    delimiter: String,
    strip_tabs: bool,
    expands: bool,
}

pub(super) struct Lexer<'a> {
    src: &'a str,
    chars: Vec<(usize, char)>,
    i: usize,
    nested: Vec<Nested>,
    hazard: Option<Hazard>,
    construct: Option<&'static str>,
    /// The first hazard noted was a variable inside double quotes (`"$x"`).
    pub quoted_variable: bool,
    heredocs: Vec<Heredoc>,
    unclosed: bool,
    /// Variables set earlier on the line to a value known before it runs (`x=1; echo $x`):
    /// `$x` reads as that value.
    pub known: Vec<(String, String)>,
    /// A `$name` was read as a value set earlier on the line.
    pub used_known: bool,
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str) -> Self {
        Lexer {
            src,
            chars: src.char_indices().collect(),
            i: 0,
            nested: Vec::new(),
            hazard: None,
            construct: None,
            quoted_variable: false,
            heredocs: Vec::new(),
            unclosed: false,
            known: Vec::new(),
            used_known: false,
        }
    }

    pub fn take_nested(&mut self) -> Vec<Nested> {
        std::mem::take(&mut self.nested)
    }

    /// Notes a hazard: the first one found stays, over the weakest one.
    fn note(&mut self, hazard: Hazard) {
        if self.hazard.is_none() || self.hazard == Some(Hazard::SpecialInQuotes) {
            self.hazard = Some(hazard);
        }
    }

    pub fn take_hazard(&mut self) -> Option<Hazard> {
        self.hazard.take()
    }

    /// The first construct the reference names when it asks about a line (see
    /// [`super::Parsed::construct`]).
    pub fn take_construct(&mut self) -> Option<&'static str> {
        self.construct.take()
    }

    pub fn unclosed(&self) -> bool {
        self.unclosed
    }

    fn at(&self, i: usize) -> Option<char> {
        self.chars.get(i).map(|c| c.1)
    }

    fn pos(&self, i: usize) -> usize {
        self.chars.get(i).map_or(self.src.len(), |c| c.0)
    }

    pub fn next_token(&mut self) -> Token {
        loop {
            let Some(c) = self.at(self.i) else {
                return Token::End;
            };
            let start = self.pos(self.i);
            match c {
                ' ' | '\t' | '\r' => self.i += 1,
                '\\' if self.at(self.i + 1) == Some('\n') => self.i += 2,
                '#' => {
                    while self.at(self.i).is_some_and(|c| c != '\n') {
                        self.i += 1;
                    }
                }
                '\n' => {
                    self.i += 1;
                    self.read_heredocs();
                    return self.separator(start, "\n");
                }
                ';' => {
                    self.i += 1;
                    if self.at(self.i) == Some(';') {
                        self.i += 1;
                        self.hazard = Some(Hazard::Unsupported);
                    }
                    return self.separator(start, ";");
                }
                '&' => {
                    if self.at(self.i + 1) == Some('>') {
                        return self.redirect(start, None);
                    }
                    if self.at(self.i + 1) == Some('&') {
                        self.i += 2;
                        return self.separator(start, "&&");
                    }
                    self.i += 1;
                    return self.separator(start, "&");
                }
                '|' => {
                    let op = match self.at(self.i + 1) {
                        Some('|') => "||",
                        Some('&') => "|&",
                        _ => "|",
                    };
                    self.i += op.len();
                    return self.separator(start, op);
                }
                '(' => {
                    self.i += 1;
                    return Token::OpenParen(start);
                }
                ')' => {
                    self.i += 1;
                    return Token::CloseParen(start);
                }
                '<' | '>' if self.at(self.i + 1) == Some('(') => return self.word(),
                '<' | '>' => return self.redirect(start, None),
                _ => return self.word(),
            }
        }
    }

    fn separator(&self, start: usize, op: &'static str) -> Token {
        Token::Separator {
            start,
            end: self.pos(self.i),
            op,
        }
    }

    /// A redirection starting at the operator (after an optional descriptor number).
    fn redirect(&mut self, start: usize, _fd: Option<u32>) -> Token {
        let mut op = String::new();
        while let Some(c) = self
            .at(self.i)
            .filter(|c| matches!(c, '<' | '>' | '&' | '|' | '-'))
        {
            // `-` only belongs to `<<-` and `>&-`.
            if c == '-' && !(op == "<<" || op.ends_with('&')) {
                break;
            }
            if c == '|' && op != ">" {
                break;
            }
            if c == '&' && op.ends_with('&') {
                break;
            }
            op.push(c);
            self.i += 1;
            if op == "<<<" || op.ends_with('-') {
                break;
            }
        }
        let output = op.contains('>');
        if op.ends_with('-') && op != "<<-" {
            // `>&-` closes a descriptor.
            return self.redirect_token(start, false, None, false);
        }
        self.skip_blanks();
        let word = match self.at(self.i) {
            None | Some('\n' | ';' | '&' | '|' | '(' | ')' | '<' | '>') => None,
            // A redirection's target takes no value the line set (`x=f; echo a > $x`).
            _ => {
                let known = std::mem::take(&mut self.known);
                let token = self.word();
                self.known = known;
                match token {
                    Token::Word(w) => Some(w),
                    _ => None,
                }
            }
        };
        let Some(w) = word else {
            self.hazard = Some(Hazard::Unsupported);
            return self.redirect_token(start, false, None, false);
        };
        if op == "<<" || op == "<<-" {
            self.heredocs.push(Heredoc {
                delimiter: w.text.clone(),
                strip_tabs: op == "<<-",
                expands: !w.quoted,
            });
            let mut token = self.redirect_token(start, false, None, false);
            if let Token::Redirect(r) = &mut token {
                r.input = true;
                r.here = true;
            }
            return token;
        }
        let duplicates = op.ends_with('&') && op != "&>" && op != "&>>";
        if duplicates && w.text.chars().all(|c| c.is_ascii_digit() || c == '-') {
            return self.redirect_token(start, false, None, false);
        }
        let output = output && !op.starts_with("<<");
        let dynamic = w.dynamic;
        let mut token = self.redirect_token(start, output, Some(w.text), dynamic);
        if let Token::Redirect(r) = &mut token {
            r.raw_target = Some(w.raw);
            r.input = matches!(op.as_str(), "<" | "<<<");
            if op == "<<<" {
                // A here-string is text, not a file.
                r.target = None;
                r.here = true;
                r.here_string = true;
            }
        }
        token
    }

    fn redirect_token(
        &self,
        start: usize,
        output: bool,
        target: Option<String>,
        dynamic: bool,
    ) -> Token {
        Token::Redirect(Redirect {
            start,
            end: self.pos(self.i),
            output,
            input: false,
            target,
            raw_target: None,
            dynamic,
            here_string: false,
            here: false,
        })
    }

    fn skip_blanks(&mut self) {
        while matches!(self.at(self.i), Some(' ' | '\t')) {
            self.i += 1;
        }
    }

    /// Reads the bodies of pending here-documents (the lines after the one that named them).
    fn read_heredocs(&mut self) {
        for doc in std::mem::take(&mut self.heredocs) {
            let mut body = String::new();
            loop {
                let line_start = self.i;
                while self.at(self.i).is_some_and(|c| c != '\n') {
                    self.i += 1;
                }
                let line: String = self.chars[line_start..self.i].iter().map(|c| c.1).collect();
                let at_end = self.at(self.i).is_none();
                // Past the newline; at the end of input stay there (a second pending document
                // then starts at the end too, instead of beyond it).
                if !at_end {
                    self.i += 1;
                }
                let cmp = if doc.strip_tabs {
                    line.trim_start_matches('\t')
                } else {
                    line.as_str()
                };
                if cmp == doc.delimiter {
                    break;
                }
                body.push_str(&line);
                body.push('\n');
                if at_end {
                    self.unclosed = true;
                    break;
                }
            }
            if doc.expands {
                self.hazard = Some(Hazard::Heredoc);
            }
        }
        self.i = self.i.min(self.chars.len());
    }

    /// Reads one word, starting at the current position.
    fn word(&mut self) -> Token {
        let start = self.pos(self.i);
        let mut w = Word {
            text: String::new(),
            raw: String::new(),
            start,
            end: start,
            quoted: false,
            quoted_name: false,
            dynamic: false,
        };
        let mut seen_eq = false;
        while let Some(c) = self.at(self.i) {
            match c {
                ' ' | '\t' | '\r' | '\n' | ';' | '&' | '|' | ')' => break,
                '(' if w.text.ends_with('=') || w.text.is_empty() => break,
                '(' => {
                    // `name(` inside a word: a function definition; not followed.
                    self.hazard = Some(Hazard::Unsupported);
                    self.construct.get_or_insert(super::FUNCTION_TEXT);
                    w.text.push(c);
                    self.i += 1;
                }
                '<' | '>' if self.at(self.i + 1) == Some('(') => {
                    self.i += 2;
                    let inner = self.until_close(')');
                    self.nested.push(Nested {
                        source: inner,
                        hazard: Hazard::ProcessSubstitution,
                    });
                    w.dynamic = true;
                    w.text.push_str("<(..)");
                }
                '<' | '>' => {
                    // A word of digits right before a redirection is its descriptor.
                    if !w.text.is_empty()
                        && !w.quoted
                        && !w.dynamic
                        && w.text.chars().all(|d| d.is_ascii_digit())
                    {
                        return self.redirect(start, None);
                    }
                    break;
                }
                '\\' => {
                    w.quoted = true;
                    if !seen_eq {
                        w.quoted_name = true;
                    }
                    if matches!(self.at(self.i + 1), Some(' ' | '\t' | '\n')) {
                        self.note(Hazard::EscapedWhitespace);
                    }
                    match self.at(self.i + 1) {
                        Some('\n') => {}
                        Some(n) => w.text.push(n),
                        None => {}
                    }
                    self.i += 2;
                }
                '\'' => {
                    w.quoted = true;
                    if !seen_eq {
                        w.quoted_name = true;
                    }
                    self.i += 1;
                    let mut closed = false;
                    while let Some(ch) = self.at(self.i) {
                        self.i += 1;
                        if ch == '\'' {
                            closed = true;
                            break;
                        }
                        w.text.push(ch);
                    }
                    self.unclosed |= !closed;
                }
                '"' => {
                    w.quoted = true;
                    if !seen_eq {
                        w.quoted_name = true;
                    }
                    self.i += 1;
                    self.double_quoted(&mut w);
                }
                '$' => self.dollar(&mut w),
                '`' => {
                    self.i += 1;
                    let inner = self.until_backtick();
                    self.nested.push(Nested {
                        source: inner,
                        hazard: Hazard::Nested,
                    });
                    w.dynamic = true;
                    w.text.push_str("`..`");
                }
                '{' if self.brace_expansion_ahead() => {
                    self.note(Hazard::BraceExpansion);
                    w.dynamic = true;
                    w.text.push(c);
                    self.i += 1;
                }
                _ => {
                    if c == '=' {
                        seen_eq = true;
                    }
                    w.text.push(c);
                    self.i += 1;
                }
            }
        }
        w.end = self.pos(self.i);
        w.raw = self.src.get(start..w.end).unwrap_or_default().to_string();
        if w.raw.is_empty() && self.at(self.i).is_some() {
            // Nothing consumed (a lone `(` after text): step over it so the lexer moves on.
            self.i += 1;
            w.end = self.pos(self.i);
            w.raw = self.src.get(start..w.end).unwrap_or_default().to_string();
            w.text = w.raw.clone();
        }
        Token::Word(w)
    }

    /// `{a,b}` or `{1..3}` from the current `{`, unquoted and without blanks.
    fn brace_expansion_ahead(&self) -> bool {
        let mut j = self.i + 1;
        let mut hint = false;
        while let Some(c) = self.at(j) {
            match c {
                '}' => return hint,
                ',' => hint = true,
                '.' if self.at(j + 1) == Some('.') => hint = true,
                ' ' | '\t' | '\n' | ';' | '&' | '|' | '\'' | '"' | '{' | '$' => return false,
                _ => {}
            }
            j += 1;
        }
        false
    }

    fn double_quoted(&mut self, w: &mut Word) {
        // Characters of the string's own text, and the shell-set values it expands.
        let mut literal = 0usize;
        let mut known = Known::default();
        while let Some(ch) = self.at(self.i) {
            match ch {
                '"' => {
                    self.i += 1;
                    self.judge_quoted(literal, known);
                    return;
                }
                '\\' => {
                    match self.at(self.i + 1) {
                        Some(n @ ('"' | '\\' | '$' | '`')) => {
                            w.text.push(n);
                            literal += 1;
                        }
                        Some('\n') => {}
                        Some(n) => {
                            w.text.push('\\');
                            w.text.push(n);
                            literal += 2;
                        }
                        None => {}
                    }
                    self.i += 2;
                }
                '$' => {
                    let before = self.nested.len();
                    if self.known_in_quotes(w, &mut known) {
                        continue;
                    }
                    let first = self.hazard.is_none();
                    self.dollar(w);
                    self.quoted_variable |= first && self.hazard == Some(Hazard::Variable);
                    for n in &mut self.nested[before..] {
                        if n.hazard == Hazard::Nested {
                            n.hazard = Hazard::QuotedNested;
                        }
                    }
                }
                '`' => {
                    self.i += 1;
                    let inner = self.until_backtick();
                    self.nested.push(Nested {
                        source: inner,
                        hazard: Hazard::QuotedNested,
                    });
                    w.dynamic = true;
                }
                _ => {
                    w.text.push(ch);
                    literal += 1;
                    self.i += 1;
                }
            }
        }
        self.unclosed = true;
    }

    /// A closed double-quoted string that expands values the shell sets, as the reference
    /// reads it: with fewer than two characters of its own text (`"$?"`, `" $PWD"`,
    /// `"a$?"`) it is quoted text that cannot be checked; otherwise a special parameter
    /// needs approval (`"a $?"`; `$!` offers no rule), and a shell-set variable is fine.
    fn judge_quoted(&mut self, literal: usize, known: Known) {
        if !(known.variable || known.special || known.bang) {
            return;
        }
        if literal < 2 {
            self.note(Hazard::QuotedVariable);
        } else if known.bang {
            // The last background job's id: nothing to offer a rule for.
            self.note(Hazard::Unsupported);
        } else if known.special {
            self.note(Hazard::SpecialInQuotes);
        }
    }

    /// Whether the `$` at the current position starts a variable in double quotes whose
    /// value the shell itself sets (`$PWD`, `$USER`, `$?`, `$#` ...; see
    /// [`Self::judge_quoted`]). Consumes it and records it in `known`; any other variable
    /// is left to [`Self::dollar`].
    fn known_in_quotes(&mut self, w: &mut Word, known: &mut Known) -> bool {
        let (name, special) = match self.at(self.i + 1) {
            Some(c) if "?$!#-".contains(c) => (c.to_string(), true),
            Some(c) if c.is_ascii_alphabetic() || c == '_' => (
                self.chars[self.i + 1..]
                    .iter()
                    .map(|c| c.1)
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect::<String>(),
                false,
            ),
            _ => return false,
        };
        if !special && !SHELL_SET_VARIABLES.contains(&name.as_str()) {
            return false;
        }
        match name.as_str() {
            "!" => known.bang = true,
            _ if special => known.special = true,
            _ => known.variable = true,
        }
        w.dynamic = true;
        w.text.push('$');
        w.text.push_str(&name);
        self.i += 1 + name.chars().count();
        true
    }

    /// `$name`, `${..}`, `$(..)`, `$((..))`, `$'..'`, or a lone `$`.
    fn dollar(&mut self, w: &mut Word) {
        match self.at(self.i + 1) {
            Some('(') if self.at(self.i + 2) == Some('(') => {
                self.i += 3;
                let inner = self.until_close(')');
                if inner.contains("$(") || inner.contains('`') {
                    self.nested.push(Nested {
                        source: String::new(),
                        hazard: Hazard::Nested,
                    });
                }
                if self.at(self.i) == Some(')') {
                    self.i += 1;
                }
                w.dynamic = true;
                w.text.push_str("$((..))");
            }
            Some('(') => {
                self.i += 2;
                let inner = self.until_close(')');
                self.nested.push(Nested {
                    source: inner,
                    hazard: Hazard::Nested,
                });
                w.dynamic = true;
                w.text.push_str("$(..)");
            }
            Some('{') => {
                self.i += 2;
                self.note(Hazard::BraceVariable);
                let inner = self.until_close('}');
                if inner.contains("$(") || inner.contains('`') {
                    self.nested.push(Nested {
                        source: String::new(),
                        hazard: Hazard::Nested,
                    });
                }
                w.dynamic = true;
                w.text.push_str("${");
                w.text.push_str(&inner);
                w.text.push('}');
            }
            Some('\'') => {
                // ANSI-C quoting: escapes are kept as written; the value is static, but the
                // reference asks about it.
                self.construct.get_or_insert(super::ESCAPE_TEXT);
                w.quoted = true;
                self.i += 2;
                while let Some(ch) = self.at(self.i) {
                    self.i += 1;
                    match ch {
                        '\'' => return,
                        '\\' => {
                            if let Some(n) = self.at(self.i) {
                                w.text.push('\\');
                                w.text.push(n);
                                self.i += 1;
                            }
                        }
                        _ => w.text.push(ch),
                    }
                }
                self.unclosed = true;
            }
            Some(c) if c.is_ascii_alphanumeric() || "_@*#?$!-".contains(c) => {
                // Past the `$` and the name's first character.
                self.i += 2;
                let mut name = String::from(c);
                if c.is_ascii_alphabetic() || c == '_' {
                    while let Some(n) = self
                        .at(self.i)
                        .filter(|n| n.is_ascii_alphanumeric() || *n == '_')
                    {
                        name.push(n);
                        self.i += 1;
                    }
                }
                // `$HOME` is the home directory, as `~` is; any other value is unknown.
                if name == "HOME" {
                    w.text.push('~');
                    return;
                }
                if let Some((_, value)) = self.known.iter().find(|(n, _)| *n == name) {
                    w.text.push_str(value);
                    self.used_known = true;
                    return;
                }
                self.note(Hazard::Variable);
                w.dynamic = true;
                w.text.push('$');
                w.text.push_str(&name);
            }
            next => {
                if next.is_none_or(|n| n.is_whitespace()) {
                    self.note(Hazard::LoneDollar);
                }
                // `$"..."`: text for translation.
                if next == Some('"') {
                    self.construct.get_or_insert(super::UNCHECKABLE_TEXT);
                }
                w.text.push('$');
                self.i += 1;
            }
        }
    }

    /// The source up to the `close` that balances an already consumed opener, skipping
    /// quoted text; the position ends after it.
    fn until_close(&mut self, close: char) -> String {
        let open = if close == ')' { '(' } else { '{' };
        let start = self.pos(self.i);
        let mut depth = 1usize;
        while let Some(ch) = self.at(self.i) {
            match ch {
                '\\' => self.i += 1,
                '\'' => {
                    self.i += 1;
                    while self.at(self.i).is_some_and(|c| c != '\'') {
                        self.i += 1;
                    }
                }
                '"' => {
                    self.i += 1;
                    while let Some(c) = self.at(self.i) {
                        if c == '\\' {
                            self.i += 1;
                        } else if c == '"' {
                            break;
                        }
                        self.i += 1;
                    }
                }
                c if c == open => depth += 1,
                c if c == close => {
                    depth -= 1;
                    if depth == 0 {
                        let inner = self.src.get(start..self.pos(self.i)).unwrap_or_default();
                        self.i += 1;
                        return inner.to_string();
                    }
                }
                _ => {}
            }
            self.i += 1;
        }
        self.unclosed = true;
        self.i = self.chars.len();
        self.src.get(start..).unwrap_or_default().to_string()
    }

    fn until_backtick(&mut self) -> String {
        let mut inner = String::new();
        while let Some(ch) = self.at(self.i) {
            self.i += 1;
            match ch {
                '`' => return inner,
                '\\' => {
                    if let Some(n) = self.at(self.i) {
                        if !matches!(n, '`' | '\\' | '$') {
                            inner.push('\\');
                        }
                        inner.push(n);
                        self.i += 1;
                    }
                }
                _ => inner.push(ch),
            }
        }
        self.unclosed = true;
        inner
    }
}
