//! Grep and Glob against ripgrep (`rg`) on one large tree: the same queries, one run each,
//! wall time side by side. Run it through `benches/search_vs_rg.sh` (release build).
//!
//! ```text
//! search_vs_rg [ROOT]     ROOT: a tree to search (default: see search_vs_rg.sh)
//! ```
//!
//! Each query goes through the Tool trait exactly as the model's call would (input JSON in,
//! result text out), and the `rg` command line that asks the same question runs as a child
//! process with its output read to the end. The ratio is ours / rg: below 1 we are faster.
//! The result counts are printed too, so that a fast wrong answer shows, and the CPU time of
//! each side (user and system, all threads), which a busy machine disturbs less than wall time.

// A benchmark harness: a failure to set it up is a crash with a message, which is fine.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use nix::sys::resource::{getrusage, UsageWho};
use oxagent_core::signal::AbortSignal;
use oxagent_core::tool::ToolContext;
use oxagent_tools::{builtin_tools, BuiltinConfig};
use serde_json::{json, Value};

/// One question: the tool input and the `rg` arguments that ask the same thing.
struct Query {
    label: &'static str,
    tool: &'static str,
    input: Value,
    rg: Vec<&'static str>,
}

fn queries() -> Vec<Query> {
    // Grep searches hidden files and respects ignore files (rg's defaults plus --hidden);
    // Glob lists every file, ignored or hidden (rg --files --hidden --no-ignore).
    vec![
        Query {
            label: "grep files 'impl.*Iterator'",
            tool: "Grep",
            input: json!({"pattern": "impl.*Iterator", "head_limit": 0}),
            rg: vec!["--hidden", "-l", "impl.*Iterator"],
        },
        Query {
            label: "grep content -n 'unsafe fn'",
            tool: "Grep",
            input: json!({"pattern": "unsafe fn", "output_mode": "content", "head_limit": 0}),
            rg: vec!["--hidden", "-n", "--max-columns", "500", "unsafe fn"],
        },
        Query {
            label: "grep count -i 'todo'",
            tool: "Grep",
            input: json!({"pattern": "todo", "-i": true, "output_mode": "count", "head_limit": 0}),
            rg: vec!["--hidden", "-c", "-i", "todo"],
        },
        Query {
            label: "grep files --glob '*.toml' 'edition'",
            tool: "Grep",
            input: json!({"pattern": "edition", "glob": "*.toml", "head_limit": 0}),
            rg: vec!["--hidden", "-l", "--glob", "*.toml", "edition"],
        },
        Query {
            label: "grep files -i 'zzqx_absent'",
            tool: "Grep",
            input: json!({"pattern": "zzqx_absent", "-i": true, "head_limit": 0}),
            rg: vec!["--hidden", "-l", "-i", "zzqx_absent"],
        },
        Query {
            label: "glob '**/*.rs'",
            tool: "Glob",
            input: json!({"pattern": "**/*.rs"}),
            rg: vec!["--files", "--hidden", "--no-ignore", "--glob", "**/*.rs"],
        },
        Query {
            label: "glob '*.html'",
            tool: "Glob",
            input: json!({"pattern": "*.html"}),
            rg: vec!["--files", "--hidden", "--no-ignore", "--glob", "*.html"],
        },
        Query {
            label: "glob '**/Cargo.toml'",
            tool: "Glob",
            input: json!({"pattern": "**/Cargo.toml"}),
            rg: vec![
                "--files",
                "--hidden",
                "--no-ignore",
                "--glob",
                "**/Cargo.toml",
            ],
        },
    ]
}

/// How many results the tool reported (files, lines or matches).
fn tool_count(out: &Value) -> u64 {
    let get = |k: &str| out.get(k).and_then(Value::as_u64);
    match out.get("mode").and_then(Value::as_str) {
        Some("content") => get("totalLines").or(get("numLines")).unwrap_or(0),
        Some("count") => get("numFiles").unwrap_or(0),
        Some(_) => get("totalFiles").or(get("numFiles")).unwrap_or(0),
        None => get("totalMatches").or(get("numFiles")).unwrap_or(0),
    }
}

