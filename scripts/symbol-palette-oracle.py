#!/usr/bin/env python3
"""An independent recolouring of an icon for a symbol's `palette` rendering, from docs/content.md alone.

    symbol-palette-oracle.py [--solid-only] IN.svg OUT.svg COLOUR [COLOUR ...]
    symbol-palette-oracle.py --hierarchical IN.svg OUT.svg

Reads IN.svg with xml.etree (which expands internal entities), recolours it by the documented rule and writes
OUT.svg, for rsvg-convert to draw; SymbolRenderingTests compares that drawing with forkrender's symbol. It
shares no code with forkrender's byte-level rewrite (SymbolPalette, SymbolPaintServers): it walks the parsed tree.

The rule: the paints are the values of `fill` and `stroke` (attributes, `style` declarations and `<style>`
sheets) and the gradients they reference, in document order; a solid paint is keyed by its value (case and
spaces ignored), a gradient reference by the gradient holding the stops it draws (its own, else along its
`href` chain). `none`, `inherit`, `transparent`, `initial`, `unset`, `context-*` and references to nothing are
not paints; nor is anything inside `<mask>` or `<clipPath>`. The i-th distinct paint takes colour min(i, n - 1);
a gradient's stops take its colour as an inline `stop-color`, keeping `stop-opacity`. The root gets
`fill` = the first colour unless it sets a fill. `--solid-only` leaves the gradients' stops in their own colours
(fill and stroke recoloured alone), for a test to see that an icon's gradients show.

`--hierarchical` recolours only gradients, for a hierarchical symbol: each gradient a paint outside masks and
clip paths references (through the same `href` rule) takes, on every stop, the colour of its most opaque stop
(`stop-opacity` from the inline style, else the attribute, default 1; the first such stop on a tie; `stop-color`
likewise, default black); the test then applies the luminance rule with NumPy to rsvg-convert's drawing.
"""
import re
import sys
import xml.etree.ElementTree as ET

XLINK = "{http://www.w3.org/1999/xlink}href"
NOT_PAINTS = {"none", "inherit", "transparent", "initial", "unset"}
DECLARATION = re.compile(r"(?<![\w-])(fill|stroke)(\s*:\s*)([^;}!\"'<]*)")


def local(tag):
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def declared(element, name):
    """A property as the element declares it: its inline style's (last) declaration, else its attribute."""
    found = [d.split(":", 1)[1].strip() for d in (element.get("style") or "").split(";")
             if ":" in d and d.split(":", 1)[0].strip() == name]
    return found[-1] if found else (element.get(name).strip() if element.get(name) is not None else None)


def opacity(text):
    try:
        v = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except (TypeError, ValueError, AttributeError):
        return 1.0
    return min(1.0, max(0.0, v))


def lead_colour(gradient):
    stops = [c for c in gradient if local(c.tag) == "stop"]
    best = max(range(len(stops)), key=lambda i: (opacity(declared(stops[i], "stop-opacity")), -i))
    return declared(stops[best], "stop-color") or "black"


def recolour(root, palette, gradients_too=True, hierarchical=False):
    gradients = {e.get("id"): e for e in root.iter() if local(e.tag) in ("linearGradient", "radialGradient")}

    def holder(gid):
        seen = set()
        while gid in gradients and gid not in seen:
            if any(local(c.tag) == "stop" for c in gradients[gid]):
                return gid
            seen.add(gid)
            href = gradients[gid].get(XLINK) or gradients[gid].get("href") or ""
            gid = href.strip()[1:] if href.strip().startswith("#") else None
        return None

    order, painted = {}, set()

    def colour_for(value):
        """The palette colour replacing `value`, or None when it is not a paint; recolours gradients."""
        v = value.strip()
        m = re.search(r"url\(\s*['\"]?#([^)'\"\s]+)", v)
        if m:
            h = holder(m.group(1))
            if h is None:
                return None
            key = "url(#%s)" % h
        else:
            low = v.lower()
            if not low or low in NOT_PAINTS or low.startswith("context-") or "url(" in low:
                return None
            key = re.sub(r"[ \t\n]", "", low)
        order.setdefault(key, len(order))
        if hierarchical:
            if m and h not in painted:
                painted.add(h)
                colour = lead_colour(gradients[h])
                for stop in (c for c in gradients[h] if local(c.tag) == "stop"):
                    stop.set("style", ";".join([d for d in (stop.get("style") or "").split(";")
                                                if d.strip() and d.split(":")[0].strip() != "stop-color"] + ["stop-color:" + colour]))
            return None
        colour = palette[min(order[key], len(palette) - 1)]
        if m:
            if gradients_too and h not in painted:
                painted.add(h)
                for stop in (c for c in gradients[h] if local(c.tag) == "stop"):
                    kept = [d for d in (stop.get("style") or "").split(";") if d.strip() and d.split(":")[0].strip() != "stop-color"]
                    stop.set("style", ";".join(kept + ["stop-color:" + colour]))
            return None
        return colour

    def css(text):
        return DECLARATION.sub(lambda d: d.group(1) + d.group(2) + (colour_for(d.group(3)) or d.group(3)), text)

    def walk(e, coverage):
        coverage = coverage or local(e.tag) in ("mask", "clipPath")
        if not coverage:
            for name, value in list(e.attrib.items()):
                if name in ("fill", "stroke"):
                    e.set(name, colour_for(value) or value)
                elif name == "style":
                    e.set(name, css(value))
            if local(e.tag) == "style" and e.text:
                e.text = css(e.text)
        for child in e:
            walk(child, coverage)

    walk(root, False)
    if hierarchical:
        return
    if "fill" not in root.attrib and not re.search(r"(^|;)\s*fill\s*:", root.get("style", "")):
        root.set("fill", palette[0])


def main():
    args = sys.argv[1:]
    flag = args[0] if args[0].startswith("--") else None
    source, target, palette = args[bool(flag)], args[bool(flag) + 1], args[bool(flag) + 2:]
    for prefix, uri in (("", "http://www.w3.org/2000/svg"), ("xlink", "http://www.w3.org/1999/xlink")):
        ET.register_namespace(prefix, uri)
    tree = ET.parse(source)
    recolour(tree.getroot(), palette, gradients_too=flag != "--solid-only", hierarchical=flag == "--hierarchical")
    tree.write(target, encoding="utf-8", xml_declaration=True)


if __name__ == "__main__":
    main()
