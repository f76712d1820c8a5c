"""Built-in tools: what Read, Edit, Write, Glob, Grep, Bash, NotebookEdit and TodoWrite
answer at the edges of their inputs. Read: offset and limit at and past both ends, long
lines, line endings, tabs and wide characters, binary files, folders, missing files,
relative paths, reading twice. Edit: replace_all with 0, 1 and many matches, equal strings,
an empty old_string, unread or changed files, quote styles, CRLF files. Write: new folders,
overwrites read, unread and changed. Glob and Grep: patterns, paths, output modes, context,
limits and ordering (mtimes fixed). Bash: exit codes, streams, timeouts, the shell's
folder. Then wrong, missing and extra inputs, and the tool lists themselves."""
import base64
import json
import struct
import zlib

from common import Calls, respond, scenario

SEARCH = ["Bash", "Read", "Write", "Edit", "Glob", "Grep"]
BASE_TIME = 1_700_000_000

FIVE = "one\ntwo\nthree\nfour\nfive\n"


def numbered(count, prefix="L"):
    return "".join(f"{prefix}{i}\n" for i in range(1, count + 1))


def png_1x1():
    """A valid 1x1 white PNG, built here."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    ihdr = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    raw = zlib.compress(b"\x00\xff\xff\xff")
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


def notebook():
    cells = [
        {"cell_type": "markdown", "id": "intro", "metadata": {}, "source": ["# Title\n", "Some text"]},
        {"cell_type": "code", "id": "calc", "metadata": {}, "execution_count": 1,
         "source": ["x = 1\n", "print(x)"],
         "outputs": [{"output_type": "stream", "name": "stdout", "text": ["1\n"]}]},
    ]
    return json.dumps({"cells": cells, "metadata": {"language_info": {"name": "python"}},
                       "nbformat": 4, "nbformat_minor": 5}, indent=1) + "\n"


def mtimes_for(files):
    """Distinct, fixed modification times, in the order the files are listed."""
    return {rel: BASE_TIME + 100 * i for i, rel in enumerate(files) if isinstance(files[rel], str)}


def make(name, description, steps, files=None, tools=None, mtimes=None, disallowed=None,
         **keys):
    """`steps`: a list of responses, each a tool call or a list of calls (one response)."""
    responses = [respond(*(s if isinstance(s, list) else [s])) for s in steps]
    options = {"permission_mode": "bypassPermissions"}
    if tools is not None:
        options["tools"] = tools
    if disallowed is not None:
        options["disallowed_tools"] = disallowed
    if files and mtimes is None and tools == SEARCH:
        mtimes = mtimes_for(files)
    return scenario("tools_" + name, description, responses + [respond("Done.")],
                    options=options, files=files, mtimes=mtimes, **keys)


def grouped(prefix, cases, size, files=None, tools=None):
    """Scenarios of `size` cases each: a case is (name, description, [inputs as
    (tool, input)], own files); every case keeps its own files so the calls of one
    scenario do not meet."""
    for start in range(0, len(cases), size):
        part = cases[start:start + size]
        c = Calls()
        steps, all_files = [], dict(files or {})
        for _name, _d, calls, own in part:
            steps.extend(c(tool, inp) for tool, inp in calls)
            all_files.update(own or {})
        yield make(f"{prefix}_" + "_and_".join(p[0] for p in part) if len(part) > 1 else f"{prefix}_{part[0][0]}",
                   " ".join(p[1] for p in part), steps, files=all_files or None, tools=tools)


def read_call(c, path, **extra):
    return c("Read", dict({"file_path": path}, **extra))


# ------------------------------------------------------------------ Read

def reads():
    offsets = [("offset_0", {"offset": 0}), ("offset_1", {"offset": 1}),
               ("offset_last", {"offset": 5}), ("offset_past_end", {"offset": 6}),
               ("offset_far", {"offset": 1000}), ("limit_0", {"limit": 0}),
               ("limit_1", {"limit": 1}), ("limit_huge", {"limit": 1_000_000}),
               ("offset_limit_middle", {"offset": 2, "limit": 2}),
               ("limit_past_end", {"offset": 4, "limit": 10}),
               ("offset_negative", {"offset": -1}), ("limit_negative", {"limit": -3}),
               ("offset_string", {"offset": "2"}), ("offset_float", {"offset": 1.5})]
    yield from grouped("read", [(name, f"Read a five-line file with {extra}.",
                                 [("Read", dict({"file_path": f"<WS>/{name}.txt"}, **extra))],
                                 {f"{name}.txt": FIVE}) for name, extra in offsets], 2)
    contents = {
        "long_line": ("a" * 2500 + "\nshort\n" + "b" * 2000 + "\n" + "c" * 2001 + "\n"),
        "no_trailing_newline": "first\nlast without newline",
        "crlf": "alpha\r\nbeta\r\n\r\ngamma\r\n",
        "cr_only": "alpha\rbeta\rgamma\r",
        "tabs": "\tindented\n\t\ttwice\nmixed \t tab\n",
        "unicode": "caf\u00e9 \u00fcber\n\u65e5\u672c\u8a9e\nemoji \U0001F600\U0001F44D\n\u00e9\u0301\n",
        "blank_lines": "\n\n\n",
        "bom": "\ufeffwith bom\nsecond\n",
        "latin1_bytes": {"base64": base64.b64encode("caf\u00e9 na\u00efve\n".encode("latin-1")).decode()},
    }
    yield from grouped("read", [(name, f"Read a file: {name.replace('_', ' ')}.",
                                 [("Read", {"file_path": f"<WS>/{name}.txt"})],
                                 {f"{name}.txt": content}) for name, content in contents.items()], 2)
    c = Calls()
    yield make("read_empty_offset", "Read an empty file with offset 1 and offset 3.",
               [read_call(c, "<WS>/empty.txt", offset=1), read_call(c, "<WS>/empty.txt", offset=3)],
               files={"empty.txt": ""})
    c = Calls()
    yield make("read_binary_bin", "Read a binary file with a .bin extension.",
               [read_call(c, "<WS>/blob.bin")],
               files={"blob.bin": {"base64": base64.b64encode(bytes(range(256))).decode()}})
    c = Calls()
    yield make("read_binary_txt", "Read a file named .txt holding NUL bytes.",
               [read_call(c, "<WS>/nul.txt")],
               files={"nul.txt": {"base64": base64.b64encode(b"ab\x00cd\x00\x01\x02ef\n").decode()}})
    c = Calls()
    yield make("read_subdirectory", "Read a folder given relative and absolute.",
               [read_call(c, "sub"), read_call(c, "<WS>/sub/")],
               files={"sub/a.txt": "a\n"})
    c = Calls()
    yield make("read_directory_spellings", "Read folders spelt with trailing, doubled and dot "
               "segments, relative and absolute.",
               [read_call(c, p) for p in ("sub/", "<WS>/sub//", "<WS>/./sub", "<WS>/sub/inner/",
                                          "./sub/")],
               files={"sub/a.txt": "a\n", "sub/inner/b.txt": "b\n"})
    c = Calls()
    yield make("read_missing_similar", "Read a missing file next to one with a close name.",
               [read_call(c, "<WS>/dat.txt"), read_call(c, "<WS>/data.md"),
                read_call(c, "<WS>/nodir/data.txt")],
               files={"data.txt": "d\n", "other/data.txt": "o\n"})
    c = Calls()
    yield make("read_relative", "Read with relative paths (plain, ./ and ../ws).",
               [read_call(c, "five.txt"), read_call(c, "./sub/a.txt")],
               files={"five.txt": FIVE, "sub/a.txt": "a\n"})
    c = Calls()
    yield make("read_many_lines_window", "Read 3,000 lines with offset 2,500, then limit 2,500.",
               [read_call(c, "<WS>/big.txt", offset=2500), read_call(c, "<WS>/big.txt", limit=2500)],
               files={"big.txt": numbered(3000)})
    c = Calls()
    yield make("read_twice_unchanged", "Read the same file twice, then a different range of it.",
               [read_call(c, "<WS>/five.txt"), read_call(c, "<WS>/five.txt"),
                read_call(c, "<WS>/five.txt", offset=2, limit=2),
                read_call(c, "<WS>/five.txt", offset=2, limit=2)],
               files={"five.txt": FIVE})
    c = Calls()
    yield make("read_twice_changed", "Read, change the file with Bash, read again.",
               [read_call(c, "<WS>/five.txt"), c.bash("echo six >> five.txt", "append"),
                read_call(c, "<WS>/five.txt")],
               files={"five.txt": FIVE})
    c = Calls()
    yield make("read_twice_same_response", "Two reads of one file in one response.",
               [[read_call(c, "<WS>/five.txt"), read_call(c, "<WS>/five.txt")]],
               files={"five.txt": FIVE})
    c = Calls()
    yield make("read_image", "Read a 1x1 PNG image.", [read_call(c, "<WS>/dot.png")],
               files={"dot.png": {"base64": base64.b64encode(png_1x1()).decode()}})
    c = Calls()
    yield make("read_notebook", "Read a Jupyter notebook.", [read_call(c, "<WS>/nb.ipynb")],
               files={"nb.ipynb": notebook()})
    inputs = [("wrong_key", {"path": "<WS>/five.txt"}), ("path_number", {"file_path": 5}),
              ("pages_on_text", {"file_path": "<WS>/five.txt", "pages": "1"}),
              ("empty_path", {"file_path": ""}),
              ("limit_null", {"file_path": "<WS>/five.txt", "limit": None})]
    yield from grouped("read_input", [(name, f"Read with input {inp}.", [("Read", inp)], None)
                                      for name, inp in inputs], 2, files={"five.txt": FIVE})


# ------------------------------------------------------------------ Edit

def edit_call(c, path, old, new, **extra):
    return c("Edit", dict({"file_path": path, "old_string": old, "new_string": new}, **extra))


def edit_after_read(name, description, content, old, new, **extra):
    """A case for `grouped`: read the case's own file, then edit it."""
    path = f"<WS>/{name}.txt"
    return (name, description, [("Read", {"file_path": path}),
                                ("Edit", dict({"file_path": path, "old_string": old,
                                               "new_string": new}, **extra))],
            {f"{name}.txt": content})


