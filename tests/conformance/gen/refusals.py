"""Refusals in a stream: when a refused call is announced with a `permission_denied` system
message, in each permission mode, and what the other calls of the same response do, for
mixes of allowed, refused, unknown-tool and invalid-input calls."""
from common import Calls, respond, scenario

FILES = {"a.txt": "AAA\n", "b.txt": "BBB\n"}
OUTSIDE = {"outside/o.txt": "O\n"}

# One letter per kind of call.
KINDS = {
    "A": lambda c: c.read("<WS>/a.txt"),                       # a Read in the workspace
    "W": lambda c: c.write("<WS>/w.txt"),                      # a new file in the workspace
    "B": lambda c: c.bash("touch t.txt", "touch"),             # a Bash that creates a file
    "O": lambda c: c.write("<ROOT>/outside/w.txt"),            # a Write outside the workspace
    "U": lambda c: c("NoSuchTool", {"x": 1}),                  # an unknown tool
    "I": lambda c: c("Write", {"file_path": "<WS>/i.txt"}),     # a Write without content
    "E": lambda c: c.edit("<WS>/b.txt", "BBB", "ZZZ"),         # an Edit of an unread file
    "R": lambda c: c.bash("echo hi", "echo"),                  # a read-only Bash
}
MIXES = ["W", "A_W", "W_A", "W_W", "U_W_I_A", "I_W", "W_B_O_A", "O_A", "B_U", "E_R",
         # where an answer given without running lands among the stream's events
         "B", "A_B", "B_B", "A_U", "A_I"]
MODES = {"default": "default", "acceptEdits": "acceptEdits", "plan": "plan",
         "dontAsk": "dontAsk", "bypass": "bypassPermissions"}


def calls(mix):
    c = Calls()
    return [KINDS[k](c) for k in mix.split("_")]


def make(name, description, mix, options, behaviors=None, stream=True, text_first=False,
         files=None):
    blocks = (["Working on it."] if text_first else []) + calls(mix)
    options = dict(options, tools=["Read", "Write", "Edit", "Bash"])
    if stream:
        options["include_partial_messages"] = True
    # Whole inputs in one delta: the scratch paths inside them are normalized whole.
    return scenario("refusals_" + name, description, [respond(*blocks, chunk=4096), respond("Done.")],
                    options=options, files=files or FILES, outside_files=OUTSIDE, behaviors=behaviors,
                    record={"outside_files": True, "decisions": True})


def by_mode():
    for mode, pm in MODES.items():
        for mix in MIXES:
            yield make(f"{mode}_{mix}", f"{mode}, streamed: calls {mix} in one response.", mix,
                       {"permission_mode": pm})
        for mix in ("A_W", "U_W_I_A"):
            yield make(f"{mode}_{mix}_nostream", f"{mode}, not streamed: calls {mix} in one "
                       "response.", mix, {"permission_mode": pm}, stream=False)


def special():
    d = {"permission_mode": "default"}
    yield make("callback_deny_W_A_W", "can_use_tool denies the Writes of [W, A, W].", "W_A_W", d,
               {"can_use_tool": {"behavior": "deny_all", "message": "Not now"}})
    yield make("callback_interrupt_A_W_A", "can_use_tool denies with interrupt the Write of [A, W, A].",
               "A_W_A", d, {"can_use_tool": {"behavior": "deny_interrupt", "message": "Stop"}})
    yield make("hook_deny_W_A", "A PreToolUse hook denies the Write of [W, A].", "W_A",
               {"permission_mode": "bypassPermissions"},
               {"hooks": {"PreToolUse": [{"matcher": "Write", "behavior": "deny", "reason": "No writes"}]}})
    yield make("hook_ask_W_A", "A PreToolUse hook asks for the Write of [W, A]; no callback.", "W_A",
               {"permission_mode": "bypassPermissions"},
               {"hooks": {"PreToolUse": [{"matcher": "Write", "behavior": "ask", "reason": "Ask me"}]}})
    yield make("rule_deny_bash_B_A", "disallowed_tools Bash(touch *) in bypassPermissions: [B, A].",
               "B_A", {"permission_mode": "bypassPermissions", "disallowed_tools": ["Bash(touch *)"]})
    yield make("rule_deny_write_W_A", "disallowed_tools Write(./w.txt) in acceptEdits: [W, A].",
               "W_A", {"permission_mode": "acceptEdits", "disallowed_tools": ["Write(./w.txt)"]})
    yield make("rule_deny_tool_W_A", "disallowed_tools Write (the whole tool) in default: [W, A].",
               "W_A", d | {"disallowed_tools": ["Write"]})
    yield make("rule_deny_write_content_E_A", "disallowed_tools Write(./b.txt) in acceptEdits: "
               "[E, A] (an Edit of b.txt).", "E_A",
               {"permission_mode": "acceptEdits", "disallowed_tools": ["Write(./b.txt)"]})
    yield make("rule_deny_edit_content_W_A", "disallowed_tools Edit(./w.txt) in acceptEdits: [W, A].",
               "W_A", {"permission_mode": "acceptEdits", "disallowed_tools": ["Edit(./w.txt)"]})
    yield make("rule_allow_write_content_dontAsk_W_A", "allowed_tools Write(./w.txt) in dontAsk: "
               "[W, A].", "W_A", {"permission_mode": "dontAsk", "allowed_tools": ["Write(./w.txt)"]})
    yield make("rule_allow_edit_content_dontAsk_W_A", "allowed_tools Edit(./w.txt) in dontAsk: "
               "[W, A].", "W_A", {"permission_mode": "dontAsk", "allowed_tools": ["Edit(./w.txt)"]})
    yield make("rule_deny_bash_A_B", "disallowed_tools Bash(touch *) in bypassPermissions: [A, B].",
               "A_B", {"permission_mode": "bypassPermissions", "disallowed_tools": ["Bash(touch *)"]})
    yield make("rule_allow_dontAsk_W_B", "allowed_tools Write in dontAsk: [W, B].", "W_B",
               {"permission_mode": "dontAsk", "allowed_tools": ["Write"]})
    yield make("rule_ask_bypass_B_A", "An ask rule for Bash(touch *) from the project settings in "
               "bypassPermissions: [B, A].", "B_A",
               {"permission_mode": "bypassPermissions", "setting_sources": ["project"]},
               files=dict(FILES, **{".claude/settings.json":
                                    '{"permissions": {"ask": ["Bash(touch *)"]}}\n'}))
    yield make("text_first_default_W_A", "default, streamed: text, then [W, A].", "W_A", d,
               text_first=True)
    yield make("text_first_plan_W_B_A", "plan, streamed: text, then [W, B, A].", "W_B_A",
               {"permission_mode": "plan"}, text_first=True)


