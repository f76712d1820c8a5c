"""Writes an area's generated scenarios: the area's old files (by their name prefix) go, each
scenario becomes NAME.json (indent 1, UTF-8 as written, a final newline), names must be unique.

    import scenario_files
    scenario_files.write(HERE, "vc_", SCEN)

It also holds the few builders the generators share: scripted responses (`tu`, `txt`, `seq`)
and a scenario with a prefixed name in a permission mode (`scenario`).
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


def tu(i, name, inp):
    """The `i`-th tool_use block (id `toolu_0i`)."""
    return {"type": "tool_use", "id": f"toolu_{i:02d}", "name": name, "input": inp}


def txt(t):
    return {"type": "text", "text": t}


def seq(*calls, final="Done."):
    """One tool call per turn, then a final text (none when `final` is None)."""
    out = [{"content": [tu(i, name, inp)]} for i, (name, inp) in enumerate(calls, 1)]
    if final is not None:
        out.append({"content": [txt(final)]})
    return out


DONE = {"content": [txt("Done.")]}


def scenario(prefix, name, desc, responses, options=None, prompt="Go", mode="bypassPermissions",
             **extra):
    """A scenario named `prefix + name`, in permission mode `mode` (none when falsy) with
    `options` on top, its later calls answered "Done."; `extra` keys are added as given."""
    opts = {"permission_mode": mode} if mode else {}
    opts.update(options or {})
    s = {"name": prefix + name, "description": desc, "prompt": prompt, "options": opts,
         "responses": responses, "default": DONE}
    s.update(extra)
    return s