def edits():
    cases = []
    for item in edit_parts():
        if isinstance(item, tuple):
            cases.append(item)
        else:
            yield item
    yield from grouped("edit", cases, 2)


def edit_parts():
    text = "foo one\nfoo two\nfoo three\nbar\n"
    for count, old in ((0, "zzz"), (1, "bar"), (3, "foo")):
        for flag in (True, False):
            yield edit_after_read(f"replace_all_{str(flag).lower()}_{count}",
                                  f"Edit with replace_all {flag} and {count} matches.",
                                  text, old, "qux", replace_all=flag)
    yield edit_after_read("same_strings", "Edit whose old_string equals new_string.", text, "bar", "bar")
    yield edit_after_read("same_strings_missing", "old_string equals new_string and is absent.",
                          text, "zzz", "zzz")
    yield edit_after_read("empty_old_existing", "Empty old_string on a file with content.",
                          text, "", "prefix\n")
    c = Calls()
    yield make("edit_empty_old_new_file", "Empty old_string on a missing file (in a new folder).",
               [edit_call(c, "<WS>/made/new.txt", "", "created\n")])
    c = Calls()
    yield make("edit_empty_old_empty_file", "Empty old_string on an empty file, read and unread.",
               [edit_call(c, "<WS>/unread.txt", "", "x\n"), read_call(c, "<WS>/e.txt"),
                edit_call(c, "<WS>/e.txt", "", "filled\n")],
               files={"e.txt": "", "unread.txt": ""})
    yield edit_after_read("delete_text", "Edit with an empty new_string.", text, "bar\n", "")
    yield edit_after_read("multiline", "Edit across lines.", text, "foo two\nfoo three", "joined")
    c = Calls()
    yield make("edit_changed_after_read", "Read, change the file with Bash, then Edit.",
               [read_call(c, "<WS>/f.txt"), c.bash("echo extra >> f.txt", "append"),
                edit_call(c, "<WS>/f.txt", "bar", "baz")],
               files={"f.txt": text})
    c = Calls()
    yield make("edit_touched_after_read", "Read, touch the file (same content), then Edit.",
               [read_call(c, "<WS>/f.txt"), c.bash("touch -d '2030-01-01' f.txt", "touch"),
                edit_call(c, "<WS>/f.txt", "bar", "baz")],
               files={"f.txt": text})
    c = Calls()
    yield make("edit_after_write", "Write a new file, then Edit it unread.",
               [c.write("<WS>/w.txt", "alpha\nbeta\n"), edit_call(c, "<WS>/w.txt", "beta", "gamma")])
    c = Calls()
    yield make("edit_after_partial_read", "Read one line of a file, then Edit another line.",
               [read_call(c, "<WS>/f.txt", limit=1), edit_call(c, "<WS>/f.txt", "bar", "baz")],
               files={"f.txt": text})
    c = Calls()
    yield make("edit_twice", "Two edits in a row after one read.",
               [read_call(c, "<WS>/f.txt"), edit_call(c, "<WS>/f.txt", "bar", "baz"),
                edit_call(c, "<WS>/f.txt", "baz", "bax")],
               files={"f.txt": text})
    curly = "It\u2019s \u201cquoted\u201d here\n"
    yield edit_after_read("curly_file_straight_old", "File has curly quotes, old_string straight.",
                          curly, "It's \"quoted\"", "It is 'quoted'")
    yield edit_after_read("straight_file_curly_old", "File has straight quotes, old_string curly.",
                          "It's \"quoted\" here\n", "It\u2019s \u201cquoted\u201d", "Done")
    yield edit_after_read("trailing_space_old", "old_string has a trailing space the file lacks.",
                          "line one\nline two\n", "line one \n", "first\n")
    yield edit_after_read("trailing_newline_old", "old_string ends with the file's last newline.",
                          "line one\nline two\n", "line two\n", "second\n")
    yield edit_after_read("indent_tabs_vs_spaces", "File indented with tabs, old_string with spaces.",
                          "def f():\n\treturn 1\n", "    return 1", "    return 2")
    yield edit_after_read("crlf_single_line", "Edit one line of a CRLF file.",
                          "alpha\r\nbeta\r\ngamma\r\n", "beta", "BETA")
    yield edit_after_read("crlf_multiline", "Edit across lines of a CRLF file with LF old_string.",
                          "alpha\r\nbeta\r\ngamma\r\n", "alpha\nbeta", "one\ntwo")
    c = Calls()
    yield make("edit_missing_file", "Edit a missing file with a non-empty old_string.",
               [edit_call(c, "<WS>/nothing.txt", "a", "b")])
    c = Calls()
    yield make("edit_directory", "Edit a folder.", [edit_call(c, "<WS>/sub", "a", "b")],
               files={"sub/a.txt": "a\n"})
    c = Calls()
    yield make("edit_notebook", "Edit an .ipynb file with Edit.",
               [read_call(c, "<WS>/nb.ipynb"), edit_call(c, "<WS>/nb.ipynb", "x = 1", "x = 2")],
               files={"nb.ipynb": notebook()})
    for name, inp in [("replace_all_string", {"replace_all": "true"}),
                      ("no_new_string", None), ("old_number", {"old_string": 1})]:
        c = Calls()
        base = {"file_path": "<WS>/f.txt", "old_string": "bar", "new_string": "baz"}
        if inp is None:
            del base["new_string"]
        else:
            base.update(inp)
        yield make(f"edit_input_{name}", f"Edit with input {base}.",
                   [read_call(c, "<WS>/f.txt"), c("Edit", base)], files={"f.txt": text})


