#!/usr/bin/env python3
"""Generates the toolvar-search scenarios: Grep, Glob and Bash results in edge cases.

Each scenario makes its tool calls one per turn (so results never race) and ends with a
text turn. Run: python3 make.py  (writes *.json next to this file)."""
import base64
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = ["Bash", "Read", "Glob", "Grep"]


def b64(data: bytes):
    return {"base64": base64.b64encode(data).decode()}


# ---------------------------------------------------------------- fixtures
TREE = {
    "src/app.py": "import os\ndef main():\n    print('Hello World')\n    return 0\n",
    "src/util.py": "def helper(x):\n    return x * 2\n# TODO: hello\n",
    "src/web/index.js": "const greet = 'hello';\nconsole.log(greet);\n",
    "src/web/style.css": ".hello { color: red; }\n",
    "src/lib.rs": "fn hello() {}\n",
    "docs/guide.md": "# Guide\nSay hello\n\nMore text\nHELLO again\n",
    "docs/notes.txt": "line1\nline2 hello\nline3\nline4\nline5\nline6 hello\nline7\nline8\nline9\nline10 hello\n",
    ".hidden/secret.txt": "hello from hidden\n",
    ".env": "HELLO=1\n",
    "build/out.js": "hello build\n",
    ".gitignore": "build/\n*.log\n",
    "app.log": "hello log\n",
    "node_modules/pkg/index.js": "hello nm\n",
}
MT = {p: 1700000000 + 100 * i for i, p in enumerate(reversed(sorted(TREE)))}

GIT = {".git/HEAD": "ref: refs/heads/main\n", ".git/config": "[core]\n\tbare = false\n"}


def tree(extra=None, git=False):
    files = dict(TREE)
    if git:
        files.update(GIT)
    if extra:
        files.update(extra)
    mt = {p: MT.get(p, 1700005000) for p in files}
    return files, mt


# ---------------------------------------------------------------- builder
SCEN = []


# Left out: their traces hold pids or depend on timing (recorded once while exploring).
UNSTABLE = {"bash_exit_signals", "bash_timeout_values", "bash_background_false"}


def sc(name, desc, calls, files=None, mtimes=None, env=None, timeout_s=None):
    if name in UNSTABLE:
        return
    responses = []
    for i, (tool, inp) in enumerate(calls, 1):
        responses.append({"content": [{"type": "tool_use", "id": f"toolu_{i:02d}", "name": tool, "input": inp}]})
    responses.append({"content": [{"type": "text", "text": "Done."}]})
    s = {"name": "xs_" + name, "description": desc, "prompt": "Go",
         "options": {"permission_mode": "bypassPermissions", "tools": TOOLS},
         "responses": responses, "default": {"content": [{"type": "text", "text": "Done."}]},
         "files": files or {}}
    if mtimes:
        s["mtimes"] = mtimes
    if env:
        s["env"] = env
    if timeout_s:
        s["timeout_s"] = timeout_s
    SCEN.append(s)


def G(**kw):
    return ("Grep", kw)


def L(**kw):
    return ("Glob", kw)


def B(command, **kw):
    d = {"command": command, "description": "run"}
    d.update(kw)
    return ("Bash", d)


# ---------------------------------------------------------------- Grep
f, m = tree()
sc("grep_ctx_overlap", "Overlapping -C contexts in one file; -A 1 -B 3 over a directory.",
   [G(pattern="hello", path="docs/notes.txt", output_mode="content", **{"-C": 2}),
    G(pattern="hello", path="docs", output_mode="content", **{"-A": 1, "-B": 3})], f, m)
sc("grep_ctx_no_n", "-n false with -C 1; -n true in files_with_matches mode; -n true in count mode.",
   [G(pattern="hello", path="docs", output_mode="content", **{"-n": False, "-C": 1}),
    G(pattern="hello", **{"-n": True}),
    G(pattern="hello", output_mode="count", **{"-n": True})], f, m)
sc("grep_ctx_precedence", "context with -C; -A with -C; -A 0.",
   [G(pattern="line6", path="docs/notes.txt", output_mode="content", context=1, **{"-C": 3}),
    G(pattern="line6", path="docs/notes.txt", output_mode="content", **{"-A": 1, "-C": 3}),
    G(pattern="line6", path="docs/notes.txt", output_mode="content", **{"-A": 0, "-B": 0})], f, m)
sc("grep_ctx_multi_files", "-C 1 across several files in content mode with -i.",
   [G(pattern="hello", output_mode="content", **{"-C": 1, "-i": True})], f, m)
sc("grep_count_variants", "count with -i; with glob *.md; with path a file.",
   [G(pattern="hello", output_mode="count", **{"-i": True}),
    G(pattern="hello", output_mode="count", glob="*.md", **{"-i": True}),
    G(pattern="hello", output_mode="count", path="docs/notes.txt")], f, m)
