#!/usr/bin/env python3
"""Exploratory edge cases of the file tools (Read, Write, Edit, repeated Edits, NotebookEdit)
that tools/ does not cover yet. Each scenario: a few sequential tool calls, then "Done.".
Record: run.py --python <python> toolvar-files/*.json --out-dir toolvar-files/golden -j 2 (and --node ... golden-ts)."""
import base64
import json
import struct
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent


def png(w, h, rgb=(0, 0, 255)):
    raw = b"".join(b"\x00" + bytes(rgb) * w for _ in range(h))

    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def b64(data):
    return {"base64": base64.b64encode(data).decode()}


GIF = "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"
PDF = (b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n"
       b"2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
       b"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n"
       b"trailer<</Root 1 0 R>>\n%%EOF\n")


def nb(cells, minor=5, lang="python"):
    out = []
    for c in cells:
        c = dict(c)
        src = c.pop("source")
        lines = src.splitlines(keepends=True)
        cell = {"cell_type": c.pop("cell_type", "code")}
        if "id" in c and minor >= 5:
            cell["id"] = c.pop("id")
        c.pop("id", None)
        cell["metadata"] = {}
        if cell["cell_type"] == "code":
            cell["execution_count"] = c.pop("execution_count", None)
            cell["outputs"] = c.pop("outputs", [])
        cell["source"] = lines
        cell.update(c)
        out.append(cell)
    doc = {"cells": out, "metadata": {"language_info": {"name": lang}}, "nbformat": 4,
           "nbformat_minor": minor}
    return json.dumps(doc, indent=1) + "\n"


NB_BASIC = nb([
    {"cell_type": "markdown", "id": "intro", "source": "# Title\nSome text"},
    {"id": "calc", "execution_count": 1, "source": "x = 1\nprint(x)",
     "outputs": [{"output_type": "stream", "name": "stdout", "text": ["1\n"]}]},
    {"id": "tail", "execution_count": 2, "source": "y = x + 1"},
])
NB_NOIDS = nb([
    {"cell_type": "markdown", "source": "# Old notebook"},
    {"execution_count": 1, "source": "a = 1"},
    {"execution_count": 2, "source": "b = 2"},
], minor=4)
NB_OUTPUTS = nb([
    {"id": "c1", "execution_count": 3, "source": "1 + 1",
     "outputs": [{"output_type": "execute_result", "execution_count": 3, "metadata": {},
                  "data": {"text/plain": ["2"]}}]},
    {"id": "c2", "execution_count": 4, "source": "1/0",
     "outputs": [{"output_type": "error", "ename": "ZeroDivisionError",
                  "evalue": "division by zero",
                  "traceback": ["\u001b[0;31mZeroDivisionError\u001b[0m: division by zero"]}]},
    {"id": "c3", "execution_count": 5, "source": "show()",
     "outputs": [{"output_type": "display_data", "metadata": {},
                  "data": {"image/png": base64.b64encode(png(2, 2)).decode(),
                           "text/plain": ["<Figure>"]}}]},
    {"cell_type": "raw", "id": "c4", "source": "raw text here"},
])

SCEN = []


def tu(name, inp):
    return {"name": name, "input": inp}


def R(path, **kw):
    return tu("Read", {"file_path": path, **kw})


def E(path, old, new, **kw):
    return tu("Edit", {"file_path": path, "old_string": old, "new_string": new, **kw})


def W(path, content):
    return tu("Write", {"file_path": path, "content": content})


def NE(path, **kw):
    return tu("NotebookEdit", {"notebook_path": path, **kw})


def B(cmd):
    return tu("Bash", {"command": cmd, "description": "step"})


def add(name, desc, files, calls, **extra):
    responses = []
    n = 0
    for turn in calls:
        if isinstance(turn, dict):
            turn = [turn]
        blocks = []
        for c in turn:
            n += 1
            blocks.append({"type": "tool_use", "id": f"toolu_{n:02d}", "name": c["name"],
                           "input": c["input"]})
        responses.append({"content": blocks})
    responses.append({"content": [{"type": "text", "text": "Done."}]})
    s = {"name": f"xf_{name}", "description": desc, "prompt": "Go",
         "options": {"permission_mode": "bypassPermissions"}, "files": files,
         "responses": responses, "default": {"content": [{"type": "text", "text": "Done."}]}}
    s.update(extra)
    SCEN.append(s)


WS = "<WS>"
FIVE = "one\ntwo\nthree\nfour\nfive\n"

# ---------------------------------------------------------------- Read
add("read_only_newlines", "Read files of only newlines (1 and 4), with offset 3.",
    {"n1.txt": "\n", "n4.txt": "\n\n\n\n"},
    [R(f"{WS}/n1.txt"), R(f"{WS}/n4.txt"), R(f"{WS}/n4.txt", offset=3)])
add("read_crlf_only", "Read files of only CRLF line ends and a mixed CRLF/LF file.",
    {"c.txt": "\r\n\r\n\r\n", "mix.txt": "a\r\nb\nc\r\n\r\nd"},
    [R(f"{WS}/c.txt"), R(f"{WS}/mix.txt"), R(f"{WS}/mix.txt", offset=2, limit=2)])
add("read_offset0_limit", "offset 0 with limit 2, and offset 0 limit 0.",
    {"f.txt": FIVE}, [R(f"{WS}/f.txt", offset=0, limit=2), R(f"{WS}/f.txt", offset=0, limit=0)])
