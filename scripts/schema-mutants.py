#!/usr/bin/env python3
"""Generates one-mutation scenes and validates each against scenes/scene.schema.json with PyPI's jsonschema.

    scripts/schema-mutants.py [--seed N] [--per-scene N] [--scenes DIR]

Writes one JSON object a line: {"scene", "kind", "change", "text", "schema": "ok" | "<path>: <message>"}.
`SchemaAgreementTests` decodes each `text` with forkrender's own decoder and requires the two verdicts to agree,
except for the semantic checks docs/scene-format.md lists (time order, references, files, budgets).

Mutants come from every scene in scenes/ (`--per-scene` each, one kind after another, seeded) and from a fixed
list of boundary cases (the bounds, caps and pairings the decoder enforces). The same seed gives the same lines.
"""
import argparse, copy, glob, json, os, random, sys

# Numbers a bound sits between: just past the decoder's maxima (coordinates and lengths 100,000, any number
# 1,000,000, scale 16, duration 3,600, spacing 1,000), zero, negative, tiny, and pi/2 (the tilt bound itself).
PROBES = [-1, 0, 1e-4, 1.5707963267948966, 1.5707963267948968, 17, 1001, 3601, 100001, -100001, 1000001]
# Colours as design tools write them, and the malformed ones.
COLOURS = ["rgb(0, 0, 0)", "rgba(255, 0, 0, 0.5)", "rgb(255,255,255)", "rgb(256, 0, 0)", "rgba(0, 0, 0)",
           "#abc", "#abcd", "#AABBCC", "#AABBCC80", "#GG0000", "white", "systemBlu", {}, {"hex": "#FF0000"},
           {"hex": "label"}, {"token": "label", "hex": "#FF0000"}, {"hex": "#FF0000", "opacity": 0.5}, 12]
# Keys of one content item kind, put on an item of another.
OTHER_KIND_KEYS = {"size": 20, "radius": 4, "at": [10, 10], "viewBox": [0, 0, 24, 24], "length": 20,
                   "axis": "vertical", "font": "sans", "rule": "evenodd", "features": "+tnum", "frame": [0, 0, 20, 20]}
KINDS = ["number", "missing", "extra", "type", "array", "pairing", "colour", "otherkind"]


def walk(node, path=()):
    """Every (path, value) below node, the node itself first."""
    yield path, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from walk(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from walk(v, path + (i,))


def get(node, path):
    for p in path:
        node = node[p]
    return node


def dotted(path):
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else p)
    return out


def is_colour_path(path):
    return bool(path) and (path[-1] in ("tint", "color") or (len(path) > 1 and path[-2] == "colors"))


def mutate(scene, kind, rng):
    """One mutation of `kind` of a copy of scene, as (description, mutated) or None where none applies."""
    s = copy.deepcopy(scene)
    nodes = list(walk(s))
    if kind == "number":
        cands = [p for p, v in nodes if isinstance(v, (int, float)) and not isinstance(v, bool) and p]
        if not cands:
            return None
        p, v = rng.choice(cands), rng.choice(PROBES)
        get(s, p[:-1])[p[-1]] = v
        return f"{dotted(p)} = {v!r}", s
    if kind == "missing":
        cands = [(p, k) for p, v in nodes if isinstance(v, dict) for k in v]
        if not cands:
            return None
        p, k = rng.choice(cands)
        del get(s, p)[k]
        return f"remove {dotted(p + (k,))}", s
    if kind == "extra":
        cands = [p for p, v in nodes if isinstance(v, dict) and not is_colour_path(p)]
        p = rng.choice(cands)
        get(s, p)["bogus"] = 1
        return f"add {dotted(p + ('bogus',))}", s
    if kind == "type":
        cands = [p for p, v in nodes if p]
        p = rng.choice(cands)
        v = get(s, p)
        other = {str: 123, bool: "true", int: "12", float: "12", list: {}, dict: []}[type(v)]
        get(s, p[:-1])[p[-1]] = other
        return f"{dotted(p)} = {json.dumps(other)} (was {type(v).__name__})", s
    if kind == "array":
        cands = [p for p, v in nodes if isinstance(v, list) and p]
        if not cands:
            return None
        p = rng.choice(cands)
        a = get(s, p)
        caps = {("glass",): 65, ("content",): 1001, ("events",): 10001}
        if p in caps and a:
            get(s, p[:-1])[p[-1]] = [a[0]] * caps[p]
            return f"{dotted(p)}: {caps[p]} elements", s
        if a and rng.random() < 0.5:
            get(s, p[:-1])[p[-1]] = a[:-1]
            return f"{dotted(p)}: drop the last element", s
        get(s, p[:-1])[p[-1]] = []
        return f"{dotted(p)} = []", s
    if kind == "colour":
        cands = [p for p, v in nodes if is_colour_path(p) and not isinstance(v, (dict, list)) or
                 (is_colour_path(p) and isinstance(v, dict))]
        if not cands:
            return None
        p, c = rng.choice(cands), copy.deepcopy(rng.choice(COLOURS))
        get(s, p[:-1])[p[-1]] = c
        return f"{dotted(p)} = {json.dumps(c)}", s
    if kind == "otherkind":
        items = [(i, it) for i, it in enumerate(s.get("content", [])) if isinstance(it, dict)]
        if not items:
            return None
        i, it = rng.choice(items)
        key = rng.choice(sorted(k for k in OTHER_KIND_KEYS if k not in it))
        it[key] = OTHER_KIND_KEYS[key]
        return f"add content[{i}].{key}", s
    return pairing(s, rng)


