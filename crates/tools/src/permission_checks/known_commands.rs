//! What the Bash permission check knows about individual commands: which only read, which
//! write the files they name, which git subcommands are safe, and wrappers to look through.

/// Commands that only read (their path arguments are still checked).
pub const READ_ONLY: &[&str] = &[
    "echo",
    "printf",
    "pwd",
    "true",
    "false",
    "date",
    "whoami",
    "id",
    "uname",
    "hostname",
    "which",
    "type",
    "ls",
    "cat",
    "head",
    "tail",
    "wc",
    "grep",
    "egrep",
    "fgrep",
    "rg",
    "sort",
    "uniq",
    "cut",
    "tr",
    "diff",
    "cmp",
    "file",
    "stat",
    "du",
    "df",
    "tree",
    "find",
    "basename",
    "dirname",
    "realpath",
    "readlink",
    "test",
    "[",
    "seq",
    "nl",
    "sleep",
    "jq",
    "md5sum",
    "sha1sum",
    "sha256sum",
    "column",
    "tac",
    "rev",
    "fold",
    "strings",
    "od",
    "hexdump",
    "groups",
    "uptime",
    "free",
    "ps",
    "locale",
    "[[",
    "sed",
    "paste",
    "base64",
    "history",
    "man",
    "lsof",
    "comm",
    "expand",
    "unexpand",
    "fmt",
    "pr",
    "tsort",
    "numfmt",
];
/// Commands whose path arguments must lie in the working directories (read-only or not:
/// `awk` and `uniq` are asked about anyway), with what the refusal says they may only do
/// there. The other read-only commands are not checked for paths (`du`, `realpath`).
pub const PATH_READERS: &[(&str, &str)] = &[
    ("cat", "concatenate files from"),
    ("ls", "list files in"),
    ("find", "search files in"),
    ("head", "read the beginning of files from"),
    ("tail", "read the end of files from"),
    ("sort", "sort contents of files from"),
    ("uniq", "filter duplicate lines from files in"),
    ("wc", "count lines/words/bytes in files from"),
    ("cut", "extract columns from files in"),
    ("paste", "merge files from"),
    ("column", "format files from"),
    ("file", "examine file types in"),
    ("stat", "read file stats from"),
    ("diff", "compare files from"),
    ("cmp", "compare files from"),
    ("comm", "compare files from"),
    ("awk", "process text from files in"),
    ("strings", "extract strings from files in"),
    ("hexdump", "display hex dump of files from"),
    ("od", "display octal dump of files from"),
    ("base64", "encode/decode files from"),
    ("nl", "number lines in files from"),
    ("grep", "search for patterns in files from"),
    ("egrep", "search for patterns in files from"),
    ("fgrep", "search for patterns in files from"),
    ("rg", "search for patterns in files from"),
    ("sed", "edit files in"),
    ("jq", "process JSON from files in"),
    ("sha256sum", "compute SHA-256 checksums for files in"),
    ("sha1sum", "compute SHA-1 checksums for files in"),
    ("md5sum", "compute MD5 checksums for files in"),
    ("fold", "wrap lines of files from"),
    ("rev", "read files (reversed lines) from"),
    ("tac", "read files (reversed) from"),
    ("expand", "convert tabs in files from"),
    ("fmt", "reformat files from"),
    ("pr", "paginate files from"),
];

/// What the refusal of `name` with a path outside the working directories says it may
/// only do inside them, for a command whose paths are checked.
pub fn path_reader_verb(name: &str) -> Option<&'static str> {
    PATH_READERS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, verb)| *verb)
}

