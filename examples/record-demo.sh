#!/usr/bin/env bash
# Records examples/demo.cassette.jsonl: the demo task run against the scripted model turns of
# examples/demo-script.json (served by `oxagent mock-server`), every exchange kept.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="$root/target/debug/oxagent"
work="$(mktemp -d)"
portfile="$(mktemp)"
cp -r "$root/examples/demo-project/." "$work/"
"$bin" mock-server --script "$root/examples/demo-script.json" > "$portfile" &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$work" "$portfile"' EXIT
for _ in $(seq 50); do [ -s "$portfile" ] && break; sleep 0.1; done
rm -f "$root/examples/demo.cassette.jsonl"
prompt="The checks in check.py fail. Run them with 'python3 check.py', find the bug in calc.py, fix it, and run the checks again."
ANTHROPIC_BASE_URL="http://127.0.0.1:$(head -1 "$portfile")" ANTHROPIC_API_KEY=sk-scripted \
  "$bin" -p "$prompt" --cwd "$work" --permission-mode acceptEdits --allowed-tools "Bash(python3 check.py)" \
  --tools Read,Edit,Bash,Grep,Glob --max-turns 12 --record "$root/examples/demo.cassette.jsonl"
echo "recorded $(wc -l < "$root/examples/demo.cassette.jsonl") exchanges"
