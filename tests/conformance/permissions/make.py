#!/usr/bin/env python3
"""Writes the permission-table scenarios (one JSON per rule set and mode, many tool calls
each). Record the reference's decisions with
  python3 ../shared/conformance/run.py --python REF NAME.json -o golden/NAME.json
and the table test in crates/oxagent/tests/permission_table.rs replays them."""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
FAKES = {
    "bin/npm": {"text": "#!/bin/sh\necho \"npm-fake $*\"\n", "mode": "755"},
    "bin/git": {"text": "#!/bin/sh\necho \"git-fake $*\"\n", "mode": "755"},
    "bin/curl": {"text": "#!/bin/sh\necho \"curl-fake $*\"\n", "mode": "755"},
}
FILES = dict(FAKES, **{
    "package.json": "{\"name\": \"demo\"}\n", "src/app.js": "console.log('app');\n",
    "README.md": "demo\n", ".env": "SECRET=1\n", "sub/.env": "SECRET=2\n", "notes.txt": "n\n",
})
ENV = {"PATH": "<WS>/bin:/usr/local/bin:/usr/bin:/bin"}

def bash(cmds):
    return [("Bash", {"command": c}) for c in cmds]

def scenario(name, desc, options, calls, batch=8, files=None, extra=None):
    responses = []
    n = 0
    for i in range(0, len(calls), batch):
        content = []
        for tool, inp in calls[i:i + batch]:
            n += 1
            content.append({"type": "tool_use", "id": f"toolu_{n:02d}", "name": tool, "input": inp})
        responses.append({"content": content})
    responses.append({"content": [{"type": "text", "text": "Done."}]})
    s = {"name": name, "description": desc, "prompt": "Run the checks", "options": options,
         "files": files or FILES, "env": ENV, "record": {"outside_files": True, "decisions": True},
         "timeout_s": 600, "responses": responses}
    s.update(extra or {})
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        json.dump(s, f, indent=1)

NPM = ["npm test", "npm run build", "npm", "npm test && touch pwned_and", "npm test; touch pwned_semi",
       "npm test || touch pwned_or", "npm test & touch pwned_bg", "npm test\ntouch pwned_newline",
       "npm test | sh", "npm test $(touch pwned_subst)", "npm test `touch pwned_backtick`",
       "npm test <(touch pwned_procsub)", "FOO=1 npm test", "npm test > out_inside.txt",
       "npm test > ../escape_redirect.txt", "npm test 2>&1 | tee tee_out.txt", "npm test | grep npm",
       "bash -c \"touch pwned_bashc\"", "env touch pwned_env", "echo pwned_xargs | xargs touch",
       "eval \"npm test; touch pwned_eval\"", "npm test; npm test && touch pwned_chain",
       "cd .. && touch pwned_cdup", "mkdir newdir", "touch a.txt", "rm README.md", "mv notes.txt moved.txt",
       "cp package.json pkg2.json", "touch ../outside_touch", "sed -i s/a/b/ src/app.js"]

RM = ["rm -rf v01", "/bin/rm -rf v03", "command rm -rf v04", "\\rm -rf v05", "env rm -rf v06",
      "echo v07 | xargs rm -rf", "find . -maxdepth 1 -name v08 -exec rm -rf {} +", "bash -c \"rm -rf v09\"",
      "true && rm -rf v11", "(rm -rf v13)", "{ rm -rf v14; }", "rm v16/f.txt", "r''m -rf v18",
      "RM=rm; $RM -rf v19", "find v20 -delete", "unlink v21/f.txt", "nice rm -rf v26", "timeout 10 rm -rf v27",
      "exec rm -rf v31", "rmdir e35", "npm test && rm -rf v40", "npm run rm -rf x"]

MORE = ["echo $(whoami)", "echo ${HOME}", "echo $HOME", "cat /etc/hostname", "echo hi > /dev/null",
        "echo hi 2>/dev/null", "timeout 5 echo hi", "nice echo hi", "echo hi | xargs echo",
        "(echo a; echo b)", "{ echo a; }", "echo a && (touch sub_x)", "for i in 1 2; do echo $i; done",
        "if true; then touch if_y; fi", "cat <<< hi", "cat <<EOF\nhi\nEOF", "echo \"$(touch dq_z)\"",
        "echo '$(touch sq_z)'", "echo hi;", "echo hi &", "echo hi |& cat", "echo ~", "echo hi > ~/home_x",
        "echo {a,b}", "echo *", "ls /", "ls -la ..", "cd src && ls", "cd /tmp && ls", "pwd; cd ..; pwd",
        "export A=1", "A=1", "echo x >| clobber.txt", "echo x &> both.txt", "echo x 2> err.txt",
        "sleep 0 && echo hi", "git log | head -1", "git -c x=y log", "git --no-pager log", "env",
        "env -i echo hi", "sort -o sorted.txt notes.txt", "awk '{print}' notes.txt", "tee tee2.txt",
        "touch src/../../escape2", "cat notes.txt | wc -l", "grep -r x .", "head -1 ../outside.txt",
        "LANG=C ls", "LS_COLORS= ls", "NO_COLOR=1 git status", "git status > /dev/null",
        "xargs echo < notes.txt", "echo a\\\nb", "printf '%s' x", "wc -l < notes.txt", "diff <(ls) <(ls)",
        "echo $((1+2))", "[[ -f notes.txt ]] && echo y", "test -f notes.txt", "curl http://x", "stat notes.txt",
        "python3 -c 'print(1)'", "node -e 1", "true", "which npm", "type ls", "ls src/*.js", "echo `date`"]

