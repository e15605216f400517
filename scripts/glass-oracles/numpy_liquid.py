#!/usr/bin/env python3
"""The Liquid Glass tier's oracle: the model docs/liquid-glass.md states, computed from its text with NumPy,
sharing no code or tables with forkrender.

    python3 numpy_liquid.py <folder>

<folder>/cases.json (written by Tests/SceneTests/GlassOracles/LiquidGlassOracleTests.swift) holds cases and
variants. A case: its size, scale, tilt, groups of panels in points as the scene states them (a container's
members in one group with its spacing; bezel, thickness and rim height filled in here from the defaults of
liquid-glass.md when absent), its backdrop <case>/plane.rgba (8-bit opaque sRGB) and `lensOnly` (no blur, wash or light: the lens
alone). A variant is the right model ("right") or a deliberately wrong one: index x f, thickness x f, spacing x f,
blur x f (the sigma), swapProfile, tiltFlipped, veilSwapped (the other variant's veil), noMirror; a case's `variants` lists the wrong ones it runs. Writes per case and
variant <case>/liquid-<variant>.rgba (8-bit RGBA; lens-only cases: <case>/displacement-<variant>.f32, per
pixel and channel the displacement (dx, dy) in pixels, float32, height x width x 3 x 2), and for the right
variant <case>/coverage.f32.

The model, in the doc's words (pixel centres at +0.5, top-left origin, colours sRGB-encoded in 0...1, the
scene's default blend space; the backdrop is opaque, so premultiplied and straight are the same):
  shape     signed distance of a rounded rectangle (circular corners: the comparison reads no corner) or
            capsule; container members joined by the quadratic smooth minimum with k = spacing; coverage
            clamp(1/2 - sdf, 0, 1);
  lens      z(d) = rimHeight + thickness h(d / bezel), d = -sdf; g the inward unit direction (-grad sdf, central
            differences); n = normalize(-s g, 1), s = dz/dd; r = e i + (e c - sqrt(1 - e^2 (1 - c^2))) n,
            i = (0, 0, -1), e = 1/index, c = n_z; displacement r_xy / |r_z| z(d), tabulated every 1/8 px of d and
            interpolated linearly between entries; dispersion: red index - D/2, blue index + D/2;
  sampling  the blurred plane bilinearly at the displaced point: each way a box of radius a then one of b
            (b = a or a + 1, edge pixels extended), the pair whose standard deviation sqrt((a(a+1) + b(b+1))/3) is
            nearest the group's sigma (ties to the smaller): its first member's variant and styling, 10.8 pt
            regular dark, 8.9 light, 1.2 clear, times the scale;
  veil      gain x saturate(seen, s) + offset, within 0...1 (saturate about the luma 0.213 r + 0.715 g + 0.072 b),
            per variant and styling (light where the box's mean Rec. 709 luma of every 8th pixel is >= 0.5);
  tint      what is seen x (1 - a + a tint), then the tint at 0.35 a added by a screen blend;
  light     the band screened as white; then the mirror, body + R (grey - body): R the excess of Fresnel's
            reflectance over head-on, grey the surroundings 0.25 plus 0.35 x clamp(2 n_xy . l_xy, 0, 1).
The doc's exact definitions (the 45-degree band, the tilt's rotation order, the tables' length, ...) are noted
where they are used.
"""
import json, math, os, sys

import numpy as np

folder = sys.argv[1]
spec = json.load(open(os.path.join(folder, "cases.json")))

# The doc's constants (docs/liquid-glass.md and scene-format.md's defaults), typed here from the text.
INDEX, BEZEL_POINTS, BEZEL_SHARE, THICKNESS_PER_BEZEL = 1.5, 27.0, 0.5, 1.0
RIM_HEIGHT_POINTS, RIM_HEIGHT_SHARE, DEFAULT_PROFILE = 51.0, 0.5, "convexCircle"
SAMPLES_PER_PIXEL, SLOPE_CAP = 8, 1e3
# The blur's sigma in points per variant and styling: bezel's measurements.
BLUR_SIGMA = {("regular", False): 10.8, ("regular", True): 8.9, ("clear", False): 1.2, ("clear", True): 1.2}
LIGHT_AT, GLOW_SHARE = 0.5, 0.35
# (gain, saturation, offset) per variant and styling: bezel's measurements of Apple's glass.
VEILS = {("regular", False): (0.311, 2.55, 11 / 255), ("regular", True): (0.139, 4.27, 214 / 255),
         ("clear", False): (1.029, 1.0, 16 / 255), ("clear", True): (1.041, 1.0, 18.8 / 255)}
