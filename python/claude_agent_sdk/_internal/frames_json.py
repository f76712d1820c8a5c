"""Reading the JSON text of the frames a native session hands over.

The frames are written by the session itself (compact JSON, one value, nothing around it), so
they go straight to the decoder's C scanner: ``json.loads`` first matches whitespace around the
value with regular expressions in Python, which was most of its cost on a stream of small
frames (about 3.5 us of 5 a frame here). Text the scanner does not take whole goes through
``json.loads``, which raises its usual error for it.

    >>> loads('{"type":"stream_event"}')
    {'type': 'stream_event'}
"""

from __future__ import annotations

import json
from typing import Any

_scan = json.decoder.JSONDecoder().scan_once


def loads(text: str) -> Any:
    try:
        value, end = _scan(text, 0)
    except StopIteration:
        return json.loads(text)
    if end != len(text):
        return json.loads(text)
    return value
