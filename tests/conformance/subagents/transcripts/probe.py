#!/usr/bin/env python3
"""Transcripts of subagents on disk, and what the official session functions return for them.

For each scenario: runs it through the shared harness (run.py's run_one, scratch kept), then
  * "files": every file under HOME/.claude/projects and the task output files under TMPDIR:
    .jsonl files as their rows in file order, each reduced to a summary (type, keys, the
    fields that matter for subagents: isSidechain, agentId, parentUuid presence, message role
    and content kinds, attachment type, toolUseResult keys); bookkeeping rows (api-request...,
    written asynchronously) only as a sorted set; .json files whole; symlinks as their target;
  * "api": what list_sessions / get_session_messages / list_subagents / get_subagent_messages
    (Python: probe_sessions.py under --python; TS: probe_sessions.mjs under --node) return;
and writes one normalized JSON per scenario (placeholders as in the shared normalize.py; agent
ids -> <AGENT_ID_n>, session ids -> <SESSION_n>).

    python3 probe.py --python ~/venvs/claude-ref/bin/python ../subagent_transcripts.json --out-dir golden
    python3 probe.py --node ~/ref-ts/node_modules/@anthropic-ai/claude-agent-sdk ../subagent_transcripts.json --out-dir golden-ts
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

SHARED = os.environ.get("CONFORMANCE_SHARED", "/work/shared/conformance")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, SHARED)
import normalize as N  # noqa: E402
import run  # noqa: E402

CONVERSATION = {"user", "assistant", "system", "summary", "attachment", "progress"}
AGENT_RE = re.compile(r"\ba[0-9a-f]{16}\b")


def summarize_content(c):
    if isinstance(c, str):
        return {"str": c[:200]}
    out = []
    for b in c or []:
        if not isinstance(b, dict):
            continue
        t = b.get("type")
        if t == "text":
            out.append({"text": b.get("text", "")[:200]})
        elif t == "tool_use":
            out.append({"tool_use": b.get("name"), "id": b.get("id")})
        elif t == "tool_result":
            cc = b.get("content")
            txt = cc if isinstance(cc, str) else " ".join(x.get("text", "") for x in cc or []
                                                          if isinstance(x, dict))
            out.append({"tool_result": b.get("tool_use_id"), "is_error": b.get("is_error"),
                        "text": txt[:200]})
        else:
            out.append({t: True})
    return out


def summarize_row(row):
    s = {"type": row.get("type")}
    for k in ("subtype", "isSidechain", "agentId", "isMeta"):
        if k in row:
            s[k] = row[k]
    s["parentUuid"] = "<UUID>" if row.get("parentUuid") else row.get("parentUuid")
    if isinstance(row.get("message"), dict):
        m = row["message"]
        s["message"] = {"role": m.get("role"), "content": summarize_content(m.get("content"))}
    if isinstance(row.get("attachment"), dict):
        s["attachment"] = row["attachment"].get("type")
    if "toolUseResult" in row:
        tur = row["toolUseResult"]
        s["toolUseResult"] = sorted(tur) if isinstance(tur, dict) else tur
    s["keys"] = sorted(row)
    return s


def snapshot(root):
    files = {}
    bases = [("projects", os.path.join(root, "home", ".claude", "projects")),
             ("tmp", os.path.join(root, "tmp"))]
    for label, base in bases:
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames.sort()
            for fn in sorted(filenames):
                p = os.path.join(dirpath, fn)
                rel = label + "/" + os.path.relpath(p, base)
                if os.path.islink(p):
                    files[rel] = {"symlink": os.readlink(p)}
                    continue
                if label == "tmp" and not fn.endswith(".output"):
                    continue
                if fn.endswith(".jsonl"):
                    rows, other = [], set()
                    for line in open(p, encoding="utf-8", errors="replace"):
                        if not line.strip():
                            continue
                        try:
                            row = json.loads(line)
                        except ValueError:
                            rows.append("<INVALID-JSON>")
                            continue
                        if row.get("type") in CONVERSATION:
                            rows.append(summarize_row(row))
                        else:
                            other.add(row.get("type"))
                    files[rel] = {"rows": rows, "other_row_types": sorted(other)}
                elif fn.endswith(".json"):
                    files[rel] = json.load(open(p))
                else:
                    files[rel] = {"size": os.path.getsize(p)}
    return files


def no_run_ids(o):
    """TS message origins carry a random runId."""
    if isinstance(o, dict):
        return {k: ("<RUN_ID>" if k == "runId" and isinstance(v, str) else no_run_ids(v))
                for k, v in o.items()}
    if isinstance(o, list):
        return [no_run_ids(x) for x in o]
    return o


def main():
    ap = argparse.ArgumentParser()
    face = ap.add_mutually_exclusive_group(required=True)
    face.add_argument("--python")
    face.add_argument("--node")
    ap.add_argument("scenarios", nargs="+")
    ap.add_argument("--out-dir", required=True)
    a = ap.parse_args()
    os.makedirs(a.out_dir, exist_ok=True)
    for scen_path in a.scenarios:
        scen = json.load(open(scen_path))
        made = []
        real_mkdtemp = tempfile.mkdtemp

        def capture(*args, **kw):
            d = real_mkdtemp(*args, **kw)
            made.append(d)
            return d

        run.tempfile.mkdtemp = capture
        trace_path = os.path.join(tempfile.gettempdir(), "probe-trace-%d.json" % os.getpid())
        node = (os.path.abspath(os.path.expanduser(a.node)), "node") if a.node else None
        try:
            run.run_one(a.python, scen_path, trace_path, keep=True, quiet=True, node=node)
        finally:
            run.tempfile.mkdtemp = real_mkdtemp
        root = os.path.realpath(made[0])
        ws, home = os.path.join(root, "ws"), os.path.join(root, "home")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("ANTHROPIC_", "CLAUDE_"))}
        env.update({"HOME": home, "TMPDIR": os.path.join(root, "tmp")})
        if a.node:
            cmd = ["node", os.path.join(HERE, "probe_sessions.mjs"), ws, node[0]]
        else:
            cmd = [a.python, os.path.join(HERE, "probe_sessions.py"), ws]
        p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
        api = json.loads(p.stdout) if p.returncode == 0 else {"error": p.stderr[-2000:]}
        files = snapshot(root)
        # volatile ids: sessions and agents, numbered in order of appearance
        vol = {}
        trace = json.load(open(trace_path))
        blob = json.dumps([api, sorted(files)])
        for sid in dict.fromkeys(N.UUID_RE.findall(" ".join(sorted(files)))):
            vol.setdefault(sid, "<SESSION_%d>" % (len(vol) + 1))
        # agents numbered in the order of the Agent tool_use ids that spawned them (the ids are
        # random, so file-name order is not stable)
        metas = {AGENT_RE.search(k).group(0): v for k, v in files.items()
                 if k.endswith(".meta.json") and AGENT_RE.search(k)}
        for aid in sorted(metas, key=lambda x: str(metas[x].get("toolUseId"))):
            vol.setdefault(aid, "<AGENT_ID_%d>" % (sum(1 for v in vol.values() if "AGENT" in v) + 1))
        for aid in dict.fromkeys(AGENT_RE.findall(blob + json.dumps(files))):
            vol.setdefault(aid, "<AGENT_ID_%d>" % (sum(1 for v in vol.values() if "AGENT" in v) + 1))
        ctx = N.Ctx(ws, home, root, vol)
        # file sizes and mtimes depend on the scratch paths' length and the clock
        drop = set(N.DROP_KEYS) | {"last_modified", "file_size", "created_at", "lastModified",
                                   "fileSize", "createdAt", "sentAtMs"}
        files = dict(sorted(ctx.v(files, drop).items()))
        api = ctx.v(api, drop)
        for s in api.get("sessions") or []:
            # the reference lists agent ids sorted by name; the ids are random, so the
            # normalized order is not stable: keep the set (sorted placeholders)
            s["list_subagents"] = sorted(s.get("list_subagents") or [])
            for k in ("subagents", "subagents_page"):
                s[k] = dict(sorted((s.get(k) or {}).items()))
        out = {"scenario": scen.get("name"), "face": "node" if a.node else "python",
               "files": no_run_ids(files), "api": no_run_ids(api),
               "raised": trace.get("raised")}
        name = os.path.join(a.out_dir, scen.get("name") + ".json")
        with open(name, "w") as f:
            json.dump(out, f, indent=1, ensure_ascii=False)
            f.write("\n")
        print("%-40s -> %s" % (scen.get("name"), name))
        os.remove(trace_path)
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