add("read_limit_string_and_bad_string", "limit '2' as string; offset 'abc'; limit true.",
    {"f.txt": FIVE},
    [R(f"{WS}/f.txt", limit="2"), R(f"{WS}/f.txt", offset="abc"), R(f"{WS}/f.txt", limit=True)])
add("read_offset_neg_limit", "offset -3 limit 2; offset 2 limit -1.",
    {"f.txt": FIVE}, [R(f"{WS}/f.txt", offset=-3, limit=2), R(f"{WS}/f.txt", offset=2, limit=-1)])
add("read_offset_exact_plus_one_no_nl", "File without final newline: offset = lines, = lines+1.",
    {"f.txt": "a\nb\nc"}, [R(f"{WS}/f.txt", offset=3), R(f"{WS}/f.txt", offset=4)])
add("read_line_2000_2001", "Lines of 2000, 2001 and 2500 chars, plus an emoji line past 2000.",
    {"l.txt": "a" * 2000 + "\n" + "b" * 2001 + "\n" + "c" * 2500 + "\nshort\n" + "x" * 1999 + "\U0001F600" * 3 + "\n"},
    [R(f"{WS}/l.txt"), R(f"{WS}/l.txt", offset=3, limit=1)])
add("read_tabs_trailing_spaces", "Tabs, trailing spaces, form feed and NUL-free control chars.",
    {"t.txt": "\tindented\ntrailing   \n\x0cformfeed\nbell\x07\nvt\x0bx\n"},
    [R(f"{WS}/t.txt")])
add("read_invalid_utf8_py", "A .py file with invalid UTF-8 bytes and a UTF-16 .txt with BOM.",
    {"bad.py": b64(b"print('caf\xe9')\n\xff\xfe\nok\n"),
     "u16.txt": b64("hi\nthere\n".encode("utf-16"))},
    [R(f"{WS}/bad.py"), R(f"{WS}/u16.txt")])
add("read_dir_variants", "Read the workspace itself, '.', and an empty directory.",
    {"emptydir/": "", "a.txt": "a\n"},
    [R(f"{WS}"), R("."), R(f"{WS}/emptydir")])
add("read_tilde_paths", "Read ~/note.txt (exists in HOME), ~/missing.txt and a file named '~x'.",
    {"~x": "tilde file\n"},
    [R("~/note.txt"), R("~/missing.txt"), R(f"{WS}/~x")], home_files={"note.txt": "home note\n"})
add("read_missing_variants", "Missing: different case, one-letter typo, in a missing dir, no ext.",
    {"README.md": "readme\n", "config.json": "{}\n", "src/main.py": "pass\n", "Makefile": "all:\n"},
    [R(f"{WS}/readme.md"), R(f"{WS}/confg.json"), R(f"{WS}/lib/main.py"), R(f"{WS}/src/main"),
     R(f"{WS}/makefile")])
add("read_missing_relative", "Missing file given relative; missing with a namesake in a subdir.",
    {"src/util.js": "x\n"}, [R("nothere.txt"), R(f"{WS}/util.js"), R(f"{WS}/util.ts")])
add("read_binary_exts", "Binary-looking extensions: .zip, .exe, .pyc, .mp3, .so holding text.",
    {"a.zip": "plain text\n", "b.exe": "plain text\n", "c.pyc": "plain text\n",
     "d.mp3": "plain text\n", "e.so": "plain text\n"},
    [R(f"{WS}/a.zip"), R(f"{WS}/b.exe"), R(f"{WS}/c.pyc"), R(f"{WS}/d.mp3"), R(f"{WS}/e.so")])
add("read_binary_noext", "Binary bytes in an extensionless file and in .dat/.csv.",
    {"blob": b64(bytes(range(256))), "x.dat": b64(b"\x00\x01\x02abc"), "y.csv": b64(b"a,b\n\x00,1\n")},
    [R(f"{WS}/blob"), R(f"{WS}/x.dat"), R(f"{WS}/y.csv")])
add("read_svg_and_uppercase_ext", "An .svg (text) and a .PNG with upper-case extension.",
    {"i.svg": "<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/>\n",
     "P.PNG": b64(png(1, 1))},
    [R(f"{WS}/i.svg"), R(f"{WS}/P.PNG")])
add("read_gif_image", "Read a 1x1 GIF.", {"p.gif": {"base64": GIF}}, [R(f"{WS}/p.gif")])
add("read_image_empty_and_fake", "An empty .png and a .jpg holding text.",
    {"e.png": b64(b""), "f.jpg": "not an image\n"}, [R(f"{WS}/e.png"), R(f"{WS}/f.jpg")])
add("read_image_large", "A 2400x60 PNG (wider than the resize bound) and a 3000x3000 PNG.",
    {"wide.png": b64(png(2400, 60)), "big.png": b64(png(3000, 3000))},
    [R(f"{WS}/wide.png"), R(f"{WS}/big.png")])
add("read_image_offset", "Read a PNG with offset/limit.", {"p.png": b64(png(1, 1))},
    [R(f"{WS}/p.png", offset=2, limit=1)])
add("read_pdf_small", "Read a one-page PDF, then with pages '1'.", {"d.pdf": b64(PDF)},
    [R(f"{WS}/d.pdf"), R(f"{WS}/d.pdf", pages="1")])
