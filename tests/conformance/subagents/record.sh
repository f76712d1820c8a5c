#!/bin/sh
# Records every scenario of this folder against both references, twice, and compares the runs.
#   ./record.sh [NAME_SUBSTRING]      (default: all scenarios, control/ ones included)
# Goldens: golden/ (Python SDK), golden-ts/ (TS SDK). Second runs go to $RUN2 (a temp dir).
# control/*.json (interrupt / stop_task) run through control/run_control.py.
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
CONF=${CONF:-/work/shared/conformance}
PY=${PY:-$HOME/venvs/claude-ref/bin/python}
TS=${TS:-$HOME/ref-ts/node_modules/@anthropic-ai/claude-agent-sdk}
RUN2=${RUN2:-$(mktemp -d)}
J=${J:-2}
cd "$HERE"
SCEN=$(ls *.json | grep -- "${1:-}" || true)
CTRL=$(ls control/*.json | grep -- "${1:-}" || true)
for OUT in golden "$RUN2/py"; do
  [ -n "$SCEN" ] && python3 "$CONF/run.py" --python "$PY" $SCEN --out-dir "$OUT" -j "$J"
  [ -n "$CTRL" ] && python3 control/run_control.py --python "$PY" $CTRL --out-dir "$OUT" -j "$J"
done
for OUT in golden-ts "$RUN2/ts"; do
  [ -n "$SCEN" ] && python3 "$CONF/run.py" --node "$TS" $SCEN --out-dir "$OUT" -j "$J"
  [ -n "$CTRL" ] && python3 control/run_control.py --node "$TS" $CTRL --out-dir "$OUT" -j "$J"
done
# transcripts on disk + the session functions (list_subagents, get_subagent_messages...)
PROBE=$(ls subagent_transcripts.json subagent_nested.json subagent_bg_input.json | grep -- "${1:-}" || true)
if [ -n "$PROBE" ]; then
  for F in $PROBE; do P="$P ../$F"; done
  (cd transcripts && python3 probe.py --python "$PY" $P --out-dir golden >/dev/null &&
   python3 probe.py --python "$PY" $P --out-dir "$RUN2/probe-py" >/dev/null &&
   python3 probe.py --node "$TS" $P --out-dir golden-ts >/dev/null &&
   python3 probe.py --node "$TS" $P --out-dir "$RUN2/probe-ts" >/dev/null)
fi
echo "== python: run 1 vs run 2"; python3 "$CONF/compare.py" golden "$RUN2/py" -k "${1:-}" -q || true
echo "== node: run 1 vs run 2"; python3 "$CONF/compare.py" golden-ts "$RUN2/ts" -k "${1:-}" -q || true
if [ -n "$PROBE" ]; then
  echo "== transcripts probe: run 1 vs run 2"
  for F in $PROBE; do
    cmp -s "transcripts/golden/$F" "$RUN2/probe-py/$F" && echo "PASS python $F" || echo "FAIL python $F"
    cmp -s "transcripts/golden-ts/$F" "$RUN2/probe-ts/$F" && echo "PASS node $F" || echo "FAIL node $F"
  done
fi
echo "second runs in $RUN2"
