#!/usr/bin/env python3
"""The Android tier's oracle: Skia itself (PyPI skia-python), drawing what RenderEffect draws.

    python3 skia_android.py <folder>

For each case of <folder>/cases.json (written by GlassOracleTests.skiaMatchesTheAndroidTier) and each panel:
an Android app blurs the backdrop with RenderEffect.createBlurEffect(radius, radius, Shader.TileMode.CLAMP) (the
tile mode Compose's Modifier.blur uses for its default BlurredEdgeTreatment.Rectangle) and draws the material's
overlay and the tint over it, clipped to the panel's circular-cornered rectangle. The radius is the one
docs/glass.md gives for the material's sigma, (sigma - 0.5) / 0.57735 px; hwui turns it back into the sigma it
hands Skia with its own rule, sigma = 0.57735 x radius + 0.5 (libs/hwui/utils/Blur.cpp, convertRadiusToSigma),
and calls SkImageFilters::Blur(sigma, sigma, tileMode). Everything is drawn by Skia on an 8-bit premultiplied
raster surface, as Android's software path draws. Writes <case>/skia-<variant>.rgba (8-bit RGBA).
The backdrop is plane.rgba, forkrender's plane; for a case with a "photo" Skia decodes photo.png (the image
file's samples) and draws it itself, one image pixel per canvas pixel (fit "none" at scale 1) at
(canvas - image) x position, the image covering the canvas.
"""
import json, os, sys

import numpy as np
import skia

folder = sys.argv[1]
spec = json.load(open(os.path.join(folder, "cases.json")))


def radius_from_sigma(sigma):       # what the app passes to createBlurEffect (docs/glass.md)
    return (sigma - 0.5) / 0.57735


def hwui_sigma(radius):              # Blur::convertRadiusToSigma
    return 0.57735 * radius + 0.5 if radius > 0 else 0.0


def color(c):
    return skia.Color4f(c[0], c[1], c[2], c[3])


def placed_photo(case, d):
    """The canvas as Skia draws the case's photo on it with fit none at scale 1."""
    photo, w, h = case["photo"], case["width"], case["height"]
    assert photo["fit"] == "none" and case["scale"] == 1, "the oracle places photos with fit none at scale 1 only"
    surface = skia.Surface(w, h)
    surface.getCanvas().drawImage(skia.Image.open(os.path.join(d, "photo.png")),
                                  (w - photo["width"]) * photo["position"][0], (h - photo["height"]) * photo["position"][1])
    return surface.makeImageSnapshot()


for case in spec["cases"]:
    d = os.path.join(folder, case["name"])
    w, h = case["width"], case["height"]
    plane = np.fromfile(os.path.join(d, "plane.rgba"), np.uint8).reshape(h, w, 4)
    image = skia.Image.fromarray(plane, colorType=skia.kRGBA_8888_ColorType)
    if case.get("photo"):
        image = placed_photo(case, d)
    for v in spec["variants"]:
        surface = skia.Surface(w, h)
        canvas = surface.getCanvas()
        canvas.drawImage(image, 0, 0)
        for p in case["panels"]:
            sigma = hwui_sigma(radius_from_sigma(p["sigma"])) * v.get("blur", 1)
            rect = skia.Rect.MakeXYWH(p["x"], p["y"], p["width"], p["height"])
            rrect = skia.RRect.MakeRectXY(rect, p["radius"], p["radius"])
            canvas.save()
            canvas.clipRRect(rrect, skia.ClipOp.kIntersect, True)
            filt = skia.ImageFilters.Blur(sigma, sigma, skia.TileMode.kClamp)
            if v.get("saturation") is not None:          # a wrong variant: a saturate() Android does not have
                s = v["saturation"]
                m = [0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s, 0, 0,
                     0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s, 0, 0,
                     0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s, 0, 0,
                     0, 0, 0, 1, 0]
                filt = skia.ImageFilters.ColorFilter(skia.ColorFilters.Matrix(m), filt)
            canvas.drawImage(image, 0, 0, skia.SamplingOptions(), skia.Paint(ImageFilter=filt))
            for f in p["fills"]:
                canvas.drawRect(rect, skia.Paint(Color4f=color(f), AntiAlias=True))
            if p.get("border"):
                bw = p["borderWidth"]
                inner = rrect.makeOffset(0, 0)
                inner.inset(bw / 2, bw / 2)
                canvas.drawRRect(inner, skia.Paint(Color4f=color(p["border"]), AntiAlias=True,
                                                   Style=skia.Paint.kStroke_Style, StrokeWidth=bw))
            canvas.restore()
        out = surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kUnpremul_AlphaType)
        out.astype(np.uint8).tofile(os.path.join(d, "skia-%s.rgba" % v["name"]))
print("skia-python", skia.__version__)
