# oxagent's tasks. Run them through ./dev, which installs what they need first.

set shell := ["bash", "-euo", "pipefail", "-c"]

venv := justfile_directory() / ".venv"
python := venv / "bin/python"
mdbook_version := "0.5.4"

# bypassPermissions is refused to root unless IS_SANDBOX=1 (as the reference); the test
# suites use it and CI runs as root.
export IS_SANDBOX := "1"

default:
    @just --list

# Build the Rust workspace (the CLI included).
build:
    cargo build --workspace --locked

# A real multi-turn agent run on a scratch copy of examples/demo-project.
# Offline it replays the bundled cassette; with ANTHROPIC_API_KEY set it talks to the API.
demo:
    cargo build -p oxagent-cli --locked
    bash examples/demo.sh

# Every test: Rust, Python and Node, with a Redis and a PostgreSQL server of their own for the
# session store tests (installed from Debian's packages if missing, stopped afterwards).
test:
    bash scripts/with-test-services.sh {{just_executable()}} test-rust test-python test-node test-dist

# The test suites run with a scratch HOME (scripts/scratch-home.sh): their sessions' files stay
# out of the real ~/.claude.
test-rust:
    bash scripts/scratch-home.sh cargo test --workspace --locked

# Build the Python package into the project venv.
python-dev:
    cd python && VIRTUAL_ENV={{venv}} {{venv}}/bin/maturin develop --quiet

test-python: build python-dev
    OXAGENT_BIN={{justfile_directory()}}/target/debug/oxagent bash scripts/scratch-home.sh {{python}} -m pytest python/tests -q

test-node: build
    @if [ -f js/package.json ]; then cd js && npm install --no-audit --no-fund --silent && npm run build --silent && bash ../scripts/scratch-home.sh npm test; else echo "no Node package yet"; fi

# mdBook is installed into target/tools on first use; a broken internal link or anchor in the
# guide fails the task, and so does a rustdoc warning.
# The user guide (docs/guide -> docs/guide/book/) and the Rust API docs (cargo doc).
docs:
    if ! target/tools/bin/mdbook --version 2>/dev/null | grep -qx "mdbook v{{mdbook_version}}"; then \
      cargo install mdbook --locked --version {{mdbook_version}} --no-default-features --features search --root target/tools; \
    fi
    target/tools/bin/mdbook build docs/guide
    python3 scripts/check_links.py docs/guide/book
    RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --locked

# What users install, into target/dist/ (scripts/dist.sh): the abi3 manylinux_2_28 wheel, the
# npm tarballs in the napi-rs layout (oxagent and oxagent-linux-x64-gnu) and the CLI, linked
# through zig against glibc 2.28; prints their sizes.
dist profile="release":
    bash scripts/dist.sh {{profile}} target/dist

# Packages as `just dist` does, from CI's quicker dist-ci build, into target/ci-dist/; installs
# that as a user does, on a PATH without cargo, and runs the quickstart examples of both faces
# against the scripted server (scripts/test-dist.sh).
test-dist:
    bash scripts/dist.sh dist-ci target/ci-dist
    bash scripts/test-dist.sh target/ci-dist

