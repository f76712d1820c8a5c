//! Token usage, per-model accounting and cost.
//!
//! ```
//! use oxagent_core::usage::{Usage, cost_usd};
//! let u = Usage { input_tokens: 300, output_tokens: 60, ..Usage::default() };
//! assert!((cost_usd("claude-opus-5-5", &u) - 0.0024).abs() < 1e-12);
//! ```

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The API's usage object. The four token counts are typed; anything else the API sends
/// (server_tool_use, service_tier, cache_creation, ...) is kept in `extra`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Usage {
    #[serde(default)]
    pub input_tokens: u64,
    #[serde(default)]
    pub output_tokens: u64,
    #[serde(default)]
    pub cache_creation_input_tokens: u64,
    #[serde(default)]
    pub cache_read_input_tokens: u64,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Usage {
    pub fn add(&mut self, other: &Usage) {
        self.input_tokens += other.input_tokens;
        self.output_tokens += other.output_tokens;
        self.cache_creation_input_tokens += other.cache_creation_input_tokens;
        self.cache_read_input_tokens += other.cache_read_input_tokens;
    }

    /// Merge a `message_delta` usage over a `message_start` one: fields present in the delta win.
    pub fn merge_delta(&mut self, delta: &Value) {
        let get = |k: &str| delta.get(k).and_then(Value::as_u64);
        if let Some(v) = get("input_tokens") {
            self.input_tokens = v;
        }
        if let Some(v) = get("output_tokens") {
            self.output_tokens = v;
        }
        if let Some(v) = get("cache_creation_input_tokens") {
            self.cache_creation_input_tokens = v;
        }
        if let Some(v) = get("cache_read_input_tokens") {
            self.cache_read_input_tokens = v;
        }
        if let Some(v) = delta.get("server_tool_use").filter(|v| v.is_object()) {
            self.extra.insert("server_tool_use".into(), v.clone());
        }
    }

    /// Searches the API ran for this response (`server_tool_use.web_search_requests`).
    pub fn web_search_requests(&self) -> u64 {
        self.extra
            .get("server_tool_use")
            .and_then(|s| s.get("web_search_requests"))
            .and_then(Value::as_u64)
            .unwrap_or(0)
    }

    /// This usage as a result message reports it: every key of the API's full usage object,
    /// with its empty value where the API sent none.
    pub fn for_result(&self) -> Usage {
        let mut u = self.clone();
        fill(&mut u.extra, RESULT_USAGE_DEFAULTS);
        u
    }

    /// The usage of a synthetic assistant message (one no model wrote): zero tokens, and
    /// the keys no model filled in set to null.
    pub fn synthetic() -> Usage {
        let mut u = Usage::default();
        fill(&mut u.extra, SYNTHETIC_USAGE_DEFAULTS);
        u
    }

    /// Tokens of the prompt as the API counted it (input + cache read + cache write).
    pub fn context_tokens(&self) -> u64 {
        self.input_tokens + self.cache_read_input_tokens + self.cache_creation_input_tokens
    }
}

/// The keys of the API's full usage object and their empty values (JSON).
const RESULT_USAGE_DEFAULTS: &str = r#"{"output_tokens_details": {"thinking_tokens": 0},
    "server_tool_use": {"web_search_requests": 0, "web_fetch_requests": 0},
    "service_tier": "standard",
    "cache_creation": {"ephemeral_1h_input_tokens": 0, "ephemeral_5m_input_tokens": 0},
    "inference_geo": "", "iterations": [], "speed": "standard", "fallback_credit": null}"#;

const SYNTHETIC_USAGE_DEFAULTS: &str = r#"{"output_tokens_details": null,
    "server_tool_use": {"web_search_requests": 0, "web_fetch_requests": 0},
    "service_tier": null,
    "cache_creation": {"ephemeral_1h_input_tokens": 0, "ephemeral_5m_input_tokens": 0},
    "inference_geo": null, "iterations": null, "speed": null, "fallback_credit": null}"#;