add("read_pdf_fake_and_pages_bad", "A .pdf holding text; pages '0' and 'abc' on it.",
    {"f.pdf": "not a pdf\n"},
    [R(f"{WS}/f.pdf"), R(f"{WS}/f.pdf", pages="0"), R(f"{WS}/f.pdf", pages="abc")])
add("read_notebook_no_ids", "Read an nbformat 4.4 notebook without cell ids.",
    {"old.ipynb": NB_NOIDS}, [R(f"{WS}/old.ipynb")])
add("read_notebook_outputs", "Notebook with execute_result, error, image display_data, raw cell.",
    {"out.ipynb": NB_OUTPUTS}, [R(f"{WS}/out.ipynb")])
add("read_notebook_invalid_and_offset", "A .ipynb that is not JSON; a valid notebook with offset/limit.",
    {"bad.ipynb": "not json\n", "nb.ipynb": NB_BASIC},
    [R(f"{WS}/bad.ipynb"), R(f"{WS}/nb.ipynb", offset=2, limit=1)])
add("read_unicode_name_and_space", "Paths with spaces, unicode and a leading dash.",
    {"my file.txt": "spaced\n", "caf\u00e9.txt": "accent\n", "-dash.txt": "dash\n"},
    [R(f"{WS}/my file.txt"), R(f"{WS}/caf\u00e9.txt"), R("-dash.txt")])
add("read_empty_variants", "Empty file: offset 0, limit 5, offset 2 limit 1.",
    {"e.txt": ""}, [R(f"{WS}/e.txt", offset=0), R(f"{WS}/e.txt", limit=5), R(f"{WS}/e.txt", offset=2, limit=1)])
add("read_unicode_lines", "Combining chars, RTL, zero-width and U+2028 inside lines.",
    {"u.txt": "e\u0301\n\u05e9\u05dc\u05d5\u05dd\nzero\u200bwidth\nline\u2028sep\npara\u2029sep\nnel\u0085x\n"},
    [R(f"{WS}/u.txt"), R(f"{WS}/u.txt", offset=4, limit=2)])

# ---------------------------------------------------------------- Edit
add("edit_dollar_patterns", "new_string with $&, $1, $$ and $' (JS replace patterns).",
    {"d.txt": "price: X\nname: Y\n"},
    [R(f"{WS}/d.txt"), E(f"{WS}/d.txt", "X", "$& and $$5 and $1"), E(f"{WS}/d.txt", "Y", "$' end $`")])
add("edit_dollar_replace_all", "replace_all with a $& replacement.",
    {"d.txt": "a-a-a\n"}, [R(f"{WS}/d.txt"), E(f"{WS}/d.txt", "a", "[$&]", replace_all=True)])
add("edit_overlapping_replace_all", "replace_all 'aa' in 'aaaaa'; then unique-check of 'aa'.",
    {"o.txt": "aaaaa\n", "p.txt": "xaaax\n"},
    [R(f"{WS}/o.txt"), E(f"{WS}/o.txt", "aa", "b", replace_all=True),
     R(f"{WS}/p.txt"), E(f"{WS}/p.txt", "aa", "b")])
add("edit_trailing_ws_py_vs_md", "new_string with trailing spaces on lines, in .py and .md.",
    {"a.py": "x = 1\ny = 2\n", "a.md": "x\ny\n"},
    [R(f"{WS}/a.py"), E(f"{WS}/a.py", "x = 1\n", "x = 10   \nz = 3\t\n"),
     R(f"{WS}/a.md"), E(f"{WS}/a.md", "x\n", "x  \nw  \n")])
add("edit_old_trailing_ws_file_lacks", "old_string has trailing spaces on an inner line the file lacks.",
    {"f.py": "def f():\n    return 1\n"},
    [R(f"{WS}/f.py"), E(f"{WS}/f.py", "def f():  \n    return 1", "def f():\n    return 2")])
add("edit_file_trailing_ws_old_lacks", "File has trailing spaces, old_string lacks them.",
    {"f.py": "def f():   \n    return 1\n"},
    [R(f"{WS}/f.py"), E(f"{WS}/f.py", "def f():\n    return 1", "def g():\n    return 1")])
add("edit_no_final_newline_old_has", "File lacks final newline; old_string ends with one.",
    {"f.txt": "alpha\nbeta"}, [R(f"{WS}/f.txt"), E(f"{WS}/f.txt", "beta\n", "gamma\n")])
add("edit_unicode_nfc_nfd", "File in NFD, old_string in NFC; then emoji and CJK edit.",
    {"n.txt": "cafe\u0301 au lait\n", "e.txt": "smile \U0001F600 \u4e2d\u6587\n"},
    [R(f"{WS}/n.txt"), E(f"{WS}/n.txt", "caf\u00e9", "tea"),
     R(f"{WS}/e.txt"), E(f"{WS}/e.txt", "\U0001F600 \u4e2d", "\U0001F642 \u65e5")])
add("edit_curly_replace_all", "Curly apostrophes in file, straight in old, replace_all; new has straight.",
    {"q.txt": "it\u2019s fine, it\u2019s ok\nshe said \u201chi\u201d\n"},
    [R(f"{WS}/q.txt"), E(f"{WS}/q.txt", "it's", "it's not", replace_all=True),
     E(f"{WS}/q.txt", "said \"hi\"", "said \"bye\"")])
