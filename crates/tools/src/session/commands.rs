//! Custom slash commands: Markdown files under `<project>/.claude/commands/`,
//! `~/.claude/commands/` (as the setting sources allow) and a plugin's `commands/` folder.
//! A file's path names the command (`commands/sub/deep.md` is `/sub:deep`; a plugin's
//! commands are `/<plugin>:<name>`). Its optional front matter gives `description`,
//! `argument-hint`, `model` and `allowed-tools`; the body is the prompt.
//!
//! A prompt `/name args` becomes two text blocks, as the reference sends them: the command's
//! record (`<command-message>`, `<command-name>`, `<command-args>` when there are arguments)
//! and the body with `$ARGUMENTS` (all the arguments), `$0`, `$1`, ... (each word, from 0;
//! one past the last word stays as written) and its shell commands (see [`super::bangs`])
//! replaced. A body where nothing was replaced gets the arguments appended as
//! `ARGUMENTS: ...`. A name no file defines is an ordinary prompt.
//!
//! ```
//! use oxagent_tools::session::bangs::Bangs;
//! use oxagent_tools::session::commands::{parse, Scope};
//! let cmd = parse("fix", "Fix issue $ARGUMENTS.\n", &Scope::Project);
//! let call = cmd.invoked_by("/fix 12").unwrap();
//! let blocks = call.blocks(Bangs::Kept).unwrap();
//! assert_eq!(blocks[1], "Fix issue 12.\n");
//! ```

use std::path::{Path, PathBuf};

use super::bangs::Bangs;
use super::skill::{parse_skill_md, tool_list};

/// Where a command file was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    Project,
    User,
    /// A plugin's, by the plugin's name.
    Plugin(String),
}

/// One command file.
#[derive(Debug, Clone, PartialEq)]
pub struct CommandFile {
    /// What follows the slash.
    pub name: String,
    /// As listings show it: the front matter's, else the body's first line, marked with
    /// where the command comes from.
    pub description: String,
    pub argument_hint: String,
    pub body: String,
    pub model: Option<String>,
    pub allowed_tools: Vec<String>,
    /// Where it comes from, as hooks name it: `projectSettings`, `userSettings`, `plugin`.
    pub source: String,
    /// The front matter's description, else the body's first line (what a question about
    /// running it through the Skill tool shows).
    pub summary: String,
    /// `disable-model-invocation: true`: only the user may run it, as `/<name>`.
    pub model_disabled: bool,
    /// A skill's `/<skill>` (its body is headed by the skill's folder), not a command file.
    pub from_skill: bool,
    /// Another name a prompt may invoke it by: the `name` a skill's front matter declares
    /// (the prompt is recorded under the folder's name).
    pub alias: Option<String>,
}

/// The folders project and user commands come from, for the setting sources a session
/// loads (`None`: all).
pub fn command_roots(
    cwd: &Path,
    home: Option<&Path>,
    sources: Option<&[String]>,
) -> Vec<(PathBuf, Scope)> {
    let has = |s: &str| sources.is_none_or(|list| list.iter().any(|x| x == s));
    let mut roots = Vec::new();
    if has("project") {
        roots.push((cwd.join(".claude").join("commands"), Scope::Project));
    }
    if let (true, Some(home)) = (has("user"), home) {
        roots.push((home.join(".claude").join("commands"), Scope::User));
    }
    roots
}

/// Every command under `root` (subfolders give `sub:name`), sorted by name.
pub fn load(root: &Path, scope: &Scope) -> Vec<CommandFile> {
    let mut out = Vec::new();
    walk(root, &mut Vec::new(), scope, &mut out);
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

fn walk(dir: &Path, prefix: &mut Vec<String>, scope: &Scope, out: &mut Vec<CommandFile>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        let Some(stem) = path
            .file_stem()
            .and_then(|s| s.to_str())
            .map(str::to_string)
        else {
            continue;
        };
        if path.is_dir() {
            prefix.push(stem);
            walk(&path, prefix, scope, out);
            prefix.pop();
        } else if path.extension().is_some_and(|x| x == "md") {
            if let Ok(text) = std::fs::read_to_string(&path) {
                let mut parts = prefix.clone();
                parts.push(stem);
                out.push(parse(&parts.join(":"), &text, scope));
            }
        }
    }
}

