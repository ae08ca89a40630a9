#!/usr/bin/env python3
"""Draws loading indicators of random styles over made-up iOS screens with Skia, not with frames.

Usage: make_screenshots.py OUT_FOLDER [--count N] [--seed S] [--two]

Each case is a screen (status bar, title, list rows, buttons, avatars, a photo, a tab bar) at
scale 2 or 3 of a known device, with the loading indicator of docs/contract.md drawn over it:
an overlay (dimmed screen, card centred) or an inline card somewhere in the content. The card,
the ring track, the 90-degree arc with round caps and the label (DejaVu Sans, set by Skia without
kerning, as a plain renderer sets it) follow the contract's geometry. Each case is saved as

    case_NNN.png         sRGB PNG
    case_NNN_p3.png      the same pixels converted to Display P3 (Little CMS, through Pillow),
                         with the Display P3 ICC profile embedded, as iOS saves screenshots
    case_NNN.jpg         JPEG quality 80 (Pillow's default 4:2:0 chroma subsampling)
    case_NNN_scaled.png  scaled by 0.5-0.75 (Lanczos, bicubic or bilinear), as sharing tools do
    case_NNN_backdrop.png  the screen without the indicator and without the dim layer

and the truth in case_NNN.json (style, scale, arc start, card, label). --two draws a second,
smaller indicator beside the first. Requirements: Tests/measure/requirements.txt.
"""
import argparse
import io
import json
import math
import os
import random
import struct
import sys

try:
    import numpy as np
    import skia
    from PIL import Image, ImageCms
except ImportError as error:
    print(f"FAIL the Python module {error.name} is needed: pip install -r Tests/measure/requirements.txt")
    sys.exit(1)

DEVICES = [
    ("iPhone SE", 375, 667), ("iPhone 13 mini", 375, 812), ("iPhone 14", 390, 844),
    ("iPhone 15", 393, 852), ("iPhone 15 Plus", 430, 932),
]
TEXTS = {
    "en": "Processing payment…", "cs": "Zpracování platby…", "sk": "Spracovanie platby…",
    "pl": "Przetwarzanie płatności…", "de": "Zahlung wird verarbeitet…", "hu": "Fizetés feldolgozása…",
    "ro": "Se procesează plata…", "sl": "Obdelava plačila…", "hr": "Obrada plaćanja…",
    "it": "Elaborazione del pagamento…", "fr": "Traitement du paiement…", "es": "Procesando el pago…",
    "sv": "Betalningen behandlas…", "no": "Behandler betalingen…",
}
WORDS = ("order total shipping card visa apple pay summary items delivery address receipt discount "
         "subtotal tax balance account wallet secure checkout payment method express standard").split()
FONT_DIR = "/usr/share/fonts/truetype/dejavu/"


def typeface(name):
    path = os.path.join(FONT_DIR, name)
    face = skia.Typeface.MakeFromFile(path)
    if face is None:
        print(f"FAIL the font {path} is needed: apt-get install fonts-dejavu-core")
        sys.exit(1)
    return face


SANS = typeface("DejaVuSans.ttf")
BOLD = typeface("DejaVuSans-Bold.ttf")
ASCENDER, DESCENDER = 1901 / 2048, 483 / 2048  # DejaVu Sans hhea (line gap 0)


def color(rgba):
    r, g, b, a = rgba
    return skia.Color4f(r / 255, g / 255, b / 255, a / 255)


def hex_color(rgba):
    r, g, b, a = rgba
    return "#%02X%02X%02X" % (r, g, b) + ("" if a == 255 else "%02X" % a)


def paint(rgba, stroke=None, cap=skia.Paint.kButt_Cap):
    p = skia.Paint(Color4f=color(rgba), AntiAlias=True)
    if stroke is not None:
        p.setStyle(skia.Paint.kStroke_Style)
        p.setStrokeWidth(stroke)
        p.setStrokeCap(cap)
    return p