# ------------------------------------------------------------------ Write

def writes():
    c = Calls()
    yield make("write_nested_dirs", "Write into new nested folders.",
               [c.write("<WS>/a/b/c/new.txt", "deep\n")])
    c = Calls()
    yield make("write_overwrite_read", "Read a file, then overwrite it.",
               [read_call(c, "<WS>/f.txt"), c.write("<WS>/f.txt", "replaced\n")],
               files={"f.txt": "old\ncontent\n"})
    c = Calls()
    yield make("write_overwrite_unread_relative", "Overwrite an unread file by a relative path.",
               [c.write("f.txt", "replaced\n")], files={"f.txt": "old\n"})
    c = Calls()
    yield make("write_after_outside_change", "Read, change with Bash, then Write.",
               [read_call(c, "<WS>/f.txt"), c.bash("echo more >> f.txt", "append"),
                c.write("<WS>/f.txt", "replaced\n")],
               files={"f.txt": "old\n"})
    c = Calls()
    yield make("write_empty_content", "Write empty content to a new and a read file.",
               [c.write("<WS>/empty.txt", ""), read_call(c, "<WS>/f.txt"), c.write("<WS>/f.txt", "")],
               files={"f.txt": "old\n"})
    c = Calls()
    yield make("write_relative_new", "Write a new file by a relative path in a new folder.",
               [c.write("rel/new.txt", "r\n")])
    c = Calls()
    yield make("write_same_content", "Read a file, write it back unchanged.",
               [read_call(c, "<WS>/f.txt"), c.write("<WS>/f.txt", "same\n")],
               files={"f.txt": "same\n"})
    c = Calls()
    yield make("write_crlf_over", "Read a CRLF file, write LF content over it.",
               [read_call(c, "<WS>/f.txt"), c.write("<WS>/f.txt", "one\ntwo\n")],
               files={"f.txt": "old\r\nlines\r\n"})
    c = Calls()
    yield make("write_twice_new", "Write a new file, then write it again unread.",
               [c.write("<WS>/n.txt", "first\n"), c.write("<WS>/n.txt", "second\n")])
    for name, inp in [("no_content", {"file_path": "<WS>/x.txt"}),
                      ("content_number", {"file_path": "<WS>/x.txt", "content": 5})]:
        c = Calls()
        yield make(f"write_input_{name}", f"Write with input {inp}.", [c("Write", inp)])