sc("grep_count_offset", "count head_limit 1 offset 1; count offset 99; count head_limit 0.",
   [G(pattern="hello", output_mode="count", head_limit=1, offset=1),
    G(pattern="hello", output_mode="count", offset=99),
    G(pattern="hello", output_mode="count", head_limit=0)], f, m)
sc("grep_content_offset", "content offset 100; content head_limit 0 offset 0; content head_limit 3 offset 2.",
   [G(pattern="hello", output_mode="content", offset=100),
    G(pattern="hello", output_mode="content", head_limit=0, offset=0),
    G(pattern="hello", output_mode="content", head_limit=3, offset=2)], f, m)
sc("grep_bad_numbers", "head_limit -1; offset -1; head_limit '3' (string); -C '2' (string).",
   [G(pattern="hello", head_limit=-1),
    G(pattern="hello", offset=-1),
    G(pattern="hello", head_limit="3"),
    G(pattern="hello", output_mode="content", **{"-C": "2"})], f, m)
sc("grep_regex_errors_1", "Patterns rg rejects: '[abc', 'a{2,1}', '(?<=a)b'.",
   [G(pattern="[abc"), G(pattern="a{2,1}", output_mode="content"), G(pattern="(?<=a)b", output_mode="count")], f, m)
sc("grep_regex_errors_2", "Patterns: '(a)\\1', trailing backslash, '*x', ')'.",
   [G(pattern="(a)\\1"), G(pattern="hello\\"), G(pattern="*x"), G(pattern=")", output_mode="content")], f, m)
sc("grep_special_chars", "Patterns '\\$HOME'-like, literal dot, a space, quotes.",
   [G(pattern="\\.hello", output_mode="content"),
    G(pattern="Hello World", output_mode="content"),
    G(pattern="'hello'", output_mode="content"),
    G(pattern="x \\* 2", output_mode="content")], f, m)
sc("grep_option_like", "Patterns '--files', '-e', '--', '-i' look like rg options.",
   [G(pattern="--files"), G(pattern="-e", output_mode="content"), G(pattern="--"), G(pattern="-i", output_mode="count")],
   *tree({"opts.txt": "use --files here\nflag -e set\n-- double\n-i lower\n"}))
sc("grep_empty_pattern", "Empty pattern in files mode, in content mode on a file; '^$' in content mode.",
   [G(pattern=""), G(pattern="", path="docs/guide.md", output_mode="content"),
    G(pattern="^$", path="docs", output_mode="content")], f, m)
bin_files, bin_m = tree({"data/blob.bin": b64(b"hello\x00\x01\x02binary hello\nmore\n"),
                         "data/plain.txt": "hello plain\n",
                         "data/late.bin": b64(b"x" * 9000 + b"\nhello late\n" + b"\x00tail\n")})
sc("grep_binary", "Matches in files with NUL bytes: files, content, count modes.",
   [G(pattern="hello", path="data"), G(pattern="hello", path="data", output_mode="content"),
    G(pattern="hello", path="data", output_mode="count"),
    G(pattern="hello", path="data/blob.bin", output_mode="content")], bin_files, bin_m)
sc("grep_hidden", "Matches only in hidden files; glob '.*'; path a hidden dir.",
   [G(pattern="from hidden", output_mode="content"), G(pattern="HELLO", glob=".*"),
    G(pattern="hello", path=".hidden", output_mode="content"), G(pattern="hello", glob="**/.hidden/*")], f, m)
gf, gm = tree(git=True)
sc("grep_gitignored_repo", "In a git repo (.git dir): ignored build/ and *.log, node_modules; explicit path into build/.",
   [G(pattern="hello"), G(pattern="hello", output_mode="content"),
    G(pattern="hello", path="build", output_mode="content"), G(pattern="hello", path="app.log")], gf, gm)
sc("grep_nogit_node_modules", "No git repo: node_modules, build/, *.log; glob **/*.js.",
   [G(pattern="hello", glob="**/*.js"), G(pattern="hello nm", output_mode="content"), G(pattern="hello", path="node_modules")], f, m)
long_files, long_m = tree({"long/l499.txt": "a" * 494 + "hello\n", "long/l500.txt": "a" * 495 + "hello\n",
                           "long/l501.txt": "a" * 496 + "hello\n", "long/l2000.txt": "hello" + "b" * 1995 + "\n",
                           "long/ctx.txt": "c" * 800 + "\nhello short\n" + "d" * 800 + "\n"})
sc("grep_long_lines", "Matching lines of 499/500/501/2000 chars; long context lines; count on long.",
   [G(pattern="hello", path="long", output_mode="content"),
    G(pattern="hello short", path="long/ctx.txt", output_mode="content", **{"-C": 1}),
    G(pattern="hello", path="long", output_mode="count")], long_files, long_m)
sc("grep_type_filters", "type rust, markdown, css, nosuchtype.",
   [G(pattern="hello", type="rust"), G(pattern="hello", type="markdown", **{"-i": True}),
    G(pattern="hello", type="css", output_mode="content"), G(pattern="hello", type="nosuchtype")], f, m)