fn fill(target: &mut Map<String, Value>, defaults: &str) {
    if let Ok(Value::Object(d)) = serde_json::from_str::<Value>(defaults) {
        for (k, v) in d {
            target.entry(k).or_insert(v);
        }
    }
}

/// Per-model cumulative usage, the `modelUsage` map of the result message.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ModelUsage {
    pub input_tokens: u64,
    pub output_tokens: u64,
    pub cache_read_input_tokens: u64,
    pub cache_creation_input_tokens: u64,
    pub web_search_requests: u64,
    #[serde(rename = "costUSD", serialize_with = "js_number")]
    pub cost_usd: f64,
    pub context_window: u64,
    pub max_output_tokens: u64,
    pub thinking_tokens: u64,
    #[serde(rename = "cacheCreationEphemeral5mInputTokens")]
    pub cache_creation_ephemeral_5m_input_tokens: u64,
    #[serde(rename = "cacheCreationEphemeral1hInputTokens")]
    pub cache_creation_ephemeral_1h_input_tokens: u64,
    /// The model's name without a date or `[1m]`. The three labels are left out for a
    /// model only an earlier run of the session used (restored from its transcript).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub canonical_model: String,
    /// `firstParty`.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub provider: String,
    /// `list`: priced at list prices.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub cost_basis: String,
    /// The model was called in this run.
    #[serde(skip)]
    pub live: bool,
    /// The output limit the API named for the model in this session, reported in place of
    /// the catalog's.
    #[serde(skip)]
    pub learned_max_output_tokens: Option<u64>,
    /// The session asked for the 1M-token context beta: a model that takes it reports a
    /// window of 1,000,000.
    #[serde(skip)]
    pub context_1m: bool,
}

impl ModelUsage {
    pub fn record(&mut self, model: &str, usage: &Usage) -> f64 {
        let cost = cost_usd(model, usage);
        self.input_tokens += usage.input_tokens;
        self.output_tokens += usage.output_tokens;
        self.cache_read_input_tokens += usage.cache_read_input_tokens;
        self.cache_creation_input_tokens += usage.cache_creation_input_tokens;
        self.web_search_requests += usage.web_search_requests();
        self.cost_usd += cost;
        self.context_window = self.window(model);
        self.max_output_tokens = self
            .learned_max_output_tokens
            .unwrap_or_else(|| max_output_tokens(model));
        self.live = true;
        cost
    }

    /// The model's context window for this session (see [`Self::context_1m`]).
    fn window(&self, model: &str) -> u64 {
        if self.context_1m && takes_context_1m_beta(model) {
            1_000_000
        } else {
            context_window(model)
        }
    }

    /// Marks the session's use of the 1M-token context beta on an entry already counted.
    pub fn with_context_1m(&mut self, model: &str) {
        self.context_1m = true;
        self.context_window = self.window(model);
    }

    /// This entry as a result reports it, with the labels of `model`.
    pub fn labelled(&self, model: &str) -> ModelUsage {
        if !self.live {
            return self.clone();
        }
        ModelUsage {
            canonical_model: crate::model_names::canonical_id(model),
            provider: "firstParty".into(),
            // A model without a price of its own is billed at the default model's price.
            cost_basis: if known_price(model) {
                "list"
            } else {
                "unknown"
            }
            .into(),
            ..self.clone()
        }
    }
}

/// The `modelUsage` of a result: every model's entry, labelled.
pub fn model_usage_report(
    usage: &std::collections::BTreeMap<String, ModelUsage>,
) -> std::collections::BTreeMap<String, ModelUsage> {
    usage
        .iter()
        .map(|(model, entry)| (model.clone(), entry.labelled(model)))
        .collect()
}

