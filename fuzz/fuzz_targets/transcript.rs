//! Fuzzes the transcript loader: any file content (torn rows, bad JSON, rows of the wrong
//! shape) loads or fails cleanly, with or without a `resume_session_at` point.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let dir = std::env::temp_dir().join(format!("oxagent-fuzz-transcript-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join("t.jsonl");
    if std::fs::write(&path, data).is_err() {
        return;
    }
    let at = data
        .split(|b| *b == b'\n')
        .next()
        .and_then(|l| std::str::from_utf8(l).ok())
        .map(str::to_string);
    let _ = oxagent_sessions::load(&path, None);
    let _ = oxagent_sessions::load(&path, at.as_deref());
});
