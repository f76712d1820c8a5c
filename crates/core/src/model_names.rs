//! How the reference reads a model name: the `model` option (aliases in any case, spaces
//! around, the `[1m]` suffix) and the canonical id a spelling stands for (`-latest`, dates,
//! `-fast`, dotted versions, `anthropic.` prefixes), which prices and sizes the model.
//!
//! ```
//! use oxagent_core::model_names::{canonical_id, resolve};
//! assert_eq!(resolve(" OPUS "), "claude-opus-5-5");
//! assert_eq!(resolve("claude-opus-5-5[1m]"), "claude-opus-5-5");
//! assert_eq!(resolve("claude-sonnet-4-5[1M]"), "claude-sonnet-4-5[1m]");
//! assert_eq!(canonical_id("claude-3-5-haiku-latest"), "claude-3-5-haiku");
//! assert_eq!(canonical_id("Claude-Opus-4.5"), "claude-opus-4-5");
//! ```

/// The reference's model catalog: `(id, native 1M-token window)`, plus the Claude 3 ids it
/// knows by name only (no price, no window of their own).
const CATALOG: &[(&str, bool)] = &[
    ("claude-3-5-haiku", false),
    ("claude-haiku-4-5", false),
    ("claude-haiku-5-5", true),
    ("claude-3-5-sonnet", false),
    ("claude-3-7-sonnet", false),
    ("claude-sonnet-4-0", false),
    ("claude-sonnet-4-5", false),
    ("claude-sonnet-4-6", false),
    ("claude-sonnet-5", true),
    ("claude-sonnet-5-5", true),
    ("claude-opus-4-0", false),
    ("claude-opus-4-1", false),
    ("claude-opus-4-5", false),
    ("claude-opus-4-6", false),
    ("claude-opus-4-7", true),
    ("claude-opus-4-8", true),
    ("claude-opus-5", true),
    ("claude-opus-5-5", true),
    ("claude-fable-5", true),
    ("claude-fable-5-1", true),
    ("claude-fable-5-2", true),
    ("claude-mythos-5", true),
    ("claude-mythos-5-1", true),
    ("claude-mythos-5-2", true),
    ("claude-3-opus", false),
    ("claude-3-sonnet", false),
    ("claude-3-haiku", false),
];

/// The ids the retired Opus 4 and 4.1 names run on the current Opus instead of.
const LEGACY_OPUS: &[&str] = &[
    "claude-opus-4-20250514",
    "claude-opus-4-1-20250805",
    "claude-opus-4-0",
    "claude-opus-4-1",
];

const OPUS: &str = "claude-opus-5-5";
const SONNET: &str = "claude-sonnet-5-5";
const HAIKU: &str = "claude-haiku-5-5";
const FABLE: &str = "claude-fable-5-2";

/// The model a `model` option runs, as the reference resolves it: trimmed; an alias
/// (`opus`, `sonnet`, `haiku`, `fable`, `best`, `opusplan`) in any case, with or without
/// `[1m]`, names its model (`default` only so spelled); the retired Opus 4 ids run on the current Opus; any
/// other name is kept as written. A `[1m]` suffix (any case, repeated) becomes one `[1m]`,
/// dropped again when the model's own window is already 1M tokens.
pub fn resolve(name: &str) -> String {
    // `default` is the default model only as written: ` default` and `Default` are names.
    if name == "default" {
        return OPUS.to_string();
    }
    let n = name.trim();
    let lower = n.to_ascii_lowercase();
    let one_m = lower.contains("[1m]");
    let bare = if lower.contains('[') {
        lower.strip_suffix("[1m]").unwrap_or(&lower).trim()
    } else {
        lower.as_str()
    };
    let chosen = match bare {
        "opus" | "best" => Some(OPUS),
        "sonnet" | "opusplan" => Some(SONNET),
        "haiku" => Some(HAIKU),
        "fable" => Some(FABLE),
        b if LEGACY_OPUS.contains(&b) => Some(OPUS),
        _ => None,
    };
    let resolved = match chosen {
        // Every alias names a model with a native 1M window: `[1m]` would be dropped.
        Some(model) => return model.to_string(),
        None if one_m => format!("{}[1m]", strip_1m_suffixes(n).trim()),
        None => n.to_string(),
    };
    drop_native_1m(resolved)
}