/// Writes a float as JavaScript prints numbers: whole values without a fraction (`0`, not
/// `0.0`), as the reference's messages carry them.
pub fn js_number<S: serde::Serializer>(v: &f64, s: S) -> Result<S::Ok, S::Error> {
    if v.fract() == 0.0 && v.abs() < 9.0e15 {
        s.serialize_i64(*v as i64)
    } else {
        s.serialize_f64(*v)
    }
}

/// USD per million tokens: input, output, cache write, cache read.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Price {
    pub input: f64,
    pub output: f64,
    pub cache_write: f64,
    pub cache_read: f64,
}

const fn price(input: f64, output: f64, cache_write: f64, cache_read: f64) -> Price {
    Price {
        input,
        output,
        cache_write,
        cache_read,
    }
}

/// The price list (see the project's pricing table). A model the list does not have is
/// billed at the default model's price ($4 / $20 per million input / output tokens), as the
/// reference bills it.
pub fn price_of(model: &str) -> Price {
    listed_price(model).unwrap_or(DEFAULT_PRICE)
}

/// claude-opus-5-5's price, which models the list does not have are billed at.
const DEFAULT_PRICE: Price = Price {
    input: 4.0,
    output: 20.0,
    cache_write: 5.0,
    cache_read: 0.2,
};

/// Whether the price list has `model`.
pub fn known_price(model: &str) -> bool {
    listed_price(model).is_some()
}

fn listed_price(model: &str) -> Option<Price> {
    let m = canonical_model(model);
    Some(match m {
        "claude-opus-5" | "claude-opus-4-8" | "claude-opus-4-7" | "claude-opus-4-6"
        | "claude-opus-4-5" => price(5.0, 25.0, 6.25, 0.5),
        "claude-opus-5-5" => DEFAULT_PRICE,
        "claude-sonnet-5-5" => price(2.0, 10.0, 2.5, 0.1),
        "claude-sonnet-5" => price(2.0, 10.0, 2.5, 0.2),
        "claude-sonnet-4-6" | "claude-sonnet-4-5" | "claude-sonnet-4-0" => {
            price(3.0, 15.0, 3.75, 0.3)
        }
        "claude-haiku-5-5" => price(0.5, 2.5, 0.625, 0.05),
        "claude-haiku-4-5" => price(1.0, 5.0, 1.25, 0.1),
        "claude-fable-5" | "claude-mythos-5" => price(10.0, 50.0, 12.5, 1.0),
        "claude-fable-5-1" | "claude-mythos-5-1" => price(10.0, 50.0, 12.5, 0.25),
        "claude-fable-5-2" | "claude-mythos-5-2" => price(8.0, 40.0, 10.0, 0.2),
        "claude-opus-4" | "claude-opus-4-0" | "claude-opus-4-1" => price(15.0, 75.0, 18.75, 1.5),
        "claude-sonnet-4" | "claude-3-7-sonnet" | "claude-3-5-sonnet" => {
            price(3.0, 15.0, 3.75, 0.3)
        }
        "claude-3-5-haiku" => price(0.8, 4.0, 1.0, 0.08),
        _ => return None,
    })
}

/// The model's id in the reference's catalog, whatever the spelling (case, `-latest`, a
/// date, `-fast`, a dotted version: see [`crate::model_names::canonical_id`]); a name of no
/// known model without a date suffix and the `[1m]` marker.
pub fn canonical_model(model: &str) -> &str {
    if let Some(id) = crate::model_names::catalog_id(model) {
        return id;
    }
    let m = model.strip_suffix("[1m]").unwrap_or(model);
    match m.rsplit_once('-') {
        Some((head, tail)) if tail.len() == 8 && tail.bytes().all(|b| b.is_ascii_digit()) => head,
        _ => m,
    }
}

/// The betas a session may ask for with the `betas` option; the reference drops others.
pub const KNOWN_BETAS: &[&str] = &[CONTEXT_1M_BETA];

/// The beta that widens the context of the Sonnet 4 models and Opus 4.6 to 1,000,000 tokens.
pub const CONTEXT_1M_BETA: &str = "context-1m-2025-08-07";