scenario("perm_npm_acceptEdits", "acceptEdits with Bash(npm *): smuggling and file commands",
         {"permission_mode": "acceptEdits", "allowed_tools": ["Bash(npm *)"]}, bash(NPM))
scenario("perm_npm_plan", "plan mode with Bash(npm *)",
         {"permission_mode": "plan", "allowed_tools": ["Bash(npm *)"]}, bash(NPM[:24]) + [
             ("Write", {"file_path": "<WS>/plan_new.txt", "content": "x\n"}),
             ("Edit", {"file_path": "<WS>/notes.txt", "old_string": "n", "new_string": "m"}),
             ("Read", {"file_path": "<WS>/notes.txt"}), ("Read", {"file_path": "<ROOT>/outside.txt"})])
rmfiles = dict(FILES, **{f"v{i:02d}/f.txt": "x\n" for i in range(1, 41)}, **{"e35/": ""})
scenario("perm_rm_acceptEdits", "acceptEdits, deny Bash(rm *), allow Bash(npm *)",
         {"permission_mode": "acceptEdits", "allowed_tools": ["Bash(npm *)"], "disallowed_tools": ["Bash(rm *)"]},
         bash(RM), files=rmfiles)
scenario("perm_more_default", "default mode, allow Bash(echo *) and Bash(cat:*): shell syntax corners",
         {"permission_mode": "default", "allowed_tools": ["Bash(echo *)", "Bash(cat:*)"]}, bash(MORE),
         extra={"outside_files": {"outside.txt": "o\n"}})
scenario("perm_more_dontAsk_ls", "dontAsk with Bash(ls:*)",
         {"permission_mode": "dontAsk", "allowed_tools": ["Bash(ls:*)"]},
         bash(["ls", "ls -a", "ls src", "ls -d */", "LS_COLORS= ls", "ls ..", "ls ../outside", "ls ~",
               "ls /nonexistent", "lsx", "ls && touch t1", "ls; rm README.md", "ls | sh", "ls $(pwd)",
               "ls > l.txt", "ls src/../..", "ls -R", "ls | grep a", "ls src | wc -l", "FOO=1 ls"]))
settings = {"permissions": {"allow": ["Bash(git log:*)", "Edit(src/**)", "WebFetch(domain:example.com)"],
                            "deny": ["Bash(curl:*)", "Read(**/.env)", "WebFetch(domain:evil.com)"],
                            "ask": ["Bash(git push:*)", "Read(notes.txt)"]}}
sfiles = dict(FILES, **{".claude/settings.json": json.dumps(settings, indent=1) + "\n"})
scenario("perm_settings_project", "project settings: allow / deny / ask rules",
         {"permission_mode": "default", "setting_sources": ["project"],
          "tools": ["Read", "Write", "Edit", "Glob", "Grep", "Bash", "WebFetch"]},
         bash(["git log", "git log --oneline", "git push", "git push origin main", "curl http://x",
               "curl", "cat .env", "cat sub/.env", "git status && git push", "npm test"]) + [
             ("Read", {"file_path": "<WS>/.env"}), ("Read", {"file_path": "<WS>/sub/.env"}),
             ("Read", {"file_path": "<WS>/notes.txt"}), ("Read", {"file_path": "<WS>/README.md"}),
             ("Write", {"file_path": "<WS>/src/new.js", "content": "x\n"}),
             ("Write", {"file_path": "<WS>/top.js", "content": "x\n"}),
             ("Edit", {"file_path": "<WS>/src/app.js", "old_string": "app", "new_string": "APP"}),
             ("Grep", {"pattern": "SECRET", "path": "<WS>/sub"}),
             ("WebFetch", {"url": "https://evil.com/x", "prompt": "p"}),
             ("WebFetch", {"url": "https://sub.evil.com/x", "prompt": "p"})], files=sfiles)
scenario("perm_bypass_ask", "bypassPermissions with project ask/deny rules",
         {"permission_mode": "bypassPermissions", "setting_sources": ["project"],
          "tools": ["Read", "Write", "Edit", "Bash"]},
         bash(["git push", "git log", "curl http://x", "touch bp.txt", "cat .env"]) + [
             ("Read", {"file_path": "<WS>/notes.txt"}), ("Read", {"file_path": "<WS>/.env"}),
             ("Write", {"file_path": "<WS>/src/b.js", "content": "x\n"})], files=sfiles)
scenario("perm_auto", "auto mode with Bash(npm *): what runs without the classifier, which is "
         "unavailable offline", {"permission_mode": "auto", "allowed_tools": ["Bash(npm *)"]},
         bash(NPM + ["curl http://x", "git push", "git status", "ls ..", "cat ../outside.txt",
                     "python3 -c 'print(1)'", "echo hi > ~/home_x", "rm -rf src"]) + [
             ("Write", {"file_path": "<WS>/auto_new.txt", "content": "x\n"}),
             ("Write", {"file_path": "<ROOT>/auto_out.txt", "content": "x\n"}),
             ("Edit", {"file_path": "<WS>/notes.txt", "old_string": "n", "new_string": "m"}),
             ("Read", {"file_path": "<ROOT>/outside.txt"}),
             ("Glob", {"pattern": "*", "path": "<ROOT>"}),
             ("WebFetch", {"url": "https://example.com/x", "prompt": "p"})],
         extra={"outside_files": {"outside.txt": "o\n"}})
