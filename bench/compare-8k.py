#!/usr/bin/env python3
"""Times `frames compare` on four 8K pairs (7680 × 4320) against ImageMagick and pixelmatch, side by
side in one run.

The pairs are made here, not committed. Screenshots: headless Chromium screenshots a page of 360
cards of text and buttons, and the same page with one word changed and one card moved by a pixel
(a few thousand pixels differ). Blocks: a gradient, and the same gradient under 100 blocks of
100 × 100 px of new colour (1 000 000 pixels differ, nearly every row). Scatter: the gradient under a
million single pixels of new colour. Noise: the gradient with every channel moved by up to ±40
(every pixel differs). Every tool runs on the same
two PNG files, in turn, `--rounds` times; the table gives each one's median wall time and CPU time
(user and system), ImageMagick's median over each, and the largest peak memory (GNU time's maximum
resident set). `--before PATH` times a second `frames` (an earlier build) in the same rounds. On a machine shared with other work the wall times move by
several times from run to run; the CPU times move less. pixelmatch has no PNG decoder without pngjs (npm cannot be reached here):
it is timed on the raw RGBA of the pair (written once by Pillow, not timed), with node reading
the two raw files, so its figure leaves decoding out.

    python3 bench/compare-8k.py [--rounds 5] [--work DIR] [--frames PATH] [--before PATH] [--pairs a,b]

Needs chromium, ImageMagick's `compare`, GNU time (/usr/bin/time), node, NumPy and Pillow; builds
the release `frames` when --frames is not given.
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WIDTH, HEIGHT = 7680, 4320


def page(variant):
    """A checkout-like page: 360 cards with text, a coloured border and a button."""
    rng = random.Random(8)
    words = ("payment card total order shipping address confirm secure checkout visa expires cvc name "
             "email phone city country postcode amount tax discount").split()
    cells = []
    for i in range(360):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(3, 12)))
        if variant == "b" and i == 77:
            text = text.replace("a", "o")
        colour = "#%06x" % rng.randint(0, 0xFFFFFF)
        shift = "margin-left: 1px;" if variant == "b" and i == 200 else ""
        price = f"{rng.randint(1, 999)}.{rng.randint(10, 99)}"
        cells.append(f'<div class="c" style="border-color:{colour};{shift}"><h3>{i} {text.title()}</h3>'
                     f'<p>{text} {text}</p><button style="background:{colour}">Pay {price}</button></div>')
    return ("<!doctype html><html><head><style>"
            "body { margin: 0; font: 28px DejaVu Sans; background: linear-gradient(#f7f7fa, #e9eef5); }"
            ".grid { display: grid; grid-template-columns: repeat(20, 1fr); gap: 16px; padding: 24px; }"
            ".c { border: 3px solid; border-radius: 18px; padding: 12px; background: white;"
            " box-shadow: 0 4px 12px rgba(0,0,0,.2); }"
            "h3 { font-size: 26px; margin: 4px 0; } p { font-size: 18px; color: #445; }"
            "button { border: 0; border-radius: 12px; color: white; font-size: 22px; padding: 8px 16px; }"
            "</style></head><body><div class=\"grid\">" + "".join(cells) + "</div></body></html>")


def make_screenshots(work):
    for variant in ("a", "b"):
        png = os.path.join(work, variant + ".png")
        if os.path.exists(png):
            continue
        html = os.path.join(work, variant + ".html")
        with open(html, "w") as f:
            f.write(page(variant))
        subprocess.run(["chromium", "--headless", "--no-sandbox", "--hide-scrollbars", f"--screenshot={png}",
                        f"--window-size={WIDTH},{HEIGHT}", "file://" + html],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def make_blocks(work):
    """A gradient (red across, green down, blue along the diagonal) and the same gradient under 100
    blocks of 100 × 100 px of random colour, in cells of a 100 px grid: 1 000 000 pixels differ."""
    if all(os.path.exists(os.path.join(work, f"blocks-{v}.png")) for v in ("a", "b")):
        return
    import numpy
    from PIL import Image
    x = numpy.arange(WIDTH, dtype=numpy.int64)[None, :]
    y = numpy.arange(HEIGHT, dtype=numpy.int64)[:, None]
    a = numpy.zeros((HEIGHT, WIDTH, 3), numpy.uint8)
    a[..., 0] = x * 255 // (WIDTH - 1)
    a[..., 1] = y * 255 // (HEIGHT - 1)
    a[..., 2] = (x + y) * 255 // (WIDTH + HEIGHT - 2)
    b = a.copy()
    rng = random.Random(47)
    for cx, cy in rng.sample([(cx, cy) for cx in range(WIDTH // 100) for cy in range(HEIGHT // 100)], 100):
        b[cy * 100:cy * 100 + 100, cx * 100:cx * 100 + 100] = [rng.randrange(256) for _ in range(3)]
    Image.fromarray(a).save(os.path.join(work, "blocks-a.png"))
    Image.fromarray(b).save(os.path.join(work, "blocks-b.png"))


def make_noise(work):
    """The blocks' gradient, and the same gradient with every channel of every pixel moved by up
    to ±40 at random: all 33 million pixels differ, about half of them past the perceptual
    threshold, so the anti-aliasing detector looks at nearly every pixel."""
    if all(os.path.exists(os.path.join(work, f"noise-{v}.png")) for v in ("a", "b")):
        return
    import numpy
    from PIL import Image
    a = numpy.asarray(Image.open(os.path.join(work, "blocks-a.png"))).astype(numpy.int16)
    noise = numpy.random.default_rng(47).integers(-40, 41, a.shape, dtype=numpy.int16)
    b = numpy.clip(a + noise, 0, 255).astype(numpy.uint8)
    Image.fromarray(a.astype(numpy.uint8)).save(os.path.join(work, "noise-a.png"))
    Image.fromarray(b).save(os.path.join(work, "noise-b.png"))


def make_scatter(work):
    """The blocks' gradient, and the same with a million pixels chosen at random set to random
    colours: a million differ, one here and one there, in nearly every span of every row."""
    if os.path.exists(os.path.join(work, "scatter-b.png")):
        return
    import numpy
    from PIL import Image
    a = numpy.asarray(Image.open(os.path.join(work, "blocks-a.png"))).copy()
    rng = numpy.random.default_rng(5)
    flat = a.reshape(-1, 3)
    flat[rng.choice(WIDTH * HEIGHT, 1000000, replace=False)] = rng.integers(0, 256, (1000000, 3))
    Image.fromarray(a).save(os.path.join(work, "scatter-b.png"))


def make_raw(work, png):
    """The straight RGBA bytes of a PNG, for pixelmatch."""
    from PIL import Image
    raw = os.path.join(work, png.replace(".png", ".rgba"))
    if not os.path.exists(raw):
        with open(raw, "wb") as f:
            f.write(Image.open(os.path.join(work, png)).convert("RGBA").tobytes())
    return raw


def timed(command, work):
    """Wall seconds, CPU seconds (user and system) and peak resident memory (MB) of one run, and
    its output."""
    stats = os.path.join(work, "time.txt")
    result = subprocess.run(["/usr/bin/time", "-o", stats, "-f", "%e %U %S %M"] + command, cwd=work,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode not in (0, 1):
        sys.exit(f"{' '.join(command)} exited with {result.returncode}: {result.stdout[-500:]}")
    with open(stats) as f:
        seconds, user, system, kilobytes = f.read().split()[-4:]
    return float(seconds), float(user) + float(system), int(kilobytes) / 1024, result.stdout.strip()


# Each pair: its name, its two files, and ImageMagick's fuzz (pixels closer than it are the same).
PAIRS = [("screenshots", "a.png", "b.png", "10%"), ("blocks", "blocks-a.png", "blocks-b.png", "3%"),
         ("scatter", "blocks-a.png", "scatter-b.png", "3%"), ("noise", "noise-a.png", "noise-b.png", "3%")]


def commands(frames, before, oracle, work, pair):
    """The runs on one pair: name and command."""
    _, a, b, fuzz = pair
    builds = [("frames", frames)] + ([("frames before", before)] if before else [])
    runs = []
    for label, binary in builds:
        runs += [
            (f"{label} compare --metric oklab (AA detection on)", [binary, "compare", a, b, "--metric", "oklab"]),
            (f"{label} compare --metric yiq (AA detection on)", [binary, "compare", a, b, "--metric", "yiq"]),
            (f"{label} compare (exact)", [binary, "compare", a, b]),
        ]
    job = {"version": "c6fee35", "width": WIDTH, "height": HEIGHT, "expected": make_raw(work, a),
           "actual": make_raw(work, b), "options": {"threshold": 0.1}}
    name = pair[0] + "-job.json"
    with open(os.path.join(work, name), "w") as f:
        f.write(json.dumps(job) + "\n")
    return runs + [
        (f"ImageMagick compare -metric AE -fuzz {fuzz}", ["compare", "-metric", "AE", "-fuzz", fuzz, a, b, "null:"]),
        ("pixelmatch c6fee35, node, raw RGBA (no decoding)", ["sh", "-c", f"node {oracle} < {name}"]),
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "frames-compare-8k"))
    parser.add_argument("--frames")
    parser.add_argument("--before", help="a second frames binary, timed in the same rounds")
    parser.add_argument("--pairs", default="screenshots,blocks,scatter,noise", help="the pairs to time, by name")
    args = parser.parse_args()
    pairs = [pair for pair in PAIRS if pair[0] in args.pairs.split(",")]
    os.makedirs(args.work, exist_ok=True)
    if "screenshots" in args.pairs:
        make_screenshots(args.work)
    make_blocks(args.work)
    make_scatter(args.work)
    make_noise(args.work)
    frames = args.frames and os.path.abspath(args.frames)
    if frames is None:
        subprocess.run(["swift", "build", "-c", "release", "--product", "frames"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        frames = os.path.join(ROOT, ".build", "release", "frames")
    before = args.before and os.path.abspath(args.before)
    oracle = os.path.join(ROOT, "Tests", "pixelmatch", "run.js")
    runs = {pair[0]: commands(frames, before, oracle, args.work, pair) for pair in pairs}
    times = {(p, name): [] for p, pair_runs in runs.items() for name, _ in pair_runs}
    cpu = {key: [] for key in times}
    memory = {key: 0.0 for key in times}
    outputs = {}
    for _ in range(args.rounds):
        for p, pair_runs in runs.items():
            for name, command in pair_runs:
                seconds, cpu_seconds, megabytes, output = timed(command, args.work)
                times[(p, name)].append(seconds)
                cpu[(p, name)].append(cpu_seconds)
                memory[(p, name)] = max(memory[(p, name)], megabytes)
                outputs[(p, name)] = output
    load = open("/proc/loadavg").read().split()[:3]
    machine = subprocess.run(["sh", "-c", "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2; nproc"],
                             stdout=subprocess.PIPE, text=True).stdout.split("\n")
    print(f"machine: {machine[0].strip()}, {machine[1].strip()} cores; {args.rounds} rounds; "
          f"load average at the end {' '.join(load)}")
    images = 2 * WIDTH * HEIGHT * 4 / 2**20
    for p, a, b, fuzz in pairs:
        print(f"\n{p}: {WIDTH} × {HEIGHT} px, {os.path.getsize(os.path.join(args.work, a)) // 1000} kB and "
              f"{os.path.getsize(os.path.join(args.work, b)) // 1000} kB")
        magick = f"ImageMagick compare -metric AE -fuzz {fuzz}"
        magick_wall = statistics.median(times[(p, magick)])
        magick_cpu = statistics.median(cpu[(p, magick)])
        print("| run | median s | min–max s | ImageMagick ÷ this | median CPU s | ImageMagick ÷ this (CPU) | peak MB |")
        print("|---|---|---|---|---|---|---|")
        for name, _ in runs[p]:
            wall = times[(p, name)]
            median = statistics.median(wall)
            median_cpu = statistics.median(cpu[(p, name)])
            print(f"| {name} | {median:.2f} | {min(wall):.2f}–{max(wall):.2f} | {magick_wall / median:.1f}× | "
                  f"{median_cpu:.2f} | {magick_cpu / median_cpu:.1f}× | {memory[(p, name)]:.0f} |")
        for name, _ in runs[p]:
            output = outputs[(p, name)]
            print(f"{name}: {output.splitlines()[-1] if output else ''}")
    print(f"two decoded images: {images:.0f} MB; budget with 64 MB: {images + 64:.0f} MB")


if __name__ == "__main__":
    sys.exit(main())