/// Whether the 1M-token context beta widens `model`'s window: the Sonnet 4 models do
/// (claude-sonnet-4, claude-sonnet-4-5 recorded) and claude-opus-4-6 (fuzz-h/fh_014); Haiku
/// 4.5 and the Opus models before 4.6 do not.
pub fn takes_context_1m_beta(model: &str) -> bool {
    let m = canonical_model(model);
    m.starts_with("claude-sonnet-4") || m == "claude-opus-4-6"
}

/// USD per web search the API runs (10 per 1,000).
pub const WEB_SEARCH_USD: f64 = 0.01;

/// Prompts of at most this many tokens (input, cache write and cache read together) cost a
/// fifth on claude-haiku-5-5, as the reference prices them.
const HAIKU_5_5_SMALL_PROMPT: u64 = 100_000;

/// The price of one response: `price_of`, except for claude-haiku-5-5's small prompts.
pub fn price_for(model: &str, usage: &Usage) -> Price {
    let p = price_of(model);
    let prompt =
        usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens;
    if canonical_model(model) == "claude-haiku-5-5" && prompt <= HAIKU_5_5_SMALL_PROMPT {
        return price(
            p.input / 5.0,
            p.output / 5.0,
            p.cache_write / 5.0,
            p.cache_read / 5.0,
        );
    }
    p
}

/// What a response cost. Each count is taken in millions and multiplied by its price, the
/// terms added in the reference's order (input, output, cache read, cache write, searches),
/// so that the sums come out to the same last bit as the reference's: they are written out
/// whole in the spending reminder (`0.0006000000000000001` for 100 input and 20 output
/// tokens of claude-sonnet-4-5).
pub fn cost_usd(model: &str, usage: &Usage) -> f64 {
    let p = price_for(model, usage);
    let m = |tokens: u64| tokens as f64 / 1_000_000.0;
    m(usage.input_tokens) * p.input
        + m(usage.output_tokens) * p.output
        + m(usage.cache_read_input_tokens) * p.cache_read
        + m(usage.cache_creation_input_tokens) * p.cache_write
        + usage.web_search_requests() as f64 * WEB_SEARCH_USD
}

/// Whether the model takes an effort level (the hooks of its turns report the level): not
/// the Claude 3 models, Opus 4.0/4.1, Sonnet 4.0/4.5 and Haiku 4.5.
/// The effort a request asks of `model` when the caller set none, as the reference sends it
/// (recorded per model): medium for the 5.5 models and claude-fable-5-2, extra high for
/// claude-opus-4-7, high for the others that take an effort.
pub fn default_effort(model: &str) -> Option<&'static str> {
    let m = crate::model_names::canonical_id(model);
    Some(match m.as_str() {
        "claude-opus-5-5" | "claude-sonnet-5-5" | "claude-haiku-5-5" | "claude-fable-5-2" => {
            "medium"
        }
        "claude-opus-4-7" => "xhigh",
        _ => "high",
    })
}

/// Whether `model` takes an effort level.
pub fn supports_effort(model: &str) -> bool {
    let m = canonical_model(model);
    !(m.starts_with("claude-3-")
        || matches!(
            m,
            "claude-opus-4-0"
                | "claude-opus-4"
                | "claude-opus-4-1"
                | "claude-sonnet-4-0"
                | "claude-sonnet-4"
                | "claude-sonnet-4-5"
                | "claude-haiku-4-5"
        ))
}

