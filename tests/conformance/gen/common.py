"""Building blocks of the generated scenarios: tool calls, scripted responses, and writing
one scenario file in the harness's JSON format (see ../../../../shared/conformance/README.md)."""
import json
import os

CONFORMANCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Calls:
    """Numbers tool_use ids across a scenario: toolu_01, toolu_02, ..."""

    def __init__(self):
        self.n = 0

    def __call__(self, name, inp):
        self.n += 1
        return {"type": "tool_use", "id": f"toolu_{self.n:02d}", "name": name, "input": inp}

    def bash(self, command, description="run"):
        return self("Bash", {"command": command, "description": description})

    def read(self, path):
        return self("Read", {"file_path": path})

    def write(self, path, content="new\n"):
        return self("Write", {"file_path": path, "content": content})

    def edit(self, path, old, new):
        return self("Edit", {"file_path": path, "old_string": old, "new_string": new})


def respond(*blocks, **extra):
    """One scripted model response made of these blocks (a str is a text block)."""
    content = [{"type": "text", "text": b} if isinstance(b, str) else b for b in blocks]
    return dict({"content": content}, **extra)


def scenario(name, description, responses, options=None, prompt="Go", **keys):
    s = {"name": name, "description": description, "prompt": prompt,
         "options": options if options is not None else {"permission_mode": "bypassPermissions"},
         "responses": responses, "default": respond("Done.")}
    s.update({k: v for k, v in keys.items() if v is not None})
    return s


def hook_words(rng, spec):
    """Fills in the words a hook answer of `spec["behavior"]` gives (its context, system
    message or reason), drawn from `rng` in a fixed order so that seeds stay as they were."""
    b = spec["behavior"]
    if b == "add_context":
        spec["text"] = "ctx-%d" % rng.randint(1, 99)
    if b == "system_message":
        spec["text"] = "note-%d" % rng.randint(1, 99)
    if b in ("deny", "block", "stop", "ask", "allow"):
        spec["reason"] = "reason-%d" % rng.randint(1, 99)
    return spec


def write_area(area, scenarios):
    """Writes every scenario of an area into tests/conformance/AREA/ and removes the
    generated files it no longer has (goldens are left alone)."""
    out = os.path.join(CONFORMANCE, area)
    os.makedirs(out, exist_ok=True)
    names = set()
    for s in scenarios:
        if s["name"] in names:
            raise SystemExit(f"duplicate scenario name {s['name']}")
        names.add(s["name"])
        with open(os.path.join(out, s["name"] + ".json"), "w") as f:
            json.dump(s, f, indent=1, ensure_ascii=False)
            f.write("\n")
    for old in os.listdir(out):
        if old.endswith(".json") and old[:-5] not in names:
            os.remove(os.path.join(out, old))
    return sorted(names)
