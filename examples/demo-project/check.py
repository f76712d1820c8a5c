"""Checks calc.py and prints one line per check (no timings, so runs are comparable)."""
import sys

import calc

failures = 0
for name, got, want in [
    ("add", calc.add(2, 3), 5),
    ("mean", calc.mean([2, 4, 6]), 4),
]:
    ok = got == want
    failures += not ok
    print(f"{'PASS' if ok else 'FAIL'} {name}: got {got}, want {want}")
sys.exit(1 if failures else 0)