/// The context window of a model, in tokens, as the reference reports it: 200,000 for the
/// Claude 3 models and the 4 models it knows before Opus 4.7 (without `[1m]`), else
/// 1,000,000.
pub fn context_window(model: &str) -> u64 {
    let m = canonical_model(model);
    // The Claude 4 models the reference knows by name; another name of that family
    // (`claude-sonnet-4-7`) is one it does not know, at 1,000,000 (streamcut/sc_*_sonnet47).
    let small = m.starts_with("claude-3")
        || matches!(
            m,
            "claude-opus-4"
                | "claude-opus-4-0"
                | "claude-opus-4-1"
                | "claude-opus-4-5"
                | "claude-opus-4-6"
                | "claude-sonnet-4"
                | "claude-sonnet-4-0"
                | "claude-sonnet-4-5"
                | "claude-sonnet-4-6"
                | "claude-haiku-4-5"
        );
    if small && !model.ends_with("[1m]") {
        200_000
    } else {
        1_000_000
    }
}

/// The largest `max_tokens` the reference asks of a model (what `modelUsage` reports).
pub fn max_output_tokens(model: &str) -> u64 {
    let m = canonical_model(model);
    if m.starts_with("claude-3-5") || m == "claude-3-sonnet" {
        8_192
    } else if m.starts_with("claude-3-7") {
        32_000
    } else if m.starts_with("claude-3") {
        4_096
    } else if (m.ends_with("-5-5") && m != "claude-fable-5-5")
        || m == "claude-fable-5-2"
        || m == "claude-mythos-5-2"
    {
        128_000
    } else if matches!(
        m,
        "claude-opus-4-6"
            | "claude-opus-4-7"
            | "claude-opus-4-8"
            | "claude-opus-5"
            | "claude-fable-5"
            | "claude-fable-5-1"
            | "claude-mythos-5"
            | "claude-mythos-5-1"
    ) || m.starts_with("claude-sonnet-5")
    {
        64_000
    } else {
        32_000
    }
}

/// The most `CLAUDE_CODE_MAX_OUTPUT_TOKENS` may raise a model's `max_tokens` to (recorded on
/// 29 models: probes pmx_big_*).
pub fn max_output_upper_limit(model: &str) -> u64 {
    let m = canonical_model(model);
    if m.starts_with("claude-3-7") {
        64_000
    } else if m.starts_with("claude-3") {
        max_output_tokens(model)
    } else if matches!(m, "claude-opus-4" | "claude-opus-4-0") {
        32_000
    } else if matches!(
        m,
        "claude-opus-4-5" | "claude-sonnet-4" | "claude-sonnet-4-0" | "claude-sonnet-4-5"
    ) || m.starts_with("claude-haiku-4-5")
    {
        64_000
    } else {
        128_000
    }
}

/// `CLAUDE_CODE_MAX_OUTPUT_TOKENS` read as JavaScript's `parseInt` reads it (leading
/// blanks, then digits; `9000.5` is 9000): `None` unless a positive number.
pub fn parse_max_output_env(value: &str) -> Option<u64> {
    let digits: String = value
        .trim_start()
        .trim_start_matches('+')
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse::<u64>().ok().filter(|n| *n > 0)
}

/// The model a name given by the caller stands for, as the reference resolves it (see
/// [`crate::model_names::resolve`]): the aliases in any case and trimmed, with or without
/// `[1m]`, and the retired Opus 4 and 4.1 ids, which run on the current Opus.
///
/// ```
/// use oxagent_core::usage::resolve_model;
/// assert_eq!(resolve_model("sonnet"), "claude-sonnet-5-5");
/// assert_eq!(resolve_model("opus[1m]"), "claude-opus-5-5");
/// assert_eq!(resolve_model("claude-opus-4-1-20250805"), "claude-opus-5-5");
/// assert_eq!(resolve_model("claude-sonnet-4-5"), "claude-sonnet-4-5");
/// ```
pub fn resolve_model(name: &str) -> String {
    crate::model_names::resolve(name)
}

#[cfg(test)]
mod effort_tests {
    use super::*;