# ------------------------------------------------------------------ Glob

TREE = {
    "src/main.py": "print('main')\n",
    "src/util.py": "def util():\n    return 'hello'\n",
    "src/web/app.js": "const hello = 1;\n",
    "src/web/types.ts": "type Hello = string;\n",
    "src/web/.hidden.js": "hidden hello\n",
    "README.md": "# Hello\nreadme text\n",
    "setup.py": "from setuptools import setup\n",
    ".env": "HELLO=1\n",
    "docs/guide.md": "Hello docs\nmore\nHELLO again\n",
    "build/out.js": "generated hello\n",
    ".gitignore": "build/\n",
}


def globs():
    c = Calls()
    patterns = ["**/*.py", "*.{js,ts}", "**/*.{js,ts}", "src/**", "src/*", ".*", "**/.*",
                "*.nothing", "**/README*", "src/web/*.js", "**/*.PY"]
    yield from grouped("glob", [(f"pattern_{i:02d}", f"Glob {p!r} from the workspace.",
                                 [("Glob", {"pattern": p})], None)
                                for i, p in enumerate(patterns)], 3, files=TREE, tools=SEARCH)
    inputs = [("path_sub", {"pattern": "*.js", "path": "<WS>/src/web"}),
              ("path_relative", {"pattern": "**/*.py", "path": "src"}),
              ("path_missing", {"pattern": "*", "path": "<WS>/nowhere"}),
              ("path_file", {"pattern": "*", "path": "<WS>/setup.py"}),
              ("pattern_absolute", {"pattern": "<WS>/src/*.py"}),
              ("no_pattern", {"path": "<WS>"}),
              ("path_null", {"pattern": "*.md", "path": None})]
    yield from grouped("glob", [(name, f"Glob with {inp}.", [("Glob", inp)], None)
                                for name, inp in inputs], 2, files=TREE, tools=SEARCH)
    many = {f"m/f{i:03d}.txt": f"{i}\n" for i in range(150)}
    c = Calls()
    yield make("glob_many", "Glob 150 files (past the result limit).",
               [c("Glob", {"pattern": "**/*.txt"})], files=many, tools=SEARCH)
    order = {"o/a.txt": "a\n", "o/b.txt": "b\n", "o/c.txt": "c\n", "o/d.txt": "d\n"}
    times = {"o/a.txt": BASE_TIME + 300, "o/b.txt": BASE_TIME + 100,
             "o/c.txt": BASE_TIME + 400, "o/d.txt": BASE_TIME + 200}
    c = Calls()
    yield make("glob_order_mtime", "Glob four files whose times differ from their names' order.",
               [c("Glob", {"pattern": "o/*.txt"})], files=order, tools=SEARCH, mtimes=times)
    same = {f"o/{n}.txt": f"{n}\n" for n in "dbca"}
    c = Calls()
    yield make("glob_order_same_mtime", "Glob four files with the same time.",
               [c("Glob", {"pattern": "o/*.txt"})], files=same, tools=SEARCH,
               mtimes={k: BASE_TIME for k in same})


