#!/usr/bin/env python3
"""Writes the conformance-in-depth scenarios: generate.py [AREA ...] (default: all areas)
writes tests/conformance/AREA/*.json for each of turns, outputs, paths, refusals, thinking, models, faults, compaction, resume, wire, commands, tools, hookgen, permgen, in the
format of the shared harness (../../../../shared/conformance).

Each area module varies the inputs its behaviour depends on (see its docstring). The
references' traces go to AREA/golden (Python) and AREA/golden-ts (TypeScript):
`REF=... REF_TS=... ./dev conformance-depth-record [AREAS]`; `./dev conformance-depth` runs
our two faces on them, `cargo test` the Rust facade. What they showed: ../FINDINGS.md."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import commands  # noqa: E402
import compaction  # noqa: E402
import faults  # noqa: E402
import hooks  # noqa: E402
import models  # noqa: E402
import outputs  # noqa: E402
import paths  # noqa: E402
import permissions  # noqa: E402
import refusals  # noqa: E402
import resume  # noqa: E402
import thinking  # noqa: E402
import tools  # noqa: E402
import turns  # noqa: E402
import wire  # noqa: E402
from common import write_area  # noqa: E402

AREAS = {"turns": turns, "outputs": outputs, "paths": paths, "refusals": refusals,
         "thinking": thinking, "models": models,
         "faults": faults, "compaction": compaction,
         "resume": resume, "wire": wire, "commands": commands, "tools": tools,
         "hookgen": hooks, "permgen": permissions}


def main(argv):
    areas = argv or list(AREAS)
    for area in areas:
        if area not in AREAS:
            raise SystemExit(f"unknown area {area!r}; one of {', '.join(AREAS)}")
        names = write_area(area, AREAS[area].scenarios())
        print(f"{area}: {len(names)} scenarios")


if __name__ == "__main__":
    main(sys.argv[1:])
