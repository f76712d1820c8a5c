"""Writes the fallback_model scenarios: the API fails in several ways while a fallback model
is set. Run from this folder: python3 make.py"""
import json
import pathlib

HERE = pathlib.Path(__file__).parent
OK = {"content": [{"type": "text", "text": "Recovered."}]}


def err(status, kind, message):
    return {"error": {"status": status, "type": kind, "message": message}}


OVERLOADED = err(529, "overloaded_error", "Overloaded")


def scenario(name, desc, responses, default=None, env=None, **options):
    opts = {"permission_mode": "bypassPermissions", "tools": [], "fallback_model": "claude-sonnet-4-5"}
    opts.update(options)
    s = {"name": name, "description": desc, "prompt": "Answer briefly.", "options": opts,
         "responses": responses, "default": default or {"content": [{"type": "text", "text": "Done."}]},
         "env": env or {"CLAUDE_CODE_MAX_RETRIES": "4"}, "timeout_s": 120, "files": {"a.txt": "alpha\n"}}
    (HERE / f"{name}.json").write_text(json.dumps(s, indent=1) + "\n")


for n in (1, 2, 3, 4):
    scenario(f"fallback_529_x{n}_then_ok", f"{n} overloaded answer(s), then a normal one.",
             [OVERLOADED] * n + [OK])
scenario("fallback_529_always", "Overloaded on every attempt.", [], default=OVERLOADED)
scenario("fallback_500_x3_then_ok", "Three 500 answers (not overload), then a normal one.",
         [err(500, "api_error", "Internal server error")] * 3 + [OK])
scenario("fallback_404_model", "The model is not found (404).",
         [err(404, "not_found_error", "model: claude-opus-5-5")], default=OK)
scenario("fallback_529_x3_same_model", "Three overloaded answers with the fallback equal to the model.",
         [OVERLOADED] * 3 + [OK], model="claude-sonnet-4-5")
scenario("fallback_529_x3_max_retries_1", "Three overloaded answers, one retry allowed.",
         [OVERLOADED] * 3 + [OK], env={"CLAUDE_CODE_MAX_RETRIES": "1"})
scenario("fallback_503_then_ok", "One 503 answer, then a normal one.",
         [err(503, "api_error", "Service unavailable"), OK])
scenario("fallback_429_then_ok", "One 429 answer, then a normal one.",
         [err(429, "rate_limit_error", "Rate limited"), OK])
scenario("fallback_401", "A 401 answer.", [err(401, "authentication_error", "invalid x-api-key")], default=OK)
scenario("fallback_sonnet_to_opus", "A Sonnet session falling back to Opus after three overloads.",
         [OVERLOADED] * 3 + [OK], model="claude-sonnet-4-5", fallback_model="claude-opus-5-5")
scenario("fallback_alias_haiku", "The fallback given as an alias (haiku).",
         [OVERLOADED] * 3 + [OK], fallback_model="haiku")
scenario("fallback_sticky", "After the switch, the next request of the turn stays on the fallback.",
         [OVERLOADED] * 3 + [{"content": [{"type": "tool_use", "id": "toolu_f1", "name": "Read",
                                            "input": {"file_path": "<WS>/a.txt"}}]}, OK],
         tools=["Read"])
scenario("fallback_500_then_529s", "A 500 (switch), then three overloads on the fallback.",
         [err(500, "api_error", "Internal server error")] + [OVERLOADED] * 3 + [OK])
