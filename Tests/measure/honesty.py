#!/usr/bin/env python3
"""Checks that `frames measure` is honest about itself: the truth within its printed +-, and
`--against` passing on a render of the very style it measures.

Usage: honesty.py FRAMES FOLDER [--count N] [--seed S] [--require SHARE] [--show-misses] [--json OUT]

Each case is a style drawn at random (either preset, as it is or with other colours, sizes,
paddings, corner radius, label text or none) rendered by FRAMES itself, as an overlay on a
device's screen or as an inline card at scale 1.5, 2 or 3, over a plain backdrop colour, with
the arc at one of eight frames. Each render is then measured three ways:

    png      the render as it is
    jpeg     saved by Pillow as a JPEG of quality 60-95 (4:2:0)
    resized  resized by 0.5-1.5 with nearest, bilinear, bicubic or Lanczos (Pillow); one in four
             to a whole scale (2/3 of @3 is @2), as a sharing tool may

with `FRAMES measure FILE --json --against STYLE` (the style file `--print-style` wrote for the
render; `--scale` with the exact scale for an inline card or a resized screen; `--text` for a
label that is not a default text). A property counts as covered when its error (points; for a
colour CIEDE2000 as it shows, over what it is drawn on; this file's own implementation) is
within the +- the JSON prints for it, and the printed value is the style file's (rounded) value.
Prints the coverage of each property by kind, and how many renders `--against` passed; with
--require, exits 1 unless the properties of all the screenshots together are covered on at
least SHARE and `--against` passed on every render measured. Needs Pillow (Tests/measure/requirements.txt).
"""
import argparse
import json
import os
import random
import subprocess
import sys

try:
    from PIL import Image
except ImportError as error:
    print(f"FAIL the Python module {error.name} is needed: pip install -r Tests/measure/requirements.txt")
    sys.exit(1)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from score import bases, ciede2000, over, rgba  # noqa: E402

DEVICES = ["iPhone SE", "iPhone 13 mini", "iPhone 14", "iPhone 15", "iPhone 15 Plus", "iPhone 16 Pro"]
DEVICE_SCALES = {"iPhone SE": 2}
LANGUAGES = ["en", "cs", "de", "fr", "pl", "hu", "sv", "it"]
TEXTS = ["Paying…", "Please wait", "Authorising card", "One moment\\nplease"]
FILTERS = {"nearest": Image.NEAREST, "bilinear": Image.BILINEAR, "bicubic": Image.BICUBIC, "lanczos": Image.LANCZOS}
LENGTHS = ["spinnerSize", "strokeWidth", "textSize", "textGap", "cornerRadius", "paddingHorizontal", "paddingVertical"]
COLORS = ["spinnerColor", "trackColor", "textColor", "backgroundColor"]


def random_color(rng):
    return "#%02X%02X%02X" % (rng.randrange(256), rng.randrange(256), rng.randrange(256))


def distance(a, b):
    return sum(abs(x - y) for x, y in zip(rgba(a)[:3], rgba(b)[:3]))


def luma(c):
    r, g, b = rgba(c)[:3]
    return 0.299 * r + 0.587 * g + 0.114 * b