/// The models before claude-opus-4-6, in the reference's order of release: they do not run
/// auto mode (nor plan mode's use of its classifier).
const BEFORE_AUTO_MODE: &[&str] = &[
    "claude-opus-4-0",
    "claude-sonnet-4-0",
    "claude-opus-4-1",
    "claude-sonnet-4-5",
    "claude-haiku-4-5",
    "claude-opus-4-5",
];

/// Whether `model` runs auto mode: every model but the Claude 3 ones and those released
/// before claude-opus-4-6 (fuzz-h/fh_093; probed in plan mode on eight models).
pub fn runs_auto_mode(model: &str) -> bool {
    let id = canonical_id(model);
    let id = match id.as_str() {
        "claude-opus-4" => "claude-opus-4-0",
        "claude-sonnet-4" => "claude-sonnet-4-0",
        other => other,
    };
    !(id.contains("claude-3-") || BEFORE_AUTO_MODE.contains(&id))
}

/// The model a session whose model was named `name` runs in plan mode, when it is not that
/// one: `haiku` plans on Sonnet, `opusplan` on Opus (fuzz-h/fh_030).
pub fn plan_variant(name: &str) -> Option<String> {
    match name.trim().to_ascii_lowercase().as_str() {
        "haiku" => Some(SONNET.to_string()),
        "opusplan" | "opusplan[1m]" => Some(OPUS.to_string()),
        _ => None,
    }
}

/// `name` without its trailing `[1m]`s (any case).
fn strip_1m_suffixes(name: &str) -> &str {
    let mut s = name;
    while s.len() >= 4 && s[s.len() - 4..].eq_ignore_ascii_case("[1m]") {
        s = &s[..s.len() - 4];
    }
    s
}

/// Every `[1m]` (any case) taken out of `name`.
fn without_1m(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut rest = name;
    while let Some(i) = rest.to_ascii_lowercase().find("[1m]") {
        out.push_str(&rest[..i]);
        rest = &rest[i + 4..];
    }
    out.push_str(rest);
    out
}

/// A name with `[1m]` loses it when the model's window is 1M tokens anyway.
fn drop_native_1m(name: String) -> String {
    if !name.contains('[') {
        return name;
    }
    let bare = without_1m(&name);
    if bare != name && native_1m(&bare) {
        bare
    } else {
        name
    }
}

/// Whether the model's own window is 1M tokens (no opt-in needed).
pub fn native_1m(model: &str) -> bool {
    let id = canonical_id(model);
    CATALOG.iter().any(|(m, native)| *native && *m == id)
}

/// The catalog id a spelling stands for, if it stands for one.
///
/// Prices, context windows and token limits ask this several times a turn for the same few
/// names, and working it out (lower case, version parse, catalog scan) was about 6% of a
/// turn's CPU: each thread keeps the answers for the last few names it was asked about.
pub fn catalog_id(model: &str) -> Option<&'static str> {
    const KEPT: usize = 8;
    thread_local! {
        static RECENT: std::cell::RefCell<Vec<(String, Option<&'static str>)>> =
            const { std::cell::RefCell::new(Vec::new()) };
    }
    if let Some(hit) = RECENT.with_borrow(|r| r.iter().find(|(m, _)| m == model).map(|e| e.1)) {
        return hit;
    }
    let id = canonical_id(model);
    let found = CATALOG.iter().map(|(m, _)| *m).find(|m| *m == id);
    RECENT.with_borrow_mut(|r| {
        if r.len() == KEPT {
            r.remove(0);
        }
        r.push((model.to_string(), found));
    });
    found
}