def font(face, size):
    f = skia.Font(face, size)
    f.setHinting(skia.FontHinting.kNone)
    f.setSubpixel(True)
    f.setLinearMetrics(True)
    f.setEdging(skia.Font.Edging.kAntiAlias)
    return f


def text(canvas, string, x, y, size, rgba, face=SANS):
    canvas.drawString(string, x, y, font(face, size), paint(rgba))


def text_width(string, size, face=SANS):
    return font(face, size).measureText(string)


def random_color(rng, alpha=255):
    return (rng.randrange(256), rng.randrange(256), rng.randrange(256), alpha)


def photo(rng, width, height):
    """A made-up photo: a smooth gradient, soft blobs and grain, as an RGBA Skia image."""
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    base = np.array(random_color(rng)[:3], np.float32)
    tint = np.array(random_color(rng)[:3], np.float32)
    t = (x / max(1, width) * rng.uniform(0.3, 1) + y / max(1, height) * rng.uniform(0.3, 1)) / 2
    image = base * (1 - t[..., None]) + tint * t[..., None]
    for _ in range(6):
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        radius = rng.uniform(0.1, 0.4) * max(width, height)
        blob = np.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (2 * radius * radius))
        image += blob[..., None] * (np.array(random_color(rng)[:3], np.float32) - 128) * 0.6
    image += np.random.default_rng(rng.randrange(1 << 30)).normal(0, 6, image.shape)
    rgba = np.dstack([np.clip(image, 0, 255).astype(np.uint8), np.full((height, width), 255, np.uint8)])
    return skia.Image.fromarray(np.ascontiguousarray(rgba), colorType=skia.kRGBA_8888_ColorType)


def draw_screen(canvas, rng, width, height, scale):
    """Status bar, large title, rows of text, buttons, avatars, a photo and a tab bar, in points."""
    dark = rng.random() < 0.3
    background = (0, 0, 0, 255) if dark else rng.choice([(255, 255, 255, 255), (242, 242, 247, 255)])
    ink = (255, 255, 255, 255) if dark else (0, 0, 0, 255)
    grey = (142, 142, 147, 255)
    canvas.clear(color(background))
    text(canvas, "9:41", 24, 34, 17, ink, BOLD)
    for k in range(4):
        canvas.drawRect(skia.Rect.MakeXYWH(width - 96 + 6 * k, 30 - 3 * k, 4, 4 + 3 * k), paint(ink))
    canvas.drawRoundRect(skia.Rect.MakeXYWH(width - 44, 21, 26, 13), 4, 4, paint(ink, stroke=1))
    canvas.drawRoundRect(skia.Rect.MakeXYWH(width - 42, 23, 18, 9), 2, 2, paint(ink))
    text(canvas, rng.choice(["Checkout", "Payment", "Your order", "Basket"]), 16, 100, 34, ink, BOLD)
    y = 124.0
    while y < height - 120:
        kind = rng.random()
        if kind < 0.45:
            avatar = rng.random() < 0.4
            x = 16
            if avatar:
                canvas.drawCircle(16 + 20, y + 22, 20, paint(random_color(rng)))
                text(canvas, rng.choice("ABCDEFGHJKLMNPRSTW"), 16 + 13, y + 28, 17, (255, 255, 255, 255), BOLD)
                x = 68
            words = " ".join(rng.choice(WORDS) for _ in range(rng.randrange(2, 5))).capitalize()
            text(canvas, words, x, y + 20, 17, ink)
            text(canvas, " ".join(rng.choice(WORDS) for _ in range(rng.randrange(3, 7))), x, y + 38, 13, grey)
            text(canvas, "%d.%02d €" % (rng.randrange(1, 999), rng.randrange(100)), width - 90, y + 20, 17, ink)
            canvas.drawRect(skia.Rect.MakeXYWH(x, y + 51.5, width - x, 0.5), paint(grey))
            y += 52
        elif kind < 0.65:
            tone = random_color(rng) if rng.random() < 0.5 else (0, 122, 255, 255)
            canvas.drawRoundRect(skia.Rect.MakeXYWH(16, y + 8, width - 32, 50), 12, 12, paint(tone))
            label = rng.choice(["Pay now", "Continue", "Place order", "Apple Pay"])
            text(canvas, label, width / 2 - text_width(label, 17, BOLD) / 2, y + 39, 17, (255, 255, 255, 255), BOLD)
            y += 66
        elif kind < 0.85:
            h = rng.uniform(120, 260)
            w, hh = int((width - 32) * scale), int(h * scale)
            canvas.save()
            canvas.clipRRect(skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(16, y + 8, width - 32, h), 10, 10), True)
            canvas.drawImageRect(photo(rng, w, hh), skia.Rect.MakeXYWH(16, y + 8, width - 32, h))
            canvas.restore()
            y += h + 16
        else:
            for line in range(rng.randrange(2, 5)):
                words = " ".join(rng.choice(WORDS) for _ in range(rng.randrange(4, 9)))
                text(canvas, words, 16, y + 20 + 20 * line, 15, grey)
            y += 100
    canvas.drawRect(skia.Rect.MakeXYWH(0, height - 83, width, 83), paint((249, 249, 249, 240) if not dark else (22, 22, 24, 240)))
    for k in range(4):
        cx = width * (k + 0.5) / 4
        canvas.drawCircle(cx, height - 60, 11, paint(grey if k else (0, 122, 255, 255), stroke=2))
        name = ["Home", "Orders", "Cart", "Profile"][k]
        text(canvas, name, cx - text_width(name, 10) / 2, height - 36, 10, grey)