REST_LIGHT = (0.0, -0.6, 1.0)
BAND_STRENGTH, BAND_WIDTH, BAND_TRAVEL, ENVIRONMENT, ENVIRONMENT_LIGHT = 0.22, 0.08, 0.9, 0.25, 0.35
LIP_PLATEAU = 0.8

# MARK: Profiles: h(x) and h'(x) on 0...1


def squircle(x):
    u = 1 - x
    return (1 - u ** 4) ** 0.25


def d_squircle(x):
    u = 1 - x
    return u ** 3 * np.maximum(1 - u ** 4, 1e-12) ** -0.75


def circle(x):
    return np.sqrt(np.maximum(1 - (1 - x) ** 2, 0))


def d_circle(x):
    return (1 - x) / np.sqrt(np.maximum(1 - (1 - x) ** 2, 1e-12))


def concave(x):
    return 1 - np.sqrt(np.maximum(1 - (1 - x) ** 2, 0)) / 2


def d_concave(x):
    return -(1 - x) / (2 * np.sqrt(np.maximum(1 - (1 - x) ** 2, 1e-12)))


def lip(x):
    s = x * x * (3 - 2 * x)
    return (1 - s) * squircle(np.minimum(1, 2 * x)) + s * LIP_PLATEAU


def d_lip(x):
    s, ds = x * x * (3 - 2 * x), 6 * x * (1 - x)
    rim = np.where(x < 0.5, 2 * d_squircle(np.minimum(2 * x, 1)), 0.0)
    return -ds * squircle(np.minimum(1, 2 * x)) + (1 - s) * rim + ds * LIP_PLATEAU


PROFILES = {"convexSquircle": (squircle, d_squircle), "convexCircle": (circle, d_circle),
            "concave": (concave, d_concave), "lip": (lip, d_lip)}
SWAP = {"convexSquircle": "convexCircle", "convexCircle": "convexSquircle", "concave": "convexSquircle",
        "lip": "convexCircle"}

# MARK: The lens


def lens_table(profile, index, thickness, bezel, rim_height=0.0):
    """Displacement along g and slope s at d = 0, 1/8, 2/8, ... px: ceil(8 bezel) + 2 entries."""
    h, dh = PROFILES[profile]
    n = int(math.ceil(bezel * SAMPLES_PER_PIXEL)) + 2
    d = np.arange(n) / float(SAMPLES_PER_PIXEL)
    if bezel <= 0:
        return np.zeros(n), np.zeros(n)
    x = np.clip(d / bezel, 0, 1)
    z = rim_height + thickness * h(x)
    with np.errstate(all="ignore"):
        s = np.where(d < bezel, thickness / bezel * np.minimum(SLOPE_CAP, dh(np.minimum(x, 1 - 1e-15))), 0.0)
    # n = normalize(-s g, 1): in the frame (inward, up), n = (-s, 1) / sqrt(1 + s^2).
    norm = np.sqrt(1 + s * s)
    n_in, n_up = -s / norm, 1 / norm
    e, c = 1.0 / index, n_up
    root = 1 - e * e * (1 - c * c)
    k = e * c - np.sqrt(np.maximum(root, 0))
    r_in, r_up = k * n_in, -e + k * n_up                   # r = e i + k n, i = (0, -1)
    with np.errstate(all="ignore"):
        disp = np.where((s != 0) & (root > 0) & (r_up < 0), r_in / np.abs(r_up) * z, 0.0)
    return disp, s


def table_lookup(table, d):
    """Linear interpolation between the 1/8 px entries; zero where the next entry is past the table's end."""
    f = np.maximum(d, 0) * SAMPLES_PER_PIXEL
    i = np.floor(f).astype(int)
    ok = i + 1 < len(table)
    i0 = np.where(ok, i, 0)
    w = f - i0
    return np.where(ok, table[i0] * (1 - w) + table[np.minimum(i0 + 1, len(table) - 1)] * w, 0.0)


# MARK: Shapes


def sdf_rounded(px, py, p):
    x0, y0, w, h = p["x"], p["y"], p["width"], p["height"]
    r = min(w, h) / 2 if p["shape"] in ("capsule", "circle") else min(p["radius"], min(w, h) / 2)
    qx = np.abs(px - (x0 + w / 2)) - (w / 2 - r)
    qy = np.abs(py - (y0 + h / 2)) - (h / 2 - r)
    outside = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    return outside + np.minimum(np.maximum(qx, qy), 0) - r


