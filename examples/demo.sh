#!/usr/bin/env bash
# The main job: an agent fixes a bug in a scratch copy of examples/demo-project.
# Without ANTHROPIC_API_KEY the model's turns are replayed from the bundled cassette (the loop,
# the permission checks and the tools run for real); with a key, the real API answers.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="$root/target/debug/oxagent"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$root/examples/demo-project/." "$work/"
prompt="The checks in check.py fail. Run them with 'python3 check.py', find the bug in calc.py, fix it, and run the checks again."
args=(-p "$prompt" --cwd "$work" --permission-mode acceptEdits --allowed-tools "Bash(python3 check.py)" --tools Read,Edit,Bash,Grep,Glob --max-turns 12 --verbose)
echo "== working on a scratch copy: $work"
if [ -n "${ANTHROPIC_API_KEY:-}" ]; then
  echo "== model: the Anthropic API"
  "$bin" "${args[@]}"
else
  echo "== model: replayed from examples/demo.cassette.jsonl (set ANTHROPIC_API_KEY to use the API)"
  "$bin" "${args[@]}" --replay "$root/examples/demo.cassette.jsonl"
fi
echo "== the checks afterwards:"
(cd "$work" && python3 check.py)
