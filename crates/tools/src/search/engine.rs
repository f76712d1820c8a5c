//! The search engine behind Grep: ripgrep's own crates (`ignore` for the walk, `grep-regex`
//! and `grep-searcher` for matching) with `rg`'s defaults: hidden files searched, `.gitignore`
//! respected, version-control directories and binary files skipped, lines longer than 500
//! bytes replaced by a placeholder.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use grep_matcher::Matcher;
use grep_regex::{RegexMatcher, RegexMatcherBuilder};
use grep_searcher::{
    BinaryDetection, Searcher, SearcherBuilder, Sink, SinkContext, SinkFinish, SinkMatch,
};
use ignore::overrides::OverrideBuilder;
use ignore::types::TypesBuilder;
use ignore::{WalkBuilder, WalkState};
use oxagent_core::signal::AbortSignal;

use super::VCS_DIRS;

/// Longer lines are not printed (`rg --max-columns 500`).
const MAX_COLUMNS: usize = 500;

/// What to search for and how.
#[derive(Debug, Clone, Default)]
pub struct SearchOptions {
    pub pattern: String,
    pub case_insensitive: bool,
    pub multiline: bool,
    /// Stop at the first match of each file (files_with_matches).
    pub first_match_only: bool,
    pub before: usize,
    pub after: usize,
    pub only_matching: bool,
    /// `rg --glob` filters, already split.
    pub globs: Vec<String>,
    /// Exclusions from `Read(...)` deny rules, matched without regard to case (`rg --iglob`).
    pub denied: Vec<String>,
    pub file_type: Option<String>,
}

/// One printed line of a file, or a break between non-adjacent groups (`--`).
#[derive(Debug, Clone, PartialEq)]
pub enum Hit {
    Line {
        number: u64,
        text: String,
        is_match: bool,
    },
    Break,
}

/// The results of one file.
#[derive(Debug, Clone)]
pub struct FileHits {
    pub path: PathBuf,
    pub modified: SystemTime,
    /// Matching lines.
    pub count: u64,
    pub hits: Vec<Hit>,
    /// Where the file's first NUL byte is, when the search came upon one.
    pub binary_offset: Option<u64>,
}

struct Collector<'m> {
    matcher: &'m RegexMatcher,
    opts: &'m SearchOptions,
    count: u64,
    hits: Vec<Hit>,
    binary_offset: Option<u64>,
}

/// A line as shown: without its line break (`\n` or `\r\n`; a lone `\r` inside it stays).
/// The last line of a file without a final `\n` loses a `\r` that ends it, as the
/// reference's reading of the line, `\n` added, shows it (fuzz-b `fb_232`).
fn line_text(bytes: &[u8]) -> String {
    let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    String::from_utf8_lossy(bytes).into_owned()
}

/// A line as shown, or `None` when it is over the column limit (counted in characters).
fn shown_line(bytes: &[u8]) -> Option<String> {
    let text = line_text(bytes);
    (bytes.len() <= MAX_COLUMNS || text.chars().count() <= MAX_COLUMNS).then_some(text)
}

impl<'m> Collector<'m> {
    fn new(matcher: &'m RegexMatcher, opts: &'m SearchOptions) -> Self {
        Collector {
            matcher,
            opts,
            count: 0,
            hits: Vec::new(),
            binary_offset: None,
        }
    }

    /// What was found in the file at `path`, when anything was.
    fn into_hits(self, path: PathBuf, modified: SystemTime) -> Option<FileHits> {
        (self.count > 0).then_some(FileHits {
            path,
            modified,
            count: self.count,
            hits: self.hits,
            binary_offset: self.binary_offset,
        })
    }

    fn push_match_line(&mut self, number: u64, line: &[u8]) {
        // A multiline match counts once, however many lines it spans.
        if !self.opts.multiline {
            self.count += 1;
        }
        if self.opts.first_match_only {
            return;
        }
        let mut matches = Vec::new();
        // A matcher error here only means no sub-match positions; the line still counts.
        let _ = self.matcher.find_iter(line, |m| {
            matches.push(m);
            true
        });
        if self.opts.only_matching {
            for m in matches {
                self.hits.push(Hit::Line {
                    number,
                    text: line_text(&line[m]),
                    is_match: true,
                });
            }
            return;
        }
        let text = shown_line(line).unwrap_or_else(|| "[Omitted long matching line]".to_string());
        self.hits.push(Hit::Line {
            number,
            text,
            is_match: true,
        });
    }
}