# ------------------------------------------------------------------ Grep

def greps():
    cases = [
        ("content_no_numbers", {"pattern": "hello", "output_mode": "content", "-n": False}),
        ("content_ignore_case", {"pattern": "hello", "output_mode": "content", "-i": True}),
        ("after", {"pattern": "Hello", "output_mode": "content", "-A": 1, "path": "<WS>/docs"}),
        ("before", {"pattern": "HELLO", "output_mode": "content", "-B": 1, "path": "<WS>/docs"}),
        ("context_c", {"pattern": "more", "output_mode": "content", "-C": 1}),
        ("context_word", {"pattern": "more", "output_mode": "content", "context": 1}),
        ("context_files_mode", {"pattern": "more", "-C": 2}),
        ("multiline", {"pattern": "util\\(\\):\\n\\s+return", "output_mode": "content",
                       "multiline": True}),
        ("multiline_off", {"pattern": "util\\(\\):\\n\\s+return", "output_mode": "content"}),
        ("type_py", {"pattern": "e", "type": "py"}),
        ("type_js_content", {"pattern": "hello", "type": "js", "output_mode": "content"}),
        ("glob_md", {"pattern": "hello", "glob": "*.md", "-i": True}),
        ("glob_brace", {"pattern": "hello", "glob": "*.{js,ts}", "-i": True}),
        ("head_limit_1", {"pattern": "hello", "-i": True, "head_limit": 1}),
        ("head_limit_0", {"pattern": "hello", "-i": True, "head_limit": 0}),
        ("offset_1", {"pattern": "hello", "-i": True, "offset": 1}),
        ("offset_past_end", {"pattern": "hello", "-i": True, "offset": 50}),
        ("content_head_offset", {"pattern": "hello", "-i": True, "output_mode": "content",
                                 "head_limit": 2, "offset": 1}),
        ("count_head_limit", {"pattern": "hello", "-i": True, "output_mode": "count",
                              "head_limit": 2}),
        ("invalid_regex", {"pattern": "foo(", "output_mode": "content"}),
        ("no_match_count", {"pattern": "zzz_none", "output_mode": "count"}),
        ("path_file", {"pattern": "hello", "path": "<WS>/src/util.py", "output_mode": "content"}),
        ("path_file_files", {"pattern": "hello", "path": "<WS>/src/util.py"}),
        ("path_missing", {"pattern": "hello", "path": "<WS>/nowhere"}),
        ("path_relative", {"pattern": "hello", "path": "src", "-i": True}),
        ("hidden_and_ignored", {"pattern": "hello", "output_mode": "content", "-i": True}),
        ("literal_dash", {"pattern": "-x", "output_mode": "content"}),
        ("no_pattern", {"path": "<WS>"}),
        ("bad_mode", {"pattern": "hello", "output_mode": "lines"}),
    ]
    yield from grouped("grep", [(name, f"Grep with {inp}.", [("Grep", inp)], None)
                                for name, inp in cases], 3, files=TREE, tools=SEARCH)
    many = {f"m/f{i:03d}.txt": "match\n" * 3 for i in range(120)}
    many["long.txt"] = "x" * 600 + "needle" + "y" * 600 + "\n"
    c = Calls()
    yield make("grep_many", "Grep 360 matches in 120 files in each mode, then a match on a "
               "1,206-character line.",
               [c("Grep", {"pattern": "match", "output_mode": mode})
                for mode in ("files_with_matches", "content", "count")] +
               [c("Grep", {"pattern": "needle", "output_mode": "content"})],
               files=many, tools=SEARCH)


