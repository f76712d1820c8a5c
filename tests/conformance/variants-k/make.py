#!/usr/bin/env python3
"""Generates the variants-k scenarios (prefix vk_): options the other areas seldom vary —
skills on disk (front matter variants, sources, the `skills` option, the Skill tool and
`/name` prompts), agent definitions (tools, disallowedTools, model, unknown types, nested
calls), `include_hook_events`, the `session_id` option with follow-ups, `extra_args`, and
`settings` given as a JSON string.
Run: python3 make.py  (writes vk_*.json next to this file)."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import scenario_files  # noqa: E402
from scenario_files import tu, txt, seq  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SCEN = []


def sc(*args, **kw):
    SCEN.append(scenario_files.scenario("vk_", *args, **kw))


R = lambda p, **kw: ("Read", {"file_path": p, **kw})
B = lambda cmd, d="run": ("Bash", {"command": cmd, "description": d})
SK = lambda name, args=None: ("Skill", {"skill": name, **({"args": args} if args is not None else {})})
LOG = {"can_use_tool": {"behavior": "log_all"}}
FILES = {"a.txt": "alpha\n"}


def skill(name, body, fm=None, raw_fm=None):
    """A SKILL.md text: front matter from `fm` (key: value lines), or `raw_fm` verbatim, or none."""
    if raw_fm is not None:
        return "---\n" + raw_fm + "---\n" + body
    if fm is None:
        return body
    lines = "".join("%s: %s\n" % (k, v) for k, v in fm.items())
    return "---\n" + lines + "---\n" + body


def sk_files(**skills):
    out = dict(FILES)
    for name, text in skills.items():
        out[".claude/skills/%s/SKILL.md" % name] = text
    return out


ALPHA = skill("alpha", "ALPHA-BODY with $ARGUMENTS.\n", {"name": "alpha", "description": "Alpha things"})
BETA = skill("beta", "BETA-BODY.\n", {"name": "beta", "description": "Beta things"})


def sks(name, desc, files, responses, opts=None, **kw):
    o = {"setting_sources": ["project"]}
    o.update(opts or {})
    sc("sk_" + name, desc, responses, o, files=files, **kw)


# ============================================================ skills: front matter variants
sks("fm_missing", "SKILL.md without front matter; the model calls it by its folder name.",
    sk_files(plainsk="PLAIN-BODY: no front matter here.\n"), seq(SK("plainsk")))
sks("fm_missing_args", "SKILL.md without front matter, called with args.",
    sk_files(plainsk="PLAIN-BODY $ARGUMENTS end.\n"), seq(SK("plainsk", "one two")))
sks("fm_bad_yaml", "front matter that is not valid YAML; the model calls the skill.",
    sk_files(bad=skill("bad", "BAD-BODY.\n", raw_fm="name: bad\ndescription: [unclosed\n")), seq(SK("bad")))
sks("fm_bad_yaml_colon", "front matter with a value holding ': ' (unquoted); the model calls it.",
    sk_files(colon=skill("colon", "COLON-BODY.\n", raw_fm="name: colon\ndescription: Use: when asked\n")),
    seq(SK("colon")))
sks("fm_name_differs_dir", "front matter name differs from the folder; called by the folder name.",
    sk_files(folder=skill("x", "DIFF-BODY.\n", {"name": "other-name", "description": "Differs"})),
    seq(SK("folder")))
sks("fm_name_differs_fm", "front matter name differs from the folder; called by the front matter name.",
    sk_files(folder=skill("x", "DIFF-BODY.\n", {"name": "other-name", "description": "Differs"})),
    seq(SK("other-name")))
sks("fm_no_description", "front matter with a name only.",
    sk_files(nodesc=skill("x", "NODESC-BODY.\n", {"name": "nodesc"})), seq(SK("nodesc")))
sks("fm_no_name", "front matter with a description only.",
    sk_files(noname=skill("x", "NONAME-BODY.\n", {"description": "No name here"})), seq(SK("noname")))
sks("fm_empty", "an empty front matter block.",
    sk_files(emptyfm=skill("x", "EMPTYFM-BODY.\n", raw_fm="")), seq(SK("emptyfm")))
sks("fm_body_empty", "front matter and an empty body.",
    sk_files(nobody=skill("x", "", {"name": "nobody", "description": "Nothing"})), seq(SK("nobody")))
sks("fm_allowed_tools_default", "allowed-tools: Bash(echo *) then the model runs echo in default mode (logged).",
    sk_files(echoer=skill("x", "ECHO-BODY.\n", {"name": "echoer", "description": "Echo", "allowed-tools": "Bash(echo *)"})),
    seq(SK("echoer"), B("echo hi")), {"permission_mode": "default"}, mode=None, behaviors=LOG)
sks("fm_allowed_tools_list_default", "allowed-tools as a YAML list [Read, Bash(touch *)], then touch in default mode.",
    sk_files(lister=skill("x", "LIST-BODY.\n", raw_fm="name: lister\ndescription: L\nallowed-tools:\n  - Read\n  - Bash(touch *)\n")),
    seq(SK("lister"), B("touch made.txt")), {"permission_mode": "default"}, mode=None, behaviors=LOG)
sks("fm_allowed_tools_other_default", "allowed-tools: Read, then a Write in default mode (logged).",
    sk_files(reader=skill("x", "READER-BODY.\n", {"name": "reader", "description": "R", "allowed-tools": "Read"})),
    seq(SK("reader"), ("Write", {"file_path": "<WS>/w.txt", "content": "w\n"})), {"permission_mode": "default"},
    mode=None, behaviors=LOG)
sks("fm_model_alias", "model: haiku; the next request's model and usage.",
    sk_files(quick=skill("x", "QUICK-BODY.\n", {"name": "quick", "description": "Q", "model": "haiku"})),
    seq(SK("quick"), R("<WS>/a.txt")))
sks("fm_model_inherit", "model: inherit.",
    sk_files(inh=skill("x", "INH-BODY.\n", {"name": "inh", "description": "I", "model": "inherit"})),
    seq(SK("inh")))
sks("fm_model_full_id", "model: claude-opus-4-1 under claude-sonnet-4-5.",
    sk_files(big=skill("x", "BIG-BODY.\n", {"name": "big", "description": "B", "model": "claude-opus-4-1"})),
    seq(SK("big"), R("<WS>/a.txt")), {"model": "claude-sonnet-4-5"})
sks("fm_dmi_tool", "disable-model-invocation: true; the model calls it.",
    sk_files(manual=skill("x", "MANUAL-BODY.\n", {"name": "manual", "description": "M", "disable-model-invocation": "true"})),
    seq(SK("manual")))
sks("fm_dmi_slash", "disable-model-invocation: true; typed as /manual arg.",
    sk_files(manual=skill("x", "MANUAL-BODY $ARGUMENTS.\n", {"name": "manual", "description": "M", "disable-model-invocation": "true"})),
    [{"content": [txt("Done.")]}], prompt="/manual xyz")
sks("fm_ui_false_slash", "user-invocable: false; typed as /hidden.",
    sk_files(hidden=skill("x", "HIDDEN-BODY.\n", {"name": "hidden", "description": "H", "user-invocable": "false"})),
    [{"content": [txt("Done.")]}], prompt="/hidden")
sks("fm_ui_false_tool", "user-invocable: false; the model calls it.",
    sk_files(hidden=skill("x", "HIDDEN-BODY.\n", {"name": "hidden", "description": "H", "user-invocable": "false"})),
    seq(SK("hidden")))
sks("fm_arg_hint_slash", "argument-hint with a /hinted prompt and no arguments.",
    sk_files(hinted=skill("x", "HINT-BODY [$ARGUMENTS].\n", {"name": "hinted", "description": "H", "argument-hint": "<file>"})),
    [{"content": [txt("Done.")]}], prompt="/hinted")
sks("fm_positional", "a body with $0 $1 and $ARGUMENTS[1]; args 'p q r'.",
    sk_files(pos=skill("x", "POS-BODY first=$0 second=$1 idx=$ARGUMENTS[1] all=$ARGUMENTS.\n",
                       {"name": "pos", "description": "P"})), seq(SK("pos", "p q r")))
sks("fm_positional_quoted", "positional placeholders with a quoted argument.",
    sk_files(pos=skill("x", "POS-BODY first=$0 second=$1.\n", {"name": "pos", "description": "P"})),
    seq(SK("pos", "\"a b\" c")))
sks("fm_args_twice", "$ARGUMENTS twice in the body.",
    sk_files(twice=skill("x", "TWICE $ARGUMENTS and $ARGUMENTS.\n", {"name": "twice", "description": "T"})),
    seq(SK("twice", "zz")))
sks("fm_args_missing_placeholder", "a body with $ARGUMENTS called without args.",
    sk_files(alpha=ALPHA), seq(SK("alpha")))
sks("fm_args_empty_string", "args given as an empty string.",
    sk_files(alpha=ALPHA), seq(SK("alpha", "")))
sks("fm_skill_dir_var", "a body naming ${CLAUDE_SKILL_DIR}.",
    sk_files(dirsk=skill("x", "DIR-BODY at ${CLAUDE_SKILL_DIR}/ref.md.\n", {"name": "dirsk", "description": "D"})),
    seq(SK("dirsk")))
sks("fm_fork_no_args", "context: fork called without args.",
    sk_files(forky=skill("x", "FORK-BODY do it.\n", {"name": "forky", "description": "F", "context": "fork"})),
    [{"match": "Go", "content": [tu(1, *SK("forky"))]},
     {"match": "FORK-BODY", "content": [txt("FORK-ANSWER")]},
     {"match": "FORK-ANSWER", "content": [txt("Done.")]}])
sks("fm_fork_unknown_agent", "context: fork with agent: NoSuchAgent.",
    sk_files(forky=skill("x", "FORK-BODY do it.\n", {"name": "forky", "description": "F", "context": "fork",
                                                     "agent": "NoSuchAgent"})),
    [{"match": "Go", "content": [tu(1, *SK("forky"))]},
     {"match": "FORK-BODY", "content": [txt("FORK-ANSWER")]},
     {"match": "FORK-ANSWER", "content": [txt("Done.")]}])
sks("fm_fork_defined_agent", "context: fork with agent naming an `agents` option entry.",
    sk_files(forky=skill("x", "FORK-BODY do it.\n", {"name": "forky", "description": "F", "context": "fork",
                                                     "agent": "helper"})),
    [{"match": "Go", "content": [tu(1, *SK("forky"))]},
     {"match": "FORK-BODY", "content": [txt("FORK-ANSWER")]},
     {"match": "FORK-ANSWER", "content": [txt("Done.")]}],
    {"agents": {"helper": {"description": "Helps", "prompt": "HELPER-SYS", "model": "haiku"}}})

# ============================================================ skills: where they come from
sks("nested_dir", "a SKILL.md two folders deep (.claude/skills/group/inner/SKILL.md).",
    dict(FILES, **{".claude/skills/group/inner/SKILL.md": skill("x", "INNER-BODY.\n", {"name": "inner", "description": "I"})}),
    seq(SK("inner")))
sks("lowercase_file", "a skill file named skill.md (lowercase).",
    dict(FILES, **{".claude/skills/lower/skill.md": skill("x", "LOWER-BODY.\n", {"name": "lower", "description": "L"})}),
    seq(SK("lower")))
sks("flat_md", "a skill as a flat .claude/skills/flat.md file.",
    dict(FILES, **{".claude/skills/flat.md": skill("x", "FLAT-BODY.\n", {"name": "flat", "description": "F"})}),
    seq(SK("flat")))
sks("user_source", "setting_sources [user]: a home skill and a project skill; the model calls both.",
    sk_files(proj=skill("x", "PROJ-BODY.\n", {"name": "proj", "description": "P"})), seq(SK("homesk"), SK("proj")),
    {"setting_sources": ["user"]},
    home_files={".claude/skills/homesk/SKILL.md": skill("x", "HOME-BODY.\n", {"name": "homesk", "description": "H"})})
sks("project_source_home_skill", "setting_sources [project]: the model calls a home skill.",
    sk_files(proj=skill("x", "PROJ-BODY.\n", {"name": "proj", "description": "P"})), seq(SK("homesk"), SK("proj")),
    home_files={".claude/skills/homesk/SKILL.md": skill("x", "HOME-BODY.\n", {"name": "homesk", "description": "H"})})
sks("same_name_both", "the same skill name at user and project level; which body the call gets.",
    sk_files(dup=skill("x", "DUP-PROJECT-BODY.\n", {"name": "dup", "description": "Project dup"})), seq(SK("dup")),
    {"setting_sources": ["user", "project"]},
    home_files={".claude/skills/dup/SKILL.md": skill("x", "DUP-USER-BODY.\n", {"name": "dup", "description": "User dup"})})
sks("no_sources", "setting_sources []: a project skill called.", sk_files(alpha=ALPHA), seq(SK("alpha", "x")),
    {"setting_sources": []})

# ============================================================ skills: the `skills` option and the Skill tool
sks("opt_unknown_name", "skills [nope]: the model calls nope, then alpha.", sk_files(alpha=ALPHA, beta=BETA),
    seq(SK("nope"), SK("alpha", "y")), {"skills": ["nope"]})
sks("opt_list_excluded_call", "skills [alpha]: the model calls beta.", sk_files(alpha=ALPHA, beta=BETA),
    seq(SK("beta")), {"skills": ["alpha"]})
sks("opt_all_user", "skills all with setting_sources [user] and a home skill.", sk_files(alpha=ALPHA),
    seq(SK("homesk")), {"skills": "all", "setting_sources": ["user"]},
    home_files={".claude/skills/homesk/SKILL.md": skill("x", "HOME-BODY.\n", {"name": "homesk", "description": "H"})})
sks("opt_list_slash_excluded", "skills [alpha]: the prompt /beta.", sk_files(alpha=ALPHA, beta=BETA),
    [{"content": [txt("Done.")]}], {"skills": ["alpha"]}, prompt="/beta")
sks("opt_empty_slash", "skills []: the prompt /alpha q.", sk_files(alpha=ALPHA, beta=BETA),
    [{"content": [txt("Done.")]}], {"skills": []}, prompt="/alpha q")
sks("unknown_tool_call", "no skills on disk; the model calls Skill nope.", dict(FILES), seq(SK("nope")))
sks("empty_name_call", "the model calls Skill with an empty name.", sk_files(alpha=ALPHA), seq(SK("")))
sks("no_input_call", "the model calls Skill with no input.", sk_files(alpha=ALPHA), seq(("Skill", {})))
sks("args_number_call", "Skill args given as a number.", sk_files(alpha=ALPHA), seq(("Skill", {"skill": "alpha", "args": 5})))
sks("twice_same", "the same skill called twice in a row.", sk_files(alpha=ALPHA), seq(SK("alpha", "1"), SK("alpha", "2")))
sks("two_in_one_response", "two different skills in one response.", sk_files(alpha=ALPHA, beta=BETA),
    [{"content": [tu(1, *SK("alpha", "1")), tu(2, *SK("beta"))]}, {"content": [txt("Done.")]}])
sks("disallowed_skill", "disallowed_tools [Skill]; the model calls alpha.", sk_files(alpha=ALPHA),
    seq(SK("alpha")), {"disallowed_tools": ["Skill"]})
sks("tools_without_skill", "tools [Read]; the model calls Skill alpha.", sk_files(alpha=ALPHA),
    seq(SK("alpha")), {"tools": ["Read"]})
sks("default_mode_logged", "default mode with a logging callback; alpha called.", sk_files(alpha=ALPHA),
    seq(SK("alpha", "z")), behaviors=LOG, mode="default")
sks("slash_unknown", "prompt /nope args with skills on disk.", sk_files(alpha=ALPHA), [{"content": [txt("Done.")]}],
    prompt="/nope some args")
sks("slash_multi_args", "prompt /alpha one two three.", sk_files(alpha=ALPHA), [{"content": [txt("Done.")]}],
    prompt="/alpha one two three")
sks("slash_then_tool", "prompt /alpha, then the model reads a file.", sk_files(alpha=ALPHA),
    seq(R("<WS>/a.txt")), prompt="/alpha go")
sks("slash_with_newline_args", "prompt /alpha with a second line.", sk_files(alpha=ALPHA),
    [{"content": [txt("Done.")]}], prompt="/alpha first\nsecond line")
sks("slash_allowed_tools_default", "prompt /echoer (allowed-tools Bash(echo *)) then echo in default mode.",
    sk_files(echoer=skill("x", "ECHO-BODY.\n", {"name": "echoer", "description": "Echo", "allowed-tools": "Bash(echo *)"})),
    seq(B("echo hi")), mode="default", behaviors=LOG, prompt="/echoer")
sks("subagent_calls_skill", "a subagent calls the Skill tool.", sk_files(alpha=ALPHA),
    [{"match": "Go", "content": [tu(1, "Agent", {"description": "Sub", "prompt": "SUB-K use alpha",
                                                 "subagent_type": "general-purpose", "run_in_background": False})]},
     {"match": "SUB-K", "content": [tu(2, *SK("alpha", "s"))]},
     {"match": "ALPHA-BODY", "content": [txt("SUB-DONE")]},
     {"match": "SUB-DONE", "content": [txt("Done.")]}])

# ============================================================ agents
HELPER = {"description": "Helps with things", "prompt": "HELPER-SYS"}


def agent_call(i, typ="helper", prompt="SUB-K do it", **extra):
    inp = {"description": "Help", "prompt": prompt, "run_in_background": False}
    if typ is not None:
        inp["subagent_type"] = typ
    inp.update(extra)
    return tu(i, "Agent", inp)


def ag(name, desc, agents, sub_responses, top=None, opts=None, **kw):
    """The parent calls `top` (default: Agent helper); the subagent's turns come from
    `sub_responses` (matched on SUB-K first), answered SUB-DONE; the parent then ends."""
    o = {"agents": agents}
    o.update(opts or {})
    resp = [{"match": "Go", "content": [top or agent_call(1)]}]
    resp += sub_responses
    resp.append({"match": "SUB-DONE", "content": [txt("Done.")]})
    sc("ag_" + name, desc, resp, o, files=FILES, **kw)


def sub(*calls):
    """Subagent turns: the first answers the SUB-K prompt, each next one follows a tool result."""
    out = []
    for i, c in enumerate(calls):
        m = "SUB-K" if i == 0 else None
        r = {"content": [tu(50 + i, *c)]}
        if m:
            r["match"] = m
        out.append(r)
    out.append({"content": [txt("SUB-DONE")]})
    if not calls:
        out[0]["match"] = "SUB-K"
    return out


ag("tools_read_calls_bash", "agent tools [Read]; the subagent calls Bash.",
   {"helper": dict(HELPER, tools=["Read"])}, sub(B("echo x")))
ag("tools_read_calls_read", "agent tools [Read]; the subagent reads a file.",
   {"helper": dict(HELPER, tools=["Read"])}, sub(R("<WS>/a.txt")))
ag("tools_unknown_name", "agent tools [Read, NoSuchTool]; the subagent calls NoSuchTool.",
   {"helper": dict(HELPER, tools=["Read", "NoSuchTool"])}, sub(("NoSuchTool", {"x": 1})))
ag("tools_empty", "agent tools []; the subagent calls Read.",
   {"helper": dict(HELPER, tools=[])}, sub(R("<WS>/a.txt")))
ag("tools_pattern", "agent tools [Bash(echo *)]; the subagent runs echo then ls.",
   {"helper": dict(HELPER, tools=["Bash(echo *)"])}, sub(B("echo x"), B("ls")))
ag("tools_with_agent", "agent tools [Agent, Read]; the subagent calls Agent.",
   {"helper": dict(HELPER, tools=["Agent", "Read"])},
   sub(("Agent", {"description": "Nested", "prompt": "NESTED-K", "subagent_type": "helper", "run_in_background": False})))
ag("disallowed_bash", "agent disallowedTools [Bash]; the subagent calls Bash.",
   {"helper": dict(HELPER, disallowedTools=["Bash"])}, sub(B("echo x")))
ag("disallowed_bash_read_ok", "agent disallowedTools [Bash]; the subagent reads.",
   {"helper": dict(HELPER, disallowedTools=["Bash"])}, sub(R("<WS>/a.txt")))
ag("tools_and_disallowed", "agent tools [Read, Bash] with disallowedTools [Bash]; the subagent calls Bash.",
   {"helper": dict(HELPER, tools=["Read", "Bash"], disallowedTools=["Bash"])}, sub(B("echo x")))
ag("disallowed_pattern", "agent disallowedTools [Bash(rm *)]; the subagent runs echo.",
   {"helper": dict(HELPER, disallowedTools=["Bash(rm *)"])}, sub(B("echo x")))
ag("model_inherit", "agent model inherit under claude-haiku-4-5.",
   {"helper": dict(HELPER, model="inherit")}, sub(), opts={"model": "claude-haiku-4-5"})
ag("model_sonnet_alias", "agent model sonnet.", {"helper": dict(HELPER, model="sonnet")}, sub())
ag("model_opus_alias", "agent model opus under claude-haiku-4-5.",
   {"helper": dict(HELPER, model="opus")}, sub(), opts={"model": "claude-haiku-4-5"})
ag("model_full_id", "agent model claude-haiku-4-5 (full id).", {"helper": dict(HELPER, model="claude-haiku-4-5")}, sub())
ag("model_unknown", "agent model claude-k-test-9 (no price list has it).",
   {"helper": dict(HELPER, model="claude-k-test-9")}, sub())
ag("unknown_type", "the Agent tool with an unknown subagent_type.", {"helper": HELPER}, sub(),
   top=agent_call(1, "nosuchtype"))
ag("no_type", "the Agent tool without subagent_type.", {"helper": HELPER}, sub(), top=agent_call(1, None))
ag("general_purpose", "subagent_type general-purpose with agents defined.", {"helper": HELPER}, sub(),
   top=agent_call(1, "general-purpose"))
ag("missing_prompt", "the Agent tool without a prompt.", {"helper": HELPER}, [],
   top=tu(1, "Agent", {"description": "Help", "subagent_type": "helper", "run_in_background": False}))
ag("missing_description", "the Agent tool without a description.", {"helper": HELPER}, sub(),
   top=tu(1, "Agent", {"prompt": "SUB-K do it", "subagent_type": "helper", "run_in_background": False}))
ag("empty_description_def", "an agent defined with an empty description.",
   {"helper": dict(HELPER, description="")}, sub())
ag("empty_prompt_def", "an agent defined with an empty prompt.", {"helper": dict(HELPER, prompt="")}, sub())
ag("nested_default", "the subagent (no tools list) calls Agent.", {"helper": HELPER},
   sub(("Agent", {"description": "Nested", "prompt": "NESTED-K", "subagent_type": "helper", "run_in_background": False})))
ag("max_turns_def", "agent maxTurns 1; the subagent calls Read twice.", {"helper": dict(HELPER, maxTurns=1)},
   sub(R("<WS>/a.txt"), R("<WS>/a.txt")))
# Two Agent calls in one response run side by side: their requests interleave by timing
# (the two recordings differed), so none is kept here.
ag("default_mode_write", "default mode, logging callback: the subagent writes a file.", {"helper": HELPER},
   sub(("Write", {"file_path": "<WS>/sub.txt", "content": "s\n"})), mode="default", behaviors=LOG)
ag("perm_mode_def", "agent permissionMode acceptEdits in default mode: the subagent writes.",
   {"helper": dict(HELPER, permissionMode="acceptEdits")},
   sub(("Write", {"file_path": "<WS>/sub.txt", "content": "s\n"})), mode="default", behaviors=LOG)
ag("tools_list_outer", "outer tools [Read, Agent]; the agent (no tools) calls Bash.", {"helper": HELPER},
   sub(B("echo x")), opts={"tools": ["Read", "Agent"]})
ag("disallowed_outer_bash", "outer disallowed_tools [Bash]; the subagent calls Bash.", {"helper": HELPER},
   sub(B("echo x")), opts={"disallowed_tools": ["Bash"]})

# ============================================================ include_hook_events
HE = {"include_hook_events": True}
HOOKLOG = {"hooks": {"PreToolUse": [{"matcher": None, "behavior": "log_all"}],
                     "PostToolUse": [{"matcher": None, "behavior": "log_all"}]}}
sc("he_skill", "include_hook_events with a skill call.", seq(SK("alpha", "h")),
   dict(HE, setting_sources=["project"]), files=sk_files(alpha=ALPHA))
sc("he_subagent", "include_hook_events with a subagent.",
   [{"match": "Go", "content": [agent_call(1)]}] + sub(R("<WS>/a.txt")) + [{"match": "SUB-DONE", "content": [txt("Done.")]}],
   dict(HE, agents={"helper": HELPER}), files=FILES)
sc("he_callbacks_tool_error", "include_hook_events with callback hooks and a failing Read.",
   seq(R("<WS>/missing.txt")), HE, files=FILES, behaviors=HOOKLOG)
sc("he_settings_hook", "include_hook_events with a PreToolUse command hook from a settings JSON string.",
   seq(R("<WS>/a.txt")),
   dict(HE, settings=json.dumps({"hooks": {"PreToolUse": [{"matcher": "Read", "hooks": [
       {"type": "command", "command": "echo pre-hook-out"}]}]}}), setting_sources=[]), files=FILES)
sc("he_settings_hook_block", "include_hook_events with a PreToolUse command hook exiting 2.",
   seq(R("<WS>/a.txt")),
   dict(HE, settings=json.dumps({"hooks": {"PreToolUse": [{"matcher": "Read", "hooks": [
       {"type": "command", "command": "echo blocked-by-hook >&2; exit 2"}]}]}}), setting_sources=[]), files=FILES)
sc("he_false_settings_hook", "include_hook_events false with a settings command hook.",
   seq(R("<WS>/a.txt")),
   dict(settings=json.dumps({"hooks": {"PreToolUse": [{"matcher": "Read", "hooks": [
       {"type": "command", "command": "echo pre-hook-out"}]}]}}), setting_sources=[], include_hook_events=False),
   files=FILES)
sc("he_slash_skill", "include_hook_events with a /alpha prompt.", [{"content": [txt("Done.")]}],
   dict(HE, setting_sources=["project"]), files=sk_files(alpha=ALPHA), prompt="/alpha q")
sc("he_max_turns", "include_hook_events with max_turns 1 and a tool call.", seq(R("<WS>/a.txt")),
   dict(HE, max_turns=1), files=FILES)

# ============================================================ session_id
SID = "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee"
SID2 = "12345678-1234-4234-8234-123456789abc"
sc("sid_then_continue", "session_id, then continue_conversation.",
   [{"content": [txt("First.")]}, {"content": [txt("Second.")]}], {"session_id": SID}, files=FILES,
   then=[{"prompt": "More", "options": {"session_id": None, "continue_conversation": True}}])
sc("sid_reuse", "the same session_id given to a second fresh query.",
   [{"content": [txt("First.")]}, {"content": [txt("Second.")]}], {"session_id": SID}, files=FILES,
   then=[{"prompt": "More", "options": {}}])
sc("sid_fork", "session_id for a fork of a resumed session.",
   [{"content": [txt("First.")]}, {"content": [txt("Forked.")]}], {"session_id": SID}, files=FILES,
   then=[{"prompt": "Fork", "options": {"session_id": SID2, "resume": SID, "fork_session": True}}])
sc("sid_resume_other", "resume a session with a different session_id and no fork.",
   [{"content": [txt("First.")]}, {"content": [txt("Second.")]}], {"session_id": SID}, files=FILES,
   then=[{"prompt": "Again", "options": {"session_id": SID2, "resume": SID}}])
sc("sid_uppercase", "a session_id written in upper case.", [{"content": [txt("ok")]}],
   {"session_id": SID.upper()}, files=FILES)
sc("sid_not_v4", "a session_id that is a UUID but not version 4.", [{"content": [txt("ok")]}],
   {"session_id": "aaaaaaaa-bbbb-1ccc-8ddd-eeeeeeeeeeee"}, files=FILES)
sc("sid_tool_then_resume", "session_id with a tool call, then a resume by it.",
   [{"content": [tu(1, *R("<WS>/a.txt"))]}, {"content": [txt("Read it.")]}, {"content": [txt("Again.")]}],
   {"session_id": SID}, files=FILES,
   then=[{"prompt": "What did you read?", "options": {"session_id": None, "resume": SID}}])

# ============================================================ extra_args
sc("xa_max_turns", "extra_args max-turns 1 with two tool calls.", seq(R("<WS>/a.txt"), R("<WS>/a.txt")),
   {"extra_args": {"max-turns": "1"}}, files=FILES)
sc("xa_append_prompt", "extra_args append-system-prompt.", [{"content": [txt("ok")]}],
   {"extra_args": {"append-system-prompt": "XA-APPEND"}}, files=FILES)
sc("xa_disallowed", "extra_args disallowedTools Bash; the model calls Bash.", seq(B("echo x")),
   {"extra_args": {"disallowedTools": "Bash"}}, files=FILES)
sc("xa_allowed_default", "extra_args allowedTools 'Bash(echo *)' in default mode; echo runs.", seq(B("echo x")),
   {"extra_args": {"allowedTools": "Bash(echo *)"}}, files=FILES, mode="default", behaviors=LOG)
sc("xa_model_override", "extra_args model claude-haiku-4-5 beside option model claude-sonnet-4-5.",
   [{"content": [txt("ok")]}], {"model": "claude-sonnet-4-5", "extra_args": {"model": "claude-haiku-4-5"}}, files=FILES)

# ============================================================ settings as a JSON string
def st(name, desc, settings, responses, opts=None, **kw):
    o = {"settings": json.dumps(settings), "setting_sources": []}
    o.update(opts or {})
    kw.setdefault("files", FILES)
    sc("st_" + name, desc, responses, o, **kw)


st("deny_read", "settings deny Read(./a.txt); the model reads it (bypass).",
   {"permissions": {"deny": ["Read(./a.txt)"]}}, seq(R("<WS>/a.txt")))
st("deny_bash_pattern", "settings deny Bash(echo *); echo in bypass mode.",
   {"permissions": {"deny": ["Bash(echo *)"]}}, seq(B("echo x")))
st("ask_bash_bypass", "settings ask Bash(echo *) in bypass mode (logged).",
   {"permissions": {"ask": ["Bash(echo *)"]}}, seq(B("echo x")), behaviors=LOG)
st("allow_write_default", "settings allow Write in default mode (logged).",
   {"permissions": {"allow": ["Write"]}}, seq(("Write", {"file_path": "<WS>/w.txt", "content": "w\n"})),
   mode="default", behaviors=LOG)
st("default_mode_plan", "settings defaultMode plan with no permission_mode; the model writes.",
   {"permissions": {"defaultMode": "plan"}}, seq(("Write", {"file_path": "<WS>/w.txt", "content": "w\n"})),
   mode=None, behaviors=LOG)
st("default_mode_accept", "settings defaultMode acceptEdits with no permission_mode; the model writes.",
   {"permissions": {"defaultMode": "acceptEdits"}}, seq(("Write", {"file_path": "<WS>/w.txt", "content": "w\n"})),
   mode=None, behaviors=LOG)
st("env_var", "settings env sets K_VAR; Bash echoes it.", {"env": {"K_VAR": "from-settings"}},
   seq(B("echo $K_VAR")))
st("model", "settings model claude-haiku-4-5.", {"model": "claude-haiku-4-5"}, [{"content": [txt("ok")]}])
st("model_and_option", "settings model claude-haiku-4-5 and option model claude-opus-4-1.",
   {"model": "claude-haiku-4-5"}, [{"content": [txt("ok")]}], {"model": "claude-opus-4-1"})
st("invalid_json", "settings that is not JSON (a bare word).", None, [{"content": [txt("ok")]}],
   {"settings": "not-json{"})
st("empty_object", "settings {}.", {}, [{"content": [txt("ok")]}])
st("deny_agent_type", "settings deny Agent(helper); the model calls it.",
   {"permissions": {"deny": ["Agent(helper)"]}},
   [{"match": "Go", "content": [agent_call(1)]}, {"match": "SUB-K", "content": [txt("SUB-DONE")]},
    {"content": [txt("Done.")]}], {"agents": {"helper": HELPER}})
st("deny_skill", "settings deny Skill(alpha); the model calls it.", {"permissions": {"deny": ["Skill(alpha)"]}},
   seq(SK("alpha")), {"setting_sources": ["project"]}, files=sk_files(alpha=ALPHA))
st("allow_skill_default", "settings allow Skill(alpha) in default mode (logged).",
   {"permissions": {"allow": ["Skill(alpha)"]}}, seq(SK("alpha"), SK("beta")), {"setting_sources": ["project"]},
   files=sk_files(alpha=ALPHA, beta=BETA), mode="default", behaviors=LOG)

scenario_files.write(HERE, "vk_", SCEN)