sc("grep_glob_filters", "glob '*.py,*.js'; '*.py *.js'; '!*.py'; 'src/**/*.js'.",
   [G(pattern="hello", glob="*.py,*.js", **{"-i": True}), G(pattern="hello", glob="*.py *.js", **{"-i": True}),
    G(pattern="hello", glob="!*.py", **{"-i": True}), G(pattern="hello", glob="src/**/*.js")], f, m)
uni_files, uni_m = tree({"u/fr.txt": "école\nÉCOLE\nStraße\n", "u/gr.txt": "αβγ\n"})
sc("grep_unicode", "-i on 'ÉCOLE'; 'école' case-sensitive; '\\p{Greek}'; 'STRASSE' -i.",
   [G(pattern="ÉCOLE", path="u", output_mode="content", **{"-i": True}),
    G(pattern="école", path="u", output_mode="content"),
    G(pattern="\\p{Greek}+", path="u", output_mode="content"),
    G(pattern="STRASSE", path="u", output_mode="count", **{"-i": True})], uni_files, uni_m)
sc("grep_multiline_modes", "multiline 'line2.*line4' in content/files/count modes; multiline with -n false.",
   [G(pattern="line2.*line4", path="docs", output_mode="content", multiline=True),
    G(pattern="line2.*line4", multiline=True),
    G(pattern="line2.*line4", output_mode="count", multiline=True),
    G(pattern="Say hello\\n\\nMore", output_mode="content", multiline=True, **{"-n": False})], f, m)
enc_files, enc_m = tree({"enc/crlf.txt": "one hello\r\ntwo\r\nthree hello\r\n",
                         "enc/latin1.txt": b64("caf\xe9 hello\nna\xefve\n".encode("latin-1")),
                         "enc/bom.txt": b64(b"\xef\xbb\xbfhello bom\n"),
                         "enc/utf16.txt": b64("hello utf16\n".encode("utf-16"))})
sc("grep_encodings", "CRLF, latin-1, BOM, UTF-16 files in content mode; '\\r$' pattern.",
   [G(pattern="hello", path="enc", output_mode="content"), G(pattern="hello\\r$", path="enc", output_mode="content"),
    G(pattern="na.ve", path="enc", output_mode="content")], enc_files, enc_m)
sc("grep_path_variants", "path './src'; 'src/'; '<WS>/src/../docs'; '.'.",
   [G(pattern="hello", path="./src"), G(pattern="hello", path="src/", output_mode="content"),
    G(pattern="hello", path="<WS>/src/../docs"), G(pattern="hello", path=".", output_mode="count")], f, m)
many = {f"o/f{i:02d}.txt": f"hit {i}\n" for i in range(30)}
many_m = {p: 1700000000 + ((i * 7) % 30) * 10 for i, p in enumerate(many)}
sc("grep_many_files_order", "30 files with shuffled mtimes: files mode head_limit 5; content mode head_limit 5; count head_limit 3.",
   [G(pattern="hit", path="o", head_limit=5), G(pattern="hit", path="o", output_mode="content", head_limit=5),
    G(pattern="hit", path="o", output_mode="count", head_limit=3)], many, many_m)
sc("grep_many_files_default", "30 files: files mode no limit; content mode no limit.",
   [G(pattern="hit", path="o"), G(pattern="hit", path="o", output_mode="content")], many, many_m)
edge_files, edge_m = tree({"e/empty.txt": "", "e/nonl.txt": "first\nlast hello", "e/only.txt": "hello"})
sc("grep_empty_nonl", "Empty file, no trailing newline with -A 2 / -B 2, a file that is one line without newline.",
   [G(pattern="hello", path="e", output_mode="content", **{"-B": 2}),
    G(pattern="first", path="e/nonl.txt", output_mode="content", **{"-A": 2}),
    G(pattern=".", path="e", output_mode="count")], edge_files, edge_m)
sc("grep_path_file_modes", "path a file: count, content with context, -i; path with glob that excludes it.",
   [G(pattern="HELLO", path="docs/guide.md", output_mode="count", **{"-i": True}),
    G(pattern="hello", path="docs/guide.md", output_mode="content", **{"-C": 1}),
    G(pattern="hello", path="docs/guide.md", glob="*.py")], f, m)
sc("grep_missing_paths", "missing relative path, missing nested, path '<WS>/docs/guide.md/x'.",
   [G(pattern="hello", path="nope"), G(pattern="hello", path="src/nope/deeper", output_mode="content"),
    G(pattern="hello", path="<WS>/docs/guide.md/x")], f, m)

# ---------------------------------------------------------------- Glob
gl_files = {"g/a.txt": "a\n", "g/b.txt": "b\n", "g/c.txt": "c\n", "g/ab.txt": "ab\n", "g/a.md": "a\n",
            "g/sub/a.txt": "a\n", "g/sub/deep/b.md": "b\n", "g/.dot.txt": "d\n", "g/.dotdir/x.txt": "x\n"}