def joined(px, py, members, k):
    """The joined field and each member's weight: Quilez's quadratic smooth minimum, chained in order, its mix
    factor h carried along so the weights sum to 1."""
    d = sdf_rounded(px, py, members[0])
    weights = [np.ones_like(d)]
    for m in members[1:]:
        b = sdf_rounded(px, py, m)
        if k > 0:
            h = np.clip(0.5 + (b - d) / (2 * k), 0, 1)        # weight of what is joined so far
            d = np.minimum(d, b) - k / 4 * np.maximum(k - np.abs(d - b), 0) ** 2 / (k * k)
        else:
            h = (d <= b).astype(float)
            d = np.minimum(d, b)
        weights = [w * h for w in weights] + [1 - h]
    return d, weights

# MARK: Sampling


def box_pass(a, r, axis):
    n = a.shape[axis]
    idx = np.clip(np.arange(-r, n + r), 0, n - 1)
    padded = np.take(a, idx, axis=axis)
    c = np.cumsum(padded, axis=axis)
    c = np.concatenate([np.zeros_like(np.take(c, [0], axis=axis)), c], axis=axis)
    hi = np.take(c, np.arange(2 * r + 1, n + 2 * r + 1), axis=axis)
    lo = np.take(c, np.arange(0, n), axis=axis)
    return (hi - lo) / (2 * r + 1)


def kernel_boxes(sigma):
    """The box radii (a, b), b = a or a + 1, whose two boxes' standard deviation is nearest sigma pixels."""
    best, err, a = (0, 0), sigma, 0
    while True:
        for pair in ((a, a), (a, a + 1)):
            s = math.sqrt((pair[0] * (pair[0] + 1) + pair[1] * (pair[1] + 1)) / 3)
            if abs(s - sigma) < err:
                best, err = pair, abs(s - sigma)
        if s > sigma + 1:
            return best
        a += 1


def blur(plane, boxes):
    out = plane
    for axis in (1, 0):
        out = box_pass(box_pass(out, boxes[0], axis), boxes[1], axis)
    return out


def bilinear(img, sx, sy):
    """img (h x w) at points (sx, sy) in pixel coordinates (centres at +0.5), edge pixels extended."""
    h, w = img.shape
    x, y = sx - 0.5, sy - 0.5
    x0, y0 = np.floor(x), np.floor(y)
    fx, fy = x - x0, y - y0
    x0, y0 = x0.astype(int), y0.astype(int)
    xa, xb = np.clip(x0, 0, w - 1), np.clip(x0 + 1, 0, w - 1)
    ya, yb = np.clip(y0, 0, h - 1), np.clip(y0 + 1, 0, h - 1)
    top = img[ya, xa] * (1 - fx) + img[ya, xb] * fx
    bot = img[yb, xa] * (1 - fx) + img[yb, xb] * fx
    return top * (1 - fy) + bot * fy

# MARK: Light


def unit(v):
    v = np.array(v, float)
    return v / np.linalg.norm(v)


def light_vector(pitch, roll):
    """The world-fixed light in device coordinates: the device turns by pitch about x (top edge away) and then
    by roll about y (right edge down), the light by the inverse."""
    cp, sp, cr, sr = math.cos(pitch), math.sin(pitch), math.cos(roll), math.sin(roll)
    rx = np.array([[1, 0, 0], [0, cp, -sp], [0, sp, cp]])
    ry = np.array([[cr, 0, sr], [0, 1, 0], [-sr, 0, cr]])
    return (rx @ ry).T @ unit(REST_LIGHT)


def band_center(l):
    rest = unit(REST_LIGHT)
    lean = ((l[0] - rest[0]) + (l[1] - rest[1])) / math.sqrt(2)
    return 0.5 + BAND_TRAVEL * lean


def fresnel_excess(sine, n=1.5):
    """(R - R0) / (1 - R0), R unpolarized, in the angle form: Rs = sin^2(i - t) / sin^2(i + t), Rp with tan."""
    i = np.arcsin(np.clip(sine, 0, 1))
    t = np.arcsin(np.sin(i) / n)
    with np.errstate(all="ignore"):
        rs = np.sin(i - t) ** 2 / np.sin(i + t) ** 2
        rp = np.tan(i - t) ** 2 / np.tan(i + t) ** 2
    r0 = ((n - 1) / (n + 1)) ** 2
    return np.where(sine > 0, np.maximum(0, ((rs + rp) / 2 - r0) / (1 - r0)), 0.0)


def screen(a, b):
    return 1 - (1 - a) * (1 - b)

# MARK: A case: panels in points resolved to pixels


