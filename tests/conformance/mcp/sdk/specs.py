"""Tool specs (see tools.py) shared by the SDK-server scenarios (../make.py) and the JSON-RPC
cases (../jsonrpc/make.py)."""

PNG = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg=="
ADD = {"name": "add", "description": "Add two integers.", "input": {"a": "integer", "b": "integer"},
       "run": {"sum": ["a", "b"]}}
ECHO = {"name": "echo", "description": "Say the text back.", "input": {"text": "string"},
        "run": {"text": "{text}"}}
FAIL = {"name": "fail", "description": "Always raises.", "run": {"raise": "tool exploded"}}


def returns(name, value):
    """A tool whose handler returns `value` as it is."""
    return {"name": name, "description": f"Returns a fixed {name} result.", "run": {"return": value}}


CONTENT = [
    returns("image", {"content": [{"type": "text", "text": "a red square"},
                                  {"type": "image", "data": PNG, "mimeType": "image/png"}]}),
    returns("link", {"content": [{"type": "resource_link", "uri": "file:///tmp/a.txt", "name": "a.txt",
                                  "description": "A file"}]}),
    returns("resource", {"content": [{"type": "resource", "resource": {"uri": "file:///tmp/b.txt", "text": "inside b"}},
                                     {"type": "resource", "resource": {"uri": "file:///tmp/c.bin", "blob": "AAEC"}}]}),
    returns("audio", {"content": [{"type": "audio", "data": "AAAA", "mimeType": "audio/wav"},
                                  {"type": "text", "text": "after audio"}]}),
]

ODD = [
    returns("snake_error", {"content": [{"type": "text", "text": "bad input"}], "is_error": True}),
    returns("camel_error", {"content": [{"type": "text", "text": "bad input"}], "isError": True}),
    returns("empty", {"content": []}),
    returns("no_content", {}),
    returns("none", None),
    returns("string", "just a string"),
    returns("structured", {"content": [{"type": "text", "text": "{\"n\": 1}"}], "structuredContent": {"n": 1}}),
    returns("no_text", {"content": [{"type": "text"}]}),
]