gl_m = {p: 1700000000 + 100 * i for i, p in enumerate(sorted(gl_files))}
sc("glob_char_class", "'[ab].txt'; '?.txt'; '[!a]*.txt'; '[a-b]*'.",
   [L(pattern="[ab].txt", path="g"), L(pattern="?.txt", path="g"), L(pattern="[!a]*.txt", path="g"),
    L(pattern="[a-b]*", path="g")], gl_files, gl_m)
sc("glob_braces", "'{a,b}.txt'; '**/*.{md,txt}'; '{sub,nothing}/**'; '{a,ab}.*'.",
   [L(pattern="{a,b}.txt", path="g"), L(pattern="**/*.{md,txt}", path="g"), L(pattern="{sub,nothing}/**", path="g"),
    L(pattern="{a,ab}.*", path="g")], gl_files, gl_m)
sc("glob_dotfiles", "'**/*' (dotfiles?); '.dotdir/*'; '**/.*'; '**/*.txt'.",
   [L(pattern="**/*", path="g"), L(pattern=".dotdir/*", path="g"), L(pattern="**/.*", path="g"),
    L(pattern="**/*.txt", path="g")], gl_files, gl_m)
sc("glob_gitignored_repo", "In a git repo: '**/*.js' (build/, node_modules), '*.log', 'build/*', '.git/*'.",
   [L(pattern="**/*.js"), L(pattern="*.log"), L(pattern="build/*"), L(pattern=".git/*")], gf, gm)
sc("glob_nogit_ignored", "No git repo: '**/*.js', '*.log', '**/index.js'.",
   [L(pattern="**/*.js"), L(pattern="*.log"), L(pattern="**/index.js")], f, m)
for n in (100, 101):
    files = {f"n/f{i:03d}.txt": "x\n" for i in range(n)}
    mts = {p: 1700000000 + ((i * 37) % n) * 10 for i, p in enumerate(files)}
    sc(f"glob_exact_{n}", f"{n} files with shuffled mtimes: '**/*.txt', then 'n/f00*.txt'.",
       [L(pattern="**/*.txt"), L(pattern="n/f00*.txt")], files, mts)
files = {f"p/f{i:03d}.txt": "x\n" for i in range(120)}
mts = {p: 1700000000 + (119 - i) * 10 for i, p in enumerate(files)}
sc("glob_120_desc_mtime", "120 files whose mtimes decrease with the name: which 100 are kept.",
   [L(pattern="p/*.txt")], files, mts)
sc("glob_path_variants", "path 'g/'; './g/sub'; '<WS>/g/sub/../'; '' (empty).",
   [L(pattern="*.txt", path="g/"), L(pattern="**/*", path="./g/sub"), L(pattern="*.txt", path="<WS>/g/sub/../"),
    L(pattern="*.txt", path="")], gl_files, gl_m)
sc("glob_pattern_odd", "'**'; '*'; 'g' (a directory); './g/*.md'; '' (empty).",
   [L(pattern="**", path="g"), L(pattern="*"), L(pattern="g"), L(pattern="./g/*.md"), L(pattern="")], gl_files, gl_m)
sc("glob_pattern_abs_rel", "'<WS>/g/**/*.md'; '/nonexistent_xyz/*.md'; '../ws/g/*.md'; 'g/../g/a.*'.",
   [L(pattern="<WS>/g/**/*.md"), L(pattern="/nonexistent_xyz/*.md"), L(pattern="../ws/g/*.md"),
    L(pattern="g/../g/a.*")], gl_files, gl_m)
sp_files = {"s/a[1].txt": "1\n", "s/sp ace.txt": "2\n", "s/q?.txt": "3\n", "s/star*.txt": "4\n", "s/é.txt": "5\n"}
sp_m = {p: 1700000000 + 100 * i for i, p in enumerate(sorted(sp_files))}
sc("glob_special_names", "Names with [ ] ? * space é: 'a[1].txt', 'a\\[1\\].txt', 'sp ace.txt', '*', 'é*'.",
   [L(pattern="a[1].txt", path="s"), L(pattern="a\\[1\\].txt", path="s"), L(pattern="sp ace.txt", path="s"),
    L(pattern="*", path="s"), L(pattern="é*", path="s")], sp_files, sp_m)
ln_files = {"real/r.txt": "r\n", "real/deep/d.txt": "d\n", "lnk/file.txt": {"symlink": "../real/r.txt"},
            "lnk/dir": {"symlink": "../real"}, "lnk/dangling.txt": {"symlink": "../nowhere.txt"}}
sc("glob_symlinks", "Symlinked file, dir and dangling link: '**/*.txt' from lnk; '*' in lnk.",
   [L(pattern="**/*.txt", path="lnk"), L(pattern="*", path="lnk"), L(pattern="dir/*", path="lnk")], ln_files,
   {"real/r.txt": 1700000000, "real/deep/d.txt": 1700000100})