def pairing(s, rng):
    """A key without the key it needs, or with one it excludes."""
    options = []
    for i, g in enumerate(s.get("glass", [])):
        if "tint" in g and "tintOpacity" not in g:
            options.append((f"glass[{i}].tintOpacity without tint", lambda g=g: (g.pop("tint"), g.update(tintOpacity=0.5))))
        if not g.get("interactive"):
            options.append((f"glass[{i}].presses without interactive", lambda g=g: g.update(presses=[{"t": 0.5}])))
    for i, it in enumerate(s.get("content", [])):
        if "symbol" in it:
            options.append((f"content[{i}] symbol without frame", lambda it=it: it.pop("frame", None)))
        if "color" not in it:
            options.append((f"content[{i}].color with vibrancy", lambda it=it: it.update(vibrancy="label", color="systemRed")))
    backdrop = s.get("plane", {}).get("backdrop")
    if isinstance(backdrop, dict) and "image" in backdrop:
        options.append(("plane.backdrop.start on an image", lambda: backdrop.update(start=1)))
        options.append(("plane.backdrop.loop on an image", lambda: backdrop.update(loop=False)))
    if isinstance(backdrop, dict) and "video" in backdrop:
        options.append(("plane.backdrop.scroll on a video", lambda: backdrop.update(scroll={"keyframes": [{"offset": [0, 10]}]})))
    if not options:
        return None
    what, apply = rng.choice(options)
    apply()
    return what, s


# Boundary cases on a small scene: each bound, cap and pairing the decoder enforces, just inside and just past.
BASE = {"canvas": {"width": 200, "height": 200, "scale": 1}, "duration": 1}