add("edit_mixed_quotes_file", "File with both straight and curly forms of the same text.",
    {"m.txt": "don't\ndon\u2019t\n"},
    [R(f"{WS}/m.txt"), E(f"{WS}/m.txt", "don't", "do"), E(f"{WS}/m.txt", "don\u2019t", "do not")])
add("edit_sequence_chain", "Edits where each old_string is text written by the previous edit.",
    {"s.txt": "start\n"},
    [R(f"{WS}/s.txt"), E(f"{WS}/s.txt", "start", "middle"), E(f"{WS}/s.txt", "middle", "end"),
     E(f"{WS}/s.txt", "start", "again")])
add("edit_new_contains_old_replace_all", "replace_all where new_string contains old_string.",
    {"r.txt": "foo bar foo\n"},
    [R(f"{WS}/r.txt"), E(f"{WS}/r.txt", "foo", "foofoo", replace_all=True),
     E(f"{WS}/r.txt", "foo", "x", replace_all=False)])
add("edit_same_strings_replace_all", "old==new with replace_all true; old==new empty strings.",
    {"f.txt": "a a\n"},
    [R(f"{WS}/f.txt"), E(f"{WS}/f.txt", "a", "a", replace_all=True), E(f"{WS}/f.txt", "", "")])
add("edit_binary_and_image", "Edit a .png (read first) and a .bin unread.",
    {"p.png": b64(png(1, 1)), "x.bin": b64(b"\x00abc\x00")},
    [R(f"{WS}/p.png"), E(f"{WS}/p.png", "PNG", "JPG"), E(f"{WS}/x.bin", "abc", "xyz")])
add("edit_relative_after_abs_read", "Read by absolute path, Edit by relative and ./ paths.",
    {"sub/f.txt": "one\ntwo\n"},
    [R(f"{WS}/sub/f.txt"), E("sub/f.txt", "one", "uno"), E("./sub/../sub/f.txt", "two", "dos")])
add("edit_after_other_write", "Read A, Write B, then Edit A; then Edit B (written, not read).",
    {"a.txt": "aaa\n"},
    [R(f"{WS}/a.txt"), W(f"{WS}/b.txt", "bbb\n"), E(f"{WS}/a.txt", "aaa", "AAA"),
     E(f"{WS}/b.txt", "bbb", "BBB")])
add("edit_changed_after_read_append", "Read, append a line with Bash, Edit an unchanged line.",
    {"f.txt": "keep\nchange\n"},
    [R(f"{WS}/f.txt"), B(f"echo extra >> {WS}/f.txt"), E(f"{WS}/f.txt", "change", "changed")])
add("edit_deleted_after_read", "Read, delete with Bash, Edit; Read, chmod 444, Edit.",
    {"d.txt": "x\n", "ro.txt": "y\n"},
    [R(f"{WS}/d.txt"), B(f"rm {WS}/d.txt"), E(f"{WS}/d.txt", "x", "z"),
     R(f"{WS}/ro.txt"), B(f"chmod 444 {WS}/ro.txt"), E(f"{WS}/ro.txt", "y", "w")])
add("edit_crlf_old_with_crlf", "CRLF file, old_string with \\r\\n, new_string with \\n lines.",
    {"c.txt": "a\r\nb\r\nc\r\n"},
    [R(f"{WS}/c.txt"), E(f"{WS}/c.txt", "a\r\nb", "x\ny\nz")])
add("edit_crlf_replace_all_newline", "CRLF file: replace_all of '\\n'.",
    {"c.txt": "a\r\nb\r\n"}, [R(f"{WS}/c.txt"), E(f"{WS}/c.txt", "\n", " | ", replace_all=True)])
add("edit_whole_file_to_empty", "old_string = whole content, new_string empty; then Edit empty old on it.",
    {"w.txt": "only\n"}, [R(f"{WS}/w.txt"), E(f"{WS}/w.txt", "only\n", ""), E(f"{WS}/w.txt", "", "refill\n")])
add("edit_long_line_file", "Edit a short token inside a 3000-char line.",
    {"L.txt": "q" * 1500 + "NEEDLE" + "q" * 1500 + "\nend\n"},
    [R(f"{WS}/L.txt"), E(f"{WS}/L.txt", "NEEDLE", "PIN")])
add("edit_tilde_path", "Read and Edit a file through ~.", {},
    [R("~/h.txt"), E("~/h.txt", "home", "house")], home_files={"h.txt": "home sweet\n"})
add("edit_invalid_utf8_file", "Edit a .txt with latin-1 bytes next to the match.",
    {"l.txt": b64(b"caf\xe9 one\nplain two\n")},
    [R(f"{WS}/l.txt"), E(f"{WS}/l.txt", "two", "deux")])
add("edit_bom_file", "Edit a UTF-8 file with a BOM.",
    {"b.txt": b64(b"\xef\xbb\xbffirst\nsecond\n")},
    [R(f"{WS}/b.txt"), E(f"{WS}/b.txt", "first", "1st")])

# ---------------------------------------------------------------- Write
add("write_crlf_and_unicode_new", "Write new files: CRLF content, emoji without final newline.",
    {}, [W(f"{WS}/c.txt", "a\r\nb\r\n"), W(f"{WS}/u.txt", "\U0001F600 \u00e9")])
add("write_over_binary_unread", "Overwrite an unread binary .png and a read CRLF file with CRLF.",
    {"p.png": b64(png(1, 1)), "c.txt": "x\r\ny\r\n"},
    [W(f"{WS}/p.png", "text now\n"), R(f"{WS}/c.txt"), W(f"{WS}/c.txt", "p\r\nq\r\n")])
