"""Paths: how a Write or an Edit reports a path spelt with `..`, `.` or `~`, what happens
through symbolic links (to files and folders, inside and outside the workspace, dangling),
and which of these are refused with a `permission_denied` message rather than a tool error,
in each permission mode (and with a can_use_tool callback that allows everything)."""
from common import Calls, respond, scenario

FILES = {
    "sub/a.txt": "A\n",
    "existing.txt": "E\n",
    "lin_file": {"symlink": "sub/a.txt"},
    "lin_dir": {"symlink": "sub"},
    "lout_file": {"symlink": "<ROOT>/outside/o.txt"},
    "lout_dir": {"symlink": "<ROOT>/outside"},
    "dangling_in": {"symlink": "sub/nothing.txt"},
    "dangling_out": {"symlink": "<ROOT>/outside/nothing.txt"},
    "lchain": {"symlink": "lin_file"},
}
OUTSIDE = {"outside/o.txt": "O\n"}

# (name, file_path) of each Write.
WRITES = [
    ("dotdot_abs_inside", "<WS>/sub/../new.txt"),
    ("dotdot_rel_inside", "sub/../new.txt"),
    ("dotdot_reenter", "<WS>/../ws/new.txt"),
    ("dotdot_rel_outside", "../outside/new.txt"),
    ("dotdot_abs_outside", "<WS>/sub/../../outside/new.txt"),
    ("dotdot_missing_parent", "<WS>/nodir/../new.txt"),
    ("dotdot_existing", "<WS>/sub/../existing.txt"),
    ("dot_slashes", "<WS>/./sub//new.txt"),
    ("tilde", "~/new.txt"),
    ("home_abs", "<HOME>/new.txt"),
    ("link_in_file", "<WS>/lin_file"),
    ("link_in_dir", "<WS>/lin_dir/new.txt"),
    ("link_out_file", "<WS>/lout_file"),
    ("link_out_dir", "<WS>/lout_dir/new.txt"),
    ("link_out_dir_rel", "lout_dir/new.txt"),
    ("link_out_dir_dotdot", "<WS>/lout_dir/../ws/new.txt"),
    ("dangling_in", "<WS>/dangling_in"),
    ("dangling_out", "<WS>/dangling_out"),
    ("link_chain", "<WS>/lchain"),
    ("link_dir_itself", "<WS>/lin_dir"),
    ("link_in_file_rel", "lin_file"),
]

# (name, file_path, old, new) of each Edit (none of the files was read first).
EDITS = [
    ("edit_dotdot_existing", "<WS>/sub/../existing.txt", "E", "E2"),
    ("edit_link_in_file", "<WS>/lin_file", "A", "A2"),
    ("edit_link_out_file", "<WS>/lout_file", "O", "O2"),
    ("edit_link_out_dir", "<WS>/lout_dir/o.txt", "O", "O2"),
    ("edit_dotdot_outside", "../outside/o.txt", "O", "O2"),
    ("edit_dotdot_rel_inside", "sub/../existing.txt", "E", "E2"),
]

MODES = {
    "default": ({"permission_mode": "default"}, None),
    "acceptEdits": ({"permission_mode": "acceptEdits"}, None),
    "plan": ({"permission_mode": "plan"}, None),
    "dontAsk": ({"permission_mode": "dontAsk"}, None),
    "bypass": ({"permission_mode": "bypassPermissions"}, None),
    "callback": ({"permission_mode": "default"}, {"can_use_tool": "allow_all"}),
}


def make(name, description, call, mode):
    options, behaviors = MODES[mode]
    return scenario(f"paths_{mode}_{name}", f"{mode}: {description}",
                    [respond(call), respond("Done.")], options=dict(options, tools=["Read", "Write", "Edit", "Bash"]),
                    files=FILES, outside_files=OUTSIDE, behaviors=behaviors,
                    record={"outside_files": True, "decisions": True})


def hook_inputs():
    """What hooks see of file paths spelt in different ways, and what the results say."""
    c = Calls()
    calls = [c.write("sub/../h1.txt"), c.write("~/h2.txt"), c.write("<WS>/./sub//h3.txt"),
             c.edit("<WS>/sub/../existing.txt", "E", "E2"), c.read("sub/../existing.txt"),
             c.read("~/../home/h2.txt"), c.write("../outside/h4.txt")]
    log = [{"matcher": None, "behavior": "log_all"}]
    yield scenario("paths_hooks_input", "bypassPermissions: PreToolUse and PostToolUse see the "
                   "paths of Write, Edit and Read calls spelt with .., ., // and ~.",
                   [respond(call) for call in calls] + [respond("Done.")],
                   options={"permission_mode": "bypassPermissions",
                            "tools": ["Read", "Write", "Edit", "Bash"]},
                   files=FILES, outside_files=OUTSIDE,
                   behaviors={"hooks": {"PreToolUse": log, "PostToolUse": log}},
                   record={"outside_files": True, "decisions": True})


# Spellings the first round did not vary: `./`, doubled and trailing slashes, `.` and `..`
# after a symbolic link, and a path that names a folder.
MORE_WRITES = [
    ("dot_rel", "./new.txt"),
    ("dot_rel_sub", "./sub/./new.txt"),
    ("double_slash_rel", "sub//new.txt"),
    ("double_slash_outside", "<WS>//..//outside/new.txt"),
    ("trailing_slash_file", "<WS>/sub/new.txt/"),
    ("trailing_slash_dir", "<WS>/sub/"),
    ("dir_itself", "<WS>/sub"),
    ("dotdot_after_link_in", "<WS>/lin_dir/../existing.txt"),
    ("dotdot_after_link_out", "<WS>/lout_dir/../outside/new.txt"),
    ("dot_after_link_out", "<WS>/lout_dir/./new.txt"),
    ("link_out_dir_trailing", "lout_dir/"),
    ("dotdot_rel_outside_dot", "./../outside/new.txt"),
    ("trailing_slash_rel_file", "sub/new.txt/"),
    ("trailing_slash_tilde", "~/new.txt/"),
    ("trailing_slash_outside", "<ROOT>/outside/new.txt/"),
]
MORE_EDITS = [
    ("edit_dot_rel", "./existing.txt", "E", "E2"),
    ("edit_double_slash", "<WS>//sub//a.txt", "A", "A2"),
    ("edit_dotdot_after_link_in", "<WS>/lin_dir/../existing.txt", "E", "E2"),
    ("edit_link_chain", "<WS>/lchain", "A", "A2"),
]
MORE_MODES = ("default", "acceptEdits", "dontAsk", "bypass")


def more_spellings():
    for mode in MORE_MODES:
        for name, path in MORE_WRITES:
            yield make(name, f"Write {path}.", Calls().write(path), mode)
        for name, path, old, new in MORE_EDITS:
            yield make(name, f"Edit {path} (never read).", Calls().edit(path, old, new), mode)


def scenarios():
    yield from hook_inputs()
    for mode in MODES:
        for name, path in WRITES:
            yield make(name, f"Write {path}.", Calls().write(path), mode)
        for name, path, old, new in EDITS:
            yield make(name, f"Edit {path} (never read).", Calls().edit(path, old, new), mode)
    yield from more_spellings()