def boundary_cases():
    panel = {"frame": [10, 10, 100, 40]}
    label = {"text": "Hi", "at": [10, 10]}
    cases = []
    def add(change, **top):
        s = copy.deepcopy(BASE)
        s.update(copy.deepcopy(top))
        cases.append((change, s))
    for w in [100000, 100001]:
        add(f"canvas.width {w}", canvas={"width": w, "height": 1000, "scale": 0.01})
    add("canvas.height 0", canvas={"width": 10, "height": 0})
    for v in [16, 16.5]:
        add(f"canvas.scale {v}", canvas={"width": 10, "height": 10, "scale": v})
    for v in [3600, 3601]:
        add(f"duration {v}", duration=v, fps=1)
    for v in [100000, 100001]:
        add(f"plane.dotSize {v}", plane={"dotSize": v})
    for v in [1000, 1001, 3.9]:
        add(f"plane.spacing {v}", plane={"spacing": v})
    for v in [[0.1, 1], [0.09, 1], [0, 1]]:
        add(f"plane.ambient.interval {v}", plane={"ambient": {"interval": v}})
    for v in [1.5707963267948966, 1.5707963267948968, -1.5707963267948966]:
        add(f"tilt[0].pitch {v}", tilt=[{"t": 0, "pitch": v}])
    for v in [100000, 100001, -100001]:
        add(f"events[0].at[0] {v}", events=[{"type": "tap", "t": 0, "at": [v, 0]}])
        add(f"glass[0].frame[0] {v}", glass=[{"frame": [v, 0, 10, 10]}])
    for v in [[0, 0, 0, 10], [0, 0, -5, 10], [0, 0, 10, 100001]]:
        add(f"glass[0].frame {v}", glass=[{"frame": v}])
    for v in [[0, 0, 0.001, 1], [0, 0, 0.0009, 1]]:
        add(f"content[0].viewBox {v}", content=[{"symbol": "M0 0L1 1Z", "frame": [0, 0, 20, 20], "viewBox": v}])
    for n in [64, 65]:
        add(f"{n} glass panels", glass=[{"frame": [i % 13 * 15, i // 13 * 15, 4, 4]} for i in range(n)])
    for n in [1000, 1001]:
        add(f"{n} content items", content=[{"fill": True, "frame": [0, 0, 4, 4]}] * n)
    for n in [10000, 10001]:
        add(f"{n} events", events=[{"type": "tap", "t": 0, "at": [1, 1]}] * n)
    add("content[0].keyframes []", content=[dict(label, keyframes=[])])
    add("glass[0].keyframes []", glass=[{"keyframes": []}])
    add("glass[0].tintOpacity without tint", glass=[dict(panel, tintOpacity=0.5)])
    add("glass[0].presses without interactive", glass=[dict(panel, presses=[{"t": 0.5}])])
    add("glass[0].presses with interactive", glass=[dict(panel, interactive=True, presses=[{"t": 0.5}])])
    add("content[0] symbol without frame", content=[{"symbol": "M0 0L1 1Z"}])
    add("content[0] vibrancy and color", content=[dict(label, vibrancy="label", color="systemRed")])
    add("content[0].color {}", content=[dict(label, color={})])
    for key, value in OTHER_KIND_KEYS.items():
        add(f"symbol with {key}", content=[{"symbol": "M0 0L1 1Z", "frame": [0, 0, 20, 20], key: value}])
        add(f"label with {key}", content=[dict(label, **{key: value})])
        add(f"fill with {key}", content=[{"fill": True, "frame": [0, 0, 20, 20], key: value}])
        add(f"separator with {key}", content=[{"separator": True, "at": [0, 0], "length": 20, key: value}])
    for c in COLOURS:
        add(f"content[0].color {json.dumps(c)}", content=[dict(label, color=c)])
    for f in ["+++", "-liga,-kern", "+tnum", "kern=0", "liga", ""]:
        add(f"content[0].features {f!r}", content=[dict(label, features=f)])
    return cases


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=56)
    ap.add_argument("--per-scene", type=int, default=5)
    ap.add_argument("--scenes", default=os.path.join(os.path.dirname(__file__), "..", "scenes"))
    args = ap.parse_args()
    import jsonschema
    schema = json.load(open(os.path.join(args.scenes, "scene.schema.json")))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    rng = random.Random(args.seed)
    mutants = [("boundary", "boundary", change, s) for change, s in boundary_cases()]
    k = 0
    for path in sorted(glob.glob(os.path.join(args.scenes, "*.json"))):
        name = os.path.basename(path)
        if name == "scene.schema.json":
            continue
        scene = json.load(open(path))
        made = 0
        for _ in range(len(KINDS) * 2):
            if made == args.per_scene:
                break
            kind = KINDS[k % len(KINDS)]
            k += 1
            m = mutate(scene, kind, rng)
            if m:
                mutants.append((name, kind, m[0], m[1]))
                made += 1
    for name, kind, change, s in mutants:
        error = next(validator.iter_errors(s), None)
        verdict = "ok" if error is None else f"{'/'.join(map(str, error.absolute_path))}: {error.message[:200]}"
        print(json.dumps({"scene": name, "kind": kind, "change": change, "text": json.dumps(s), "schema": verdict}))


if __name__ == "__main__":
    sys.exit(main())