# ------------------------------------------------------------------ Bash

def bashes():
    cases = [
        ("exit_3", {"command": "exit 3"}),
        ("false", {"command": "false"}),
        ("exit_with_output", {"command": "echo out; echo err >&2; exit 2"}),
        ("interleaved_streams", {"command": "echo a; echo b >&2; echo c; echo d >&2"}),
        ("stderr_only", {"command": "echo only-err >&2"}),
        ("empty_output", {"command": "true"}),
        ("blank_output", {"command": "printf '\\n\\n'"}),
        ("timeout_small", {"command": "sleep 3; echo late", "timeout": 1000}),
        ("timeout_above_max", {"command": "echo fine", "timeout": 700000}),
        ("timeout_zero", {"command": "echo fine", "timeout": 0}),
        ("timeout_string", {"command": "echo fine", "timeout": "100"}),
        ("no_description", {"command": "echo hi"}),
        ("missing_command", {"description": "nothing"}),
        ("empty_command", {"command": ""}),
        ("command_not_found", {"command": "no_such_command_xyz"}),
        ("cd_inside", None),
        ("cd_outside", None),
    ]
    singles = [(name, f"Bash: {name.replace('_', ' ')}.", [("Bash", inp)], None)
               for name, inp in cases if inp is not None]
    yield from grouped("bash", singles, 3)
    for name, first in (("cd_inside", "cd sub && pwd"), ("cd_outside", "cd .. && pwd")):
        c = Calls()
        yield make(f"bash_{name}", f"Bash: {first}, then pwd.",
                   [c.bash(first, "cd"), c.bash("pwd", "pwd")], files={"sub/a.txt": "a\n"})


