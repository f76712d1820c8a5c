#!/usr/bin/env bash
# Runs a test command with HOME in a scratch folder, removed afterwards, so the sessions the
# tests run keep their transcripts, settings and memory out of the real ~/.claude of whoever
# runs them:
#
#   scripts/scratch-home.sh cargo test --workspace
#
# The toolchains and caches that live in the real home stay where they are (CARGO_HOME,
# RUSTUP_HOME, npm's cache), and OXAGENT_REAL_HOME names the real home for the tests that look
# for the reference SDKs installed there.
set -euo pipefail

real_home=${HOME:?}
export OXAGENT_REAL_HOME="${OXAGENT_REAL_HOME:-$real_home}"
export CARGO_HOME="${CARGO_HOME:-$real_home/.cargo}"
export RUSTUP_HOME="${RUSTUP_HOME:-$real_home/.rustup}"
export npm_config_cache="${npm_config_cache:-$real_home/.npm}"

scratch=$(mktemp -d "${TMPDIR:-/tmp}/oxagent-test-home.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
export HOME="$scratch"
"$@"
