//! `mcp_servers` given as one string (Python): the CLI's `--mcp-config` value, either JSON text
//! or the path of a JSON file, `{"mcpServers": {NAME: CONFIG, ...}}`.
//!
//! As the reference's CLI reads it: text that parses as JSON is the config; anything else is a
//! path, relative to the session's working directory. A file that cannot be read, is not
//! JSON, or has no mapping under `mcpServers` stops the session before it starts, with the
//! CLI's words after "Invalid MCP configuration:". A server whose config is not one oxagent can
//! run (no `command`, an unknown `type`, not an object) is left out, and the others start.

use std::path::{Path, PathBuf};

use oxagent_core::protocol::mcp_servers;
use oxagent_core::validate::received_kind;
use serde_json::{Map, Value};

use super::check::{At, Checked};
use crate::OptionsErrorKind as K;

/// The servers `source` names, as a mapping the `mcp_servers` reader takes.
pub(super) fn servers(at: &At<'_>, source: &str) -> Checked<Value> {
    let refused =
        |detail: String| at.error(K::Refused, format!("Invalid MCP configuration:\n{detail}"));
    let doc = match serde_json::from_str::<Value>(source) {
        Ok(doc) => doc,
        Err(_) => {
            let path = absolute(Path::new(source));
            let text = std::fs::read_to_string(&path).map_err(|e| {
                refused(match e.kind() {
                    std::io::ErrorKind::NotFound => {
                        format!("MCP config file not found: {}", path.display())
                    }
                    _ => format!("MCP config file could not be read: {}: {e}", path.display()),
                })
            })?;
            serde_json::from_str(&text)
                .map_err(|_| refused("MCP config is not a valid JSON".into()))?
        }
    };
    let Value::Object(doc) = doc else {
        return Err(refused(format!(
            "Invalid input: expected object, received {}",
            received_kind(Some(&doc))
        )));
    };
    let Some(Value::Object(named)) = doc.get("mcpServers") else {
        return Err(refused(format!(
            "mcpServers: Invalid input: expected record, received {}",
            received_kind(doc.get("mcpServers"))
        )));
    };
    Ok(Value::Object(runnable(named)))
}

/// The servers whose configs oxagent can run; an SDK server needs the caller's instance,
/// which a config file cannot give.
fn runnable(named: &Map<String, Value>) -> Map<String, Value> {
    named
        .iter()
        .filter(|(name, cfg)| {
            let one = Value::Object(Map::from_iter([((*name).clone(), (*cfg).clone())]));
            cfg.get("type").and_then(Value::as_str) != Some("sdk")
                && mcp_servers::parse(&one).is_ok()
        })
        .map(|(name, cfg)| (name.clone(), cfg.clone()))
        .collect()
}

fn absolute(path: &Path) -> PathBuf {
    match std::env::current_dir() {
        Ok(here) if path.is_relative() => here.join(path),
        _ => path.to_path_buf(),
    }
}

/// Whether `source` is a path to resolve against the working directory (not JSON text).
pub(super) fn is_relative_path(source: &str) -> bool {
    serde_json::from_str::<Value>(source).is_err() && Path::new(source).is_relative()
}

#[cfg(test)]
mod tests {
    use super::*;
    use oxagent_core::protocol::stream_json::Face;
    use serde_json::json;

    fn read(source: &str) -> Result<Value, String> {
        servers(&At::new(Face::Python, "mcp_servers"), source).map_err(|e| {
            assert_eq!(e.kind, K::Refused);
            e.message
        })
    }

    #[test]
    fn json_text_is_the_config_and_servers_that_cannot_run_are_left_out() {
        let text = r#" {"mcpServers": {"a": {"command": "x"}, "b": {"args": []}, "c": 5,
            "d": {"type": "weird"}, "e": {"type": "http", "url": "http://h/mcp"}}, "other": 1}"#;
        assert_eq!(
            read(text).unwrap(),
            json!({"a": {"command": "x"}, "e": {"type": "http", "url": "http://h/mcp"}})
        );
    }

    #[test]
    fn a_config_of_the_wrong_shape_stops_the_session_in_the_cli_words() {
        let head = "Invalid MCP configuration:\n";
        assert_eq!(
            read(r#"{"calc": {"command": "x"}}"#).unwrap_err(),
            format!("{head}mcpServers: Invalid input: expected record, received undefined")
        );
        assert_eq!(
            read(r#"{"mcpServers": 5}"#).unwrap_err(),
            format!("{head}mcpServers: Invalid input: expected record, received number")
        );
        assert_eq!(
            read("[]").unwrap_err(),
            format!("{head}Invalid input: expected object, received array")
        );
    }

    #[test]
    fn a_path_is_read_and_its_faults_named() {
        let dir = std::env::temp_dir().join(format!("oxagent-mcpcfg-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.json");
        std::fs::write(&good, r#"{"mcpServers": {"a": {"command": "x"}}}"#).unwrap();
        let bad = dir.join("bad.json");
        std::fs::write(&bad, "{not json").unwrap();
        let missing = dir.join("nope.json");
        assert_eq!(
            read(good.to_str().unwrap()).unwrap(),
            json!({"a": {"command": "x"}})
        );
        assert_eq!(
            read(bad.to_str().unwrap()).unwrap_err(),
            "Invalid MCP configuration:\nMCP config is not a valid JSON"
        );
        assert_eq!(
            read(missing.to_str().unwrap()).unwrap_err(),
            format!(
                "Invalid MCP configuration:\nMCP config file not found: {}",
                missing.display()
            )
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
