//! Record and replay from the environment, for any face: `OXAGENT_CASSETTE=<path>` sends a
//! session's Messages API exchanges through a cassette (see `oxagent_http::cassette`), as
//! `OXAGENT_CASSETTE_MODE` says: `record` (append every exchange), `replay` (answer from the
//! file, offline) or `auto`, the default (replay when the file exists, else record).
//!
//! The sessions of a process that name the same cassette share it, in the order they ask:
//! a test that resumes a session, or runs two, replays them as they were recorded. The
//! working directory is stored as `<CWD>`, so a replay may run in another scratch folder.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use oxagent_core::model::Model;
use oxagent_core::sync::lock;
use oxagent_http::cassette::{RecordingModel, ReplayModel};
use oxagent_http::HttpModel;

use crate::{Error, Result};

const CWD: &str = "<CWD>";

#[derive(Clone)]
enum Cassette {
    Replay(Arc<ReplayModel>),
    Record(Arc<RecordingModel<HttpModel>>),
}

fn open_cassettes() -> &'static Mutex<HashMap<PathBuf, Cassette>> {
    static OPEN: OnceLock<Mutex<HashMap<PathBuf, Cassette>>> = OnceLock::new();
    OPEN.get_or_init(Mutex::default)
}

/// The model of a session whose environment names a cassette; `None` when it names none.
pub(crate) fn model_from_env(
    env: &BTreeMap<String, String>,
    cwd: &Path,
    live: impl FnOnce() -> Result<HttpModel>,
) -> Result<Option<Arc<dyn Model>>> {
    let Some(path) = env.get("OXAGENT_CASSETTE").filter(|p| !p.is_empty()) else {
        return Ok(None);
    };
    let path = PathBuf::from(path);
    let mode = env.get("OXAGENT_CASSETTE_MODE").map(String::as_str);
    let replay = match mode.unwrap_or("auto") {
        "replay" => true,
        "record" => false,
        "auto" | "" => path.exists(),
        other => {
            return Err(Error::Config(format!(
                "OXAGENT_CASSETTE_MODE must be record, replay or auto, not {other:?}"
            )))
        }
    };
    let mut open = lock(open_cassettes());
    let cassette = match open.get(&path) {
        Some(c) if matches!(c, Cassette::Replay(_)) == replay => c.clone(),
        _ => {
            let cwd = cwd.to_string_lossy().to_string();
            let fail =
                |e: std::io::Error| Error::Config(format!("cassette {}: {e}", path.display()));
            let c = if replay {
                let model = ReplayModel::open(&path)
                    .map_err(fail)?
                    .with_substitution(cwd, CWD);
                Cassette::Replay(Arc::new(model))
            } else {
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir).map_err(fail)?;
                }
                let model = RecordingModel::create(live()?, &path)
                    .map_err(fail)?
                    .with_substitution(cwd, CWD);
                Cassette::Record(Arc::new(model))
            };
            open.insert(path.clone(), c.clone());
            c
        }
    };
    Ok(Some(match cassette {
        Cassette::Replay(m) => m,
        Cassette::Record(m) => m,
    }))
}

/// What a cassette this process opened has done, as JSON: `{"mode": "replay", "served",
/// "recorded", "diverged": text or null}` or `{"mode": "record"}`; `None` when no session
/// of this process used it. A test fixture checks it after the test.
pub fn cassette_status(path: &Path) -> Option<serde_json::Value> {
    let open = lock(open_cassettes());
    Some(match open.get(path)? {
        Cassette::Replay(m) => serde_json::json!({
            "mode": "replay",
            "served": m.served(),
            "recorded": m.len(),
            "diverged": m.divergence(),
        }),
        Cassette::Record(_) => serde_json::json!({"mode": "record"}),
    })
}

/// Forgets a cassette, so the next session that names it opens it afresh (a test that
/// records, then replays, in one process).
pub fn close_cassette(path: &Path) {
    lock(open_cassettes()).remove(path);
}
