#!/usr/bin/env python3
"""Validates every scene in scenes/ and the built-in showcase against scenes/scene.schema.json.

Needs the `jsonschema` package (pip install jsonschema). The schema states every bound, cap, pairing and item
kind the decoder enforces that JSON Schema can express; the decoder also checks what a scene means (time order,
references, files, budgets: docs/scene-format.md, "What the schema cannot say"). scripts/schema-mutants.py and
SchemaAgreementTests check that the two agree beyond the examples.
"""
import glob, json, os, sys
import jsonschema

root = os.path.join(os.path.dirname(__file__), "..")
schema = json.load(open(os.path.join(root, "scenes", "scene.schema.json")))
failures = 0
for path in sorted(glob.glob(os.path.join(root, "scenes", "*.json"))):
    if path.endswith("scene.schema.json"):
        continue
    try:
        jsonschema.validate(json.load(open(path)), schema)
    except jsonschema.ValidationError as e:
        failures += 1
        print(f"{os.path.relpath(path, root)}: {'/'.join(map(str, e.path))}: {e.message}")
src = open(os.path.join(root, "Sources", "SceneFormat", "Showcase.swift")).read()
showcase = json.loads(src[src.index('#"""') + 4:src.index('"""#')])
try:
    jsonschema.validate(showcase, schema)
except jsonschema.ValidationError as e:
    failures += 1
    print(f"showcase: {'/'.join(map(str, e.path))}: {e.message}")
print(f"{failures} invalid")
sys.exit(1 if failures else 0)