def random_case(rng):
    """The render's arguments, the measurement's, and what the case is."""
    preset = rng.choice(["indicator", "overlay"])
    args = ["--style", preset]
    measure = []
    if preset == "overlay":
        device = rng.choice(DEVICES)
        args += ["--device", device]
        scale = None
    else:
        device = None
        scale = rng.choice([1.5, 2, 3])
        args += ["--scale", str(scale)]
    backdrop = random_color(rng)
    args += ["--backdrop-color", backdrop]
    if rng.random() < 0.75:
        card = random_color(rng)
        while distance(card, backdrop) < 60:
            card = random_color(rng)
        track = random_color(rng)
        while distance(track, card) < 60:
            track = random_color(rng)
        spinner = random_color(rng)
        while distance(spinner, track) < 90 or distance(spinner, card) < 60:
            spinner = random_color(rng)
        text = random_color(rng)
        while abs(luma(text) - luma(card)) < 60:
            text = random_color(rng)
        size = round(rng.uniform(28, 80), 1)
        stroke = round(rng.uniform(2, min(10, size / 5)), 1)
        padding_h = round(rng.uniform(10, 36), 1)
        padding_v = round(rng.uniform(10, 36), 1)
        radius = round(rng.uniform(0, min(24, padding_v + size / 2, padding_h + size / 2)), 1)
        args += [
            "--background-color", card, "--track-color", track, "--spinner-color", spinner, "--text-color", text,
            "--spinner-size", str(size), "--stroke-width", str(stroke), "--text-size", str(round(rng.uniform(12, 20), 1)),
            "--text-gap", str(round(rng.uniform(4, 16), 1)), "--padding-horizontal", str(padding_h),
            "--padding-vertical", str(padding_v), "--corner-radius", str(radius),
        ]
    label = rng.random()
    if label < 0.15:
        args += ["--no-text"]
    elif label < 0.3:
        text = rng.choice(TEXTS)
        args += ["--text", text]
        measure += ["--text", text]
    else:
        args += ["--lang", rng.choice(LANGUAGES)]
    args += ["--frames", "8", "--frame", str(rng.randrange(8))]
    return {"preset": preset, "device": device, "scale": scale, "render": args, "measure": measure}


def frames(binary, arguments, check=True):
    result = subprocess.run([binary] + arguments, capture_output=True, text=True)
    if check and result.returncode != 0:
        raise SystemExit(f"FAIL frames {' '.join(arguments)}: {result.stderr.strip()}")
    return result


def make(binary, folder, index, rng):
    """Renders one case and writes its three screenshots; returns the case with their files."""
    case = random_case(rng)
    out = os.path.join(folder, "case_%03d" % index)
    os.makedirs(out, exist_ok=True)
    style = frames(binary, case["render"] + ["--print-style"]).stdout
    with open(os.path.join(out, "style.json"), "w") as f:
        f.write(style)
    frames(binary, case["render"] + ["--out", out, "--quiet", "--force"])
    render = [name for name in os.listdir(out) if name.startswith("frame_") and name.endswith(".png")][0]
    image = Image.open(os.path.join(out, render)).convert("RGB")
    image.save(os.path.join(out, "png.png"))
    quality = rng.randrange(60, 96)
    image.save(os.path.join(out, "jpeg.jpg"), quality=quality)
    factor = rng.uniform(0.5, 1.5)
    native_scale = case["scale"] or DEVICE_SCALES.get(case["device"], 3)
    if rng.random() < 0.25:
        # As sharing tools do: to a whole scale (2/3 of @3 is @2), which measure cannot tell.
        factor = rng.choice([s / native_scale for s in (1, 2, 3) if 0.5 <= s / native_scale <= 1.5 and s != native_scale]
                            or [factor])
    size = (max(1, round(image.width * factor)), max(1, round(image.height * factor)))
    method = rng.choice(sorted(FILTERS))
    image.resize(size, FILTERS[method]).save(os.path.join(out, "resized.png"))
    native = case["scale"] or image.width / device_width(binary, case["device"])
    case["files"] = {
        "png": ("png.png", case["scale"]),
        "jpeg": ("jpeg.jpg", case["scale"]),
        "resized": ("resized.png", native * size[0] / image.width),
    }
    case["detail"] = {"jpeg": f"quality {quality}", "resized": f"{method} {size[0] / image.width:.3f}"}
    case["folder"] = out
    case["style"] = json.loads(style)
    return case


WIDTHS = {}


def device_width(binary, name):
    if not WIDTHS:
        for line in frames(binary, ["--list-devices"]).stdout.splitlines():
            parts = [p.strip() for p in line.split("  ") if p.strip()]
            for k, part in enumerate(parts):
                if " × " in part and "pt" in part:
                    WIDTHS[parts[0]] = float(part.split(" × ")[0])
                    break
    return WIDTHS[name]