def resolve(p, scale, variant):
    """A panel's geometry and lens in pixels, the defaults of scene-format.md filled in."""
    w, h = p["frame"][2], p["frame"][3]
    shorter = min(w, h)
    bezel = p["bezel"] if p.get("bezel") is not None else min(BEZEL_POINTS, BEZEL_SHARE * shorter)
    thickness = p["thickness"] if p.get("thickness") is not None else THICKNESS_PER_BEZEL * bezel
    rim_height = p["rimHeight"] if p.get("rimHeight") is not None else min(RIM_HEIGHT_POINTS, RIM_HEIGHT_SHARE * shorter)
    radius = shorter / 2 if p.get("shape") in ("capsule", "circle") else min(p.get("radius", 20), shorter / 2)
    profile = p.get("profile", DEFAULT_PROFILE)
    return {"x": p["frame"][0] * scale, "y": p["frame"][1] * scale, "width": w * scale, "height": h * scale,
            "shape": p.get("shape", "rect"), "radius": radius * scale, "areaPoints": w * h,
            "profile": SWAP[profile] if variant.get("swapProfile") else profile,
            "index": p.get("index", INDEX) * variant.get("index", 1.0),
            "thickness": thickness * scale * variant.get("thickness", 1.0), "bezel": bezel * scale,
            "rimHeight": rim_height * scale * variant.get("thickness", 1.0), "variant": p.get("variant", "regular"),
            "dispersion": p.get("dispersion", 0.0), "tint": p.get("tint")}


def is_light(m, plane):
    """Light styling: the mean Rec. 709 luma of every 8th pixel of the member's box."""
    H, W = plane.shape[:2]
    x0, y0 = max(0, int(math.floor(m["x"]))), max(0, int(math.floor(m["y"])))
    x1, y1 = min(W, int(math.ceil(m["x"] + m["width"]))), min(H, int(math.ceil(m["y"] + m["height"])))
    samples = plane[y0:y1:8, x0:x1:8].reshape(-1, 3)
    return bool((samples @ np.array([0.2126, 0.7152, 0.0722])).mean() >= LIGHT_AT)


def member_material(m, plane, variant):
    """What the kernel mixes per member: the veil, tint filter and glow."""
    light = is_light(m, plane)
    kind = m["variant"]
    if variant.get("veilSwapped"):
        kind = "clear" if kind == "regular" else "regular"
    g, sat, off = VEILS[(kind, bool(light))]
    mat = {"gain": np.full(3, g), "saturation": np.full(3, sat), "offset": np.full(3, off),
           "filter": np.ones(3), "glow": np.zeros(3)}
    if m.get("tint") is not None:
        t, a = np.array(m["tint"][:3]), m["tint"][3]
        mat["filter"] = 1 - a + a * t
        mat["glow"] = t * GLOW_SHARE * a
    return mat


