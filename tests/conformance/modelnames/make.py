#!/usr/bin/env python3
"""Generates the modelnames scenarios (prefix mn_): how the reference reads the `model`
option: aliases in any case and with spaces, the `[1m]` suffix on aliases and full ids,
`-latest` / dated / dotted / `-fast` spellings of full ids, mixed-case full ids. Each runs
one answer with 1000 tokens of every kind, so the init model, the request model, the
`model_usage` key and every price show.
Run: python3 make.py  (writes mn_*.json next to this file)."""
import os
import sys
import re

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import scenario_files  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
USAGE = {"input_tokens": 1000, "output_tokens": 1000,
         "cache_creation_input_tokens": 1000, "cache_read_input_tokens": 1000}

MODELS = [
    # aliases: case, spaces
    "Haiku", "HAIKU", " haiku", "sonnet ", "Fable", "FABLE", "Best", "BEST", "Default", "DEFAULT",
    "OpusPlan", "OPUSPLAN", "\topus\n",
    # aliases with [1m]
    "sonnet[1m]", "SONNET[1M]", "Opus[1m]", "fable[1m]", "opusplan[1m]", "haiku [1m]", "best[1m]",
    "opus[1m][1m]", "default[1m]",
    # full ids with [1m]
    "claude-sonnet-4-6[1m]", "claude-opus-4-6[1m]", "claude-sonnet-4-0[1m]", "claude-opus-4-5[1m]",
    "claude-haiku-4-5[1m]", "claude-opus-4-7[1m]", "claude-sonnet-5[1m]", "claude-sonnet-5-5[1m]",
    "claude-fable-5-2[1m]", "claude-haiku-5-5[1m]", "claude-sonnet-4-5[1M]",
    "claude-sonnet-4-5-20250929[1m]", "claude-3-5-haiku-latest[1m]", "claude-opus-4-1[1m]",
    "my-model[1m]", "claude-sonnet-4-5 [1m]", "claude-sonnet-4-5[2m]",
    # mixed case / spaces in full ids
    "Claude-Opus-5-5", "CLAUDE-SONNET-4-5", " claude-haiku-4-5 ", "CLAUDE-OPUS-4-1", "Claude-3-5-Haiku-Latest",
    # -latest and other spellings
    "claude-3-5-sonnet-latest", "claude-3-7-sonnet-latest", "claude-sonnet-4-5-latest",
    "claude-haiku-4-5-latest", "claude-opus-5-5-latest", "claude-3-haiku-latest", "claude-3-sonnet-latest",
    "claude-opus-4-latest", "claude-opus-5-5-fast", "claude-opus-4.5", "claude-sonnet-4.5",
    "claude-3-5-haiku@20241022", "claude-sonnet-4-5-v1@20250929", "claude-haiku-4-5-foo",
    "anthropic.claude-sonnet-4-5", "claude-sonnet-4-5-latest-20250929",
    # mixed case: which full ids reach the API lower-cased
    "Claude-Sonnet-5-5", "Claude-Haiku-5-5", "Claude-Opus-4-7", "Claude-Opus-4-6", "Claude-Fable-5-2",
    "Claude-Haiku-4-5", "Claude-Opus-5", "CLAUDE-OPUS-5-5-20260101", "Claude-Opus-5-5[1m]", "Claude-Sonnet-4-5[1m]",
    " default", "default ", "claude-3-sonnet-20240229", "claude-3-opus-latest[1m]",
    "Claude-Sonnet-4-6", "Claude-Opus-4-5", "Claude-Sonnet-4-6[1m]", "Claude-Opus-4-1-20250805",
    "CLAUDE-SONNET-4-5-20250929", "Claude-Haiku-4-5-20251001[1m]",
]


def slug(m):
    s = m.strip().lower()
    s = s.replace("[1m]", "_1m").replace("[2m]", "_2m").replace(".", "_dot_").replace("@", "_at_")
    s = re.sub(r"[^a-z0-9_]+", "_", s).strip("_")
    s = s.replace("claude_", "c_")
    pre = ""
    if m != m.strip():
        pre += "sp_" if m == m.rstrip() else "spr_"
    if m.strip() != m.strip().lower():
        pre += "up_" if m.strip() == m.strip().upper() else "mc_"
    if "[1M]" in m:
        pre += "big1m_"
    return "mn_" + pre + s


SCEN = []
for m in MODELS:
    SCEN.append({"name": slug(m), "description": f"model={m!r}: init model, request model, model_usage key, cost.",
                 "prompt": "Go", "options": {"permission_mode": "bypassPermissions", "model": m},
                 "responses": [{"content": [{"type": "text", "text": "hi"}], "usage": USAGE}],
                 "default": {"content": [{"type": "text", "text": "Done."}]}})

if __name__ == "__main__":
    scenario_files.write(HERE, "mn_", SCEN)
