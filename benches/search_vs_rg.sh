#!/usr/bin/env bash
# Grep and Glob against ripgrep on a large tree: same queries, one run each (see
# benches/search_vs_rg.rs). Usage: [SEARCH_ONLY=glob] benches/search_vs_rg.sh [TREE]
#
# The default tree is the first of these with more than 50000 files: the cargo registry
# sources, the active Rust toolchain's documentation; else the larger of the two.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v rg >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get install -y -qq ripgrep >/dev/null || { apt-get update -qq && apt-get install -y -qq ripgrep >/dev/null; }
  else
    echo "search_vs_rg: rg not found; install ripgrep (apt-get install ripgrep)" >&2
    exit 1
  fi
fi
tree="${1:-}"
if [ -z "$tree" ]; then
  best=""; best_n=0
  for d in "$HOME/.cargo/registry/src" "$(rustc --print sysroot)/share/doc"; do
    [ -d "$d" ] || continue
    n=$(find "$d" -type f | wc -l)
    if [ "$n" -gt 50000 ]; then best="$d"; break; fi
    if [ "$n" -gt "$best_n" ]; then best="$d"; best_n=$n; fi
  done
  tree="$best"
fi
cargo build --release --quiet -p oxagent-tools --example search_vs_rg
echo "rg: $(rg --version | sed -n 1p)"
"${CARGO_TARGET_DIR:-target}/release/examples/search_vs_rg" "$tree"
