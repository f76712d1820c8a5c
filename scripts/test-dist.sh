#!/usr/bin/env bash
# The distribution test: installs what scripts/dist.sh left in target/dist/ as a user does (the
# wheel into a fresh venv, the npm tarballs into a fresh app, offline) on a PATH without cargo
# or rustc, then runs each face's quickstart example against the scripted Messages API server
# of the CLI built beside them, and checks the answer it prints.
#
#   scripts/test-dist.sh [DIST]     the folder scripts/dist.sh filled (default: target/dist)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dist=$(realpath "${1:-$root/target/dist}")
work=$root/target/dist-test
rm -rf "$work" && mkdir -p "$work/app" "$work/home" "$work/cwd"
fail() { echo "test-dist: $*" >&2; exit 1; }

# The PATH of a host without a Rust toolchain: every folder holding cargo or rustc left out.
bare=$(tr : '\n' <<<"$PATH" | while read -r d; do
  [ -n "$d" ] && [ ! -x "$d/cargo" ] && [ ! -x "$d/rustc" ] && echo "$d"; done | paste -sd:)
nocargo() { env -u OXAGENT_NATIVE_PATH -u PYTHONPATH -u VIRTUAL_ENV PATH="$bare" "$@"; }
nocargo bash -c '! command -v cargo && ! command -v rustc' >/dev/null || fail "cargo is still on PATH"

# The scripted server: one answer for the Python run, then one for the Node run.
cat >"$work/script.json" <<'EOF'
{"responses": [
  {"content": [{"type": "text", "text": "Hello from the wheel."}]},
  {"content": [{"type": "text", "text": "Hello from the npm package."}]}
]}
EOF
coproc SERVER { exec "$dist/oxagent" mock-server --script "$work/script.json" --port 0; }
trap 'kill "$SERVER_PID" 2>/dev/null || true' EXIT
read -r -t 30 port <&"${SERVER[0]}" || fail "the mock server printed no port"
port=${port##*[: ]}
run_env=(HOME="$work/home" ANTHROPIC_BASE_URL="http://127.0.0.1:$port" ANTHROPIC_API_KEY=sk-test)

# Python: the abi3 wheel in a fresh venv.
wheel=$(ls "$dist"/oxagent-*.whl)
nocargo python3 -m venv "$work/venv"
nocargo "$work/venv/bin/pip" install --quiet --disable-pip-version-check "$wheel"
py=$work/venv/bin/python
(cd "$work/cwd" && nocargo "$py" -c 'import claude_agent_sdk._native as n; print(n.__file__)') |
  grep -q "^$work/venv/" || fail "claude_agent_sdk did not load from the venv"
out=$(cd "$work/cwd" && nocargo env "${run_env[@]}" "$py" "$root/examples/python/quickstart.py" "Say hello")
echo "$out"
grep -qxF "assistant: Hello from the wheel." <<<"$out" || fail "the Python example did not print the answer"

# Node: the main package and its platform package from their tarballs, offline; the install
# must neither build nor print anything about the addon.
echo '{"name": "dist-test-app", "private": true, "type": "module"}' >"$work/app/package.json"
cp "$root/examples/js/quickstart.mjs" "$work/app/"
log=$(cd "$work/app" && nocargo npm install --offline --no-audit --no-fund --foreground-scripts \
  "$dist"/oxagent-[0-9]*.tgz "$dist"/oxagent-linux-x64-gnu-*.tgz 2>&1) || fail "npm install failed: $log"
! grep -q "oxagent:" <<<"$log" || fail "the install script spoke: $log"
[ -z "$(ls "$work/app/node_modules/oxagent/"*.node 2>/dev/null)" ] || fail "the main package holds an addon"
[ -f "$work/app/node_modules/oxagent-linux-x64-gnu/oxagent.linux-x64-gnu.node" ] || fail "no platform package"
out=$(cd "$work/app" && nocargo env "${run_env[@]}" node quickstart.mjs "Say hello")
echo "$out"
grep -qxF "assistant: Hello from the npm package." <<<"$out" || fail "the Node example did not print the answer"

echo "test-dist: 2 passed, 0 failed"
