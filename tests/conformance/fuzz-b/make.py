#!/usr/bin/env python3
"""Generates the fuzz-b scenarios (prefix fb_): random mixes of built-in tool calls in
bypassPermissions mode, so that only the tools' own behaviour is looked at (result texts,
tool_use_result fields, errors, the files left on disk). Each scenario draws, from a fixed
seed, two to four responses of one to five calls from a pool of Read/Write/Edit/Glob/Grep/
Bash/NotebookEdit calls with varied inputs (offsets and limits of every kind, odd files:
long lines, tabs, CRLF, no final newline, empty, binary, multi-byte text, a directory, a
missing path; edits that match once, many times or never; search patterns, modes and
filters; commands with exit codes, stderr, no output, long lines; inputs with missing, extra
or wrong-typed fields). Every laid file has its own modification time, so Glob and Grep,
which sort by it, list them in one order.
Run: python3 make.py [COUNT]  (writes fb_*.json next to this file; the seed is the number)."""
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import scenario_files  # noqa: E402
from scenario_files import tu, txt  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
# Listed, since Glob and Grep are not offered otherwise.
TOOLS = ["Bash", "Read", "Write", "Edit", "Glob", "Grep", "NotebookEdit"]

NOTEBOOK = json.dumps({
    "cells": [
        {"cell_type": "code", "execution_count": None, "id": "c1", "metadata": {}, "outputs": [],
         "source": ["x = 1\n", "print(x)"]},
        {"cell_type": "markdown", "id": "m1", "metadata": {}, "source": ["# Title"]},
    ],
    "metadata": {"language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5,
}, indent=1) + "\n"

FILES = {
    "lines.txt": "".join("line %d\n" % i for i in range(1, 31)),
    "long.txt": "short\n" + "x" * 2600 + "\n" + "y" * 50 + "\n",
    "tabs.txt": "a\tb\n\tindented\n\t\tdouble\n",
    "crlf.txt": "one\r\ntwo\r\nthree foo\r\n",
    "nonl.txt": "first\nno final newline",
    "empty.txt": "",
    "blob.bin": {"base64": "AAECAwQFBgcICQoLDA0ODxAREhP/"},
    "nul.txt": {"base64": "aGVsbG8AAAB3b3JsZAo="},
    "utf8.txt": "héllo wörld\n日本語のテキスト\nemoji 😀 here\nfoo café\n",
    "dup.txt": "foo\nbar\nfoo\nbaz foo\n",
    "trail.txt": "value = 1   \nother\t\nend\n",
    "src/a.py": "def alpha():\n    return 'foo'\n\n\nclass Beta:\n    pass\n",
    "src/b.py": "import os\n\ndef beta():\n    return os.sep\n",
    "src/sub/c.py": "# FOO in caps\ndef gamma(x):\n    return x * 2\n",
    "src/util.js": "function foo() {\n  return 1;\n}\nmodule.exports = { foo };\n",
    "src/app.ts": "const foo: number = 3;\nexport default foo;\n",
    "docs/guide.md": "# Guide\n\nSome foo text.  \nMore text.\n",
    "docs/notes.MD": "upper case extension\n",
    "data.json": "{\"a\": 1, \"b\": [1, 2, 3]}\n",
    "nb.ipynb": NOTEBOOK,
    "emptydir/": "",
}
MTIMES = {p: 1700000000 + 100 * i for i, p in enumerate(sorted(f for f in FILES if not f.endswith("/")))}

EXISTING = ["lines.txt", "long.txt", "tabs.txt", "crlf.txt", "nonl.txt", "empty.txt", "utf8.txt",
            "dup.txt", "trail.txt", "src/a.py", "src/util.js", "docs/guide.md", "data.json"]
ODD = ["blob.bin", "nul.txt", "src", "emptydir", "missing.txt", "src/missing/deep.txt", "nb.ipynb",
       "lines.txt/inner"]
NUMS = [0, 1, 2, 5, 29, 30, 31, 100, -1, -5, "3", "abc", 1.5, None, True, "", 2000]


def path(rng, p):
    """`p` written relative or absolute."""
    return p if rng.random() < 0.4 else "<WS>/" + p


def read_call(rng):
    p = rng.choice(EXISTING * 2 + ODD)
    inp = {"file_path": path(rng, p)}
    for key in ("offset", "limit"):
        if rng.random() < 0.45:
            inp[key] = rng.choice(NUMS)
    if rng.random() < 0.05:
        inp["pages"] = "1-2"
    return "Read", inp


WRITE_TARGETS = ["out/new.txt", "deep/a/b/c.txt", "lines.txt", "dup.txt", "empty.txt", "fresh.md",
                 "crlf.txt", "emptydir/in.txt", "src", "new.txt", "lines.txt/inner"]
CONTENTS = ["w1\n", "", "w2 no newline", "w3 trailing   \nnext\t\n", "w4\r\nwin\r\n", "ünï w5\n",
            "\n\n\n", "w6\n" * 40]


def write_call(rng):
    return "Write", {"file_path": path(rng, rng.choice(WRITE_TARGETS)), "content": rng.choice(CONTENTS)}


EDITS = [
    ("lines.txt", "line 7\n", "line seven\n", False), ("lines.txt", "line", "LINE", False),
    ("lines.txt", "line", "row", True), ("dup.txt", "foo", "qux", False), ("dup.txt", "foo", "qux", True),
    ("dup.txt", "bar", "bar", False), ("dup.txt", "nothere", "x", False), ("dup.txt", "", "x", False),
    ("empty.txt", "", "now filled\n", False), ("new_by_edit.txt", "", "created\n", False),
    ("missing_edit.txt", "a", "b", False), ("crlf.txt", "two", "TWO", False),
    ("crlf.txt", "one\ntwo", "1\n2", False), ("crlf.txt", "one\r\ntwo", "x", False),
    ("trail.txt", "value = 1", "value = 2   ", False), ("trail.txt", "value = 1   ", "v", False),
    ("trail.txt", "other", "OTHER\t", False), ("tabs.txt", "\tindented", "    indented", False),
    ("tabs.txt", "    indented", "x", False), ("utf8.txt", "wörld", "world", False),
    ("utf8.txt", "😀", "🙂", False), ("src/a.py", "return 'foo'", "return 'bar'", False),
    ("src/a.py", "def alpha():\n    return 'foo'", "", False), ("docs/guide.md", "text.", "words.  ", True),
    ("nonl.txt", "no final newline", "now with one\n", False), ("nonl.txt", "first\n", "", False),
    ("blob.bin", "a", "b", False), ("src", "a", "b", False), ("lines.txt", "line 1\n", "line 1\n", True),
    ("nb.ipynb", "x = 1", "x = 2", False),
]


def edit_call(rng):
    p, a, b, all_ = rng.choice(EDITS)
    inp = {"file_path": path(rng, p), "old_string": a, "new_string": b}
    if all_ or rng.random() < 0.1:
        inp["replace_all"] = all_ if all_ else rng.choice([False, "true", 1])
    return "Edit", inp


GLOBS = [("**/*.py", None), ("*.txt", None), ("src/**/*.{py,js}", None), ("**/*.{md,MD}", None),
         ("*.nomatch", None), ("**/c.py", None), ("*", "src"), ("**/*", "<WS>/src"), ("*.py", "src/sub"),
         ("*.txt", "nope"), ("**/*.ts", "<WS>"), ("src/*", None), ("**/", None), ("[a-d]*.txt", None),
         ("?.py", "src"), ("**/*.txt", "<WS>/emptydir"), ("docs", None),
         ("*.txt", "lines.txt"), ("**/*.{json,ipynb}", None)]


def glob_call(rng):
    pat, p = rng.choice(GLOBS)
    return "Glob", {"pattern": pat, **({"path": p} if p else {})}


GREP_PATS = ["foo", "FOO", "def \\w+", "line 1", "^line [0-9]$", "return", "nothing_here", "(unclosed",
             "foo|bar", "x\\s*=", "café", "def alpha\\(\\):\\n\\s+return", "[", "\\d+", "class"]
MODES = [None, "content", "files_with_matches", "count", "bogus"]


def grep_call(rng):
    inp = {"pattern": rng.choice(GREP_PATS)}
    r = rng.random()
    if r < 0.25:
        inp["path"] = rng.choice(["src", "<WS>/src", "lines.txt", "nope", "docs", "<WS>/dup.txt", "emptydir",
                                  "blob.bin", "nul.txt"])
    mode = rng.choice(MODES)
    if mode:
        inp["output_mode"] = mode
    for key, vals in (("-i", [True, False, "yes"]), ("-n", [True, False]), ("-A", [0, 1, 2, "1"]),
                      ("-B", [1, 3]), ("-C", [1, -1]), ("context", [2]), ("glob", ["*.py", "*.{js,ts}", "**/*.md", "!*.txt"]),
                      ("type", ["py", "js", "rust", "nonsense"]), ("head_limit", [0, 1, 2, 3, -1, "2"]),
                      ("offset", [0, 1, 3, 50]), ("multiline", [True])):
        if rng.random() < 0.14:
            inp[key] = rng.choice(vals)
    return "Grep", inp


CMDS = ["echo hello", "exit 3", "echo out; echo err >&2; exit 2", "echo only err >&2", "true", "false",
        "printf 'no newline'", "printf 'a%.0s' $(seq 1 2500)", "seq 1 5", "ls src", "cat nonl.txt",
        "printf 'x\\n\\n\\n'", "printf '\\n\\nlead'", "cat crlf.txt", "cat tabs.txt", "wc -l lines.txt",
        "seq 1 3000", "printf 'a\\tb\\n'", "cat missing.txt", "echo $((6*7))", "printf '%s\\n' ü é",
        "head -c 3 blob.bin | od -An -tx1", "mkdir -p made/x && echo ok", "echo   spaced   ", "exit 0",
        "echo x > out.txt; cat out.txt", "printf 'r\\rcarriage\\n'", "sh -c 'exit 127'", "nosuchcommand_zz"]


def bash_call(rng):
    inp = {"command": rng.choice(CMDS)}
    if rng.random() < 0.2:
        inp["description"] = "Run it"
    if rng.random() < 0.08:
        inp["timeout"] = rng.choice([60000, "5000", 700000])
    return "Bash", inp


def nb_call(rng):
    c = rng.choice([
        {"cell_id": "c1", "new_source": "y = 2"},
        {"cell_id": "m1", "new_source": "# New", "cell_type": "markdown"},
        {"cell_id": "c1", "new_source": "z", "edit_mode": "insert", "cell_type": "code"},
        {"cell_id": "nope", "new_source": "q"},
        {"cell_id": "m1", "new_source": "", "edit_mode": "delete"},
        {"new_source": "top", "edit_mode": "insert", "cell_type": "code"},
        {"cell_id": "c1", "new_source": "w", "edit_mode": "insert"},
    ])
    return "NotebookEdit", {"notebook_path": path(rng, rng.choice(["nb.ipynb", "nb.ipynb", "lines.txt"])), **c}


BAD = [("Read", {}), ("Read", {"file_path": 5}), ("Read", {"path": "lines.txt"}),
       ("Read", {"file_path": "<WS>/lines.txt", "extra": 1}), ("Write", {"file_path": "<WS>/x.txt"}),
       ("Write", {"file_path": "<WS>/x.txt", "content": 12}), ("Edit", {"file_path": "<WS>/dup.txt", "old_string": "bar"}),
       ("Edit", {"file_path": "<WS>/dup.txt", "old_string": "bar", "new_string": None}),
       ("Glob", {}), ("Glob", {"pattern": ["*.txt"]}), ("Grep", {"pattern": "foo", "-n": "yes"}),
       ("Grep", {"pattern": "foo", "head_limit": "x"}), ("Grep", {}), ("Bash", {}), ("Bash", {"command": ["ls"]}),
       ("Bash", {"command": "echo hi", "run_in_background": "no"}), ("Read", {"file_path": ""}),
       ("Glob", {"pattern": ""}), ("Grep", {"pattern": ""}), ("Bash", {"command": ""}),
       ("Edit", {"file_path": "<WS>/dup.txt", "old_string": "bar", "new_string": "b", "replace_all": "yes"}),
       ("Read", {"file_path": "lines.txt", "offset": [1]})]

# The second pool (seeds past 60): more odd files and inputs on top of the first.
FILES2 = {
    "many.txt": {"repeat": "row of text\n", "times": 2600},
    "big.txt": {"repeat": "0123456789abcdef" * 4 + "\n", "times": 5000},
    "bom.txt": "\ufeffwith a mark\nsecond foo\n",
    "utf16.txt": {"base64": "//5oAGkAIABmAG8AbwAKAA=="},
    "cr_only.txt": "mac\rline\rfoo\r",
    ".hidden.txt": "hidden foo\n",
    "node_modules/pkg/index.js": "module.exports = 'foo';\n",
    "with space/name with space.txt": "spaced foo\n",
    "src/link_a.py": {"symlink": "a.py"},
    "src/deep/er/est/d.py": "def delta():\n    return 'foo'\n",
    "wide.txt": ("\u4e2d" * 1500) + "\nshort\n",
    "only_newlines.txt": "\n\n\n",
    "spaces_only.txt": "   \n",
    "README": "no extension foo\n",
    "image.png": {"base64": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="},
    "doc.pdf": "%PDF-1.4 not really\n",
    "arch.zip": {"base64": "UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA=="},
}
EXISTING2 = ["many.txt", "big.txt", "bom.txt", "utf16.txt", "cr_only.txt", ".hidden.txt", "wide.txt",
             "with space/name with space.txt", "src/link_a.py", "only_newlines.txt", "spaces_only.txt", "README",
             "image.png", "doc.pdf", "arch.zip", "node_modules/pkg/index.js", "src/deep/er/est/d.py",
             "./lines.txt", "src/../dup.txt", "src/", "missing.bin", "LINES.TXT", "lines"]
NUMS2 = [2001, 2599, 2600, 2601, 1999, 10 ** 12, -(10 ** 12), "0", " 2", "1e1", 0.5, [], {}]
EDITS2 = [
    ("bom.txt", "second", "SECOND", False), ("utf16.txt", "foo", "bar", False), ("cr_only.txt", "line", "LINE", False),
    ("many.txt", "row of text\n", "x\n", False), ("many.txt", "row", "r", True), ("wide.txt", "short", "long", False),
    ("only_newlines.txt", "\n", "x", False), ("only_newlines.txt", "\n\n", "", True), ("spaces_only.txt", "", "now\n", False),
    ("src/link_a.py", "alpha", "ALPHA", False), ("with space/name with space.txt", "foo", "bar", False),
    ("README", "foo", "\u2019foo\u2019", False), ("dup.txt", "\u201cfoo\u201d", "x", False),
    ("lines.txt", "line 3\nline 4", "l3\r\nl4", False), ("lines.txt", "line 30\n", "", False),
    ("lines.txt", "line 1", "line 1 \t ", False), ("docs/guide.md", "foo text.  ", "bar text.\t", False),
    ("big.txt", "0123", "3210", False), ("dup.txt", "foo\n", "", True), ("dup.txt", "baz foo", "baz foo\n\n\n", False),
]
WRITE2 = ["bom.txt", "utf16.txt", "cr_only.txt", "src/link_a.py", "with space/new file.txt", "tabs.txt",
          "only_newlines.txt", "spaces_only.txt", "deep2/x.md", "emptydir", "src/"]
CONTENTS2 = ["\ttab led\n\t\tdeeper\n", "\ufeffmarked\n", "end spaces  \n  \n", "a\rb\r", "x" * 3000,
             "line\n" * 2500, "no newline at all"]
GLOBS2 = [("**/*", None), ("**/*.txt", "with space"), ("*", None), (".*", None), ("**/.hidden*", None),
          ("**/node_modules/**", None), ("**/*.py", "src/deep"), ("src/**", None), ("{README,*.md}", None),
          ("**/*.PY", None), ("src/link_*", None), ("../*", "src"), ("**/*.txt", "/nonexistent/dir"),
          ("*.{txt", None), ("**/[!a-m]*.txt", None)]
GREP2 = ["foo", "^", "$", "\\", "foo$", "(?i)FOO", "(?<=def )\\w+", "\\bfoo\\b", "row of text", "\\t",
         "\\r", "\ufeff", "中", "[[:digit:]]+", ".*", "a{2,}", "foo\\nbar", "(a|b", "x{1000}"]


def read_call2(rng):
    name, inp = read_call(rng)
    if rng.random() < 0.5:
        inp["file_path"] = path(rng, rng.choice(EXISTING2))
    for key in ("offset", "limit"):
        if rng.random() < 0.25:
            inp[key] = rng.choice(NUMS2)
    return name, inp


def write_call2(rng):
    name, inp = write_call(rng)
    if rng.random() < 0.5:
        inp["file_path"] = path(rng, rng.choice(WRITE2))
    if rng.random() < 0.4:
        inp["content"] = rng.choice(CONTENTS2)
    return name, inp


def edit_call2(rng):
    if rng.random() < 0.5:
        return edit_call(rng)
    p, a, b, all_ = rng.choice(EDITS2)
    inp = {"file_path": path(rng, p), "old_string": a, "new_string": b}
    if all_:
        inp["replace_all"] = True
    return "Edit", inp


def glob_call2(rng):
    if rng.random() < 0.4:
        return glob_call(rng)
    pat, p = rng.choice(GLOBS2)
    return "Glob", {"pattern": pat, **({"path": p} if p else {})}


def grep_call2(rng):
    name, inp = grep_call(rng)
    if rng.random() < 0.5:
        inp["pattern"] = rng.choice(GREP2)
    if rng.random() < 0.2:
        inp["path"] = rng.choice(["many.txt", "node_modules", ".hidden.txt", "with space", "src/link_a.py",
                                  "utf16.txt", "bom.txt", "image.png", "/nonexistent"])
    return name, inp


CMDS2 = ["seq 1 40000", "printf '%s' \"$(seq 1 9000 | tr -d '\\n')\"", "cat big.txt | head -c 100",
         "echo a; exit 1", "echo 'line1\nline2' >&2; echo out", "cat utf16.txt | od -c | head -2",
         "printf '\\033[31mred\\033[0m\\n'", "yes foo | head -3", "cd src && pwd | sed 's|.*/||'",
         "exit 255", "exit 1; echo never", "printf ''", "echo '   '", "test -d emptydir && echo dir",
         "rm -f dup.txt && echo removed", "echo changed > lines.txt"]


def bash_call2(rng):
    name, inp = bash_call(rng)
    if rng.random() < 0.5:
        inp["command"] = rng.choice(CMDS2)
    return name, inp


KINDS2 = [read_call2] * 5 + [write_call2] * 2 + [edit_call2] * 4 + [glob_call2] * 2 + [grep_call2] * 3 + \
    [bash_call2] * 2 + [nb_call]

# The third pool (seeds past 120): the second one, plus commands that change files behind the
# tools' back (stale reads, touched files, removed files), more paths and filters.
CMDS3 = ["echo more >> dup.txt", "sed -i s/foo/FOO/ dup.txt", "rm -f lines.txt", "touch tabs.txt",
         "cp dup.txt dup2.txt && cat dup2.txt", "mkdir -p newdir/sub", "printf 'a\\r\\nb\\r\\n' > crlf.txt",
         "truncate -s 0 trail.txt", "mv nonl.txt moved.txt", "chmod 000 utf8.txt", "ln -sf tabs.txt tl.txt",
         "printf '\\x00\\x01' >> dup.txt", "echo '{}' > nb.ipynb"]
GLOBS3 = [("./src/*.py", None), ("<WS>/src/*.py", None), ("**/*.txt", ".."), ("*", "emptydir"),
          ("**/*.{py,js,ts,md}", "src"), ("**/d*", None), ("**/*", "docs/guide.md")]
PATHS3 = ["../outside.txt", "<ROOT>/out2.txt", "src/../src/a.py", "./src//b.py", "src/./sub/c.py"]


def bash_call3(rng):
    return "Bash", {"command": rng.choice(CMDS3)}


def glob_call3(rng):
    if rng.random() < 0.5:
        return glob_call2(rng)
    pat, p = rng.choice(GLOBS3)
    return "Glob", {"pattern": pat, **({"path": p} if p else {})}


def grep_call3(rng):
    name, inp = grep_call2(rng)
    if rng.random() < 0.3:
        inp["type"] = rng.choice(["md", "txt", "json", "ts", "py"])
    if rng.random() < 0.2:
        inp["glob"] = rng.choice(["*.py,*.js", "*.{txt,md}", "src/**", "!**/node_modules/**"])
    return name, inp


def file_call3(rng):
    p = rng.choice(PATHS3)
    k = rng.choice(["Read", "Write", "Edit"])
    if k == "Read":
        return "Read", {"file_path": p}
    if k == "Write":
        return "Write", {"file_path": p, "content": "w3\n"}
    return "Edit", {"file_path": p, "old_string": "return", "new_string": "yield"}


KINDS3 = [read_call2] * 4 + [write_call2] * 2 + [edit_call2] * 4 + [glob_call3] * 2 + [grep_call3] * 3 + \
    [bash_call2, bash_call3, bash_call3] + [file_call3, nb_call]

KINDS = [read_call] * 5 + [write_call] * 2 + [edit_call] * 4 + [glob_call] * 2 + [grep_call] * 3 + \
    [bash_call] * 2 + [nb_call]


def call(rng, kinds=None):
    if rng.random() < 0.08:
        return rng.choice(BAD)
    return rng.choice(kinds or KINDS)(rng)


def base(name, desc, responses):
    s = scenario_files.scenario("fb_", name, desc, responses, {"tools": TOOLS}, prompt="Work on the files")
    s["files"] = dict(FILES)
    s["mtimes"] = dict(MTIMES)
    s["timeout_s"] = 300
    return s


def one(seed):
    rng = random.Random(seed * 7919 + 17)
    second = seed > 60
    third = seed > 120
    responses, n = [], 1
    for _ in range(rng.randint(2, 4)):
        blocks = []
        for _ in range(rng.randint(1, 5)):
            name, inp = call(rng, KINDS3 if third else KINDS2 if second else None)
            # A Read before most edits, so that both the read and unread rules show up.
            if name in ("Edit", "Write") and "file_path" in inp and rng.random() < 0.5:
                blocks.append(tu(n, "Read", {"file_path": inp["file_path"]}))
                n += 1
            blocks.append(tu(n, name, inp))
            n += 1
        responses.append({"content": blocks})
    responses.append({"content": [txt("Done.")]})
    s = base("%03d" % seed, "seed %d: random built-in tool calls in bypassPermissions%s" % (
        seed, " (third pool)" if third else " (second pool)" if second else ""), responses)
    if third:
        s["record"] = {"outside_files": True}
    if second:
        s["files"].update(FILES2)
        last = max(s["mtimes"].values())
        s["mtimes"].update({p: last + 100 * (i + 1) for i, p in enumerate(sorted(FILES2))})
    return s


def targeted():
    """Hand-written scenarios that pin a rule a random one ran into, each call beside others in
    one response so that when its result comes shows too."""
    out = []
    R = lambda p, **k: ("Read", {"file_path": p, **k})
    W = lambda p, c: ("Write", {"file_path": p, "content": c})
    E = lambda p, a, b, **k: ("Edit", {"file_path": p, "old_string": a, "new_string": b, **k})
    G = lambda pat, **k: ("Grep", {"pattern": pat, **k})
    NB = lambda p, **k: ("NotebookEdit", {"notebook_path": p, **k})

    def t(name, desc, *rounds):
        responses, n = [], 1
        for calls in rounds:
            blocks = []
            for name_, inp in calls:
                blocks.append(tu(n, name_, inp))
                n += 1
            responses.append({"content": blocks})
        responses.append({"content": [txt("Done.")]})
        out.append(base(name, desc, responses))

    t("t_write_empty", "Write over an empty file, read or not, and over a file emptied by a Write.",
      [W("empty.txt", "unread\n"), R("lines.txt")],
      [R("nonl.txt"), W("nonl.txt", ""), R("nonl.txt"), W("nonl.txt", "again\n")],
      [W("<WS>/fresh.txt", ""), W("<WS>/fresh.txt", "")])
    t("t_read_binary", "Read of binary extensions: missing, upper case, with offsets, beside text reads.",
      [R("missing.bin"), R("lines.txt"), R("<WS>/blob.bin", offset=2), R("BLOB.BIN"), R("x.exe"), R("tabs.txt")],
      [R("emptydir/none.zip"), R("blob.bin", limit="x")])
    t("t_grep_offset_none", "Grep with an offset or head_limit and nothing found, in every mode.",
      [G("nothing_here", offset=2), G("nothing_here", output_mode="count", offset=2),
       G("nothing_here", output_mode="content", head_limit=1), G("nothing_here", output_mode="content", offset=1,
                                                                    head_limit=2)],
      [G("foo", output_mode="content", offset=100), G("foo", output_mode="count", offset=100),
       G("foo", offset=100), G("line 1", path="lines.txt", output_mode="content", offset=5)])
    t("t_patch_tabs", "Patches of files with leading tabs: Write over them, Edit a tab into spaces.",
      [R("tabs.txt"), E("tabs.txt", "\tindented", "  indented")],
      [R("tabs.txt"), W("tabs.txt", "\ta\tb\n\t\t\tthree\n  two\n")],
      [R("tabs.txt"), E("tabs.txt", "two", "\ttwo"), E("tabs.txt", "three", "3", replace_all=True)])
    t("t_edit_unread_chain", "Edits of a file never read, then partly read, then wholly read.",
      [E("dup.txt", "bar", "BAR"), E("dup.txt", "baz", "BAZ")],
      [R("dup.txt", limit=2), E("dup.txt", "BAR", "bar"), E("dup.txt", "bar", "bAr")],
      [R("dup.txt"), E("dup.txt", "bAr", "b"), E("dup.txt", "b\n", "c\n")])
    t("t_edit_crlf_old", "CRLF old_strings on CRLF and LF files, beside reads.",
      [E("crlf.txt", "one\r\ntwo", "x"), R("lines.txt"), E("crlf.txt", "one\r\nzzz", "x"),
       E("lines.txt", "line 1\r\nline 2", "x"), R("tabs.txt"), E("dup.txt", "foo\r\n", "x")],
      [R("crlf.txt"), E("crlf.txt", "one\ntwo", "1\n2"), E("crlf.txt", "two\r\n", "")])
    t("t_nb_order", "NotebookEdit refusals beside reads: not a notebook, missing, untyped insert, unread.",
      [NB("lines.txt", new_source="x"), R("lines.txt"), NB("missing.ipynb", new_source="x"),
       NB("nb.ipynb", new_source="x", edit_mode="insert"), R("tabs.txt"), NB("nb.ipynb", new_source="x", cell_id="c1")],
      [NB("lines.txt", new_source="x", edit_mode="bogus"), NB("nb.ipynb", new_source="x", edit_mode="delete"),
       R("nb.ipynb"), NB("nb.ipynb", new_source="x", edit_mode="insert", cell_type="raw")])
    odd_numbers = [[2], ["3"], [1, 2], [], {}, "1e1", " 2", "2 ", "+2", "0x10", "2.0", "-3", "1_000", True, "",
                   "07", ".5", "5.", "Infinity", "NaN", 1e300]
    t("t_number_spellings", "Read's offset and limit spelt every way, one call each, in one response.",
      [R("lines.txt", offset=v) for v in odd_numbers],
      [R("lines.txt", offset=2, limit=v) for v in odd_numbers])
    t("t_issue_order", "Inputs with several wrong fields: the order their issues are listed in.",
      [G("x", output_mode="bogus", **{"-i": "yes"}), ("Grep", {"pattern": 5, "output_mode": "bogus"}),
       ("Grep", {"pattern": "x", "output_mode": "bogus", "head_limit": "x", "-n": "y", "-A": "z"}),
       ("Grep", {"pattern": "x", "-C": "q", "type": 3, "output_mode": "count", "multiline": "no"}),
       ("Grep", {"output_mode": "bogus", "-i": 1, "pattern": "x", "offset": "1e1"}),
       ("Read", {"limit": "x", "offset": "y", "file_path": 3}),
       ("Edit", {"replace_all": "x", "new_string": 1, "old_string": 2, "file_path": "dup.txt"}),
       ("NotebookEdit", {"edit_mode": "bogus", "cell_type": "bogus", "notebook_path": "nb.ipynb", "new_source": 1})])
    t("t_lone_cr", "Whole reads of files with a carriage return that ends no CRLF, then edits.",
      [R("lf_cr_end.txt"), R("mid_cr.txt"), R("cr_crlf.txt")],
      [E("lf_cr_end.txt", "a", "A"), E("mid_cr.txt", "c", "C"), E("cr_crlf.txt", "x", "X")],
      [E("lf_cr_end.txt", "A", "a"), E("mid_cr.txt", "C", "c"), E("cr_crlf.txt", "X", "x")])
    out[-1]["files"].update({"lf_cr_end.txt": "a\nb\r", "mid_cr.txt": "a\rb\nc\n", "cr_crlf.txt": "x\r\ny\r"})
    t("t_mixed_ends", "Edits of files with mixed line ends: mostly CRLF, mostly LF, even.",
      [R("m1.txt"), R("m2.txt"), R("m3.txt")],
      [E("m1.txt", "a", "A"), E("m2.txt", "a", "A"), E("m3.txt", "a", "A")])
    out[-1]["files"].update({"m1.txt": "a\r\nb\r\nc\n", "m2.txt": "a\nb\nc\r\n", "m3.txt": "a\r\nb\n"})
    return out


# Seeds left out: 117, whose two recordings on the reference disagreed (the order of results
# around a slow Edit depends on timing there); 179, 201, 203 and 209, whose Glob or Grep lists two
# files one response wrote back to back: oxagent writes them in the same clock tick, so they
# tie on modification time and their order rests on how the folder is walked, while the
# reference, slower, writes them in two ticks; 118, whose response reads one file twice at
# once, whole and in part: which of the two oxagent records last (and so whether the Edit
# after them finds the file in context) depends on timing.
UNSTABLE = {117, 118, 179, 201, 203, 209, 285}

# Later seeds drawn to look for rules not yet met.
LATER = list(range(800, 808)) + list(range(900, 908)) + list(range(1000, 1008))


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 408
    scenario_files.write(HERE, "fb_", [one(i) for i in list(range(1, count + 1)) + LATER if i not in UNSTABLE]
                         + targeted())