/// The catalog's first-party API ids, which the reference sends in lower case whatever the
/// case they were written in.
const OWN_API_IDS: &[&str] = &[
    "claude-3-5-haiku-20241022",
    "claude-haiku-4-5-20251001",
    "claude-3-5-sonnet-20241022",
    "claude-3-7-sonnet-20250219",
    "claude-sonnet-4-20250514",
    "claude-sonnet-4-5-20250929",
    "claude-opus-4-20250514",
    "claude-opus-4-1-20250805",
    "claude-opus-4-5-20251101",
    "claude-haiku-5-5",
    "claude-sonnet-4-6",
    "claude-sonnet-5",
    "claude-sonnet-5-5",
    "claude-opus-4-6",
    "claude-opus-4-7",
    "claude-opus-4-8",
    "claude-opus-5",
    "claude-opus-5-5",
    "claude-fable-5",
    "claude-fable-5-1",
    "claude-fable-5-2",
    "claude-mythos-5",
    "claude-mythos-5-1",
    "claude-mythos-5-2",
];

/// The `model` of a request for a resolved model and whether it opts in to the 1M-token
/// window: a `[1m]` suffix (the window's beta) or `[2m]` is not sent; a model's first-party
/// API id goes in lower case (`Claude-Opus-5-5` → `claude-opus-5-5`,
/// `CLAUDE-SONNET-4-5-20250929`), any other name as written (`Claude-Sonnet-4-5`).
pub fn api_model(model: &str) -> (String, bool) {
    let one_m = model.strip_suffix("[1m]");
    let bare = one_m
        .or_else(|| model.strip_suffix("[2m]"))
        .unwrap_or(model);
    let lower = bare.to_ascii_lowercase();
    let sent = if OWN_API_IDS.contains(&lower.as_str()) {
        lower
    } else {
        bare.to_string()
    };
    (sent, one_m.is_some())
}

/// A parsed `claude-<family>-<major>[-<minor>]` or `claude-<major>[-<minor>]-<family>`.
#[derive(Debug, PartialEq)]
struct Version<'a> {
    family: &'a str,
    major: u32,
    minor: Option<u32>,
    legacy_order: bool,
    base_len: usize,
}

/// One or two digits at the start of `s`, not followed by a third: (value, length).
fn number(s: &str) -> Option<(u32, usize)> {
    let len = s.bytes().take_while(u8::is_ascii_digit).count();
    if len == 0 || len > 2 {
        return None;
    }
    Some((s[..len].parse().ok()?, len))
}

fn letters(s: &str) -> usize {
    s.bytes().take_while(u8::is_ascii_lowercase).count()
}

/// `-NN` at the start of `s` (one or two digits, not followed by another digit).
fn dash_number(s: &str) -> Option<(u32, usize)> {
    let (v, len) = number(s.strip_prefix('-')?)?;
    Some((v, len + 1))
}

fn parse_version(s: &str) -> Option<Version<'_>> {
    let rest = s.strip_prefix("claude-")?;
    let fam = letters(rest);
    if fam > 0 {
        let family = &rest[..fam];
        let (major, ml) = dash_number(&rest[fam..])?;
        let mut at = fam + ml;
        let minor = dash_number(&rest[at..]).map(|(v, l)| {
            at += l;
            v
        });
        return Some(Version {
            family,
            major,
            minor,
            legacy_order: false,
            base_len: 7 + at,
        });
    }
    let (major, ml) = number(rest)?;
    let mut at = ml;
    let minor = dash_number(&rest[at..]).map(|(v, l)| {
        at += l;
        v
    });
    let tail = rest[at..].strip_prefix('-')?;
    let fam = letters(tail);
    if fam == 0 {
        return None;
    }
    Some(Version {
        family: &tail[..fam],
        major,
        minor,
        legacy_order: true,
        base_len: 7 + at + 1 + fam,
    })
}

fn digits(s: &str, n: usize) -> Option<&str> {
    (s.len() >= n && s.as_bytes()[..n].iter().all(u8::is_ascii_digit)).then(|| &s[n..])
}

/// `-v` and one to three digits at the start of `s`.
fn v_number(s: &str) -> Option<&str> {
    let r = s.strip_prefix("-v")?;
    let len = r.bytes().take_while(u8::is_ascii_digit).count();
    (1..=3).contains(&len).then(|| &r[len..])
}