# ------------------------------------------------------------------ other tools

def others():
    c = Calls()
    yield make("notebook_replace", "Read a notebook, replace a cell's source.",
               [read_call(c, "<WS>/nb.ipynb"),
                c("NotebookEdit", {"notebook_path": "<WS>/nb.ipynb", "cell_id": "calc",
                                   "new_source": "x = 2\nprint(x)"})],
               files={"nb.ipynb": notebook()})
    c = Calls()
    yield make("notebook_delete", "Read a notebook, then delete a cell (an insert would get a "
               "random cell id).",
               [read_call(c, "<WS>/nb.ipynb"),
                c("NotebookEdit", {"notebook_path": "<WS>/nb.ipynb", "cell_id": "calc",
                                   "new_source": "", "edit_mode": "delete"})],
               files={"nb.ipynb": notebook()})
    c = Calls()
    yield make("notebook_unread", "NotebookEdit without reading the notebook first.",
               [c("NotebookEdit", {"notebook_path": "<WS>/nb.ipynb", "cell_id": "calc",
                                   "new_source": "y = 3"})],
               files={"nb.ipynb": notebook()})
    c = Calls()
    yield make("notebook_bad_cell", "NotebookEdit of a cell id that does not exist.",
               [read_call(c, "<WS>/nb.ipynb"),
                c("NotebookEdit", {"notebook_path": "<WS>/nb.ipynb", "cell_id": "nope",
                                   "new_source": "z"})],
               files={"nb.ipynb": notebook()})
    c = Calls()
    yield make("notebook_not_ipynb", "NotebookEdit of a plain text file.",
               [read_call(c, "<WS>/f.txt"),
                c("NotebookEdit", {"notebook_path": "<WS>/f.txt", "new_source": "z"})],
               files={"f.txt": "text\n"})
    todos = [{"content": "First", "status": "completed", "activeForm": "Doing first"},
             {"content": "Second", "status": "in_progress", "activeForm": "Doing second"}]
    c = Calls()
    yield make("todo_write_default", "TodoWrite with the default tools.",
               [c("TodoWrite", {"todos": todos})])
    c = Calls()
    yield make("todo_write_listed", "TodoWrite named in the tools option.",
               [c("TodoWrite", {"todos": todos}), c("TodoWrite", {"todos": []})],
               tools=["TodoWrite", "Read"])
    c = Calls()
    yield make("unknown_lowercase", "A call to `read` (lower case).",
               [c("read", {"file_path": "<WS>/f.txt"})], files={"f.txt": "x\n"})
    c = Calls()
    yield make("glob_not_listed", "A Glob call when the default tools are on.",
               [c("Glob", {"pattern": "*"}), c("Grep", {"pattern": "x"})], files={"f.txt": "x\n"})
    c = Calls()
    yield make("list_read_only", "tools=['Read']: init lists it; a Bash call is unknown.",
               [c.bash("echo hi")], tools=["Read"])
    c = Calls()
    yield make("disallowed_bash", "disallowed_tools=['Bash'] with the default tools.",
               [c.bash("echo hi")], disallowed=["Bash"])
    c = Calls()
    yield make("disallowed_edit_listed", "tools lists Edit, disallowed_tools names it too.",
               [c.edit("<WS>/f.txt", "x", "y")], files={"f.txt": "x\n"}, tools=["Read", "Edit"],
               disallowed=["Edit"])


def scenarios():
    for group in (reads, edits, writes, globs, greps, bashes, others):
        yield from group()
