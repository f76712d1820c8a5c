import json, copy
import os
HERE = os.path.dirname(os.path.abspath(__file__))
base = json.load(open(os.path.join(HERE, "..", "mcpconfig", "mc_path_file.json")))
SERVER = base['files']['server.py']
def calc(name='calc', **extra):
    d = {"command": "python3", "args": ["<WS>/server.py"]}; d.update(extra); return {name: d}
def scen(name, desc, mcpjson, opts=None, files=None, tool='mcp__calc__add', env=None, faces=None):
    s = {"name": name, "description": desc, "prompt": "Use the calculator",
         "options": {"permission_mode": "bypassPermissions", **(opts or {})},
         "files": {"server.py": SERVER, **(files or {})},
         "responses": [{"content": [{"type": "tool_use", "id": "toolu_01", "name": tool, "input": {"a": 2, "b": 3}}]},
                       {"content": [{"type": "text", "text": "Done."}]}]}
    if mcpjson is not None:
        s['files']['.mcp.json'] = mcpjson if isinstance(mcpjson, str) else json.dumps(mcpjson)
    if env: s['env'] = env
    if faces: s['faces'] = faces
    json.dump(s, open(name + '.json', 'w'), indent=1)
P = {"setting_sources": ["project"]}
scen('mj_project', '.mcp.json under project source', {"mcpServers": calc()}, P)
scen('mj_nosources', '.mcp.json, no setting_sources', {"mcpServers": calc()})
scen('mj_user_only', '.mcp.json, user source only', {"mcpServers": calc()}, {"setting_sources": ["user"]})
scen('mj_local_only', '.mcp.json, local source only', {"mcpServers": calc()}, {"setting_sources": ["local"]})
scen('mj_disabled', 'disabledMcpjsonServers', {"mcpServers": calc()}, P, {".claude/settings.json": json.dumps({"disabledMcpjsonServers": ["calc"]})})
scen('mj_enabled_other', 'enabledMcpjsonServers naming another', {"mcpServers": calc()}, P, {".claude/settings.json": json.dumps({"enabledMcpjsonServers": ["other"]})})
scen('mj_bad_json', '.mcp.json not JSON', '{"mcpServers": ', P)
scen('mj_no_key', '.mcp.json without mcpServers', {"servers": calc()}, P)
scen('mj_bad_server', '.mcp.json server without command', {"mcpServers": {**calc(), "broken": {"args": ["x"]}}}, P)
scen('mj_option_same_name', 'option and .mcp.json same name', {"mcpServers": calc()}, {**P, "mcp_servers": {"calc": {"command": "python3", "args": ["-c", "import sys; sys.exit(1)"]}}})
scen('mj_strict', 'strict_mcp_config', {"mcpServers": calc()}, {**P, "strict_mcp_config": True})
scen('mj_envvar', '${VAR} expansion', {"mcpServers": calc(env={"X": "${CALC_X}", "Y": "${NOPE:-dflt}"}, args=["${CALC_DIR}/server.py"])}, P, env={"CALC_DIR": "<WS>", "CALC_X": "1"})
scen('mj_envvar_missing', '${VAR} missing', {"mcpServers": calc(args=["${MISSING_DIR}/server.py"])}, P)

scen('mj_http_type', '.mcp.json http server unreachable', {"mcpServers": {"web": {"type": "http", "url": "http://127.0.0.1:9/mcp"}, **calc()}}, P)
scen('mj_deny_rule', 'deny rule for mcp tool from .mcp.json', {"mcpServers": calc()}, P, {".claude/settings.json": json.dumps({"permissions": {"deny": ["mcp__calc"]}})})
def calc2(name, path='<WS>/server.py'):
    return {name: {"command": "python3", "args": [path]}}
def hscen(name, desc, claude_json, opts, mcpjson=None, tool='mcp__calc__add'):
    scen(name, desc, mcpjson, opts, tool=tool)
    s = json.load(open(name + '.json')); s['home_files'] = {".claude.json": json.dumps(claude_json)}
    json.dump(s, open(name + '.json', 'w'), indent=1)
