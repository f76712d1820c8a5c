"""Models: what a model name given in the options becomes (aliases, retired ids), and what
the result reports for it (cost, context window, largest output), for the current models,
the older Claude 4 and Claude 3 models, a dated id, and a name the reference does not know."""
from common import respond, scenario

NAMES = (
    "sonnet", "opus", "haiku", "fable", "best", "default", "opusplan", "opus[1m]", "sonnet[1m]",
    "claude-opus-5-5", "claude-sonnet-5-5", "claude-haiku-5-5", "claude-opus-5", "claude-fable-5",
    "claude-opus-4-7", "claude-opus-4-6", "claude-opus-4-5", "claude-opus-4-1",
    "claude-opus-4-1-20250805", "claude-opus-4-0", "claude-opus-4-0-20250514",
    "claude-opus-4-20250514", "claude-opus-4", "claude-sonnet-4-6", "claude-sonnet-4-5",
    "claude-sonnet-4-0", "claude-sonnet-4", "claude-haiku-4-5", "claude-haiku-4-5-20251001",
    "claude-3-7-sonnet-20250219", "claude-3-5-sonnet-20241022", "claude-3-5-haiku-20241022",
    "claude-3-opus-20240229", "claude-3-haiku-20240307", "my-custom-model",
)


def tag(name):
    return name.replace("claude-", "").replace("[1m]", "_1m").replace("-", "_")


def scenarios():
    for name in NAMES:
        yield scenario(f"models_{tag(name)}", f"The option model={name!r}, a one-line answer.",
                       [respond("Hello.", usage={"input_tokens": 1200, "output_tokens": 300,
                                                 "cache_creation_input_tokens": 500,
                                                 "cache_read_input_tokens": 2000})],
                       options={"model": name, "permission_mode": "bypassPermissions"},
                       prompt="Say hello")