sc("glob_dirs", "'*/' ; 'g/*/'; empty dir 'emptyd/*'; '**/' .",
   [L(pattern="*/", path="g"), L(pattern="g/*/"), L(pattern="emptyd/*"), L(pattern="**/", path="g")],
   dict(gl_files, **{"emptyd/": ""}), gl_m)
tie = {"t/z/one.txt": "1\n", "t/a/two.txt": "2\n", "t/m/three.txt": "3\n", "t/four.txt": "4\n"}
sc("glob_tie_multi_dir", "Same mtime in different directories; then one newer.",
   [L(pattern="t/**/*.txt")], tie, {p: 1700000000 for p in tie})
sc("glob_path_file_and_missing", "path is a file with '*'; path missing relative; path '~'-less home-ish '<WS>/g/a.txt'.",
   [L(pattern="*", path="g/a.txt"), L(pattern="*.txt", path="no/such"), L(pattern="**", path="<WS>/g/a.txt")],
   gl_files, gl_m)

# ---------------------------------------------------------------- Bash
sc("bash_blank_lines", "Leading/trailing blank lines; only whitespace; only newlines.",
   [B("printf '\\n\\n\\nhello\\n\\n\\n'"), B("printf '  \\n\\t\\n  '"), B("printf '\\n\\n'")])
sc("bash_indent_and_stderr_blank", "Indented first line with trailing spaces; blank stdout with stderr; spaces after text.",
   [B("printf '   indented\\n\\n  second   \\n   '"), B("echo; echo; echo err >&2"), B("printf 'x   \\t  '")])
sc("bash_non_utf8", "Invalid UTF-8 bytes, latin-1 é, a truncated multi-byte char at the end, NUL byte.",
   [B("printf 'a\\xff\\xfeb\\n'"), B("printf 'caf\\xe9\\n'"), B("printf 'euro \\xe2\\x82'"), B("printf 'a\\0b\\n'")])
sc("bash_ansi", "ANSI colour codes, OSC title, bell, backspace.",
   [B("printf '\\033[31mred\\033[0m plain\\n'"), B("printf '\\033]0;title\\007x\\n'"),
    B("printf 'bell\\a end\\n'"), B("printf 'abc\\b\\bX\\n'")])
sc("bash_carriage_returns", "CR progress, CRLF lines, CR at end, CR only.",
   [B("printf 'a\\rb\\n'"), B("printf '10%%\\r50%%\\r100%%\\n'"), B("printf 'x\\r\\ny\\r\\n'"), B("printf '\\r'")])
sc("bash_exit_1_2", "exit 1 silent; echo out; exit 2; echo err >&2; exit 2; exit 1 after stderr+stdout.",
   [B("exit 1"), B("echo out; exit 2"), B("echo err >&2; exit 2"), B("echo o; echo e >&2; exit 1")])
sc("bash_exit_127_130", "command not found (127); exit 127 silent; exit 130; a child killed by SIGINT.",
   [B("nosuchcmd_xyz_123 --flag"), B("exit 127"), B("exit 130"), B("sh -c 'kill -INT $$'; echo after=$?")])
sc("bash_exit_signals", "Child killed by TERM / KILL / SEGV, exit status reported by the shell.",
   [B("sh -c 'kill -TERM $$'"), B("echo before; sh -c 'kill -KILL $$'"), B("sh -c 'kill -SEGV $$'")])
sc("bash_exit_255_256", "exit 255; exit 256; exit -1.",
   [B("exit 255"), B("echo x; exit 256"), B("exit -1")])
sc("bash_stderr_only", "stderr only exit 0; stderr only exit 1; stdout/stderr interleaved three lines exit 0.",
   [B("echo warn >&2"), B("echo warn >&2; false"), B("echo a; echo b >&2; echo c")])
sc("bash_big_mixed", "20000 chars on stdout and 20000 on stderr, exit 0 then exit 1.",
   [B("head -c 20000 /dev/zero | tr '\\0' a; head -c 20000 /dev/zero | tr '\\0' b >&2"),
    B("head -c 20000 /dev/zero | tr '\\0' a; head -c 20000 /dev/zero | tr '\\0' b >&2; exit 1")])
sc("bash_big_lines_stderr", "35000 chars of short lines on stderr only, exit 0.",
   [B("for i in $(seq 1 5000); do echo \"line$i\"; done >&2")])
sc("bash_cd_root", "cd / && pwd; pwd; cd sub && pwd; pwd; cd nonexistent_dir.",
   [B("cd / && pwd"), B("pwd"), B("cd sub && pwd"), B("pwd"), B("cd nonexistent_dir")], {"sub/a.txt": "a\n"})
