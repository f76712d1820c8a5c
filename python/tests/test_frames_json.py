"""The frames of a native session are read with the decoder's scanner: the same values as
json.loads, and json.loads' errors for text that is not one JSON value."""

import json

import pytest

from claude_agent_sdk._internal.frames_json import loads

FRAMES = [
    '{"type":"stream_event","uuid":"u","session_id":"s","event":{"type":"content_block_delta",'
    '"index":0,"delta":{"type":"text_delta","text":"a\\u00e9\\n\\"b\\""}},"parent_tool_use_id":null}',
    '{"type":"result","subtype":"success","total_cost_usd":0.0123,"num_turns":3,"is_error":false}',
    '[1,2.5,-3e2,true,false,null,"x"]',
    '"text"',
    "12",
]


@pytest.mark.parametrize("text", FRAMES)
def test_frames_read_as_json_loads_reads_them(text):
    assert loads(text) == json.loads(text)
    assert type(loads(text)) is type(json.loads(text))


@pytest.mark.parametrize("text", ["", "{", '{"a":1} x', "[1,]", "nul"])
def test_text_that_is_not_one_value_raises_the_decoders_error(text):
    with pytest.raises(json.JSONDecodeError) as ours:
        loads(text)
    with pytest.raises(json.JSONDecodeError) as theirs:
        json.loads(text)
    assert str(ours.value) == str(theirs.value)


def test_whitespace_around_a_value_is_allowed_as_json_loads_allows_it():
    assert loads(' {"a": [1, 2]} \n') == {"a": [1, 2]}
