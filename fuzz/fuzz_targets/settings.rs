//! Fuzzes the settings loader: any `settings` option text (JSON or not, of any shape) loads
//! or is ignored cleanly, and applying it to a session's configuration never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oxagent_core::config::SessionConfig;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Not a path to a file: the text must start as JSON does.
    if !text.trim_start().starts_with('{') {
        return;
    }
    let root = std::path::Path::new("/nonexistent-oxagent-fuzz");
    let settings = oxagent_settings::Settings::load(root, root, Some(&[]), Some(text));
    let mut env = std::collections::BTreeMap::new();
    settings.apply_env(&mut env);
    let mut config = SessionConfig::new("s", root);
    settings.apply(&mut config, None, root);
});