/// Whether what follows the version is only the reference's known decorations:
/// `-fast` / `-latest`, a date (`-20250929`, `@20250929`, `-v1@20250929`), a `-v1[:0]`.
fn plain_trailer(t: &str) -> bool {
    let t = t
        .strip_prefix("-fast")
        .or_else(|| t.strip_prefix("-latest"))
        .unwrap_or(t);
    let t = v_number(t)
        .and_then(|r| r.strip_prefix('@'))
        .and_then(|r| digits(r, 8))
        .or_else(|| {
            t.strip_prefix('-')
                .or_else(|| t.strip_prefix('@'))
                .and_then(|r| digits(r, 8))
        })
        .unwrap_or(t);
    let t = match v_number(t) {
        Some(r) => match r.strip_prefix(':') {
            Some(after) => {
                let len = after.bytes().take_while(u8::is_ascii_digit).count();
                if !(1..=3).contains(&len) {
                    return false;
                }
                &after[len..]
            }
            None => r,
        },
        None => t,
    };
    t.is_empty()
}

/// The reference's parse of a model name: the version, when nothing but the known
/// decorations follow it. `None` for a name it does not parse.
fn parse_name(name: &str) -> Option<(Version<'_>, bool, &str)> {
    let r = name.trim();
    if r.is_empty() || r.contains(char::is_whitespace) {
        return None;
    }
    let r = r
        .strip_suffix("[1m]")
        .or_else(|| r.strip_suffix("[2m]"))
        .unwrap_or(r);
    let r = r.rsplit_once('/').map_or(r, |(_, last)| last);
    let r = match r.find("anthropic.claude-") {
        Some(i)
            if i == 0
                || (r[..i].ends_with('.')
                    && r[..i - 1]
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b == b'-')) =>
        {
            &r[i + "anthropic.".len()..]
        }
        _ => r,
    };
    let v = parse_version(r)?;
    let trailer = &r[v.base_len..];
    if !trailer.is_empty() && !trailer.starts_with(['-', '@']) {
        return None;
    }
    let base = &r[..v.base_len];
    Some((v, plain_trailer(trailer), base))
}

fn same_version(a: &Version<'_>, b: &Version<'_>) -> bool {
    a.family == b.family
        && a.legacy_order == b.legacy_order
        && a.major == b.major
        && a.minor.unwrap_or(0) == b.minor.unwrap_or(0)
}

/// `name` without a `-YYYYMMDD` date at its end.
fn without_date(name: &str) -> &str {
    match name.rsplit_once('-') {
        Some((head, tail)) if tail.len() == 8 && tail.bytes().all(|b| b.is_ascii_digit()) => head,
        _ => name,
    }
}

/// `needle` occurs in `hay`; when the needle ends in a digit, not as the start of a longer
/// number of three digits or more (`claude-fable-5-2` is not in `claude-fable-5-20260101`).
fn contains_version(hay: &str, needle: &str) -> bool {
    let ends_digit = needle.bytes().last().is_some_and(|b| b.is_ascii_digit());
    hay.match_indices(needle)
        .any(|(i, _)| !ends_digit || digits(&hay[i + needle.len()..], 3).is_none())
}

/// `claude-<family>-4` not followed by `-<one digit>` (then a non-digit or the end).
fn bare_4(hay: &str, family: &str) -> bool {
    let needle = format!("claude-{family}-4");
    hay.match_indices(&needle).any(|(i, _)| {
        let after = &hay[i + needle.len()..];
        !matches!(after.as_bytes(), [b'-', d, rest @ ..] if d.is_ascii_digit() && !rest.first().is_some_and(u8::is_ascii_digit))
    })
}

