#!/usr/bin/env python3
"""Writes the output_format scenarios. Record with
  python3 ../../../../shared/conformance/run.py --python REF NAME.json -o golden/NAME.json
  python3 ../../../../shared/conformance/run.py --node REF_TS NAME.json -o golden-ts/NAME.json"""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMA = {"type": "object", "properties": {"answer": {"type": "integer"}}, "required": ["answer"]}


def call(i, inp):
    return {"content": [{"type": "tool_use", "id": f"toolu_{i:02d}", "name": "StructuredOutput", "input": inp}]}


def write(name, desc, responses):
    s = {"name": name, "description": desc, "prompt": "Give me the answer",
         "options": {"output_format": {"type": "json_schema", "schema": SCHEMA}}, "responses": responses}
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        json.dump(s, f, indent=1)
        f.write("\n")


write("structured_output_call", "The model calls StructuredOutput: the turn ends with it.",
      [call(1, {"answer": 42}), {"content": [{"type": "text", "text": "Never asked."}]}])
write("structured_output_invalid_then_valid", "An input that fails the schema, then a valid one.",
      [call(1, {"answer": "forty-two"}), call(2, {"answer": 42}),
       {"content": [{"type": "text", "text": "Never asked."}]}])
write("structured_output_text_first", "The model answers in text first, then calls the tool.",
      [{"content": [{"type": "text", "text": "It is 42."}]}, call(1, {"answer": 42}),
       {"content": [{"type": "text", "text": "Never asked."}]}])