sc("bash_cd_home_tmp", "cd ~ && pwd; pwd; cd $TMPDIR-like ../tmp; pwd.",
   [B("cd ~ && pwd"), B("pwd"), B("cd ../tmp && pwd"), B("pwd")])
sc("bash_cd_removed_cwd", "cd into a dir, remove it, then pwd in next call.",
   [B("mkdir -p d && cd d && rmdir ../d && pwd"), B("pwd"), B("ls")])
sc("bash_timeout_values", "timeout 1000 sleep 3 silent; timeout -5; timeout 1.5 float; timeout null.",
   [B("sleep 3", timeout=1000), B("echo neg", timeout=-5), B("echo flt", timeout=1500.5), B("echo nul", timeout=None)],
   timeout_s=180)
sc("bash_timeout_with_output", "timeout 1000 with output before sleep 4 (moves to background?), then wait.",
   [B("echo started; sleep 4; echo finished", timeout=1000), B("sleep 5; echo waited")], timeout_s=180)
# The background commands wait 1.5 s so that they end during the next call's sleep (4 s: past
# the 3 s after which a foreground command is shown as a task, a margin that load only widens): a
# command that ends at once races the next response in the reference (its first command starts
# slowly), and the file names of the task folder are random (files are found by their content, or
# only sizes are printed; in the TS SDK a command's own output file is among them).
sc("bash_background_read", "run_in_background: sleeps 1 s, prints stdout+stderr, exit 3; then cat its output file.",
   [B("sleep 1.5; printf 'bg-out\\n'; printf 'bg-err\\n' >&2; exit 3", run_in_background=True),
    B("sleep 4; cat $(grep -l bg-out ../tmp/claude-*/*/*/tasks/*.output)")], timeout_s=180)
sc("bash_background_big", "run_in_background with 40000 chars output after 1 s; then the sizes of the task files.",
   [B("sleep 1.5; head -c 40000 /dev/zero | tr '\\0' z", run_in_background=True),
    B("sleep 4; wc -c ../tmp/claude-*/*/*/tasks/*.output | awk '{print $1}' | sort -n")], timeout_s=180)
sc("bash_background_false", "run_in_background false explicitly; run_in_background 'true' string.",
   [B("echo fg", run_in_background=False), B("echo str", run_in_background="true")])
sc("bash_stdin", "cat with no input; read a line; wc -c of stdin.",
   [B("cat"), B("read x; echo \"[$x] rc=$?\""), B("wc -c")])
sc("bash_multiline_cmd", "heredoc; trailing newline in command; comment only; leading spaces.",
   [B("cat <<'EOF'\nline a\n  line b\nEOF"), B("echo one\n"), B("# nothing here"), B("   echo lead")])
sc("bash_tabs_controls", "Tabs, form feed, vertical tab, DEL, 0x01.",
   [B("printf 'a\\tb\\tc\\n'"), B("printf 'f\\fv\\vend\\n'"), B("printf 'x\\x7fy\\x01z\\n'")])
sc("bash_env_shell", "Environment the command sees: CLAUDECODE, entrypoint, $0, shell options.",
   [B("echo \"cc=$CLAUDECODE ep=$CLAUDE_CODE_ENTRYPOINT\""), B("echo \"$0\" | sed 's#.*/##'"),
    B("shopt -q extglob && echo extglob-on || echo extglob-off; set -o | grep -E '^(errexit|pipefail|nounset) '")])
sc("bash_exit1_whitespace", "Exit 1 with only blank output; exit 1 with leading blank lines then text.",
   [B("printf '\\n\\n  \\n'; exit 1"), B("printf '\\n\\nmsg\\n\\n'; exit 4"), B("printf '  \\n' >&2; exit 2")])

# ---------------------------------------------------------------- follow-ups (rules)
lb_files, lb_m = tree({"lb/u499.txt": "\u00e9" * 247 + "hello\n", "lb/u501.txt": "\u00e9" * 248 + "hello\n",
                       "lb/a500.txt": "a" * 495 + "hello\n", "lb/a501nl.txt": "a" * 496 + "hello\r\n",
                       "lb/ctx.txt": "x" * 501 + "\nhello ctx\n"})
sc("grep_long_bytes", "Long-line cut in bytes vs chars: 499/501-byte lines of e-acute, 500 ASCII, 501 with CRLF, 501-char context.",
   [G(pattern="hello", path="lb", output_mode="content"),
    G(pattern="hello ctx", path="lb/ctx.txt", output_mode="content", **{"-B": 1})], lb_files, lb_m)
cr_files, cr_m = tree({"cr/a.txt": "one hello\r\ntwo\r\nthree\r\n", "cr/mid.txt": "a\rb hello\n", "cr/cr_only.txt": "x hello\ry\rz\n"})
sc("grep_cr_context", "CRLF in context lines (-C 1), CR mid-line, CR-only line ends; count mode.",
   [G(pattern="two", path="cr/a.txt", output_mode="content", **{"-C": 1}),
    G(pattern="hello", path="cr/mid.txt", output_mode="content"),
    G(pattern="hello", path="cr/cr_only.txt", output_mode="content"),
    G(pattern="hello", path="cr", output_mode="count")], cr_files, cr_m)