def render(case, plane, variant):
    """The glass over `plane` (H x W x 3), the lens's displacement per channel and the coverage."""
    H, W = plane.shape[:2]
    scale = case["scale"]
    out = plane.copy()
    disp_all = np.zeros((H, W, 3, 2))
    cov_all = np.zeros((H, W))
    sign = -1 if variant.get("tiltFlipped") else 1
    l = light_vector(sign * case["tilt"]["pitch"], sign * case["tilt"]["roll"])
    for group in case["groups"]:
        members = [resolve(p, scale, variant) for p in group["panels"]]
        # One blur per group: its first member's.
        sigma = BLUR_SIGMA[(members[0]["variant"], is_light(members[0], plane))] * scale * variant.get("blur", 1.0)
        blurred = plane if case.get("lensOnly") else blur(plane, kernel_boxes(sigma))
        k = group.get("spacing", 0) * scale * variant.get("spacing", 1.0)
        # Only pixels near the members can be covered: the smooth minimum reaches k/4 per join past the boxes.
        reach = k / 4 * (len(members) - 1) + 3
        x0 = max(0, int(math.floor(min(m["x"] for m in members) - reach)))
        y0 = max(0, int(math.floor(min(m["y"] for m in members) - reach)))
        x1 = min(W, int(math.ceil(max(m["x"] + m["width"] for m in members) + reach)))
        y1 = min(H, int(math.ceil(max(m["y"] + m["height"] for m in members) + reach)))
        ys, xs = np.mgrid[y0:y1, x0:x1]
        px, py = xs + 0.5, ys + 0.5
        region = (slice(y0, y1), slice(x0, x1))
        field, weights = joined(px, py, members, k)
        cov = np.clip(0.5 - field, 0, 1)
        inside = cov > 0
        # The gradient by central differences over the neighbouring pixel centres.
        gx = joined(px + 1, py, members, k)[0] - joined(px - 1, py, members, k)[0]
        gy = joined(px, py + 1, members, k)[0] - joined(px, py - 1, members, k)[0]
        gn = np.hypot(gx, gy)
        ux, uy = np.where(gn > 0, -gx / np.where(gn > 0, gn, 1), 0), np.where(gn > 0, -gy / np.where(gn > 0, gn, 1), 0)
        d = np.maximum(0, -field)
        disp = np.zeros(px.shape + (3,))
        slope = np.zeros(px.shape)
        for m, wgt in zip(members, weights):
            for ch, di in enumerate((-m["dispersion"] / 2, 0.0, m["dispersion"] / 2)):
                table, stab = lens_table(m["profile"], m["index"] + di, m["thickness"], m["bezel"], m["rimHeight"])
                disp[..., ch] += wgt * table_lookup(table, d)
            slope += wgt * table_lookup(stab, d)
        body = np.zeros(px.shape + (3,))
        for ch in range(3):
            body[..., ch] = bilinear(blurred[..., ch], px + disp[..., ch] * ux, py + disp[..., ch] * uy)
            for axis, u_axis in enumerate((ux, uy)):
                disp_all[region + (ch, axis)] = np.where(inside, disp[..., ch] * u_axis, disp_all[region + (ch, axis)])
        if not case.get("lensOnly"):
            mats = [member_material(m, plane, variant) for m in members]

            def mix(key):
                return sum(wgt[..., None] * mt[key] for mt, wgt in zip(mats, weights))

            luma = body @ np.array([0.213, 0.715, 0.072])
            sat = mix("saturation")
            body = np.clip(luma[..., None] + sat * (body - luma[..., None]), 0, 1)
            body = np.minimum(1, body * mix("gain") + mix("offset"))
            body = screen(body * mix("filter"), mix("glow"))
            # The band: position along each member's 45-degree axis, mixed; the rim from the normal.
            u = sum(wgt * ((px - m["x"]) + (py - m["y"])) / (m["width"] + m["height"]) for m, wgt in zip(members, weights))
            band = BAND_STRENGTH * np.exp(-((u - band_center(l)) / BAND_WIDTH) ** 2)
            nn = np.sqrt(1 + slope * slope)
            nx, ny = -slope * ux / nn, -slope * uy / nn
            grey = ENVIRONMENT + ENVIRONMENT_LIGHT * np.clip(2 * (nx * l[0] + ny * l[1]), 0, 1)
            share = 0 if variant.get("noMirror") else fresnel_excess(np.hypot(nx, ny))
            body = screen(body, np.minimum(1, band)[..., None])
            body = body + share[..., None] * (grey[..., None] - body) if not np.isscalar(share) else body
        out[region] = out[region] * (1 - cov[..., None]) + body * cov[..., None]
        cov_all[region] = np.maximum(cov_all[region], cov)
    return out, disp_all, cov_all


for case in spec["cases"]:
    cdir = os.path.join(folder, case["name"])
    W, H = case["width"], case["height"]
    if case.get("planeFloat"):
        plane = np.fromfile(os.path.join(cdir, "plane.f32"), np.float32).reshape(H, W, 3).astype(float)
        plane8 = np.dstack([np.clip(np.rint(plane * 255), 0, 255), np.full((H, W), 255)]).astype(np.uint8)
    else:
        plane8 = np.fromfile(os.path.join(cdir, "plane.rgba"), np.uint8).reshape(H, W, 4)
        plane = plane8[..., :3] / 255.0
    for v in spec["variants"]:
        if v["name"] != "right" and v["name"] not in case.get("variants", [v["name"]]):
            continue
        img, disp, cov = render(case, plane, v)
        if case.get("lensOnly"):
            disp.astype(np.float32).tofile(os.path.join(cdir, "displacement-%s.f32" % v["name"]))
            if v["name"] == "right":
                cov.astype(np.float32).tofile(os.path.join(cdir, "coverage.f32"))
                img.astype(np.float32).tofile(os.path.join(cdir, "seen.f32"))
            continue
        out8 = plane8.copy()
        out8[..., :3] = np.clip(np.rint(img * 255), 0, 255).astype(np.uint8)
        out8.tofile(os.path.join(cdir, "liquid-%s.rgba" % v["name"]))
        if v["name"] == "right":
            cov.astype(np.float32).tofile(os.path.join(cdir, "coverage.f32"))
print("numpy", np.__version__)
