#!/usr/bin/env python3
"""Times `frames compare` on two 8K screenshots (7680 × 4320) against ImageMagick and pixelmatch,
side by side in one run.

The pair is made here, not committed: headless Chromium screenshots a page of 360 cards of text
and buttons, and the same page with one word changed and one card moved by a pixel. Every tool
runs on the same two PNG files, in turn, `--rounds` times; the table gives each one's median wall
time and CPU time (user and system), ImageMagick's median over each, and the largest peak memory
(GNU time's maximum resident set). On a machine shared with other work the wall times move by
several times from run to run; the CPU times move less. pixelmatch has no PNG decoder without pngjs (npm cannot be reached here):
it is timed on the raw RGBA of the pair (written once by Pillow, not timed), with node reading
the two raw files, so its figure leaves decoding out.

    python3 bench/compare-8k.py [--rounds 5] [--work DIR] [--frames PATH]

Needs chromium, ImageMagick's `compare`, GNU time (/usr/bin/time), node and Pillow; builds the
release `frames` when --frames is not given.
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


def make_pair(work):
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
    from PIL import Image
    for variant in ("a", "b"):
        raw = os.path.join(work, variant + ".rgba")
        if not os.path.exists(raw):
            with open(raw, "wb") as f:
                f.write(Image.open(os.path.join(work, variant + ".png")).convert("RGBA").tobytes())


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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "frames-compare-8k"))
    parser.add_argument("--frames")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    make_pair(args.work)
    frames = args.frames and os.path.abspath(args.frames)
    if frames is None:
        subprocess.run(["swift", "build", "-c", "release", "--product", "frames"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        frames = os.path.join(ROOT, ".build", "release", "frames")
    oracle = os.path.join(ROOT, "Tests", "pixelmatch", "run.js")
    job = {"version": "c6fee35", "width": WIDTH, "height": HEIGHT, "expected": os.path.join(args.work, "a.rgba"),
           "actual": os.path.join(args.work, "b.rgba"), "options": {"threshold": 0.1}}
    with open(os.path.join(args.work, "job.json"), "w") as f:
        f.write(json.dumps(job) + "\n")
    runs = [
        ("frames compare --metric oklab (AA detection on)", [frames, "compare", "a.png", "b.png", "--metric", "oklab"]),
        ("frames compare --metric yiq (AA detection on)", [frames, "compare", "a.png", "b.png", "--metric", "yiq"]),
        ("frames compare (exact)", [frames, "compare", "a.png", "b.png"]),
        ("ImageMagick compare -metric AE -fuzz 10%", ["compare", "-metric", "AE", "-fuzz", "10%", "a.png", "b.png",
                                                      "null:"]),
        ("pixelmatch c6fee35, node, raw RGBA (no decoding)", ["sh", "-c", f"node {oracle} < job.json"]),
    ]
    times = {name: [] for name, _ in runs}
    cpu = {name: [] for name, _ in runs}
    memory = {name: 0.0 for name, _ in runs}
    outputs = {}
    for _ in range(args.rounds):
        for name, command in runs:
            seconds, cpu_seconds, megabytes, output = timed(command, args.work)
            times[name].append(seconds)
            cpu[name].append(cpu_seconds)
            memory[name] = max(memory[name], megabytes)
            outputs[name] = output
    load = open("/proc/loadavg").read().split()[:3]
    machine = subprocess.run(["sh", "-c", "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2; nproc"],
                             stdout=subprocess.PIPE, text=True).stdout.split("\n")
    print(f"machine: {machine[0].strip()}, {machine[1].strip()} cores; {args.rounds} rounds; "
          f"pair: {WIDTH} × {HEIGHT} px, {os.path.getsize(os.path.join(args.work, 'a.png')) // 1000} kB "
          f"and {os.path.getsize(os.path.join(args.work, 'b.png')) // 1000} kB; load average at the end "
          f"{' '.join(load)}")
    magick = statistics.median(times["ImageMagick compare -metric AE -fuzz 10%"])
    magick_cpu = statistics.median(cpu["ImageMagick compare -metric AE -fuzz 10%"])
    images = 2 * WIDTH * HEIGHT * 4 / 2**20
    print("| run | median s | min–max s | ImageMagick ÷ this | median CPU s | ImageMagick ÷ this (CPU) | peak MB |")
    print("|---|---|---|---|---|---|---|")
    for name, _ in runs:
        median = statistics.median(times[name])
        median_cpu = statistics.median(cpu[name])
        print(f"| {name} | {median:.2f} | {min(times[name]):.2f}–{max(times[name]):.2f} | {magick / median:.1f}× | "
              f"{median_cpu:.2f} | {magick_cpu / median_cpu:.1f}× | {memory[name]:.0f} |")
    print(f"two decoded images: {images:.0f} MB; budget with 64 MB: {images + 64:.0f} MB")
    for name, output in outputs.items():
        print(f"{name}: {output.splitlines()[-1] if output else ''}")


if __name__ == "__main__":
    sys.exit(main())