add("write_parent_is_file", "Write under a path whose parent is a file.",
    {"a.txt": "a\n"}, [W(f"{WS}/a.txt/b.txt", "x\n")])
add("write_tilde_and_dotdot", "Write ~/new.txt and sub/../top.txt.",
    {"sub/keep": ""}, [W("~/new.txt", "home\n"), R("~/new.txt"), W("sub/../top.txt", "top\n")],
    record={"outside_files": True})
add("write_trailing_ws_py", "Write a .py with trailing spaces and tabs on lines.",
    {}, [W(f"{WS}/t.py", "x = 1   \ny = 2\t\n\n\n")])
add("write_after_partial_read", "Read lines 1-2 of a file, then overwrite it.",
    {"f.txt": FIVE}, [R(f"{WS}/f.txt", limit=2), W(f"{WS}/f.txt", "new\n")])
add("write_ipynb_then_read", "Write a notebook file then Read it, NotebookEdit it.",
    {}, [W(f"{WS}/w.ipynb", NB_BASIC), R(f"{WS}/w.ipynb"),
         NE(f"{WS}/w.ipynb", cell_id="tail", new_source="y = 3")])
add("write_deep_nested_unicode", "Write into new nested folders with unicode and spaces.",
    {}, [W(f"{WS}/a b/\u00e9t\u00e9/c/d.txt", "deep\n")])

# ---------------------------------------------------------------- NotebookEdit
add("nb_insert_after", "Insert a code cell after 'calc' in an nbformat 4.4 notebook (no ids).",
    {"old.ipynb": NB_NOIDS},
    [R(f"{WS}/old.ipynb"), NE(f"{WS}/old.ipynb", cell_id="cell-1", new_source="c = 3",
                              cell_type="code", edit_mode="insert")])
add("nb_insert_no_type", "Insert without cell_type; insert at start without cell_id (4.4 notebook).",
    {"old.ipynb": NB_NOIDS},
    [R(f"{WS}/old.ipynb"), NE(f"{WS}/old.ipynb", cell_id="cell-0", new_source="z", edit_mode="insert"),
     NE(f"{WS}/old.ipynb", new_source="# top", cell_type="markdown", edit_mode="insert")])
add("nb_replace_change_type", "Replace code cell 'calc' (with outputs) as markdown; replace intro as code.",
    {"nb.ipynb": NB_BASIC},
    [R(f"{WS}/nb.ipynb"), NE(f"{WS}/nb.ipynb", cell_id="calc", new_source="## now md", cell_type="markdown"),
     NE(f"{WS}/nb.ipynb", cell_id="intro", new_source="print(0)", cell_type="code", edit_mode="replace")])
add("nb_index_ids", "Use cell-N ids on a notebook that has real ids; cell-9 out of range.",
    {"nb.ipynb": NB_BASIC},
    [R(f"{WS}/nb.ipynb"), NE(f"{WS}/nb.ipynb", cell_id="cell-2", new_source="y = 100"),
     NE(f"{WS}/nb.ipynb", cell_id="cell-9", new_source="nope")])
add("nb_delete_bad_and_mode_bad", "Delete a missing cell id; edit_mode 'append'; delete by cell-0 on 4.4.",
    {"nb.ipynb": NB_BASIC, "old.ipynb": NB_NOIDS},
    [R(f"{WS}/nb.ipynb"), NE(f"{WS}/nb.ipynb", cell_id="ghost", new_source="", edit_mode="delete"),
     NE(f"{WS}/nb.ipynb", cell_id="tail", new_source="q", edit_mode="append"),
     R(f"{WS}/old.ipynb"), NE(f"{WS}/old.ipynb", cell_id="cell-0", new_source="", edit_mode="delete")])
add("nb_replace_no_cell_id", "Replace without cell_id; relative notebook path.",
    {"nb.ipynb": NB_BASIC},
    [R(f"{WS}/nb.ipynb"), NE(f"{WS}/nb.ipynb", new_source="first"), NE("nb.ipynb", cell_id="tail", new_source="rel")])
add("nb_invalid_json_and_missing", "NotebookEdit of an invalid-JSON .ipynb (read) and of a missing one.",
    {"bad.ipynb": "not json\n"},
    [R(f"{WS}/bad.ipynb"), NE(f"{WS}/bad.ipynb", cell_id="x", new_source="y"),
     NE(f"{WS}/none.ipynb", cell_id="x", new_source="y")])
add("nb_changed_after_read", "Read a notebook, modify it with Bash, NotebookEdit.",
    {"nb.ipynb": NB_BASIC},
    [R(f"{WS}/nb.ipynb"), B(f"sed -i 's/Some text/Other text/' {WS}/nb.ipynb"),
     NE(f"{WS}/nb.ipynb", cell_id="tail", new_source="y = 9")])
add("nb_then_edit_tool", "NotebookEdit a cell, then Read the notebook again and Write over it.",
    {"nb.ipynb": NB_BASIC},
    [R(f"{WS}/nb.ipynb"), NE(f"{WS}/nb.ipynb", cell_id="intro", new_source="# New"),
     R(f"{WS}/nb.ipynb", offset=1, limit=1), E(f"{WS}/nb.ipynb", "# New", "# Newer")])