def random_style(rng):
    size = rng.uniform(20, 96)
    stroke = 1.5 + (min(size / 2, 12) - 1.5) * rng.random() ** 2
    track = random_color(rng)
    spinner = random_color(rng)
    while delta(track, spinner) < 60:
        spinner = random_color(rng)
    if rng.random() < 0.15:
        spinner = spinner[:3] + (rng.randrange(128, 250),)
    return {
        "spinnerColor": spinner, "trackColor": track, "strokeWidth": round(stroke, 2), "spinnerSize": round(size, 2),
        "textColor": random_color(rng), "textSize": round(rng.uniform(11, 22), 2), "textGap": round(rng.uniform(0, 16), 2),
        "textFontName": None, "backgroundColor": random_color(rng), "cornerRadius": round(rng.uniform(0, 32), 2),
        "paddingHorizontal": round(rng.uniform(8, 40), 2), "paddingVertical": round(rng.uniform(8, 40), 2),
        "dimAmount": 0.0,
    }


def delta(a, b):
    return sum(abs(x - y) for x, y in zip(a[:3], b[:3]))


def layout(style, lines):
    """The card's size and the label's line widths, in points (docs/contract.md)."""
    widths = [text_width(line, style["textSize"]) for line in lines]
    label_height = len(lines) * (ASCENDER + DESCENDER) * style["textSize"]
    content_w = max([style["spinnerSize"]] + widths)
    content_h = style["spinnerSize"] + (style["textGap"] + label_height if lines else 0)
    return content_w + 2 * style["paddingHorizontal"], content_h + 2 * style["paddingVertical"], widths


def draw_indicator(canvas, style, lines, x, y, arc_start):
    """The card at (x, y) pt: rounded rect, track ring, arc with round caps, label."""
    card_w, card_h, widths = layout(style, lines)
    radius = min(style["cornerRadius"], card_w / 2, card_h / 2)
    canvas.drawRoundRect(skia.Rect.MakeXYWH(x, y, card_w, card_h), radius, radius, paint(style["backgroundColor"]))
    size, stroke = style["spinnerSize"], style["strokeWidth"]
    axis = x + card_w / 2
    cy = y + style["paddingVertical"] + size / 2
    r = (size - stroke) / 2
    canvas.drawCircle(axis, cy, r, paint(style["trackColor"], stroke=stroke))
    path = skia.Path()
    path.addArc(skia.Rect.MakeLTRB(axis - r, cy - r, axis + r, cy + r), arc_start, 90)
    canvas.drawPath(path, paint(style["spinnerColor"], stroke=stroke, cap=skia.Paint.kRound_Cap))
    top = y + style["paddingVertical"] + size + style["textGap"]
    boxes = []
    for k, (line, width) in enumerate(zip(lines, widths)):
        line_top = top + k * (ASCENDER + DESCENDER) * style["textSize"]
        text(canvas, line, axis - width / 2, line_top + ASCENDER * style["textSize"], style["textSize"], style["textColor"])
        boxes.append([axis - width / 2, line_top, width, (ASCENDER + DESCENDER) * style["textSize"]])
    return {"x": x, "y": y, "width": card_w, "height": card_h}, boxes


