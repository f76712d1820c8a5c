#!/usr/bin/env python3
"""What the model is told of CLAUDE.md files, compared between two traces: the reminders
that carry them (texts holding "Contents of", in the last request) are outside the api
profile of compare.py. oxagent words the session-start preface itself; it is mapped to the
reference's before comparing.

    python3 memtext.py GOLDEN_DIR CAND_DIR [PREFIX]   # prints the scenarios that differ"""
import glob
import json
import os
import sys

REFERENCE = ("Codebase and user instructions are shown below. Be sure to adhere to these "
             "instructions. IMPORTANT: These instructions OVERRIDE any default behavior and you "
             "MUST follow them exactly as written.")
OURS = ("The instructions below come from the user's and the project's CLAUDE.md files. Follow "
        "them. IMPORTANT: they OVERRIDE any default behavior, and you MUST follow them exactly as "
        "written.")
# The reminder of a resumed session's first prompt naming the files changed since.
REFERENCE_CHANGED = ("Instruction files were re-read when this session started; these differ from "
                     "their earlier copies \u2014 each replaces its earlier copy, and the "
                     "instructions preamble above still applies:")
REFERENCE_GONE = "\n\nInstructions no longer present: "
OURS_GONE = "\n\nNo longer in effect: "
OURS_CHANGED = ("These instruction files were read again as this session resumed and differ "
                "from the copies shown earlier: each one replaces its earlier copy, and the "
                "instructions above still hold.")


def told(trace):
    requests = trace.get("requests") or []
    if not requests:
        return []
    blocks = []
    for m in requests[-1]["messages"]:
        content = m["content"]
        if isinstance(content, str):
            content = [{"type": "text", "text": content}]
        for b in content:
            if b.get("type") == "text" and "Contents of" in b.get("text", ""):
                blocks.append(b["text"].replace(OURS, REFERENCE)
                              .replace(OURS_CHANGED, REFERENCE_CHANGED)
                              .replace(OURS_GONE, REFERENCE_GONE).rstrip("\n"))
            if b.get("type") == "tool_result" and isinstance(b.get("content"), str) \
                    and "Contents of" in b["content"]:
                blocks.append("TR:" + b["content"])
    return blocks


def difference(golden_path, cand_path):
    """'' when both traces tell the model the same, else a short report."""
    if not os.path.exists(cand_path):
        return "no candidate trace"
    a = told(json.load(open(golden_path)))
    b = told(json.load(open(cand_path)))
    if a == b:
        return ""
    return f" reference: {json.dumps(a)[:1500]}\n here:      {json.dumps(b)[:1500]}"


def main():
    gold, cand = sys.argv[1], sys.argv[2]
    prefix = sys.argv[3] if len(sys.argv) > 3 else ""
    bad = 0
    for g in sorted(glob.glob(os.path.join(gold, prefix + "*.json"))):
        name = os.path.basename(g)
        d = difference(g, os.path.join(cand, name))
        if d:
            bad += 1
            print("=====", name)
            print(d)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
