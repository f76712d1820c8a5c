"""Hand-written scenarios around the order of dontAsk's refusals behind a writing call that
runs (fa_250 and its pins): an Edit refused after the response has streamed, unknown tools
done behind it, then a refused command or write, then one more. Each varies the refused call.
`make.py` adds them (names `fa_pin_*`)."""
import scenario_files
from scenario_files import tu, txt


def pins(fa):
    """The scenarios; `fa` is make.py's module (its workspace files)."""
    out = []
    def S(name, desc, responses, mode):
        s = scenario_files.scenario("fa_pin_", name, desc, responses, {}, prompt="Work on it", mode=mode)
        s["files"] = dict(fa.FILES)
        s["outside_files"] = dict(fa.OUTSIDE)
        s["env"] = {"PATH": "<WS>/bin:/usr/local/bin:/usr/bin:/bin"}
        s["record"] = {"outside_files": True, "decisions": True}
        s["timeout_s"] = 300
        out.append(s)

    B = lambda c: ("Bash", {"command": c})
    GLOB = ("Glob", {"pattern": "*"})
    GREP = ("Grep", {"pattern": "app"})
    GREP2 = ("Grep", {"pattern": "x"})
    EDIT = ("Edit", {"file_path": "<WS>/locked/config.txt", "old_string": "locked=1", "new_string": "locked=0"})
    def batch(*calls):
        return [{"content": [tu(i, n, inp) for i, (n, inp) in enumerate(calls, 1)]}, {"content": [txt("Done.")]}]

    # E. Edit (refused once it runs), three unknown tools, X (refused at once), `node -e 1`.
    xs = {
        "pipe_sh": B("npm test | sh"), "and_commit": B("git add . && git commit -m x"),
        "node_e": B("node -e 1"), "npm_test": B("npm test"), "touch": B("touch a.txt"),
        "redirect": B("echo hi > o.txt"), "pipe_cat": B("npm test | cat"), "rm": B("rm notes.txt"),
        "ls_and_npm": B("ls && npm test"), "pipe3": B("npm test | sh | cat"),
        "write": ("Write", {"file_path": "<WS>/locked/new.txt", "content": "w\n"}),
        "edit_notes": ("Edit", {"file_path": "notes.txt", "old_string": "notes", "new_string": "NOTES"}),
    }
    for k, x in xs.items():
        S("dontask_behind_" + k, "dontAsk: Edit (refused when it runs), Grep, Glob, Grep (unknown), %s, `node -e 1`." % k,
          batch(EDIT, GREP, GLOB, GREP2, x, B("node -e 1")), "dontAsk")
    return out


def pins_default(fa):
    """The same in default mode without a callback (fa_111): the refusals of questions nobody
    answers, behind an Edit that asks when it runs."""
    out = []
    def S(name, desc, responses):
        s = scenario_files.scenario("fa_pin_", name, desc, responses, {}, prompt="Work on it", mode="default")
        s["files"] = dict(fa.FILES)
        s["outside_files"] = dict(fa.OUTSIDE)
        s["env"] = {"PATH": "<WS>/bin:/usr/local/bin:/usr/bin:/bin"}
        s["record"] = {"outside_files": True, "decisions": True}
        s["timeout_s"] = 300
        out.append(s)

    B = lambda c: ("Bash", {"command": c})
    GLOB = ("Glob", {"pattern": "*"})
    GREP = ("Grep", {"pattern": "app"})
    GREP2 = ("Grep", {"pattern": "x"})
    EDIT = ("Edit", {"file_path": "data.csv", "old_string": "1,2", "new_string": "3,4"})
    def batch(*calls):
        return [{"content": [tu(i, n, inp) for i, (n, inp) in enumerate(calls, 1)]}, {"content": [txt("Done.")]}]

    xs = {
        "ln": B("ln -s notes.txt ln.txt"), "cat_link_out": B("cat src/link_out"),
        "cat_outside": B("cat ../outside/other.txt"), "npm_test": B("npm test"),
        "touch": B("touch a.txt"), "python_c": B("python3 -c 'print(1)'"), "pipe_sh": B("npm test | sh"),
    }
    for k, x in xs.items():
        S("default_behind_" + k, "default, no callback: Edit (asks when it runs), Grep, Glob, Grep (unknown), %s, `ln -s`." % k,
          batch(EDIT, GREP, GLOB, GREP2, x, B("ln -s notes.txt ln2.txt")))
    # fa_111's third response, with the unknown tools after the commands.
    S("default_fa111", "default, no callback: Edit, cat src/link_out, ln -s, head, Glob, Grep (fa_111).",
      batch(EDIT, B("cat src/link_out"), B("ln -s notes.txt ln.txt"), B("head -1 data.csv"), ("Glob", {"pattern": "**/*.js"}),
            ("Grep", {"pattern": "x", "path": "src", "output_mode": "count"})))
    return out