# Side-by-side timings with the official SDKs, written to docs/benchmarks.md with its plots
# (see benches/README.md). Our faces are release builds: the Python one installed from its
# wheel into target/bench/venv (with matplotlib for the plots), the Node addon stripped.
bench:
    cargo build --release --locked -p oxagent-cli
    cargo build --release --locked -p oxagent --example face_sessions
    cd python && {{venv}}/bin/maturin build --release --quiet --out ../target/wheels
    [ -x target/bench/venv/bin/python ] || python3 -m venv target/bench/venv
    target/bench/venv/bin/pip install --quiet matplotlib
    target/bench/venv/bin/pip install --quiet --force-reinstall "$(ls -t target/wheels/oxagent-*.whl | head -1)"
    cd js && npm install --no-audit --no-fund --silent && npm run build:release --silent
    mkdir -p target/bench/out
    OXAGENT_PYTHON=target/bench/venv/bin/python python3 benches/suite.py target/bench/results.json
    {{python}} benches/bench.py | tee target/bench/out/cli.txt
    OXAGENT_PYTHON=target/bench/venv/bin/python {{python}} benches/bench_subagents.py | tee target/bench/out/subagents.txt
    bash benches/search_vs_rg.sh | tee target/bench/out/search.txt
    # Deciding and building a compaction of a 500-round conversation (goal: under 5 ms).
    cargo run --release -q -p oxagent-core --example compaction_bench | tee target/bench/out/compaction.txt
    # What the Rust face adds to a 1-turn query, against a bare request to the same server.
    cargo run --release -q -p oxagent --example one_turn_overhead | tee target/bench/out/rust_overhead.txt
    target/bench/venv/bin/python benches/report.py target/bench/results.json target/bench/out
    # 100 concurrent sessions of 10 turns mirroring into each session store (memory, Redis,
    # PostgreSQL): entries per second, append latency, nothing lost.
    cargo build --release -q -p oxagent --example store_bench
    bash scripts/with-test-services.sh target/release/examples/store_bench

# The CI-sized subset of `just bench` (oxagent's faces only, under a minute): fails when a face's
# figures degrade by more than 2x relative to the Rust face in the same run.
# The faces are release builds, as in `just bench` (the development builds are not what users run).
bench-guard:
    cargo build --release --locked -p oxagent-cli
    cargo build --release --locked -p oxagent --example face_sessions
    cd python && {{venv}}/bin/maturin build --release --quiet --out ../target/wheels
    [ -x target/bench/venv/bin/python ] || python3 -m venv target/bench/venv
    target/bench/venv/bin/pip install --quiet --force-reinstall "$(ls -t target/wheels/oxagent-*.whl | head -1)"
    cd js && npm install --no-audit --no-fund --silent && npm run build:release --silent
    OXAGENT_PYTHON=target/bench/venv/bin/python BENCH_QUICK=1 BENCH_RUNS=3 python3 benches/suite.py target/bench/quick.json
    python3 benches/guard.py target/bench/quick.json benches/guard-baseline.json

# Flame graphs of the benchmark's slowest cases (benches/flame.py) into docs/benchmarks/flame/:
# `perf` for the Rust and Node faces, py-spy for the Python face, inferno to draw them; the
# faces are the release builds `just bench` installs (run it, or bench-guard, first).
# The Node face is profiled from a copy of the package whose addon keeps its symbols (the release
# build, not stripped), in target/bench/js-flame.
flame:
    command -v perf >/dev/null || apt-get install -y -q linux-perf
    target/bench/venv/bin/pip install --quiet py-spy
    [ -x target/tools/bin/inferno-flamegraph ] || cargo install inferno --locked --version 0.12.8 --root target/tools
    rm -rf target/bench/js-flame && mkdir -p target/bench/js-flame
    cd js && cp -r package.json index.* stores.* testing.* lib types ../target/bench/js-flame/
    cd js && npx napi build --platform --release --manifest-path ../bindings/node/Cargo.toml --package-json-path package.json --output-dir ../target/bench/js-flame --no-js
    OXAGENT_NODE_PACKAGE=target/bench/js-flame python3 benches/flame.py docs/benchmarks/flame