/// A command named `name` (without its plugin's prefix) from a file's text.
pub fn parse(name: &str, text: &str, scope: &Scope) -> CommandFile {
    let (meta, body) = parse_skill_md(text);
    let get = |k: &str| {
        meta.get(k)
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
    };
    let summary = get("description").unwrap_or_else(|| first_line(&body));
    let source = match scope {
        Scope::Project => "projectSettings",
        Scope::User => "userSettings",
        Scope::Plugin(_) => "plugin",
    };
    let (name, description) = match scope {
        Scope::Project => (name.to_string(), format!("{summary} (project)")),
        Scope::User => (name.to_string(), format!("{summary} (user)")),
        Scope::Plugin(plugin) => (format!("{plugin}:{name}"), format!("({plugin}) {summary}")),
    };
    CommandFile {
        name,
        description,
        argument_hint: get("argument-hint").unwrap_or_default(),
        model: get("model"),
        allowed_tools: tool_list(meta.get("allowed-tools")),
        body,
        source: source.to_string(),
        model_disabled: get("disable-model-invocation").is_some_and(|v| v == "true"),
        summary,
        from_skill: false,
        alias: None,
    }
}

/// The skills of `roots` as commands: `/<skill> args` reads the skill's instructions,
/// headed by the folder they live in.
pub fn skill_commands(roots: &[PathBuf]) -> Vec<CommandFile> {
    commands_of_skills(super::skill::discover(roots))
}

/// The slash commands `skills` give (`/<name>`, whatever their roots).
pub fn commands_of_skills(skills: Vec<super::skill::SkillInfo>) -> Vec<CommandFile> {
    skills
        .into_iter()
        .filter_map(|s| {
            let text = std::fs::read_to_string(s.dir.join("SKILL.md")).ok()?;
            let (_, body) = parse_skill_md(&text);
            // `${CLAUDE_SKILL_DIR}` names the skill's folder (fuzz-m/fm_024).
            let body = body.replace("${CLAUDE_SKILL_DIR}", &s.dir.display().to_string());
            Some(CommandFile {
                source: s.source().to_string(),
                body: format!("{}{body}", super::skill::header(&s.dir)),
                summary: s.description.clone(),
                model_disabled: s.user_only,
                from_skill: true,
                alias: s.declared.clone().filter(|d| *d != s.name),
                description: s.description,
                argument_hint: String::new(),
                model: s.model,
                allowed_tools: s.allowed_tools,
                name: s.name,
            })
        })
        .collect()
}

/// The body's first line with text, without a heading's `#` marks.
fn first_line(body: &str) -> String {
    body.lines()
        .map(|l| l.trim().trim_start_matches('#').trim())
        .find(|l| !l.is_empty())
        .unwrap_or_default()
        .to_string()
}

/// A command as one prompt invoked it.
#[derive(Debug, Clone, PartialEq)]
pub struct Invocation<'a> {
    pub command: &'a CommandFile,
    /// Everything after the name, trimmed.
    pub args: String,
}

impl CommandFile {
    /// The call when `prompt` is `/<name>` or `/<name> <args>`.
    pub fn invoked_by(&self, prompt: &str) -> Option<Invocation<'_>> {
        let typed = prompt.trim().strip_prefix('/')?;
        // A skill answers to the name its front matter declares too (fuzz-m/fm_047).
        let rest = typed
            .strip_prefix(self.name.as_str())
            .filter(|r| r.is_empty() || r.starts_with(char::is_whitespace))
            .or_else(|| typed.strip_prefix(self.alias.as_deref()?))?;
        if !(rest.is_empty() || rest.starts_with(char::is_whitespace)) {
            return None;
        }
        Some(Invocation {
            command: self,
            args: rest.trim().to_string(),
        })
    }
}

/// The command `prompt` invokes, if a loaded one.
pub fn find<'a>(commands: &'a [CommandFile], prompt: &str) -> Option<Invocation<'a>> {
    commands.iter().find_map(|c| c.invoked_by(prompt))
}