ALL = {"setting_sources": ["user", "project", "local"]}
hscen('mj_user_scope', '~/.claude.json mcpServers, user source', {"mcpServers": calc2('calc')}, {"setting_sources": ["user"]})
hscen('mj_user_scope_project_src', '~/.claude.json mcpServers, project source only', {"mcpServers": calc2('calc')}, P)
hscen('mj_local_scope', '~/.claude.json projects[ws].mcpServers, local source', {"projects": {"<WS>": {"mcpServers": calc2('calc')}}}, {"setting_sources": ["local"]})
hscen('mj_local_scope_user_src', 'local scope, user source only', {"projects": {"<WS>": {"mcpServers": calc2('calc')}}}, {"setting_sources": ["user"]})
# collisions: the winning one is the working server; the others fail
BAD = ["-c", "import sys; sys.exit(1)"]
def bad(name): return {name: {"command": "python3", "args": BAD}}
hscen('mj_coll_user_project', 'user bad, project good', {"mcpServers": bad('calc')}, ALL, {"mcpServers": calc()})
hscen('mj_coll_project_user', 'user good, project bad', {"mcpServers": calc2('calc')}, ALL, {"mcpServers": bad('calc')})
hscen('mj_coll_local_project', 'local good, project bad', {"projects": {"<WS>": {"mcpServers": calc2('calc')}}}, ALL, {"mcpServers": bad('calc')})
hscen('mj_coll_project_local', 'local bad, project good', {"projects": {"<WS>": {"mcpServers": bad('calc')}}}, ALL, {"mcpServers": calc()})
hscen('mj_order', 'servers from every scope: order in init', {"mcpServers": calc2('u1'), "projects": {"<WS>": {"mcpServers": calc2('l1')}}}, {**ALL, "mcp_servers": calc2('d1')}, {"mcpServers": {**calc2('p2'), **calc2('p1')}}, tool='mcp__p1__add')
scen('mj_blank', '.mcp.json blank', '  \n', P)
scen('mj_servers_not_object', 'mcpServers is a list', {"mcpServers": [1]}, P)
scen('mj_enable_all_false', 'enableAllProjectMcpServers false', {"mcpServers": calc()}, P, {".claude/settings.json": json.dumps({"enableAllProjectMcpServers": False})})
scen('mj_disabled_local', 'disabledMcpjsonServers in local settings', {"mcpServers": calc()}, ALL, {".claude/settings.local.json": json.dumps({"disabledMcpjsonServers": ["calc"]})})
scen('mj_disabled_via_option', 'disabledMcpjsonServers via settings option', {"mcpServers": calc()}, {**P, "settings": json.dumps({"disabledMcpjsonServers": ["calc"]})})
scen('mj_default_mode', '.mcp.json tool in default mode without callback', {"mcpServers": calc()}, {"setting_sources": ["project"], "permission_mode": "default"})
# the server's source as a hook and the permission callback hear it
s = None
scen('mj_hook_source', 'PreToolUse hook input for a .mcp.json tool', {"mcpServers": calc()}, P)
s = json.load(open('mj_hook_source.json')); s['behaviors'] = {"hooks": {"PreToolUse": [{"matcher": None, "behavior": "log_all"}]}}
json.dump(s, open('mj_hook_source.json', 'w'), indent=1)
scen('mj_callback_source', 'can_use_tool for a .mcp.json tool', {"mcpServers": calc()}, {"setting_sources": ["project"], "permission_mode": "default"})
s = json.load(open('mj_callback_source.json')); s['behaviors'] = {"can_use_tool": {"behavior": "log_all"}}
json.dump(s, open('mj_callback_source.json', 'w'), indent=1)
scen('mj_user_http_failed', 'user scope http server unreachable, then project tool', {"mcpServers": calc()}, ALL)
s = json.load(open('mj_user_http_failed.json')); s['home_files'] = {".claude.json": json.dumps({"mcpServers": {"web": {"type": "http", "url": "http://127.0.0.1:9/mcp"}}})}
json.dump(s, open('mj_user_http_failed.json', 'w'), indent=1)
scen('mj_sdk_type', '.mcp.json server of type sdk', {"mcpServers": {**calc(), "kit": {"type": "sdk", "name": "kit"}}}, P)
# a server turned off for the project (`disabledMcpServers` of its ~/.claude.json entry, which
# toggle_mcp_server keeps): it starts disabled, whatever the sources
def dscen(name, claude_json, opts=None):
    scen(name, 'disabledMcpServers', None, {"mcp_servers": calc(), **(opts or {})})
    s = json.load(open(name + '.json')); s['home_files'] = {".claude.json": json.dumps(claude_json)}
    json.dump(s, open(name + '.json', 'w'), indent=1)
dscen('mj_off_option', {"projects": {"<WS>": {"disabledMcpServers": ["calc"]}}})
dscen('mj_off_other', {"projects": {"<WS>": {"disabledMcpServers": ["other"]}}})
dscen('mj_off_nosources', {"projects": {"<WS>": {"disabledMcpServers": ["calc"]}}}, {"setting_sources": []})
scen('mj_off_project', 'disabledMcpServers for a .mcp.json server', {"mcpServers": calc()}, P)
s = json.load(open('mj_off_project.json')); s['home_files'] = {".claude.json": json.dumps({"projects": {"<WS>": {"disabledMcpServers": ["calc"]}}})}
json.dump(s, open('mj_off_project.json', 'w'), indent=1)