sc("grep_binary_explicit", "Binary file as path: files mode, count mode; late NUL file as path in content mode; -i content.",
   [G(pattern="hello", path="data/blob.bin"), G(pattern="hello", path="data/blob.bin", output_mode="count"),
    G(pattern="hello", path="data/late.bin", output_mode="content"),
    G(pattern="HELLO", path="data/blob.bin", output_mode="content", **{"-i": True})], bin_files, bin_m)
sc("grep_missing_rel_forms", "Missing path spelt './nope', 'nope/', '../ws/nope'; through a file relative 'docs/guide.md/x'.",
   [G(pattern="hello", path="./nope"), G(pattern="hello", path="nope/"), G(pattern="hello", path="../ws/nope"),
    G(pattern="hello", path="docs/guide.md/x")], f, m)
sc("glob_missing_base", "Glob with missing bases: '<WS>/nope/*.txt', 'nope/*.txt', '/nonexistent_xyz/**/x', path '<WS>/g/a.txt/x'.",
   [L(pattern="<WS>/nope/*.txt"), L(pattern="nope/*.txt"), L(pattern="/nonexistent_xyz/**/x"),
    L(pattern="*", path="<WS>/g/a.txt/x")], gl_files, gl_m)
sc("git_dir_search", "Git repo: Glob '**/*' and '**/HEAD'; Grep 'refs/heads' and Grep with glob '.git/**'.",
   [L(pattern="**/HEAD"), L(pattern="**/*", path="<WS>"), G(pattern="refs/heads"), G(pattern="bare", glob=".git/**")], gf, gm)
sc("bash_fail_whitespace_more", "Failing commands: indented first line, stderr with leading blank lines, blank stdout + stderr text.",
   [B("printf '\\n  x\\n'; exit 1"), B("printf '\\n\\nerr\\n' >&2; exit 1"), B("printf '\\n\\n'; echo e >&2; exit 5")])
sc("bash_timeout_negative", "Negative timeouts stop a silent command at once, named as given: -5 and -1500 "
   "(a command that ends at once races the timer in the reference: left out).",
   [B("sleep 1", timeout=-5), B("sleep 1", timeout=-1500)], timeout_s=180)
sc("grep_multiline_count_more", "multiline count: two 2-line matches in a file; one-line matches; files mode with -i.",
   [G(pattern="line\\d\\nline", path="docs/notes.txt", output_mode="count", multiline=True),
    G(pattern="hello", path="docs/notes.txt", output_mode="count", multiline=True),
    G(pattern="line1\\nline2", path="docs/notes.txt", output_mode="content", multiline=True)], f, m)
sc("grep_numbers_more", "head_limit 1.5; offset '2' string; head_limit -1 in content mode; offset -3 in count mode.",
   [G(pattern="hello", head_limit=1.5), G(pattern="hello", offset="2"),
    G(pattern="hello", output_mode="content", head_limit=-1), G(pattern="hello", output_mode="count", offset=-3)], f, m)
sc("bash_cwd_removed_later", "cd into a dir (persisted), remove it in the next call, then pwd; then ls.",
   [B("mkdir -p d2 && cd d2 && pwd"), B("rmdir ../d2; echo rc=$?"), B("pwd"), B("ls")])
sc("bash_bg_output_file", "Background exit 0 with stdout after 1 s, then cat its .output; background stderr only "
   "exit 1 after 1 s, cat it (files found by content: their names and times race).",
   [B("sleep 1.5; echo hello-bg", run_in_background=True),
    B("sleep 4; cat $(grep -l hello-bg ../tmp/claude-*/*/*/tasks/*.output)"),
    B("sleep 1.5; echo only-err >&2; exit 1", run_in_background=True),
    B("sleep 4; cat $(grep -l only-err ../tmp/claude-*/*/*/tasks/*.output)")], timeout_s=180)
sc("bash_long_foreground", "Foreground commands of 2 s and 4 s: past about 3 s a command is shown as a task.",
   [B("sleep 2; echo two"), B("sleep 4; echo four")], timeout_s=180)
sc("bash_env_names", "Names (not values) of CLAUDE*/ANTHROPIC*/GIT_* variables the command sees; SHLVL; TMPDIR shape.",
   [B("env | cut -d= -f1 | grep -E '^(CLAUDE|ANTHROPIC|GIT_|NODE_|OTEL|COREPACK|npm_)' | sort"),
    B("echo \"shlvl=$SHLVL\"; echo \"$TMPDIR\" | sed 's#.*/tmp#<tmp>#'")])