/// Read-only commands whose first plain argument is a pattern or program, not a path.
pub const PATTERN_FIRST: &[&str] = &["grep", "egrep", "fgrep", "rg", "jq", "awk"];
/// Commands that run their arguments, or change how later commands are read, with the
/// reference's wording for each.
pub const SHELL_CODE: &[(&str, &str)] = &[
    ("source", "'source' evaluates arguments as shell code"),
    (".", "'.' evaluates arguments as shell code"),
    ("alias", "'alias' evaluates arguments as shell code"),
    ("hash", "'hash' evaluates arguments as shell code"),
    ("trap", "'trap' evaluates arguments as shell code"),
    ("shopt", "Zsh builtin 'shopt' can bypass security checks"),
];
/// Tools whose `--version` only prints it.
pub const VERSION_ONLY: &[&str] = &["node", "python", "python3"];
/// Commands that create, change or remove the files they name.
pub const FILE_WRITERS: &[&str] = &[
    "touch", "mkdir", "rm", "rmdir", "mv", "cp", "truncate", "tee",
];
/// File writers that `acceptEdits` lets through inside the working directories.
pub const ACCEPT_EDITS_WRITERS: &[&str] = &["touch", "mkdir", "rm", "rmdir", "mv", "cp", "sed"];
/// `find` actions that run commands or change files.
pub const FIND_ACTIONS: &[&str] = &[
    "-exec", "-execdir", "-ok", "-okdir", "-delete", "-fprint", "-fprint0", "-fprintf", "-fls",
];
/// git subcommands that only read, with the options each may take (`None`: any option).
pub const GIT_READ_ONLY: &[(&str, Option<&[&str]>)] = &[
    (
        "status",
        Some(&[
            "-s",
            "--short",
            "-b",
            "--branch",
            "--porcelain",
            "--long",
            "-v",
            "--verbose",
        ]),
    ),
    ("log", None),
    ("diff", None),
    ("show", None),
    ("blame", None),
    ("shortlog", None),
    ("describe", None),
    ("rev-parse", None),
    ("ls-files", None),
    ("grep", None),
    (
        "branch",
        Some(&[
            "-a",
            "--all",
            "-r",
            "--remotes",
            "-v",
            "-vv",
            "--list",
            "--show-current",
        ]),
    ),
    ("remote", Some(&["-v", "--verbose"])),
    ("tag", Some(&["-l", "--list"])),
];

/// xargs options that change what runs or where its arguments come from (`-I` puts them
/// anywhere in the command, `-a` reads a file, `-p` prompts): such a call is not judged.
pub fn xargs_is_plain(args: &[String]) -> bool {
    args.iter().take_while(|a| a.starts_with('-')).all(|a| {
        !(a.starts_with("-I")
            || a.starts_with("-i")
            || a.starts_with("--replace")
            || a.starts_with("-a")
            || a.starts_with("--arg-file")
            || a.starts_with("-E")
            || a.starts_with("-e")
            || a == "-p"
            || a == "--interactive")
    })
}

/// Whether a sed script only prints, deletes or substitutes: every command (split at `;`
/// and line breaks) is `[address]p`/`d`/`q`/`=`/`n` or `s/../../flags` without the `w` and
/// `e` flags. Other commands may write files (`w`) or run them (`e`), so such a call counts
/// as writing what it names.
pub fn sed_script_is_plain(args: &[String]) -> bool {
    let mut scripts = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "-e" | "--expression" => scripts.extend(it.next()),
            "-f" | "--file" => return false,
            _ if a.starts_with("--expression=") || a.starts_with("--file=") => return false,
            _ if a.starts_with('-') => {}
            _ => {
                if scripts.is_empty() {
                    scripts.push(a);
                }
                break;
            }
        }
    }
    scripts
        .iter()
        .flat_map(|s| s.split([';', '\n']))
        .all(|cmd| sed_command_is_plain(cmd.trim()))
}

/// `sed -n` with a script that only prints lines (`1p`, `/x/p`, `$p`): it reads the files
/// it names and changes nothing.
pub fn sed_only_prints(args: &[String]) -> bool {
    if !args
        .iter()
        .any(|a| a == "-n" || a == "--quiet" || a == "--silent")
    {
        return false;
    }
    let script = args.iter().find(|a| !is_flag(a));
    script.is_some_and(|s| s.split([';', '\n']).all(|cmd| prints_only(cmd.trim())))
}

/// One sed command that is an address (`3`, `$`, `1,5`, `/re/`) followed by `p`.
fn prints_only(cmd: &str) -> bool {
    let mut rest = cmd;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_ascii_digit() || "$,+~!".contains(c));
        let Some(after) = rest.strip_prefix('/') else {
            break;
        };
        // Past the closing `/` of a regex address.
        let mut escaped = false;
        let end = after.char_indices().find(|&(_, c)| {
            let close = c == '/' && !escaped;
            escaped = c == '\\' && !escaped;
            close
        });
        match end {
            Some((i, _)) => rest = &after[i + 1..],
            None => return false,
        }
    }
    rest.trim() == "p"
}

