#!/usr/bin/env python3
"""Scores `frames measure --json` on the screenshots make_screenshots.py drew, property by property.

Usage: score.py FRAMES FOLDER [--kinds png,p3,jpeg,scaled] [--text] [--json OUT] [--require]

For every case and kind, runs FRAMES measure FILE --json --backdrop-image BACKDROP (--scale for
the scaled copy's exact scale, --text with the drawn text when --text is given) and compares with
the truth: lengths in points, colours by CIEDE2000 (this file's own implementation, not the
package's) as they show (each over what it is drawn on), the arc's start in degrees. Prints one
table per kind: median and 90th-percentile error, the largest, the share within the required
tolerance (0.5 pt and dE 2 for PNG, 1 pt and dE 4 for JPEG and scaled copies, 2 degrees for the arc)
and the share within the measurement's own +-. --require exits 1 unless every property is within
tolerance on at least --share (default 0.9) of the cases of each kind and every case was measured.
"""
import argparse
import json
import math
import os
import subprocess
import sys

TOLERANCE = {"png": (0.5, 2), "p3": (0.5, 2), "jpeg": (1, 4), "scaled": (1, 4)}
LENGTHS = ["spinnerSize", "strokeWidth", "textSize", "textGap", "cornerRadius", "paddingHorizontal", "paddingVertical"]
COLORS = ["spinnerColor", "trackColor", "textColor", "backgroundColor"]
LABEL = {"textSize", "textGap", "textColor"}


def rgba(text):
    text = text.lstrip("#")
    values = [int(text[i:i + 2], 16) for i in range(0, len(text), 2)]
    return values + [255] * (4 - len(values))


def over(top, base):
    a = top[3] / 255
    return [round(t * a + b * (1 - a)) for t, b in zip(top[:3], base[:3])] + [255]


def lab(c):
    def linear(v):
        v = v / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(v) for v in c[:3])
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def ciede2000(c1, c2):
    (l1, a1, b1), (l2, a2, b2) = lab(c1), lab(c2)
    cm = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cm ** 7 / (cm ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1 = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0
    h2 = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0
    dl, dc = l2 - l1, c2p - c1p
    dh = 0
    if c1p * c2p:
        dh = h2 - h1
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lm, cpm = (l1 + l2) / 2, (c1p + c2p) / 2
    hm = h1 + h2
    if c1p * c2p:
        hm = (h1 + h2) / 2 if abs(h1 - h2) <= 180 else (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hm - 30)) + 0.24 * math.cos(math.radians(2 * hm))
         + 0.32 * math.cos(math.radians(3 * hm + 6)) - 0.20 * math.cos(math.radians(4 * hm - 63)))
    rt = -math.sin(math.radians(60 * math.exp(-((hm - 275) / 25) ** 2))) * 2 * math.sqrt(cpm ** 7 / (cpm ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (lm - 50) ** 2 / math.sqrt(20 + (lm - 50) ** 2)
    sc, sh = 1 + 0.045 * cpm, 1 + 0.015 * cpm * t
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh))


def bases(style):
    card = over(rgba(style["backgroundColor"]), [255, 255, 255, 255])
    track = over(rgba(style["trackColor"]), card)
    return {"spinnerColor": track, "trackColor": card, "textColor": card, "backgroundColor": [255, 255, 255, 255]}


def errors(truth, measured):
    """Each property's error (None where the truth has nothing to compare) and its +-."""
    want, got = truth["style"], measured["style"]
    out = {}
    has_label = bool(truth["text"])
    card = truth["card"]
    effective_radius = min(want["cornerRadius"], card["width"] / 2, card["height"] / 2)
    base = bases(want)
    for name in LENGTHS:
        if name in LABEL and not has_label:
            continue
        value = got.get(name)
        expected = effective_radius if name == "cornerRadius" else want[name]
        out[name] = (None if value is None else abs(value - expected), measured["uncertainty"].get(name))
    for name in COLORS:
        if name in LABEL and not has_label:
            continue
        value = got.get(name)
        error = None if value is None else ciede2000(over(rgba(want[name]), base[name]), over(rgba(value), base[name]))
        out[name] = (error, measured["uncertainty"].get(name))
    value = got.get("dimAmount")
    out["dimAmount"] = (None if value is None else abs(value - want["dimAmount"]), measured["uncertainty"].get("dimAmount"))
    turn = (measured["arcStartDegrees"] - truth["arcStartDegrees"]) % 360
    out["arcStartDegrees"] = (min(turn, 360 - turn), measured["uncertainty"].get("arcStartDegrees"))
    return out


def run(frames, folder, truth, kind, with_text):
    entry = truth["files"][kind]
    command = [frames, "measure", os.path.join(folder, entry["file"]), "--json",
               "--backdrop-image", os.path.join(folder, truth["backdrop"])]
    if kind == "scaled":
        command += ["--scale", repr(entry["scale"])]
    if with_text and truth["text"]:
        command += ["--text", truth["text"]]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        return None, result.stderr.strip()
    return json.loads(result.stdout), result.stderr.strip()


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p * (len(values) - 1))))] if values else float("nan")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("frames")
    parser.add_argument("folder")
    parser.add_argument("--kinds", default="png,p3,jpeg,scaled")
    parser.add_argument("--text", action="store_true")
    parser.add_argument("--json")
    parser.add_argument("--require", action="store_true")
    parser.add_argument("--share", type=float, default=0.9, help="with --require: the least share within tolerance")
    args = parser.parse_args()
    cases = sorted(f for f in os.listdir(args.folder) if f.startswith("case_") and f.endswith(".json"))
    table, failures, records = {}, [], []
    for name in cases:
        with open(os.path.join(args.folder, name)) as f:
            truth = json.load(f)
        for kind in args.kinds.split(","):
            measured, stderr = run(args.frames, args.folder, truth, kind, args.text)
            if measured is None:
                failures.append(f"{name} {kind}: {stderr}")
                continue
            for prop, (error, plus_minus) in errors(truth, measured).items():
                table.setdefault(kind, {}).setdefault(prop, []).append((error, plus_minus, name))
                records.append({"case": name, "kind": kind, "property": prop, "error": error, "uncertainty": plus_minus})
    ok = not failures
    for kind, props in table.items():
        length_tol, color_tol = TOLERANCE[kind]
        print(f"\n{kind}: {len(props['arcStartDegrees'])} cases")
        print("| property | median | 90th pct | largest | within tolerance | within +- | not recovered |")
        print("|---|---|---|---|---|---|---|")
        for prop, rows in props.items():
            tol = 2 if prop == "arcStartDegrees" else color_tol if prop in COLORS else 0.02 if prop == "dimAmount" else length_tol
            known = [(e, u) for e, u, _ in rows if e is not None]
            errs = [e for e, _ in known]
            within = sum(e <= tol for e in errs)
            covered = sum(u is not None and e <= u for e, u in known)
            share = within / len(rows)
            print(f"| {prop} | {percentile(errs, 0.5):.3f} | {percentile(errs, 0.9):.3f} | {max(errs, default=float('nan')):.3f} "
                  f"| {within}/{len(rows)} | {covered}/{len(known)} | {len(rows) - len(known)} |")
            if share < args.share and prop != "dimAmount":
                ok = False
    for failure in failures:
        print("not measured: " + failure)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(records, f, indent=1)
    if args.require:
        print("PASS" if ok else "FAIL")
        sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