/// The id the reference prices and sizes a model by, lower case: `claude-3-5-haiku-latest`
/// → `claude-3-5-haiku`, `claude-sonnet-4-5-20250929[1m]` → `claude-sonnet-4-5`,
/// `claude-opus-4.5` → `claude-opus-4-5`, `claude-opus-4` → `claude-opus-4-0`; a name of no
/// known model loses only a date at its end.
pub fn canonical_id(model: &str) -> String {
    let lower = dots_to_dashes(&model.to_ascii_lowercase());
    if let Some((v, true, base)) = parse_name(&lower) {
        let known = CATALOG
            .iter()
            .map(|(m, _)| *m)
            .find(|m| parse_name(m).is_some_and(|(c, _, _)| same_version(&c, &v)));
        return known.unwrap_or(base).to_string();
    }
    const BY_SUBSTRING: &[&str] = &[
        "claude-fable-5-2",
        "claude-fable-5-1",
        "claude-fable-5",
        "claude-mythos-5-2",
        "claude-mythos-5-1",
        "claude-mythos-5",
        "claude-opus-5-5",
        "claude-opus-5",
        "claude-opus-4-8",
        "claude-opus-4-7",
        "claude-opus-4-6",
        "claude-opus-4-5",
        "claude-opus-4-1",
        "OPUS-4",
        "claude-sonnet-5-5",
        "claude-sonnet-5",
        "claude-sonnet-4-6",
        "claude-sonnet-4-5",
        "SONNET-4",
        "claude-haiku-5-5",
        "claude-haiku-4-5",
        "claude-3-7-sonnet",
        "claude-3-5-sonnet",
        "claude-3-5-haiku",
        "claude-3-opus",
        "claude-3-sonnet",
        "claude-3-haiku",
    ];
    for &id in BY_SUBSTRING {
        let hit = match id {
            "OPUS-4" => bare_4(&lower, "opus"),
            "SONNET-4" => bare_4(&lower, "sonnet"),
            "claude-fable-5-2" | "claude-mythos-5-2" => contains_version(&lower, id),
            _ => lower.contains(id),
        };
        if hit {
            return match id {
                "OPUS-4" => "claude-opus-4-0",
                "SONNET-4" => "claude-sonnet-4-0",
                other => other,
            }
            .to_string();
        }
    }
    without_date(&lower).to_string()
}