def display_p3_profile():
    """A Display P3 ICC profile (v2, D50 PCS, Bradford-adapted colorants, sRGB tone curve)."""
    def xyz(x, y):
        return np.array([x / y, 1, (1 - x - y) / y])
    primaries = [xyz(0.680, 0.320), xyz(0.265, 0.690), xyz(0.150, 0.060)]
    white = xyz(0.3127, 0.3290)
    m = np.column_stack(primaries)
    m = m * np.linalg.solve(m, white)
    bradford = np.array([[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]])
    d50 = np.array([0.9642, 1.0, 0.8249])
    cone = bradford @ white, bradford @ d50
    adapt = np.linalg.inv(bradford) @ np.diag(cone[1] / cone[0]) @ bradford
    adapted = adapt @ m

    def s15(v):
        return struct.pack(">i", int(round(v * 65536)))

    def xyz_tag(v):
        return b"XYZ \0\0\0\0" + b"".join(s15(c) for c in v)

    curve = [((i / 1023 / 12.92) if i / 1023 <= 0.04045 else ((i / 1023 + 0.055) / 1.055) ** 2.4) for i in range(1024)]
    trc = b"curv\0\0\0\0" + struct.pack(">I", 1024) + b"".join(struct.pack(">H", round(v * 65535)) for v in curve)
    name = b"Display P3\0"
    desc = b"desc\0\0\0\0" + struct.pack(">I", len(name)) + name + b"\0" * 8 + b"\0" * 3 + b"\0" * 67
    text_tag = b"text\0\0\0\0" + b"No copyright, use freely\0"
    chad = b"sf32\0\0\0\0" + b"".join(s15(v) for v in adapt.flatten())
    tags = [(b"desc", desc), (b"cprt", text_tag), (b"wtpt", xyz_tag(d50)), (b"chad", chad),
            (b"rXYZ", xyz_tag(adapted[:, 0])), (b"gXYZ", xyz_tag(adapted[:, 1])), (b"bXYZ", xyz_tag(adapted[:, 2])),
            (b"rTRC", trc), (b"gTRC", trc), (b"bTRC", trc)]
    offset = 128 + 4 + 12 * len(tags)
    table, data = b"", b""
    for signature, body in tags:
        while (offset + len(data)) % 4:
            data += b"\0"
        table += signature + struct.pack(">II", offset + len(data), len(body))
        data += body
    body = struct.pack(">I", len(tags)) + table + data
    header = struct.pack(">I4sI4s4s4s", 128 + len(body), b"lcms", 0x02100000, b"mntr", b"RGB ", b"XYZ ")
    header += b"\0" * 12 + b"acsp" + b"APPL" + b"\0" * 4 + b"\0" * 4 + b"\0" * 4 + b"\0" * 8 + b"\0" * 4
    header += s15(0.9642) + s15(1.0) + s15(0.8249) + b"lcms" + b"\0" * 44
    return header + body


