#!/usr/bin/env python3
"""Diff the CLAUDE.md memory reminders (texts holding "Contents of") of the last request between two
trace dirs: python3 memdiff.py golden CAND_DIR. The api profile drops <system-reminder> blocks, so
this shows what the model is told from CLAUDE.md files. The candidate preface wording is mapped
to the reference one (owned prose)."""
import json, sys, os, glob
GP="Codebase and user instructions are shown below. Be sure to adhere to these instructions. IMPORTANT: These instructions OVERRIDE any default behavior and you MUST follow them exactly as written."
CP="The instructions below come from the user's and the project's CLAUDE.md files. Follow them. IMPORTANT: they OVERRIDE any default behavior, and you MUST follow them exactly as written."
def mem(t):
    out=[]
    for r in t.get('requests') or []:
        blocks=[]
        for m in r['messages']:
            c=m['content']
            if isinstance(c,str): c=[{'type':'text','text':c}]
            for b in c:
                if b.get('type')=='text' and 'Contents of' in b.get('text',''):
                    blocks.append(b['text'].replace(CP,GP).rstrip('\n'))
                if b.get('type')=='tool_result' and isinstance(b.get('content'),str) and 'Contents of' in b['content']:
                    blocks.append('TR:'+b['content'])
        out.append(blocks)
    return out[-1] if out else []
gd, cd = sys.argv[1], sys.argv[2]
for g in sorted(glob.glob(gd+'/va_md_*.json')):
    n=os.path.basename(g); c=os.path.join(cd,n)
    if not os.path.exists(c): print(n,'NO CAND'); continue
    a=mem(json.load(open(g))); b=mem(json.load(open(c)))
    if a!=b:
        print('=====',n)
        print(' GOLD:', json.dumps(a)[:1800]); print(' CAND:', json.dumps(b)[:1800])