/// `claude-opus-4.5` → `claude-opus-4-5` (a dot between version numbers).
fn dots_to_dashes(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    for (i, c) in s.char_indices() {
        if c == '.'
            && b.get(i + 1).is_some_and(u8::is_ascii_digit)
            && i > 0
            && b[i - 1].is_ascii_digit()
            && version_before(&s[..i])
        {
            out.push('-');
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether `head` ends in `claude-[<letters>-]<one or two digits>`.
fn version_before(head: &str) -> bool {
    let nd = head.bytes().rev().take_while(u8::is_ascii_digit).count();
    if nd == 0 || nd > 2 {
        return false;
    }
    let h = &head[..head.len() - nd];
    if h.ends_with("claude-") {
        return true;
    }
    let Some(h) = h.strip_suffix('-') else {
        return false;
    };
    let nl = h.bytes().rev().take_while(u8::is_ascii_lowercase).count();
    nl > 0 && h[..h.len() - nl].ends_with("claude-")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_models_plan_mode_runs_and_those_that_run_auto_mode() {
        assert_eq!(
            plan_variant(" Haiku ").as_deref(),
            Some("claude-sonnet-5-5")
        );
        assert_eq!(plan_variant("opusplan").as_deref(), Some("claude-opus-5-5"));
        assert_eq!(plan_variant("claude-haiku-4-5"), None);
        assert_eq!(plan_variant("sonnet"), None);
        for m in [
            "claude-sonnet-4-5-20250929",
            "claude-haiku-4-5",
            "claude-opus-4-5",
            "claude-sonnet-4",
            "claude-3-5-haiku-20241022",
        ] {
            assert!(!runs_auto_mode(m), "{m}");
        }
        for m in [
            "claude-opus-4-6",
            "claude-sonnet-4-6",
            "claude-opus-5-5",
            "claude-haiku-5-5",
            "opus",
        ] {
            assert!(runs_auto_mode(m), "{m}");
        }
    }

    #[test]
    fn aliases_in_any_case_and_with_spaces() {
        for (given, want) in [
            ("OPUS", "claude-opus-5-5"),
            ("Sonnet", "claude-sonnet-5-5"),
            (" opus ", "claude-opus-5-5"),
            ("opus ", "claude-opus-5-5"),
            ("\topus\n", "claude-opus-5-5"),
            ("HAIKU", "claude-haiku-5-5"),
            ("OpusPlan", "claude-sonnet-5-5"),
            ("Fable", "claude-fable-5-2"),
            ("BEST", "claude-opus-5-5"),
            ("OPUS[1M]", "claude-opus-5-5"),
            ("haiku [1m]", "claude-haiku-5-5"),
            ("sonnet[1m]", "claude-sonnet-5-5"),
            ("CLAUDE-OPUS-4-1", "claude-opus-5-5"),
            ("claude-opus-4-1[1m]", "claude-opus-5-5"),
            ("inherit", "inherit"),
            ("default", "claude-opus-5-5"),
            (" default", "default"),
            ("Default", "Default"),
            ("default[1m]", "default[1m]"),
            ("opus[1m][1m]", "opus[1m]"),
            ("gpt-4o", "gpt-4o"),
        ] {
            assert_eq!(resolve(given), want, "{given:?}");
        }
    }

    #[test]
    fn one_m_is_kept_only_where_it_opts_in() {
        for (given, want) in [
            ("claude-opus-5-5[1m]", "claude-opus-5-5"),
            ("claude-opus-4-7[1m]", "claude-opus-4-7"),
            ("claude-sonnet-4-5[1m]", "claude-sonnet-4-5[1m]"),
            ("claude-sonnet-4-5[1M]", "claude-sonnet-4-5[1m]"),
            ("claude-sonnet-4-5 [1m]", "claude-sonnet-4-5[1m]"),
            ("claude-opus-4-6[1m]", "claude-opus-4-6[1m]"),
            ("Claude-Opus-5-5[1m]", "Claude-Opus-5-5"),
            ("my-model[1m]", "my-model[1m]"),
            ("claude-sonnet-4-5[2m]", "claude-sonnet-4-5[2m]"),
        ] {
            assert_eq!(resolve(given), want, "{given:?}");
        }
    }

    #[test]
    fn request_models() {
        for (given, want, beta) in [
            ("Claude-Opus-5-5", "claude-opus-5-5", false),
            ("Claude-Sonnet-4-6[1m]", "claude-sonnet-4-6", true),
            ("Claude-Sonnet-4-5", "Claude-Sonnet-4-5", false),
            ("claude-sonnet-4-5[1m]", "claude-sonnet-4-5", true),
            ("claude-sonnet-4-5[2m]", "claude-sonnet-4-5", false),
            (
                "CLAUDE-OPUS-5-5-20260101",
                "CLAUDE-OPUS-5-5-20260101",
                false,
            ),
            ("opus[1m]", "opus", true),
            (
                "CLAUDE-SONNET-4-5-20250929",
                "claude-sonnet-4-5-20250929",
                false,
            ),
            (
                "Claude-Haiku-4-5-20251001[1m]",
                "claude-haiku-4-5-20251001",
                true,
            ),
        ] {
            assert_eq!(api_model(given), (want.to_string(), beta), "{given:?}");
        }
    }

    #[test]
    fn canonical_ids_of_other_spellings() {
        for (given, want) in [
            ("claude-3-5-haiku-latest", "claude-3-5-haiku"),
            ("claude-3-opus-latest", "claude-3-opus"),
            ("claude-3-haiku-latest", "claude-3-haiku"),
            ("claude-opus-4-latest", "claude-opus-4-0"),
            ("claude-opus-4", "claude-opus-4-0"),
            ("claude-opus-4-20250514", "claude-opus-4-0"),
            ("claude-sonnet-4-5-20250929[1m]", "claude-sonnet-4-5"),
            ("claude-opus-5-5-fast", "claude-opus-5-5"),
            ("claude-opus-4.5", "claude-opus-4-5"),
            ("Claude-3-5-Haiku-Latest", "claude-3-5-haiku"),
            ("claude-3-5-haiku@20241022", "claude-3-5-haiku"),
            ("claude-sonnet-4-5-v1@20250929", "claude-sonnet-4-5"),
            ("anthropic.claude-sonnet-4-5", "claude-sonnet-4-5"),
            (
                "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
                "claude-sonnet-4-5",
            ),
            ("claude-haiku-4-5-foo", "claude-haiku-4-5"),
            ("claude-sonnet-4-5-latest-20250929", "claude-sonnet-4-5"),
            ("claude-fable-5-20260101", "claude-fable-5"),
            ("my-model-20250101", "my-model"),
            ("My-Model", "my-model"),
            ("sonnet-4-5", "sonnet-4-5"),
        ] {
            assert_eq!(canonical_id(given), want, "{given:?}");
        }
    }
}