add("nb_replace_outputs_cleared", "Replace a cell with outputs in the outputs notebook; raw cell replace.",
    {"out.ipynb": NB_OUTPUTS},
    [R(f"{WS}/out.ipynb"), NE(f"{WS}/out.ipynb", cell_id="c2", new_source="1/1"),
     NE(f"{WS}/out.ipynb", cell_id="c4", new_source="raw 2")])

# ---------------------------------------------------------------- batch 2: narrowing rules
add("ws_strip_exts", "Edit new_string with trailing spaces in .txt, .MD, .markdown, .js; whitespace-only line.",
    {"a.txt": "k\n", "B.MD": "k\n", "c.markdown": "k\n", "d.js": "k\n"},
    [R(f"{WS}/a.txt"), E(f"{WS}/a.txt", "k", "k  \n   \nz "),
     R(f"{WS}/B.MD"), E(f"{WS}/B.MD", "k", "k  "),
     R(f"{WS}/c.markdown"), E(f"{WS}/c.markdown", "k", "k  "),
     R(f"{WS}/d.js"), E(f"{WS}/d.js", "k", "k\t \r\nm  ")])
add("ws_strip_write_md_and_crlf", "Write .md with trailing spaces; Write .txt with CRLF and spaces before CR.",
    {}, [W(f"{WS}/n.md", "a  \nb\t\n"), W(f"{WS}/c.txt", "a  \r\nb \r\n"), W(f"{WS}/nbsp.txt", "a\u00a0\nb\u3000\n")])
add("ws_strip_old_string", "old_string with trailing spaces that the file also has (.py).",
    {"f.py": "x = 1   \ny = 2\n"},
    [R(f"{WS}/f.py"), E(f"{WS}/f.py", "x = 1   \n", "x = 5\n")])
add("unicode_note_rules", "Missing non-ASCII old_string; \\u escape in old_string vs char in file; char vs escape.",
    {"a.txt": "caf\u00e9\n", "b.txt": "name = \"caf\\u00e9\"\n"},
    [R(f"{WS}/a.txt"), E(f"{WS}/a.txt", "\u00fcber", "x"), E(f"{WS}/a.txt", "caf\\u00e9", "tea"),
     R(f"{WS}/b.txt"), E(f"{WS}/b.txt", "caf\u00e9", "tea")])
add("unicode_note_emoji_missing", "Missing old_string with emoji; with a curly quote only.",
    {"a.txt": "plain\n"},
    [R(f"{WS}/a.txt"), E(f"{WS}/a.txt", "\U0001F600", "x"), E(f"{WS}/a.txt", "it\u2019s", "x")])
add("encoding_utf16_edit_write", "Edit and Write a UTF-16LE file with BOM after reading it.",
    {"u.txt": b64("hi\nthere\n".encode("utf-16")), "v.txt": b64("one\n".encode("utf-16"))},
    [R(f"{WS}/u.txt"), E(f"{WS}/u.txt", "there", "world"), R(f"{WS}/v.txt"), W(f"{WS}/v.txt", "two\n")])
add("encoding_utf16be_and_latin1_write", "Read UTF-16BE with BOM; Write over a read latin-1 file.",
    {"be.txt": b64(b"\xfe\xff" + "hi\n".encode("utf-16-be")), "l.txt": b64(b"caf\xe9\n")},
    [R(f"{WS}/be.txt"), R(f"{WS}/l.txt"), W(f"{WS}/l.txt", "cafe\n")])
add("encoding_nul_after_8k", "NUL byte after the first 8 KB: Read and Edit.",
    {"n.txt": b64(b"a" * 9000 + b"\nx\x00y\nend\n")},
    [R(f"{WS}/n.txt", offset=2), E(f"{WS}/n.txt", "end", "END")])
add("binary_exts_a", "Text in .dat, .db, .sqlite, .wasm, .class.",
    {f"f.{e}": "plain text\n" for e in ["dat", "db", "sqlite", "wasm", "class"]},
    [R(f"{WS}/f.{e}") for e in ["dat", "db", "sqlite", "wasm", "class"]])
add("binary_exts_b", "Text in .jar, .ttf, .woff2, .mp4, .docx.",
    {f"f.{e}": "plain text\n" for e in ["jar", "ttf", "woff2", "mp4", "docx"]},
    [R(f"{WS}/f.{e}") for e in ["jar", "ttf", "woff2", "mp4", "docx"]])
add("binary_exts_c", "Text in .xlsx, .ico, .bmp, .tiff, .o.",
    {f"f.{e}": "plain text\n" for e in ["xlsx", "ico", "bmp", "tiff", "o"]},
    [R(f"{WS}/f.{e}") for e in ["xlsx", "ico", "bmp", "tiff", "o"]])
add("binary_exts_d", "Text in .gz, .tar, .7z, .psd, .DAT.",
    {f"f.{e}": "plain text\n" for e in ["gz", "tar", "7z", "psd", "DAT"]},
    [R(f"{WS}/f.{e}") for e in ["gz", "tar", "7z", "psd", "DAT"]])
add("image_mismatch", "PNG bytes in .jpg, GIF bytes in .webp, truncated PNG, text in .gif and .jpeg.",
    {"p.jpg": b64(png(1, 1)), "g.webp": {"base64": GIF}, "t.png": b64(png(1, 1)[:20]),
     "x.gif": "GIF but text\n", "y.jpeg": "\n"},
    [R(f"{WS}/p.jpg"), R(f"{WS}/g.webp"), R(f"{WS}/t.png"), R(f"{WS}/x.gif"), R(f"{WS}/y.jpeg")])