# Found after the first recording: rg's report of a NUL byte, and the timeout texts.
big = b"hello big\n" + b"y" * 70000 + b"\n" + b"hello after\n" + b"\x00z\n"
ctx_files, ctx_m = tree({"data/ctx.bin": b64(b"alpha\nctx\x00line\nhello ctx\nomega\n"),
                         "data/big.bin": b64(big), "data/two.bin": b64(b"hello a\nhello b\x00\n")})
sc("grep_binary_rules", "NUL in a context line of a named file; a NUL past 64 KiB in a walked directory; "
   "two binary files in content mode over a dir; files mode over data.",
   [G(pattern="hello", path="data/ctx.bin", output_mode="content", **{"-C": 1}),
    G(pattern="hello", path="data", output_mode="content"),
    G(pattern="hello", path="data/two.bin", output_mode="content", **{"-n": False}),
    G(pattern="hello", path="data", output_mode="count")], ctx_files, ctx_m)
sc("bash_timeout_texts", "Timeouts as the kill message words them: 1500 ms, 2500 ms; BASH_DEFAULT_TIMEOUT_MS=1200 default.",
   [B("sleep 4", timeout=1500), B("sleep 4", timeout=2500), B("sleep 4")],
   env={"BASH_DEFAULT_TIMEOUT_MS": "1200"}, timeout_s=180)
sc("bash_timeout_max_env", "BASH_MAX_TIMEOUT_MS=1000 caps a timeout of 5000 (sleep 2 runs); a timeout of 0 is the default.",
   [B("sleep 2", timeout=5000), B("echo zero", timeout=0)],
   env={"BASH_MAX_TIMEOUT_MS": "1000"}, timeout_s=180)


# ---------------------------------------------------------------- background ends (rounds)
def rounds(name, desc, script, **options):
    """A scenario of scripted responses: each a list of calls (one response) or a final text,
    either optionally as (item, delay_ms), the delay being how long the server waits to answer."""
    responses, n = [], 0
    for item in script:
        item, delay = item if isinstance(item, tuple) else (item, 0)
        if isinstance(item, str):
            r = {"content": [{"type": "text", "text": item}]}
        else:
            content = []
            for tool, inp in item:
                n += 1
                content.append({"type": "tool_use", "id": f"toolu_{n:02d}", "name": tool, "input": inp})
            r = {"content": content}
        if delay:
            r["delay_ms"] = delay
        responses.append(r)
    SCEN.append({"name": "xs_" + name, "description": desc, "prompt": "Go",
                 "options": {"permission_mode": "bypassPermissions", "tools": TOOLS, **options},
                 "responses": responses, "default": {"content": [{"type": "text", "text": "Done."}]},
                 "files": {}, "timeout_s": 180})


BG = {"run_in_background": True}
rounds("bgv_end_during_call", "A background command ends during the next call: its notice follows that call's result.",
       [[B("sleep 1.5; echo a", **BG)], [B("sleep 4; echo b")], "Done."])
rounds("bgv_end_while_waiting", "A background command ends while the next response is awaited: its notice follows "
       "the result of the call that response makes.",
       [[B("sleep 0.5; echo a", **BG)], ([B("echo b")], 2500), "Done."])
rounds("bgv_end_during_request_then_call", "A background command ends while a later request is awaited: its notice "
       "waits for the next round's results.",
       [[B("sleep 1.5; echo a", **BG)], [B("echo b")], ([B("echo c")], 3500), "Done."])
rounds("bgv_end_during_last_request", "A background command ends while the final answer is awaited: the turn ends, "
       "and a turn of its own tells the model.",
       [[B("sleep 1.5; echo a", **BG)], ("Done.", 3500)])
rounds("bgv_two_tasks_one_call", "Two background commands (exit 0, exit 2) end during one call: one notice with "
       "both, in the order they ended.",
       [[B("sleep 1; echo a", **BG)], [B("sleep 2; exit 2", **BG)], [B("sleep 4; echo c")], "Done."])
rounds("bgv_same_round", "A background command and a foreground one in one response: the end reaches the model "
       "after both results.",
       [[B("sleep 1.5; echo a", **BG), B("sleep 4; echo b")], "Done."])
rounds("bgv_end_max_turns", "A background command ends during the call of the last round max_turns allows: the "
       "turn ends without its notice, and a turn of its own tells the model (the prompt joins the results).",
       [[B("sleep 1.5; echo a", **BG)], [B("sleep 4; echo b")], "Done."], max_turns=2)
rounds("bgv_end_after_turn", "A background command still running when the turn ends: a turn of its own.",
       [[B("sleep 2; echo a", **BG)], "Done."])


def main():
    names = set()
    for s in SCEN:
        with open(os.path.join(HERE, s["name"] + ".json"), "w") as fh:
            json.dump(s, fh, indent=1, ensure_ascii=False)
            fh.write("\n")
        names.add(s["name"])
    for old in os.listdir(HERE):
        if old.endswith(".json") and old[:-5] not in names:
            os.remove(os.path.join(HERE, old))
    print(len(SCEN), "scenarios")


if __name__ == "__main__":
    main()