KINDS.update({
    "G": lambda c: c("Glob", {"pattern": "*.txt"}),            # a Glob in the workspace
    "P": lambda c: c("Grep", {"pattern": "B"}),                # a Grep in the workspace
    "Q": lambda c: c.read("<ROOT>/outside/o.txt"),             # a Read outside the workspace
    "X": lambda c: c("Glob", {"pattern": "*", "path": "<ROOT>/outside"}),  # a Glob outside
})


def with_hooks():
    """Permission modes combined with PreToolUse hooks (allow, ask, deny, log), and larger
    mixes with searches and outside reads."""
    log = [{"matcher": None, "behavior": "log_all"}]
    for mode, pm in MODES.items():
        yield make(f"{mode}_hook_allow_W_O_A", f"{mode}, streamed: a PreToolUse hook allows every "
                   "Write of [W, O, A].", "W_O_A", {"permission_mode": pm},
                   {"hooks": {"PreToolUse": [{"matcher": "Write", "behavior": "allow"}]}})
        yield make(f"{mode}_hook_log_W_B_Q", f"{mode}, streamed: PreToolUse and PostToolUse log "
                   "[W, B, Q].", "W_B_Q", {"permission_mode": pm},
                   {"hooks": {"PreToolUse": log, "PostToolUse": log}})
        yield make(f"{mode}_G_P_Q_X_W", f"{mode}, streamed: Glob, Grep, Read outside, Glob "
                   "outside and Write in one response.", "G_P_Q_X_W", {"permission_mode": pm})
    yield make("default_hook_ask_callback_W_A", "default: a PreToolUse hook asks for the Write "
               "of [W, A]; can_use_tool allows.", "W_A", {"permission_mode": "default"},
               {"hooks": {"PreToolUse": [{"matcher": "Write", "behavior": "ask", "reason": "Ask"}]},
                "can_use_tool": "allow_all"})
    yield make("plan_hook_deny_R_W", "plan: a PreToolUse hook denies the Bash of [R, W].", "R_W",
               {"permission_mode": "plan"},
               {"hooks": {"PreToolUse": [{"matcher": "Bash", "behavior": "deny", "reason": "No"}]}})
    yield make("acceptEdits_hook_deny_O_W", "acceptEdits: a PreToolUse hook denies every Write "
               "of [O, W].", "O_W", {"permission_mode": "acceptEdits"},
               {"hooks": {"PreToolUse": [{"matcher": "Write", "behavior": "deny", "reason": "No"}]}})
    yield make("dontAsk_callback_W_B", "dontAsk with a can_use_tool that allows: [W, B].", "W_B",
               {"permission_mode": "dontAsk"}, {"can_use_tool": "allow_all"})
    yield make("default_W_W_W_W", "default, streamed: four Writes.", "W_W_W_W",
               {"permission_mode": "default"})
    yield make("default_B_W_O_E_Q", "default, streamed: five refused calls of five kinds.",
               "B_W_O_E_Q", {"permission_mode": "default"})
    yield make("plan_B_W_O_E_Q_nostream", "plan, not streamed: five refused calls.", "B_W_O_E_Q",
               {"permission_mode": "plan"}, stream=False)
    yield make("acceptEdits_text_first_O_B_A", "acceptEdits, streamed: text, then [O, B, A].",
               "O_B_A", {"permission_mode": "acceptEdits"}, text_first=True)


def scenarios():
    yield from by_mode()
    yield from special()
    yield from with_hooks()