impl Invocation<'_> {
    /// The two text blocks the model reads, the shell commands filled as `bangs` says.
    /// Err: a command failed (see [`Bangs::fill`]).
    pub fn blocks(&self, bangs: Bangs<'_>) -> Result<[String; 2], String> {
        let (record, body) = self.parts();
        Ok([record, bangs.fill(&body)?])
    }

    /// The command's record, and its body with the arguments filled in.
    fn parts(&self) -> (String, String) {
        let name = &self.command.name;
        let mut record = format!(
            "<command-message>{name}</command-message>\n<command-name>/{name}</command-name>\n"
        );
        if !self.args.is_empty() {
            record.push_str(&format!("<command-args>{}</command-args>\n", self.args));
        }
        (
            record,
            super::arguments::fill(&self.command.body, &self.args),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(body: &str, prompt: &str) -> [String; 2] {
        let cmd = parse("c", body, &Scope::Project);
        cmd.invoked_by(prompt).unwrap().blocks(Bangs::Off).unwrap()
    }

    #[test]
    fn the_record_names_the_command_and_its_arguments() {
        assert_eq!(
            call("Say hello.\n", "/c")[0],
            "<command-message>c</command-message>\n<command-name>/c</command-name>\n"
        );
        assert_eq!(
            call("Say hello.\n", "/c extra words")[0],
            "<command-message>c</command-message>\n<command-name>/c</command-name>\n\
             <command-args>extra words</command-args>\n"
        );
    }

    #[test]
    fn placeholders_take_the_arguments_else_they_are_appended() {
        assert_eq!(
            call("Say hello.\n", "/c extra words")[1],
            "Say hello.\n\n\nARGUMENTS: extra words"
        );
        assert_eq!(call("Say hello.\n", "/c")[1], "Say hello.\n");
        assert_eq!(
            call("Fix $ARGUMENTS now.\nAgain: $ARGUMENTS\n", "/c 123")[1],
            "Fix 123 now.\nAgain: 123\n"
        );
        assert_eq!(call("Fix $ARGUMENTS now.\n", "/c")[1], "Fix  now.\n");
        assert_eq!(
            call("First $1 second $2 all $ARGUMENTS\n", "/c a b c")[1],
            "First b second c all a b c\n"
        );
        assert_eq!(
            call("Costs $5 and $x and $ARGS.\n", "/c 7")[1],
            "Costs $5 and $x and $ARGS.\n\n\nARGUMENTS: 7"
        );
        assert_eq!(
            call("First $0 then $1 and $2; all: $ARGUMENTS\n", "/c a")[1],
            "First a then $1 and $2; all: a\n"
        );
        assert_eq!(call("Only $1 here.\n", "/c x y")[1], "Only y here.\n");
        assert_eq!(
            call("Status: !`echo hi`\n", "/c")[1],
            format!("Status: {}\n", super::super::bangs::SHELL_OFF)
        );
        // The arguments may start on the next line.
        assert_eq!(
            call("X\n", "/c\nsecond line")[1],
            "X\n\n\nARGUMENTS: second line"
        );
    }

    #[test]
    fn names_descriptions_and_what_invokes_them() {
        let fm = parse(
            "fm",
            "---\ndescription: Front desc\nargument-hint: <file>\nmodel: claude-haiku-4-5\n---\nBody\n",
            &Scope::Project,
        );
        assert_eq!(fm.description, "Front desc (project)");
        assert_eq!(fm.argument_hint, "<file>");
        assert_eq!(fm.model.as_deref(), Some("claude-haiku-4-5"));
        let titled = parse("t", "# Title Line\nrest\n", &Scope::User);
        assert_eq!(titled.description, "Title Line (user)");
        let greet = parse(
            "greet",
            "# Greet Command\n\nHi.\n",
            &Scope::Plugin("demo".into()),
        );
        assert_eq!(greet.name, "demo:greet");
        assert_eq!(greet.description, "(demo) Greet Command");
        assert!(greet.invoked_by("/demo:greet Bob").is_some());
        assert!(greet.invoked_by("/greet").is_none());
        assert!(fm.invoked_by("/fmx").is_none());
        assert!(fm.invoked_by("please /fm").is_none());
    }

    #[test]
    fn folders_name_commands() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("sub")).unwrap();
        std::fs::write(dir.path().join("sub/deep.md"), "Deep body\n").unwrap();
        std::fs::write(dir.path().join("plain.md"), "Say hello.\n").unwrap();
        std::fs::write(dir.path().join("notes.txt"), "not a command").unwrap();
        let names: Vec<String> = load(dir.path(), &Scope::Project)
            .into_iter()
            .map(|c| c.name)
            .collect();
        assert_eq!(names, ["plain", "sub:deep"]);
    }
}
