"""Writes an area's generated scenarios: the area's old files (by their name prefix) go, each
scenario becomes NAME.json (indent 1, UTF-8 as written, a final newline), names must be unique.

    import scenario_files
    scenario_files.write(HERE, "vc_", SCEN)
"""
import json
import os


def write(here, prefix, scenarios):
    for f in os.listdir(here):
        if f.startswith(prefix) and f.endswith(".json"):
            os.remove(os.path.join(here, f))
    names = set()
    for s in scenarios:
        assert s["name"] not in names, s["name"]
        names.add(s["name"])
        with open(os.path.join(here, s["name"] + ".json"), "w") as fh:
            json.dump(s, fh, indent=1, ensure_ascii=False)
            fh.write("\n")
    print(len(scenarios), "scenarios")