add("image_resize_edges", "PNGs of 2000x10, 2001x10, 10x2001 and 1600x1600.",
    {"a.png": b64(png(2000, 10)), "b.png": b64(png(2001, 10)), "c.png": b64(png(10, 2001)),
     "d.png": b64(png(1600, 1600))},
    [R(f"{WS}/a.png"), R(f"{WS}/b.png"), R(f"{WS}/c.png"), R(f"{WS}/d.png")])
add("nb_celltype_report", "Replace markdown cell without cell_type; delete with cell_type markdown; replace with cell_type code on markdown.",
    {"nb.ipynb": NB_BASIC},
    [R(f"{WS}/nb.ipynb"), NE(f"{WS}/nb.ipynb", cell_id="intro", new_source="# T2"),
     NE(f"{WS}/nb.ipynb", cell_id="tail", new_source="", edit_mode="delete", cell_type="markdown"),
     NE(f"{WS}/nb.ipynb", cell_id="calc", new_source="z", cell_type="code")])
add("nb_index_forms", "cell ids 'cell-1' on 4.4 replace, '1', 'cell-01', 'cell--1', 'cell-x'.",
    {"old.ipynb": NB_NOIDS},
    [R(f"{WS}/old.ipynb"), NE(f"{WS}/old.ipynb", cell_id="cell-1", new_source="a = 10"),
     NE(f"{WS}/old.ipynb", cell_id="1", new_source="a = 11"),
     NE(f"{WS}/old.ipynb", cell_id="cell-01", new_source="a = 12"),
     NE(f"{WS}/old.ipynb", cell_id="cell--1", new_source="a = 13"),
     NE(f"{WS}/old.ipynb", cell_id="cell-x", new_source="a = 14")])
add("nb_insert_bad_anchor", "Insert after a missing cell id and after cell-9 (4.4 notebook).",
    {"old.ipynb": NB_NOIDS},
    [R(f"{WS}/old.ipynb"),
     NE(f"{WS}/old.ipynb", cell_id="ghost", new_source="g", cell_type="code", edit_mode="insert"),
     NE(f"{WS}/old.ipynb", cell_id="cell-9", new_source="g", cell_type="code", edit_mode="insert"),
     NE(f"{WS}/old.ipynb", cell_id="cell-2", new_source="last", cell_type="markdown", edit_mode="insert")])
add("nb_read_outputs_more", "Notebook outputs: stream list, error without traceback, jpeg-only display, html-only result, two images.",
    {"o.ipynb": nb([
        {"id": "s", "execution_count": 1, "source": "p()",
         "outputs": [{"output_type": "stream", "name": "stdout", "text": ["a\n", "b\n"]},
                     {"output_type": "stream", "name": "stderr", "text": "warn\n"}]},
        {"id": "e", "execution_count": 2, "source": "boom()",
         "outputs": [{"output_type": "error", "ename": "E", "evalue": "v", "traceback": []}]},
        {"id": "j", "execution_count": 3, "source": "img()",
         "outputs": [{"output_type": "display_data", "metadata": {},
                      "data": {"image/jpeg": "/9j/AAAA"}}]},
        {"id": "h", "execution_count": 4, "source": "df",
         "outputs": [{"output_type": "execute_result", "execution_count": 4, "metadata": {},
                      "data": {"text/html": ["<b>x</b>"]}}]},
        {"id": "two", "execution_count": 5, "source": "both()",
         "outputs": [{"output_type": "display_data", "metadata": {}, "data": {"image/png": base64.b64encode(png(1, 1)).decode()}},
                     {"output_type": "display_data", "metadata": {}, "data": {"image/png": base64.b64encode(png(2, 1)).decode(), "text/plain": "fig2"}}]},
    ])}, [R(f"{WS}/o.ipynb")])
add("nb_missing_variants", "NotebookEdit on a missing notebook in a missing dir; on a directory named x.ipynb; on a .json.",
    {"d.ipynb/": "", "n.json": "{}\n"},
    [NE(f"{WS}/no/x.ipynb", cell_id="a", new_source="b"), NE(f"{WS}/d.ipynb", cell_id="a", new_source="b"),
     R(f"{WS}/n.json"), NE(f"{WS}/n.json", cell_id="a", new_source="b")])
add("nb_invalid_json_variants", "Read .ipynb: empty file, truncated JSON, JSON array, JSON without cells.",
    {"e.ipynb": "", "t.ipynb": "{\"cells\": [", "a.ipynb": "[]\n", "n.ipynb": "{\"nbformat\": 4}\n"},
    [R(f"{WS}/e.ipynb"), R(f"{WS}/t.ipynb"), R(f"{WS}/a.ipynb"), R(f"{WS}/n.ipynb")])
add("coerce_limit_offset", "offset '2' with limit '2'; limit '3' alone; limit ' 3'; offset '0x2'.",
    {"f.txt": FIVE},
    [R(f"{WS}/f.txt", offset="2", limit="2"), R(f"{WS}/f.txt", limit="3"), R(f"{WS}/f.txt", limit=" 3"),
     R(f"{WS}/f.txt", offset="0x2")])