# The differential conformance harness over the shared scenarios (needs ../shared).
conformance: python-dev
    mkdir -p target/conformance
    python3 ../shared/conformance/run.py --python {{python}} ../shared/conformance/scenarios/*.json --out-dir target/conformance/cand -j 2 > /dev/null || true
    python3 ../shared/conformance/compare.py ../shared/conformance/golden target/conformance/cand --profile api -q
    # The project's own hook scenarios, recorded from the reference (tests/conformance/hooks/).
    python3 ../shared/conformance/run.py --python {{python}} tests/conformance/hooks/hook_*.json --out-dir target/conformance/hooks -j 2 > /dev/null || true
    python3 ../shared/conformance/compare.py tests/conformance/hooks/golden target/conformance/hooks --profile api -q
    # MCP servers: stdio, and in-process SDK servers built through the face by sdk/python
    # (mcp_stdio_calls differs on purpose: a note we word ourselves).
    SDK_PYTHON={{python}} python3 ../shared/conformance/run.py --python {{justfile_directory()}}/tests/conformance/mcp/sdk/python tests/conformance/mcp/mcp_*.json --out-dir target/conformance/mcp -j 2 > /dev/null || true
    python3 ../shared/conformance/compare.py tests/conformance/mcp/golden target/conformance/mcp --profile api -q || true
    # output_format (structured_output_text_first differs on purpose: a reminder we word ourselves).
    python3 ../shared/conformance/run.py --python {{python}} tests/conformance/structured/structured_*.json --out-dir target/conformance/structured -j 2 > /dev/null || true
    python3 ../shared/conformance/compare.py tests/conformance/structured/golden target/conformance/structured --profile api -q || true
    # Session ids that are not UUIDs (session_bad_ids_empty differs on purpose: the reference fails
    # to start its CLI on a NUL byte, oxagent refuses the id as any other that is not a UUID).
    python3 ../shared/conformance/run.py --python {{python}} tests/conformance/sessions/session_*.json --out-dir target/conformance/sessions -j 2 > /dev/null || true
    python3 ../shared/conformance/compare.py tests/conformance/sessions/golden target/conformance/sessions --profile api -q || true
    # Session stores (mirror, resume and fork from a store, a failing store), both faces.
    python3 ../shared/conformance/run.py --python {{python}} tests/conformance/stores/store_*.json --out-dir target/conformance/stores -j 2 > /dev/null || true
    python3 ../shared/conformance/compare.py tests/conformance/stores/golden target/conformance/stores --profile api -q
    python3 ../shared/conformance/run.py --node js tests/conformance/stores/store_*.json --out-dir target/conformance/stores-ts -j 2 > /dev/null || true
    python3 ../shared/conformance/compare.py tests/conformance/stores/golden-ts target/conformance/stores-ts --profile api -q
    # Subagents (tests/conformance/subagents/SPEC.md), recorded from the reference.
    python3 ../shared/conformance/run.py --python {{python}} tests/conformance/subagents/subagent_*.json --out-dir target/conformance/subagents -j 2 > /dev/null || true
    python3 ../shared/conformance/compare.py tests/conformance/subagents/golden target/conformance/subagents --profile api --ignore 'messages[*].tool_use_result.harnessSectionHash' --ignore 'callbacks[*].input.tool_response.harnessSectionHash' -q || true
    # Options of the session itself (tests/conformance/surface/), both faces; the TypeScript-only
    # ones have no Python golden.
    python3 ../shared/conformance/run.py --python {{python}} tests/conformance/surface/opt_*.json --out-dir target/conformance/surface -j 2 > /dev/null || true
    python3 ../shared/conformance/compare.py tests/conformance/surface/golden target/conformance/surface --profile api -q
    python3 ../shared/conformance/run.py --node js tests/conformance/surface/opt_*.json --out-dir target/conformance/surface-ts -j 2 > /dev/null || true
    python3 ../shared/conformance/compare.py tests/conformance/surface/golden-ts target/conformance/surface-ts --profile api -q
    # Interrupt and stop_task while a subagent (or a command) runs, driven by control/run_control.py.
    cd tests/conformance/subagents/control && python3 run_control.py --python {{python}} *.json --out-dir {{justfile_directory()}}/target/conformance/subagents-control -j 2 > /dev/null || true
    python3 ../shared/conformance/compare.py tests/conformance/subagents/golden target/conformance/subagents-control --profile api -q || true

# tests/conformance/{turns,outputs,paths,refusals,thinking,models,compaction,resume,wire} are written by tests/conformance/gen/generate.py
# (see tests/conformance/FINDINGS.md); `cargo test` runs them in Rust too.
# The conformance-in-depth scenarios through the Python and Node faces, against each reference.
conformance-depth: python-dev
    cd js && npm install --no-audit --no-fund --silent && npm run build --silent
    # Every scenario of every area (tests/conformance/ci_subset.py --all), on both faces.
    py=0; python3 tests/conformance/ci_subset.py --all --python {{python}} --out target/conformance-depth/py || py=1; \
    ts=0; python3 tests/conformance/ci_subset.py --all --node {{justfile_directory()}}/js --out target/conformance-depth/ts || ts=1; \
    exit $((py | ts))

# `cargo test -p oxagent --test it conformance_depth::faults` runs the same matrix in Rust.
# The fault matrix (tests/conformance/faults/, docs/reliability.md) on the Python and Node faces.
faults: python-dev
    cd js && npm install --no-audit --no-fund --silent && npm run build --silent
    mkdir -p target/faults
    python3 ../shared/conformance/run.py --python {{python}} tests/conformance/faults/*.json --out-dir target/faults/py -j 2 > /dev/null || true
    python3 ../shared/conformance/run.py --node js tests/conformance/faults/*.json --out-dir target/faults/ts -j 2 > /dev/null || true
    # Failing cases are listed (docs/reliability.md says which differ and why), then the counts.
    echo "== faults, Python:"; python3 ../shared/conformance/compare.py tests/conformance/faults/golden target/faults/py --profile api -q | grep -v '^PASS' || true
    echo "== faults, Node:"; python3 ../shared/conformance/compare.py tests/conformance/faults/golden-ts target/faults/ts --profile api -q | grep -v '^PASS' || true

# Every conformance suite on both faces: the shared scenarios, the project's own, the
# conformance-in-depth areas and the fault matrix.
conformance-full: conformance conformance-depth faults

# REF is the official Python SDK's interpreter, REF_TS the official TypeScript SDK's package.
# Regenerate the conformance-in-depth scenarios and re-record the references' traces.
conformance-depth-record areas="turns outputs paths refusals thinking models faults compaction resume wire commands tools hookgen permgen":
    python3 tests/conformance/gen/generate.py {{areas}}
    for area in {{areas}}; do \
      python3 ../shared/conformance/run.py --python "$REF" tests/conformance/$area/*.json --out-dir tests/conformance/$area/golden -j 2; \
      python3 ../shared/conformance/run.py --node "$REF_TS" tests/conformance/$area/*.json --out-dir tests/conformance/$area/golden-ts -j 2; \
    done

fmt:
    cargo fmt --all

lint:
    cargo fmt --all -- --check
    cargo clippy --workspace --all-targets -- -D warnings
    # The core must stay free of runtimes, HTTP clients and language bindings.
    ! cargo tree -p oxagent-core -e normal --prefix none | grep -E '^(tokio|reqwest|hyper|pyo3|napi)( |$)'
    # The leaf crates depend on core and external crates only, never on each other.
    for c in http tools mcp sessions settings stores options telemetry; do \
        ! cargo tree -p oxagent-$c -e normal --prefix none | awk '{print $1}' | grep -E '^oxagent-' | grep -v -x -E "oxagent-(core|$c)" || exit 1; \
    done

# SIGKILL at 200 moments of a 3-turn run (mid-stream, mid-tool, between turns): every
# transcript line whole, the session listed, shown and resumed into a well-formed conversation.
durability runs="200":
    OXAGENT_KILL9_RUNS={{runs}} cargo test --locked -p oxagent-cli --test kill9 -- --nocapture

# Re-record the demo cassette from the scripted model turns in examples/demo-script.json.
record-demo: build
    bash examples/record-demo.sh

# Fuzz each target for SECONDS (cargo-fuzz; the fuzz crate is its own workspace in fuzz/): the
# rule parser and Bash reader, the SSE stream of an answer, the frames the faces send, tool
# input checks, the transcript loader, the settings loader and the MCP JSON-RPC. TARGETS picks
# some.
fuzz seconds="600" targets="rules sse_stream frames tool_input transcript settings mcp_jsonrpc":
    cargo install cargo-fuzz --locked --quiet 2>/dev/null || true
    # cargo-fuzz passes -Z flags; RUSTC_BOOTSTRAP lets the stable toolchain accept them.
    cd fuzz && for t in {{targets}}; do echo "== $t"; RUSTC_BOOTSTRAP=1 cargo fuzz run "$t" --sanitizer none -- -max_total_time={{seconds}} || exit 1; done