impl Sink for Collector<'_> {
    type Error = std::io::Error;

    fn matched(&mut self, _: &Searcher, m: &SinkMatch<'_>) -> Result<bool, std::io::Error> {
        let first = m.line_number().unwrap_or(1);
        if self.opts.multiline {
            // The searcher joins adjacent matches into one block: each line a match starts
            // on counts once (two matches on one line count once, fb_108).
            let bytes = m.bytes();
            let mut lines = std::collections::BTreeSet::new();
            let _ = self.matcher.find_iter(bytes, |found| {
                // An empty match at the block's very end (`^` after its last line break)
                // starts no line of it (fb_198).
                if !(found.is_empty() && found.start() == bytes.len()) {
                    let line = bytes[..found.start()].iter().filter(|b| **b == b'\n');
                    lines.insert(line.count());
                }
                true
            });
            self.count += (lines.len() as u64).max(1);
        }
        for (i, line) in m.lines().enumerate() {
            self.push_match_line(first + i as u64, line);
        }
        Ok(!self.opts.first_match_only)
    }

    fn context(&mut self, _: &Searcher, c: &SinkContext<'_>) -> Result<bool, std::io::Error> {
        if !self.opts.only_matching {
            let text =
                shown_line(c.bytes()).unwrap_or_else(|| "[Omitted long context line]".to_string());
            self.hits.push(Hit::Line {
                number: c.line_number().unwrap_or(0),
                text,
                is_match: false,
            });
        }
        Ok(true)
    }

    fn context_break(&mut self, _: &Searcher) -> Result<bool, std::io::Error> {
        self.hits.push(Hit::Break);
        Ok(true)
    }

    fn finish(&mut self, _: &Searcher, finish: &SinkFinish) -> Result<(), std::io::Error> {
        self.binary_offset = finish.binary_byte_offset();
        Ok(())
    }
}

/// Splits the `glob` input the way the reference does: on whitespace, and on commas outside
/// brace groups (`*.ts,*.tsx` is two globs, `*.{ts,tsx}` one).
pub fn split_globs(glob: &str) -> Vec<String> {
    let mut out = Vec::new();
    for raw in glob.split_whitespace() {
        if raw.contains('{') && raw.contains('}') {
            out.push(raw.to_string());
        } else {
            out.extend(raw.split(',').filter(|g| !g.is_empty()).map(str::to_string));
        }
    }
    out
}

fn build_matcher(opts: &SearchOptions) -> Result<RegexMatcher, String> {
    let mut builder = RegexMatcherBuilder::new();
    builder
        .case_insensitive(opts.case_insensitive)
        .multi_line(true);
    if opts.multiline {
        builder.dot_matches_new_line(true);
    } else {
        // Lets the searcher go line by line, and keeps `\n` from ever matching.
        builder.line_terminator(Some(b'\n'));
    }
    // A failure is worded as ripgrep words it.
    builder.build(&opts.pattern).map_err(|e| {
        let message = e.to_string();
        if opts.multiline || !message.contains("is not allowed in a regex") {
            return message;
        }
        format!(
            "{message}\n\nConsider enabling multiline mode with the --multiline flag (or -U for \
             short).\nWhen multiline mode is enabled, new line characters can be matched."
        )
    })
}

/// Searches `root` (a file or a directory). Files without a match are left out.
pub fn search(
    root: &Path,
    opts: &SearchOptions,
    abort: &AbortSignal,
) -> Result<Vec<FileHits>, String> {
    // An unknown file type is refused before the pattern is compiled, even for a file named
    // directly (fb_157, fb_165).
    if let Some(name) = &opts.file_type {
        let mut types = TypesBuilder::new();
        types.add_defaults();
        types.select(name);
        types.build().map_err(|e| e.to_string())?;
    }
    let matcher = build_matcher(opts)?;
    let mut builder = SearcherBuilder::new();
    builder
        .line_number(true)
        .multi_line(opts.multiline)
        .before_context(opts.before)
        .after_context(opts.after);
    if root.is_file() {
        // A file named directly is searched whole, binary or not, as rg searches it
        // (mapped in memory, NUL bytes kept): its NUL is only noted.
        builder.binary_detection(BinaryDetection::convert(0));
        return Ok(search_one(&mut builder.build(), &matcher, opts, root)
            .into_iter()
            .collect());
    }
    let searcher = builder.binary_detection(BinaryDetection::quit(0)).build();

    let mut walk = WalkBuilder::new(root);
    walk.hidden(false).filter_entry(|e| {
        !(e.depth() > 0
            && e.file_name()
                .to_str()
                .is_some_and(|n| VCS_DIRS.contains(&n)))
    });
    if !opts.globs.is_empty() || !opts.denied.is_empty() {
        let mut overrides = OverrideBuilder::new(root);
        for g in &opts.globs {
            overrides.add(g).map_err(|e| e.to_string())?;
        }
        overrides
            .case_insensitive(true)
            .map_err(|e| e.to_string())?;
        for g in &opts.denied {
            overrides.add(g).map_err(|e| e.to_string())?;
        }
        walk.overrides(overrides.build().map_err(|e| e.to_string())?);
    }
    if let Some(name) = &opts.file_type {
        let mut types = TypesBuilder::new();
        types.add_defaults();
        types.select(name);
        walk.types(types.build().map_err(|e| e.to_string())?);
    }

    // The walk runs on several threads, as rg's does; each has its own searcher. Results
    // arrive in no particular order: the caller sorts them.
    let (tx, rx) = std::sync::mpsc::channel::<FileHits>();
    let matcher = &matcher;
    walk.build_parallel().run(|| {
        let tx = tx.clone();
        let mut searcher = searcher.clone();
        Box::new(move |entry| {
            if abort.is_aborted() {
                return WalkState::Quit;
            }
            let Ok(entry) = entry else {
                return WalkState::Continue;
            };
            if !entry.file_type().is_some_and(|t| t.is_file()) {
                return WalkState::Continue;
            }
            if let Some(hits) = search_file(&mut searcher, matcher, opts, entry) {
                // The receiver outlives the walk; a failed send cannot happen.
                let _ = tx.send(hits);
            }
            WalkState::Continue
        })
    });
    drop(tx);
    if abort.is_aborted() {
        return Err("Interrupted".into());
    }
    Ok(rx.into_iter().collect())
}