add("coerce_edit_replace_all", "Edit replace_all 'false' and 'True' and 1.",
    {"f.txt": "a a a\n"},
    [R(f"{WS}/f.txt"), E(f"{WS}/f.txt", "a", "b", replace_all="false"),
     E(f"{WS}/f.txt", "a", "c", replace_all="True"), E(f"{WS}/f.txt", "a", "d", replace_all=1)])
add("did_you_mean_forms", "Missing files with namesakes: deep dir, relative path, dir without ext match, two candidates.",
    {"a/b/c.txt": "c\n", "src/x.js": "x\n", "src/x.ts": "x\n", "doc/read.me": "m\n"},
    [R(f"{WS}/a/b/c"), R("a/b/c.md"), R(f"{WS}/src/x"), R(f"{WS}/src/x.py"), R(f"{WS}/doc/read")])
add("stale_hint_forms", "Bash changes to read files: sed -i, cp over, mv over, touch only, two files.",
    {"a.txt": "a\n", "b.txt": "b\n", "c.txt": "c\n", "d.txt": "d\n", "src.txt": "s\n"},
    [[R(f"{WS}/a.txt"), R(f"{WS}/b.txt"), R(f"{WS}/c.txt"), R(f"{WS}/d.txt")],
     B(f"sed -i 's/a/A/' {WS}/a.txt"), B(f"cp {WS}/src.txt {WS}/b.txt"),
     B(f"touch {WS}/c.txt"), B(f"echo 1 >> {WS}/c.txt; echo 2 >> {WS}/d.txt")])
add("enotdir_forms", "Read, Edit, NotebookEdit and Write under a path whose parent is a file.",
    {"a.txt": "a\n"},
    [R(f"{WS}/a.txt/b.txt"), E(f"{WS}/a.txt/b.txt", "", "x"), NE(f"{WS}/a.txt/n.ipynb", cell_id="a", new_source="b"),
     W(f"{WS}/a.txt/deeper/b.txt", "x\n")])
add("read_dev_null_and_proc", "Read /dev/null and an empty FIFO-free special path.",
    {}, [R("/dev/null"), R("/proc/self/nonexistent")])

# ---------------------------------------------------------------- batch 3
add("nb_stale_touch_and_cp", "NotebookEdit after touch -d of the read notebook; after cp of another notebook over it.",
    {"a.ipynb": NB_BASIC, "b.ipynb": NB_BASIC, "src.ipynb": NB_NOIDS},
    [[R(f"{WS}/a.ipynb"), R(f"{WS}/b.ipynb")], B(f"touch -d '2001-01-01' {WS}/a.ipynb"),
     NE(f"{WS}/a.ipynb", cell_id="tail", new_source="t"), B(f"cp {WS}/src.ipynb {WS}/b.ipynb"),
     NE(f"{WS}/b.ipynb", cell_id="cell-1", new_source="c")])
add("sed_hint_forms", "sed -i.bak on a read file; perl -pi on another read file; Write over the first.",
    {"c.txt": "c\n", "d.txt": "d\n"},
    [[R(f"{WS}/c.txt"), R(f"{WS}/d.txt")],
     B(f"sed -i.bak 's/c/C/' {WS}/c.txt"), B(f"perl -pi -e 's/d/D/' {WS}/d.txt"),
     W(f"{WS}/c.txt", "new\n")])

# ---------------------------------------------------------------- batch 4: encodings and image sizes
add("encoding_bom_write_keep", "UTF-8 files with BOM: Edit keeps it; Write of new content keeps it; Write of empty content drops it.",
    {"a.txt": b64(b"\xef\xbb\xbfhi\nthere\n"), "b.txt": b64(b"\xef\xbb\xbfone\n"), "c.txt": b64(b"\xef\xbb\xbfone\n")},
    [R(f"{WS}/a.txt"), E(f"{WS}/a.txt", "there", "world"), R(f"{WS}/b.txt"), W(f"{WS}/b.txt", "two\n"),
     R(f"{WS}/c.txt"), W(f"{WS}/c.txt", "")])
add("encoding_utf16_crlf_and_unread_write", "UTF-16LE with CRLF: Read, Edit, Read with offset; Write over unread UTF-16LE files, content with and without a BOM.",
    {"a.txt": b64("hi\r\nthere\r\n".encode("utf-16")), "b.txt": b64("one\n".encode("utf-16")),
     "c.txt": b64("one\n".encode("utf-16"))},
    [R(f"{WS}/a.txt"), E(f"{WS}/a.txt", "there", "world"), W(f"{WS}/b.txt", "\ufefftwo\n"),
     W(f"{WS}/c.txt", "fresh\n"), R(f"{WS}/a.txt", offset=2)])
add("image_resize_token_cap", "PNGs scaled by the 4784-token cap (2000x2000, 1950x1950) and by the 2000 px bound (4000x100, 100x4000, 3000x1000).",
    {f"i{i}.png": b64(png(w, h)) for i, (w, h) in enumerate([(2000, 2000), (1950, 1950), (4000, 100), (100, 4000), (3000, 1000)])},
    [R(f"{WS}/i{i}.png") for i in range(5)])

if __name__ == "__main__":
    for old in HERE.glob("xf_*.json"):
        old.unlink()
    for s in SCEN:
        (HERE / f"{s['name']}.json").write_text(json.dumps(s, indent=1, ensure_ascii=False) + "\n")
    print(len(SCEN), "scenarios")