    /// The effort a request carries when the caller set none (recorded across the goldens).
    #[test]
    fn the_default_effort_per_model() {
        for (m, e) in [
            ("claude-opus-5-5", "medium"),
            ("claude-haiku-5-5", "medium"),
            ("claude-opus-4-7", "xhigh"),
            ("claude-opus-4-6", "high"),
            ("claude-sonnet-4-6", "high"),
            ("my-custom-model", "high"),
        ] {
            assert_eq!(default_effort(m), Some(e), "{m}");
        }
        assert!(!supports_effort("claude-sonnet-4-5"));
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_default_model_is_listed_and_unknown_models_are_not() {
        assert!(super::known_price("claude-opus-5-5"));
        assert!(super::known_price("claude-sonnet-4-5-20250929"));
        assert!(!super::known_price("my-custom-model"));
        assert_eq!(
            super::price_of("my-custom-model"),
            super::price_of("claude-opus-5-5")
        );
    }

    #[test]
    fn output_caps_are_the_references() {
        // As the reference's requests ask (and its modelUsage reports).
        let caps: Vec<u64> = [
            "claude-haiku-4-5",
            "claude-haiku-4-5-20251001",
            "claude-sonnet-4-6",
            "claude-opus-5-5",
            "claude-opus-4-6",
            "claude-opus-5",
            "claude-3-5-haiku-20241022",
            "claude-3-7-sonnet-20250219",
            "claude-3-opus-20240229",
            "my-custom-model",
        ]
        .iter()
        .map(|m| super::max_output_tokens(m))
        .collect();
        assert_eq!(
            caps,
            [32_000, 32_000, 32_000, 128_000, 64_000, 64_000, 8_192, 32_000, 4_096, 32_000]
        );
    }

    fn tokens(input: u64, output: u64, write: u64, read: u64) -> Usage {
        Usage {
            input_tokens: input,
            output_tokens: output,
            cache_creation_input_tokens: write,
            cache_read_input_tokens: read,
            ..Usage::default()
        }
    }

    /// Figures read from the reference's results (usage scripted on the test server).
    #[test]
    fn haiku_5_5_prices_small_prompts_at_a_fifth_and_fable_5_has_its_own_price() {
        let cases = [
            ("claude-haiku-5-5", tokens(100, 20, 0, 0), 0.00002),
            ("claude-haiku-5-5", tokens(100_000, 0, 0, 0), 0.01),
            ("claude-haiku-5-5", tokens(100_001, 0, 0, 0), 0.0500005),
            ("claude-haiku-5-5", tokens(100_000, 0, 1, 0), 0.050000625),
            ("claude-haiku-5-5", tokens(20_000, 0, 0, 150_000), 0.0175),
            ("claude-haiku-5-5", tokens(1_000, 300_000, 0, 0), 0.1501),
            ("claude-haiku-5-5", tokens(150_000, 100_000, 0, 0), 0.325),
            ("claude-fable-5", tokens(50_000, 50_000, 0, 0), 3.0),
            ("claude-fable-5", tokens(0, 0, 100_000, 0), 1.25),
            ("claude-fable-5-5", tokens(50_000, 50_000, 0, 0), 1.2),
            // Recorded with a million tokens of each kind (refusalcalls/).
            ("claude-mythos-5", tokens(1_000_000, 1_000_000, 0, 0), 60.0),
            ("claude-mythos-5", tokens(0, 0, 0, 1_000_000), 1.0),
            ("claude-mythos-5-1", tokens(0, 0, 0, 1_000_000), 0.25),
            ("claude-fable-5-1", tokens(0, 0, 1_000_000, 0), 12.5),
            (
                "claude-mythos-5-2",
                tokens(1_000_000, 1_000_000, 0, 0),
                48.0,
            ),
            ("claude-mythos-5-2", tokens(0, 0, 0, 1_000_000), 0.2),
        ];
        for (model, usage, want) in cases {
            let got = cost_usd(model, &usage);
            assert!(
                (got - want).abs() < 1e-12,
                "{model} {usage:?}: {got} != {want}"
            );
        }
    }

    #[test]
    fn web_searches_are_counted_and_paid() {
        let mut u = Usage {
            input_tokens: 1_000_000,
            ..Usage::default()
        };
        u.merge_delta(&serde_json::json!({"server_tool_use": {"web_search_requests": 2}}));
        assert_eq!(u.web_search_requests(), 2);
        let price = price_of("claude-haiku-4-5").input;
        assert!((cost_usd("claude-haiku-4-5", &u) - (price + 0.02)).abs() < 1e-9);
        let mut m = ModelUsage::default();
        m.record("claude-haiku-4-5", &u);
        assert_eq!(m.web_search_requests, 2);
    }

    use super::*;

    fn u(i: u64, o: u64, cw: u64, cr: u64) -> Usage {
        Usage {
            input_tokens: i,
            output_tokens: o,
            cache_creation_input_tokens: cw,
            cache_read_input_tokens: cr,
            extra: Map::new(),
        }
    }

    #[test]
    fn prices_for_three_models() {
        let usage = u(1_000_000, 1_000_000, 1_000_000, 1_000_000);
        assert!((cost_usd("claude-opus-5-5", &usage) - 29.2).abs() < 1e-9);
        assert!((cost_usd("claude-sonnet-4-5-20250929", &usage) - 22.05).abs() < 1e-9);
        assert!((cost_usd("claude-haiku-4-5", &usage) - 7.35).abs() < 1e-9);
        assert!((cost_usd("some-unknown-model", &usage) - 29.2).abs() < 1e-9);
    }

    /// Figures of the modelnames scenarios (1000 tokens of each kind unless noted).
    #[test]
    fn other_spellings_are_priced_and_labelled_as_their_model() {
        let one_k = u(1000, 1000, 0, 0);
        assert!((cost_usd("claude-3-5-haiku-latest", &one_k) - 0.0048).abs() < 1e-12);
        assert!((cost_usd("claude-3-opus-latest", &one_k) - 0.024).abs() < 1e-12);
        let all = u(1000, 1000, 1000, 1000);
        for (model, cost, canonical, basis, window, cap) in [
            (
                "claude-3-5-haiku-latest[1m]",
                0.00588,
                "claude-3-5-haiku",
                "list",
                1_000_000,
                8_192,
            ),
            (
                "claude-opus-4-latest",
                0.11025,
                "claude-opus-4-0",
                "list",
                200_000,
                32_000,
            ),
            (
                "Claude-Opus-5-5",
                0.0292,
                "claude-opus-5-5",
                "list",
                1_000_000,
                128_000,
            ),
            (
                "CLAUDE-SONNET-4-5",
                0.02205,
                "claude-sonnet-4-5",
                "list",
                200_000,
                32_000,
            ),
            (
                "claude-opus-4.5",
                0.03675,
                "claude-opus-4-5",
                "list",
                200_000,
                32_000,
            ),
            (
                "claude-haiku-4-5-foo",
                0.00735,
                "claude-haiku-4-5",
                "list",
                200_000,
                32_000,
            ),
            (
                "claude-3-sonnet-latest",
                0.0292,
                "claude-3-sonnet",
                "unknown",
                200_000,
                8_192,
            ),
            (
                "claude-3-haiku-latest",
                0.0292,
                "claude-3-haiku",
                "unknown",
                200_000,
                4_096,
            ),
            (
                "claude-sonnet-4-5[2m]",
                0.02205,
                "claude-sonnet-4-5",
                "list",
                200_000,
                32_000,
            ),
            (
                "my-model[1m]",
                0.0292,
                "my-model[1m]",
                "unknown",
                1_000_000,
                32_000,
            ),
            ("Default", 0.0292, "default", "unknown", 1_000_000, 32_000),
        ] {
            let mut m = ModelUsage::default();
            let got = m.record(model, &all);
            assert!((got - cost).abs() < 1e-12, "{model}: {got} != {cost}");
            let l = m.labelled(model);
            assert_eq!(
                (l.canonical_model.as_str(), l.cost_basis.as_str()),
                (canonical, basis),
                "{model}"
            );
            assert_eq!(
                (l.context_window, l.max_output_tokens),
                (window, cap),
                "{model}"
            );
        }
    }

    #[test]
    fn a_limit_the_api_named_is_the_model_s_max_output_tokens() {
        let mut m = ModelUsage {
            learned_max_output_tokens: Some(64_000),
            ..ModelUsage::default()
        };
        m.record("claude-opus-5-5", &Usage::default());
        assert_eq!(m.labelled("claude-opus-5-5").max_output_tokens, 64_000);
        let mut plain = ModelUsage::default();
        plain.record("claude-opus-5-5", &Usage::default());
        assert_eq!(plain.max_output_tokens, 128_000);
    }

    #[test]
    fn canonical_strips_date_and_1m() {
        assert_eq!(
            canonical_model("claude-haiku-4-5-20251001"),
            "claude-haiku-4-5"
        );
        assert_eq!(canonical_model("claude-opus-4-6[1m]"), "claude-opus-4-6");
        assert_eq!(canonical_model("claude-opus-5-5"), "claude-opus-5-5");
    }

    /// The reference's sums, bit for bit (variants-j/vj_bud_*).
    #[test]
    fn costs_add_up_as_the_reference_adds_them() {
        let u = |i, o, cw, cr| Usage {
            input_tokens: i,
            output_tokens: o,
            cache_creation_input_tokens: cw,
            cache_read_input_tokens: cr,
            ..Usage::default()
        };
        let one = cost_usd("claude-sonnet-4-5", &u(100, 20, 0, 0));
        assert_eq!(one.to_string(), "0.0006000000000000001");
        assert_eq!((one + one).to_string(), "0.0012000000000000001");
        assert_eq!(
            cost_usd("claude-haiku-4-5", &u(100, 20, 0, 0)).to_string(),
            "0.0002"
        );
        assert_eq!(
            cost_usd("claude-sonnet-4-5", &u(10, 20, 0, 5000)).to_string(),
            "0.00183"
        );
        assert_eq!(
            cost_usd("claude-sonnet-4-5", &u(10, 20, 1000, 0)).to_string(),
            "0.00408"
        );
    }

    /// The 1M-token context beta widens the Sonnet 4 models' window, not Haiku 4.5's
    /// (variants-j/vj_eff_beta1m_*).
    #[test]
    fn the_context_beta_widens_sonnet_4_windows() {
        for (model, window) in [
            ("claude-sonnet-4-5", 1_000_000),
            ("claude-sonnet-4", 1_000_000),
            ("claude-haiku-4-5", 200_000),
        ] {
            let mut m = ModelUsage::default();
            m.record(model, &Usage::default());
            assert_eq!(m.context_window, context_window(model), "{model}");
            m.with_context_1m(model);
            assert_eq!(m.context_window, window, "{model}");
            m.record(model, &Usage::default());
            assert_eq!(m.context_window, window, "{model}");
        }
    }

    #[test]
    fn output_limits_from_the_environment() {
        assert_eq!(parse_max_output_env(" 8000 "), Some(8000));
        assert_eq!(parse_max_output_env("9000.5"), Some(9000));
        for bad in ["abc", "0", "-5", ""] {
            assert_eq!(parse_max_output_env(bad), None, "{bad}");
        }
        assert_eq!(max_output_upper_limit("claude-haiku-4-5"), 64_000);
        assert_eq!(max_output_upper_limit("claude-sonnet-4-6"), 128_000);
        assert_eq!(max_output_upper_limit("claude-opus-4"), 32_000);
        assert_eq!(max_output_upper_limit("claude-3-5-haiku"), 8_192);
        assert_eq!(max_output_upper_limit("claude-3-7-sonnet"), 64_000);
        assert_eq!(max_output_tokens("claude-fable-5-5"), 32_000);
    }
}
