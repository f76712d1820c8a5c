//! The models a session can switch to (`supportedModels()`, `initialize`'s `models`): the
//! aliases `set_model` takes, each with the model it runs and its price.
//!
//! ```
//! let models = oxagent_core::models::supported_models();
//! assert_eq!(models[0]["value"], "default");
//! assert_eq!(models[0]["resolvedModel"], oxagent_core::config::DEFAULT_MODEL);
//! ```

use serde_json::{json, Value};

use crate::config::DEFAULT_MODEL;
use crate::usage::price_of;

/// `(alias, model, name, what it is good for, fast mode)`.
const MODELS: &[(&str, &str, &str, &str, bool)] = &[
    (
        "default",
        DEFAULT_MODEL,
        "Default (recommended)",
        "The model sessions start on",
        true,
    ),
    (
        "opus",
        "claude-opus-5-5",
        "Opus",
        "Opus 5.5, for most work, simple or involved",
        true,
    ),
    (
        "fable",
        "claude-fable-5",
        "Fable",
        "Fable 5, for the hardest and longest tasks",
        true,
    ),
    (
        "sonnet",
        "claude-sonnet-5-5",
        "Sonnet",
        "Sonnet 5.5, quicker on routine work",
        false,
    ),
    (
        "haiku",
        "claude-haiku-5-5",
        "Haiku",
        "Haiku 5.5, the fastest, for short answers",
        false,
    ),
];

/// Dollars per million tokens, as people write them: `4`, `0.50`.
fn dollars(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.2}")
    }
}

/// The `ModelInfo` rows, in the documented TypeScript shape.
pub fn supported_models() -> Vec<Value> {
    MODELS
        .iter()
        .map(|(alias, model, name, about, fast)| {
            let p = price_of(model);
            let mut row = json!({
                "value": alias,
                "resolvedModel": model,
                "displayName": name,
                "description": format!("{about} · ${}/${} per Mtok", dollars(p.input), dollars(p.output)),
                "supportsEffort": true,
                "supportedEffortLevels": ["low", "medium", "high", "xhigh", "max"],
                "supportsAdaptiveThinking": true,
            });
            if *fast {
                row["supportsFastMode"] = json!(true);
            }
            row["supportsAutoMode"] = json!(true);
            row
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_alias_names_a_priced_model() {
        let models = supported_models();
        let aliases: Vec<&str> = models
            .iter()
            .map(|m| m["value"].as_str().unwrap_or(""))
            .collect();
        assert_eq!(aliases, ["default", "opus", "fable", "sonnet", "haiku"]);
        assert_eq!(
            models[3]["description"],
            "Sonnet 5.5, quicker on routine work · $2/$10 per Mtok"
        );
        assert!(models[3].get("supportsFastMode").is_none());
    }
}