/// CPU time (user and system) used so far by this process or by its waited-for children.
fn cpu_ms(who: UsageWho) -> f64 {
    let Ok(u) = getrusage(who) else {
        return 0.0;
    };
    let ms = |t: nix::sys::time::TimeVal| t.tv_sec() as f64 * 1000.0 + t.tv_usec() as f64 / 1000.0;
    ms(u.user_time()) + ms(u.system_time())
}

fn count_files(root: &Path) -> usize {
    let mut n = 0;
    let mut dirs = vec![root.to_path_buf()];
    while let Some(d) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            match e.file_type() {
                Ok(t) if t.is_dir() => dirs.push(e.path()),
                Ok(t) if t.is_file() => n += 1,
                _ => {}
            }
        }
    }
    n
}

fn main() {
    let root: PathBuf = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(std::env::var("HOME").unwrap_or_default()).join(".cargo/registry/src")
        });
    let root = root.canonicalize().expect("the tree to search must exist");
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let tools = builtin_tools(&BuiltinConfig {
        cwd: Some(root.clone()),
        ..BuiltinConfig::default()
    });
    let ctx = ToolContext {
        session_id: "bench".into(),
        tool_use_id: "toolu_bench".into(),
        cwd: root.clone(),
        shell_dir: None,
        additional_directories: Vec::new(),
        env: BTreeMap::new(),
        abort: AbortSignal::new(),
        agent_id: None,
        prompt_id: None,
        conversation: None,
        read_denied: Vec::new(),
        permission_mode: Default::default(),
    };
    println!("tree: {} ({} files)", root.display(), count_files(&root));
    // Warm the page cache (names and contents) once, so that neither side pays for the
    // first cold read.
    let _ = Command::new("rg")
        .args(["--hidden", "--no-ignore", "-c", "qqq_warm_up_absent"])
        .current_dir(&root)
        .stdout(Stdio::null())
        .status();
    println!(
        "{:<40} {:>10} {:>10} {:>7} {:>9} {:>9} {:>8} {:>8}",
        "query", "ours ms", "rg ms", "ratio", "ours n", "rg n", "ours cpu", "rg cpu"
    );
    let mut ratios = Vec::new();
    // SEARCH_ONLY=glob runs only the queries whose label holds that text.
    let only = std::env::var("SEARCH_ONLY").unwrap_or_default();
    for q in queries().into_iter().filter(|q| q.label.contains(&only)) {
        let tool = tools.iter().find(|t| t.name() == q.tool).unwrap();
        let cpu0 = cpu_ms(UsageWho::RUSAGE_SELF);
        let t0 = Instant::now();
        let out = rt.block_on(tool.call(q.input.clone(), &ctx));
        let ours = t0.elapsed().as_secs_f64() * 1000.0;
        let ours_cpu = cpu_ms(UsageWho::RUSAGE_SELF) - cpu0;
        let cpu0 = cpu_ms(UsageWho::RUSAGE_CHILDREN);
        let n_ours = out.structured.as_ref().map(tool_count).unwrap_or(0);

        let t0 = Instant::now();
        let rg = Command::new("rg")
            .args(&q.rg)
            .current_dir(&root)
            .output()
            .expect("rg must be installed (apt-get install ripgrep)");
        let theirs = t0.elapsed().as_secs_f64() * 1000.0;
        let rg_cpu = cpu_ms(UsageWho::RUSAGE_CHILDREN) - cpu0;
        let text = String::from_utf8_lossy(&rg.stdout);
        // One line per file (-l, -c, --files) or per matching line (-n).
        let n_rg = text.lines().count() as u64;
        let ratio = ours / theirs.max(0.001);
        ratios.push(ratio);
        println!(
            "{:<40} {:>10.1} {:>10.1} {:>7.2} {:>9} {:>9} {:>8.0} {:>8.0}",
            q.label, ours, theirs, ratio, n_ours, n_rg, ours_cpu, rg_cpu
        );
    }
    let geo = (ratios.iter().map(|r| r.ln()).sum::<f64>() / ratios.len() as f64).exp();
    println!("geometric mean ratio (ours / rg): {geo:.2}");
}