/// Whether a `sed` command names files to read (its stdin otherwise).
pub fn sed_names_files(args: &[String]) -> bool {
    let explicit_script = args.iter().any(|a| a == "-e" || a == "--expression");
    let plain = args.iter().filter(|a| !is_flag(a)).count();
    plain > usize::from(!explicit_script)
}

fn sed_command_is_plain(cmd: &str) -> bool {
    let body =
        cmd.trim_start_matches(|c: char| c.is_ascii_digit() || matches!(c, '$' | ',' | ' ' | '!'));
    match body.chars().next() {
        None => true,
        Some('p' | 'd' | 'q' | '=' | 'n') => body.len() == 1,
        Some('s') => {
            let mut chars = body.chars().skip(1);
            // Only `/` delimits a substitution the reference takes for plain (`s|a|b|` is
            // not: probes psed_*, fuzz-b/fb_286).
            let Some(delim) = chars.next().filter(|d| *d == '/') else {
                return false;
            };
            let rest: String = chars.collect();
            let parts: Vec<&str> = rest.split(delim).collect();
            parts.len() == 3
                && !parts[0].contains('\\')
                && !parts[1].contains('\\')
                && parts[2]
                    .chars()
                    .all(|c| matches!(c, 'g' | 'p' | 'i' | 'I' | '0'..='9'))
        }
        _ => false,
    }
}

pub fn is_flag(word: &str) -> bool {
    word.starts_with('-') && word != "-"
}

/// The characters that make a word a glob for the shell.
const GLOB_CHARS: [char; 3] = ['*', '?', '['];

/// Whether the shell would expand `word` as a glob.
pub fn has_glob(word: &str) -> bool {
    word.contains(GLOB_CHARS)
}

/// The directory part of an argument that may hold glob characters: up to the last `/`
/// before the first of them (`src/*.py` -> `src/`, `/etc/host*.conf` -> `/etc/`, `/et?/x`
/// -> `/`, `*.txt` -> ``).
pub fn literal_prefix(word: &str) -> &str {
    match word.find(GLOB_CHARS) {
        None => word,
        Some(i) => word[..i].rfind('/').map_or("", |j| &word[..=j]),
    }
}

/// Takes off wrappers that run their command unchanged (`command`, `builtin`, `timeout
/// DURATION`). `env` is left on: what it sets is not known; `nohup`, `time` and `nice` are
/// asked about, as the reference asks.
pub fn strip_wrappers(words: &[String]) -> &[String] {
    let mut rest = words;
    loop {
        match rest.first().map(String::as_str) {
            Some("command" | "builtin") if rest.len() > 1 => rest = &rest[1..],
            Some("timeout")
                if rest.len() > 2 && rest[1].starts_with(|c: char| c.is_ascii_digit()) =>
            {
                rest = &rest[2..]
            }
            _ => return rest,
        }
    }
}

pub fn git_is_read_only(args: &[String]) -> bool {
    let Some(sub) = args.first() else {
        return false;
    };
    match sub.as_str() {
        "stash" => return matches!(args.get(1).map(String::as_str), Some("list" | "show")),
        // Reading a value; any other form may write the configuration.
        "config" => {
            return args[1..].iter().any(|a| {
                matches!(
                    a.as_str(),
                    "--get" | "--get-all" | "--get-regexp" | "--list" | "-l"
                )
            })
        }
        _ => {}
    }
    let Some((_, allowed)) = GIT_READ_ONLY.iter().find(|(name, _)| name == sub) else {
        return false;
    };
    let options = args[1..].iter().filter(|a| is_flag(a));
    if args
        .iter()
        .any(|a| a.starts_with("--output") || a == "--ext-diff")
    {
        return false;
    }
    match allowed {
        None => true,
        Some(list) => {
            let ok = options.clone().all(|o| list.contains(&o.as_str()));
            // `git branch NAME` / `git tag NAME` create refs.
            let positional = args[1..].iter().any(|a| !is_flag(a));
            ok && !(positional && matches!(sub.as_str(), "branch" | "tag" | "remote"))
        }
    }
}