def check(binary, case, kind):
    """Measures one screenshot; returns (rows, passed, failing lines) or None when not found."""
    name, scale = case["files"][kind]
    arguments = ["measure", os.path.join(case["folder"], name), "--json", "--against",
                 os.path.join(case["folder"], "style.json")] + case["measure"]
    if scale is not None:
        arguments += ["--scale", repr(scale)]
    result = frames(binary, arguments, check=False)
    if result.returncode not in (0, 1) or not result.stdout.strip():
        return None
    measured = json.loads(result.stdout)
    want, got, plus_minus = case["style"], measured["style"], measured["uncertainty"]
    base = bases(want)
    rows = {}
    for prop in LENGTHS + COLORS:
        if got.get(prop) is None or plus_minus.get(prop) is None:
            continue
        if prop in COLORS:
            error = ciede2000(over(rgba(want[prop]), base[prop]), over(rgba(got[prop]), base[prop]))
        else:
            error = abs(got[prop] - want[prop])
        rows[prop] = (error, plus_minus[prop], got[prop], want[prop])
    verdict = measured["against"]
    failing = [f"{row['property']} {row['measured']} vs {row['expected']}" for row in verdict["properties"]
               if row["result"] == "FAIL"]
    return rows, verdict["passes"], failing


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("frames")
    parser.add_argument("folder")
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--require", type=float, help="exit 1 unless this share of all properties is covered")
    parser.add_argument("--show-misses", action="store_true", help="print every property outside its +-")
    parser.add_argument("--json", help="write every property's error and +- to this file")
    args = parser.parse_args()
    os.makedirs(args.folder, exist_ok=True)
    rng = random.Random(args.seed)
    cases = [make(args.frames, args.folder, index, rng) for index in range(args.count)]
    table, against, lost, misses, records = {}, {}, [], [], []
    for case in cases:
        for kind in case["files"]:
            checked = check(args.frames, case, kind)
            where = f"{os.path.basename(case['folder'])} {kind} {case['detail'].get(kind, '')}".strip()
            if checked is None:
                lost.append(where)
                continue
            rows, passed, failing = checked
            against.setdefault(kind, []).append(passed)
            if not passed:
                misses.append(f"--against fails: {where}: {'; '.join(failing)}")
            for prop, (error, pm, got, want) in rows.items():
                covered = error <= pm + 1e-9
                records.append({"case": where, "kind": kind, "property": prop, "error": error, "uncertainty": pm,
                                "preset": case["preset"], "measured": got, "truth": want})
                table.setdefault(prop, {}).setdefault(kind, []).append(covered)
                if not covered:
                    misses.append(f"{prop} outside: {where}: {got} ± {pm}, truth {want} (error {error:.3f})")
    kinds = ["png", "jpeg", "resized"]
    print(f"{len(cases)} styles, seed {args.seed}: {sum(len(v) for v in against.values())} screenshots measured, "
          f"{len(lost)} not found")
    print("| property | " + " | ".join(kinds) + " | all |")
    print("|---|" + "---|" * (len(kinds) + 1))
    ok = not any(not passed for v in against.values() for passed in v)
    for prop in LENGTHS + COLORS:
        cells = []
        everything = []
        for kind in kinds:
            values = table.get(prop, {}).get(kind, [])
            everything += values
            cells.append(f"{sum(values)}/{len(values)}")
        share = sum(everything) / len(everything) if everything else 1
        cells.append(f"{100 * share:.1f} %")
        print(f"| {prop} | " + " | ".join(cells) + " |")
    pooled = [c for prop in table.values() for values in prop.values() for c in values]
    cells = [f"{sum(c for p in table.values() for c in p.get(kind, []))}/"
             f"{sum(len(p.get(kind, [])) for p in table.values())}" for kind in kinds]
    share = sum(pooled) / max(1, len(pooled))
    print("| every property | " + " | ".join(cells) + f" | {100 * share:.1f} % |")
    if args.require is not None and share < args.require:
        ok = False
    cells = [f"{sum(against.get(kind, []))}/{len(against.get(kind, []))}" for kind in kinds]
    total = [p for v in against.values() for p in v]
    print(f"| --against passes | " + " | ".join(cells) + f" | {100 * sum(total) / max(1, len(total)):.1f} % |")
    if args.show_misses:
        for line in misses:
            print(line)
    for where in lost:
        print("not found: " + where)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(records, f, indent=1, ensure_ascii=False)
    if args.require is not None:
        print("PASS" if ok else "FAIL")
        sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