/// The matches of a file named directly, read whole (rg maps it in memory, so its lines
/// keep their NUL bytes), or `None` when it has none or cannot be read.
fn search_one(
    searcher: &mut Searcher,
    matcher: &RegexMatcher,
    opts: &SearchOptions,
    path: &Path,
) -> Option<FileHits> {
    let bytes = std::fs::read(path).ok()?;
    let mut sink = Collector::new(matcher, opts);
    searcher.search_slice(matcher, &bytes, &mut sink).ok()?;
    let modified = std::fs::metadata(path)
        .and_then(|m| m.modified())
        .unwrap_or(SystemTime::UNIX_EPOCH);
    sink.into_hits(path.to_path_buf(), modified)
}

/// One file's matches, or `None` when it has none (or cannot be read: rg skips such files
/// with a warning).
fn search_file(
    searcher: &mut Searcher,
    matcher: &RegexMatcher,
    opts: &SearchOptions,
    entry: ignore::DirEntry,
) -> Option<FileHits> {
    let mut sink = Collector::new(matcher, opts);
    if searcher
        .search_path(matcher, entry.path(), &mut sink)
        .is_err()
        || sink.count == 0
    {
        return None;
    }
    let modified = entry
        .metadata()
        .ok()
        .and_then(|m| m.modified().ok())
        .unwrap_or(SystemTime::UNIX_EPOCH);
    sink.into_hits(entry.into_path(), modified)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_loses_its_break_and_a_carriage_return_ending_the_file() {
        assert_eq!(line_text(b"three foo\r\n"), "three foo");
        assert_eq!(line_text(b"a\rb\n"), "a\rb");
        // A file of lone carriage returns is one line; the last one goes.
        assert_eq!(line_text(b"mac\rline\rfoo\r"), "mac\rline\rfoo");
        assert_eq!(line_text(b"x\r\r\n"), "x\r");
    }

    #[test]
    fn multiline_counts_the_lines_matches_start_on() {
        let dir = std::env::temp_dir().join(format!("oxagent-engine-ml-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("tabs.txt");
        std::fs::write(&file, "a\tb\n\tx\n\t\ty\n").unwrap();
        let opts = SearchOptions {
            pattern: "\\t".into(),
            multiline: true,
            ..Default::default()
        };
        let found = search(&file, &opts, &AbortSignal::new()).unwrap();
        assert_eq!(found[0].count, 3);
        let line_starts = SearchOptions {
            pattern: "^".into(),
            multiline: true,
            ..Default::default()
        };
        let found = search(&file, &line_starts, &AbortSignal::new()).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(found[0].count, 3);
    }

    #[test]
    fn an_unknown_type_is_refused_before_the_pattern() {
        let opts = SearchOptions {
            pattern: "a\nb".into(),
            file_type: Some("nonsense".into()),
            ..Default::default()
        };
        let err = search(Path::new("/nonexistent-file"), &opts, &AbortSignal::new()).unwrap_err();
        assert_eq!(err, "unrecognized file type: nonsense");
    }

    #[test]
    fn globs_split_on_commas_outside_braces() {
        assert_eq!(split_globs("*.ts,*.tsx"), ["*.ts", "*.tsx"]);
        assert_eq!(split_globs("*.{ts,tsx} *.md"), ["*.{ts,tsx}", "*.md"]);
    }
}
