"""Writes the bs_* scenarios: the Skill tool called with a name near one of the reference's
bundled skills, with and without `disableBundledSkills` / CLAUDE_CODE_DISABLE_BUNDLED_SKILLS."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def scen(name, skill, settings=None, env=None):
    s = {"name": name, "description": f"Skill {skill!r}", "prompt": "Go",
         "options": {"permission_mode": "bypassPermissions"},
         "responses": [{"content": [{"type": "tool_use", "id": "toolu_01", "name": "Skill", "input": {"skill": skill}}]},
                       {"content": [{"type": "text", "text": "Done."}]}]}
    if settings:
        s["options"]["settings"] = json.dumps(settings)
    if env:
        s["env"] = env
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        json.dump(s, f, indent=1)


OFF = {"disableBundledSkills": True}
scen("bs_near_on", "simplfy")
scen("bs_near_off", "simplfy", OFF)
scen("bs_exact_off", "simplify", OFF)
scen("bs_env_off", "simplfy", env={"CLAUDE_CODE_DISABLE_BUNDLED_SKILLS": "1"})
scen("bs_cmd_off", "cmpact", OFF)
scen("bs_review_on", "revew")
scen("bs_review_off", "revew", OFF)
scen("bs_loop_off", "lop", OFF)
scen("bs_false", "simplfy", {"disableBundledSkills": False})

# TS `settings` given as the settings object itself (the Python SDK takes a string only).
scen("bs_settings_object", "simplfy")
with open(os.path.join(HERE, "bs_settings_object.json")) as f:
    s = json.load(f)
s["ts_options"] = {"settings": OFF}
s["faces"] = ["node"]
with open(os.path.join(HERE, "bs_settings_object.json"), "w") as f:
    json.dump(s, f, indent=1)