def save_all(rgba, backdrop, folder, stem, rng, truth):
    image = Image.fromarray(rgba[..., :3])
    image.save(os.path.join(folder, stem + ".png"))
    Image.fromarray(backdrop[..., :3]).save(os.path.join(folder, stem + "_backdrop.png"))
    p3 = display_p3_profile()
    converted = ImageCms.profileToProfile(
        image, ImageCms.createProfile("sRGB"), ImageCms.ImageCmsProfile(io.BytesIO(p3)), outputMode="RGB")
    converted.save(os.path.join(folder, stem + "_p3.png"), icc_profile=p3)
    image.save(os.path.join(folder, stem + ".jpg"), quality=80)
    factor = rng.uniform(0.5, 0.75)
    size = (round(image.width * factor), round(image.height * factor))
    method = rng.choice([Image.LANCZOS, Image.BICUBIC, Image.BILINEAR])
    image.resize(size, method).save(os.path.join(folder, stem + "_scaled.png"))
    truth["files"] = {
        "png": {"file": stem + ".png", "scale": truth["scale"]},
        "p3": {"file": stem + "_p3.png", "scale": truth["scale"]},
        "jpeg": {"file": stem + ".jpg", "scale": truth["scale"]},
        "scaled": {"file": stem + "_scaled.png", "scale": truth["scale"] * size[0] / image.width,
                   "factor": factor},
    }
    truth["backdrop"] = stem + "_backdrop.png"


def make_case(folder, index, seed, two):
    rng = random.Random(seed * 1000003 + index)
    device, width, height = rng.choice(DEVICES)
    scale = rng.choice([2, 3])
    style = random_style(rng)
    overlay = rng.random() < 0.5
    if overlay:
        style["dimAmount"] = round(rng.uniform(0, 0.7), 3)
    choice = rng.random()
    language = rng.choice(sorted(TEXTS))
    lines = [] if choice < 0.1 else [TEXTS[language]] if choice < 0.85 else [TEXTS[language], rng.choice(list(TEXTS.values()))]
    while layout(style, lines)[0] > width - 32:
        style["paddingHorizontal"] = round(style["paddingHorizontal"] / 2, 2)
        style["textSize"] = round(style["textSize"] * 0.8, 2)
    surface = skia.Surface(int(width * scale), int(height * scale))
    canvas = surface.getCanvas()
    canvas.scale(scale, scale)
    draw_screen(canvas, rng, width, height, scale)
    backdrop = surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType).copy()
    if style["dimAmount"] > 0:
        canvas.drawRect(skia.Rect.MakeWH(width, height), paint((0, 0, 0, round(style["dimAmount"] * 255))))
        style["dimAmount"] = round(round(style["dimAmount"] * 255) / 255, 4)
    card_w, card_h, _ = layout(style, lines)
    if overlay:
        x, y = (width - card_w) / 2, (height - card_h) / 2
    else:
        x = (width - card_w) / 2 + rng.uniform(-1, 1) * max(0, (width - card_w) / 2 - 16)
        y = rng.uniform(130, max(131, height - 100 - card_h))
    arc_start = rng.uniform(-90, 270)
    card, boxes = draw_indicator(canvas, style, lines, x, y, arc_start)
    truth = {
        "device": device, "screen": [width, height], "scale": scale, "variant": "overlay" if overlay else "indicator",
        "style": {k: (hex_color(v) if isinstance(v, tuple) else v) for k, v in style.items()},
        "arcStartDegrees": arc_start, "card": card, "lines": boxes, "text": "\n".join(lines),
        "language": language if len(lines) == 1 else None,
    }
    if two:
        small = random_style(rng)
        small.update(spinnerSize=24, strokeWidth=3, paddingHorizontal=8, paddingVertical=8)
        draw_indicator(canvas, small, [], 20, 130, rng.uniform(-90, 270))
    rgba = surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType)
    save_all(rgba, backdrop, folder, "case_%03d" % index, rng, truth)
    with open(os.path.join(folder, "case_%03d.json" % index), "w") as f:
        json.dump(truth, f, indent=1, ensure_ascii=False)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--count", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--two", action="store_true", help="draw a second, smaller indicator in each case")
    args = parser.parse_args()
    os.makedirs(args.folder, exist_ok=True)
    for index in range(args.count):
        make_case(args.folder, index, args.seed, args.two)
    print(f"PASS made {args.count} cases in {args.folder}")


if __name__ == "__main__":
    main()
