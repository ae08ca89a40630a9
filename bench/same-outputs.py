#!/usr/bin/env python3
"""Runs `frames compare` and `frames verify` the same way with two builds of `frames` and says
whether they give the same bytes: standard output, standard error, exit status, and every file
written (diffs, diff masks, HTML reports with their embedded PNGs).

    python3 bench/same-outputs.py BEFORE AFTER [--work DIR] [--keep]

The inputs are made once, with BEFORE, in a new folder: frames of two styles and two scales,
a copy with one channel of one pixel off by one, one re-encoded with other bytes, one missing
and one extra; pixelmatch's fixtures (semi-transparent pairs among them); a mask; files that are
not PNG; this repository's golden folders, and copies of one with a frame changed, with a
manifest edited, and with a perceptual tolerance recorded. The commands cover exact compares
with and without thresholds, --diff, --report and --json, the perceptual metrics with their
options, folders, sizes that differ, identical files, bad inputs, and verify with --report
(serial and parallel). Exit status 0 when every command gives the same bytes, 1 otherwise (the
first lines that differ are printed). Needs Pillow.
"""
import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

COMPARE = [
    "x/frame_0001.png x/frame_0001.png",
    "x/frame_0001.png y/frame_0001.png",
    "x/frame_0001.png y/frame_0001.png --max-channel-delta 100",
    "x/frame_0001.png y/frame_0001.png --max-differing-pixels 100000",
    "x/frame_0001.png y/frame_0001.png --max-channel-delta 20 --max-differing-pixels 50",
    "x/frame_0001.png y/frame_0001.png --diff out/d.png --report out/r.html",
    "x/frame_0001.png y/frame_0001.png --json",
    "x/frame_0001.png y/frame_0001.png --json --diff out/d.png --report out/r.html",
    "x/frame_0001.png y/frame_0001.png --metric yiq",
    "x/frame_0001.png y/frame_0001.png --metric oklab --threshold 0.05 --include-aa",
    "x/frame_0001.png y/frame_0001.png --metric oklab --diff out/d.png --diff-mask out/m.png --report out/r.html",
    "x/frame_0001.png y/frame_0001.png --metric yiq --json",
    "x/frame_0002.png p/frame_0002.png",
    "x/frame_0002.png p/frame_0002.png --max-channel-delta 1",
    "x/frame_0002.png p/frame_0002.png --diff out/d.png --report out/r.html",
    "x/frame_0001.png p/frame_0001.png --report out/r.html",
    "x/frame_0000.png z/frame_0000.png",
    "x/frame_0000.png z/frame_0000.png --diff out/d.png --report out/r.html",
    "x/frame_0000.png z/frame_0000.png --metric oklab --diff out/d.png --report out/r.html --json",
    "x y",
    "x y --diff out/dd --report out/r.html",
    "x p --diff out/dd --report out/r.html",
    "x p --max-channel-delta 1",
    "x p --metric oklab --diff out/dd --diff-mask out/mm --report out/r.html",
    "x p --json",
    "x z --report out/r.html",
    "x y --window 4 --report out/r.html",
    "x y --metric yiq --report out/r.html",
    "f/1a.png f/1b.png",
    "f/1a.png f/1b.png --max-channel-delta 10 --diff out/d.png --report out/r.html",
    "f/1a.png f/1b.png --ignore 0,0,20,20 --max-channel-delta 10 --diff out/d.png --report out/r.html",
    "f/5a.png f/5b.png --report out/r.html",
    "f/5a.png f/5b.png --metric yiq --report out/r.html --diff out/d.png",
    "f/5a.png f/5b.png --metric oklab --json",
    "f/6a.png f/6b.png --metric oklab --window 8 --max-cluster 5 --json",
    "f/6a.png f/6b.png --max-cluster 5",
    "f/7a.png f/7b.png --metric yiq --ignore 0,0,10,10 --mask f/mask.png --report out/r.html --diff out/d.png",
    "f/7a.png f/7b.png --mask f/mask.png --diff-mask out/m.png",
    "f/1a.png f/1a.png --metric yiq --report out/r.html",
    "x/frame_0000.png f/notpng.png",
    "x/frame_0000.png f/notpng.png --metric oklab",
    "x/frame_0000.png f/short.png",
    "x/frame_0000.png f/1a.png --ignore 0,0,600,10",
    "x/frame_0001.png y/frame_0001.png --threshold 0.2",
]

VERIFY = [
    "g/indicator_cs_2x_8f g/overlay_session_1x --report out/r.html",
    "changed --report out/r.html",
    "changed --max-channel-delta 1 --report out/r.html --threads 1",
    "changed --max-channel-delta 1 --max-differing-pixels 1",
    "edited tolerant --report out/r.html",
    "tolerant --report out/r.html --threads 1",
    "nudged lenient",
    "nudged lenient --max-channel-delta 1 --report out/r.html",
]


def run(frames, arguments, cwd):
    return subprocess.run([frames] + arguments, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def make_inputs(frames, work):
    from PIL import Image

    def render(*arguments):
        result = run(frames, list(arguments), work)
        if result.returncode != 0:
            sys.exit(f"frames {' '.join(arguments)}: {result.stderr.decode()}")

    render("--scale", "2", "--frames", "4", "--out", "x")
    render("--scale", "2", "--frames", "4", "--spinner-color", "#0A84FF", "--out", "y")
    render("--scale", "1", "--frames", "4", "--out", "z")
    # p: one channel of one pixel off by one, a frame in other bytes, one missing, one extra.
    shutil.copytree(os.path.join(work, "x"), os.path.join(work, "p"))
    image = Image.open(os.path.join(work, "p/frame_0002.png")).convert("RGBA")
    r, g, b, a = image.getpixel((60, 40))
    image.putpixel((60, 40), (r, g ^ 1, b, a))
    image.save(os.path.join(work, "p/frame_0002.png"))
    Image.open(os.path.join(work, "p/frame_0001.png")).save(os.path.join(work, "p/frame_0001.png"), compress_level=1)
    os.remove(os.path.join(work, "p/frame_0003.png"))
    shutil.copy(os.path.join(work, "x/frame_0000.png"), os.path.join(work, "p/extra.png"))
    fixtures = os.path.join(ROOT, "Tests/pixelmatch/fixtures")
    os.makedirs(os.path.join(work, "f"))
    for name in ["1a", "1b", "5a", "5b", "6a", "6b", "7a", "7b"]:
        shutil.copy(os.path.join(fixtures, name + ".png"), os.path.join(work, "f"))
    mask = Image.new("RGBA", Image.open(os.path.join(fixtures, "7a.png")).size, (0, 0, 0, 0))
    mask.paste((255, 0, 0, 255), (100, 100, 300, 200))
    mask.save(os.path.join(work, "f/mask.png"))
    with open(os.path.join(work, "f/notpng.png"), "w") as f:
        f.write("not a picture\n")
    with open(os.path.join(work, "f/short.png"), "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n\0\0")
    shutil.copytree(os.path.join(ROOT, "golden/folders"), os.path.join(work, "g"))
    source = os.path.join(work, "g/indicator_cs_2x_8f")
    # changed: a pixel off, a frame in other bytes, a frame missing, an extra file.
    shutil.copytree(source, os.path.join(work, "changed"))
    image = Image.open(os.path.join(work, "changed/frame_0003.png")).convert("RGBA")
    r, g, b, a = image.getpixel((70, 60))
    image.putpixel((70, 60), (r, g, b ^ 1, a))
    image.save(os.path.join(work, "changed/frame_0003.png"))
    Image.open(os.path.join(work, "changed/frame_0002.png")).save(
        os.path.join(work, "changed/frame_0002.png"), compress_level=1)
    os.remove(os.path.join(work, "changed/frame_0005.png"))
    shutil.copy(os.path.join(work, "changed/frame_0000.png"), os.path.join(work, "changed/frame_9999.png"))
    # nudged: a pixel off and a frame in other bytes, nothing missing.
    shutil.copytree(source, os.path.join(work, "nudged"))
    for name in ["frame_0003.png", "frame_0002.png"]:
        shutil.copy(os.path.join(work, "changed", name), os.path.join(work, "nudged", name))
    # edited: the spinner colour changed in the manifest; tolerant and lenient: a tolerance
    # recorded (3 and 10 pixels), and four pixels of a frame changed.
    for name in ["edited", "tolerant", "lenient"]:
        shutil.copytree(source, os.path.join(work, name))
        path = os.path.join(work, name, "manifest.json")
        with open(path) as f:
            manifest = json.load(f)
        if name == "edited":
            manifest["style"]["spinnerColor"] = "#E8421A"
        else:
            allowed = 3 if name == "tolerant" else 10
            manifest["tolerance"] = {"metric": "oklab", "threshold": 0.1, "maxDifferingPixels": allowed}
        with open(path, "w") as f:
            json.dump(manifest, f, indent=2)
    image = Image.open(os.path.join(work, "tolerant/frame_0004.png")).convert("RGBA")
    for x in range(60, 64):
        r, g, b, a = image.getpixel((x, 40))
        image.putpixel((x, 40), (255 - r, g, b, a))
    for name in ["tolerant", "lenient"]:
        image.save(os.path.join(work, name, "frame_0004.png"))


def outcome(frames, command, work):
    """What one command gives: its streams, its status and every file it wrote (names and
    digests), then the files are removed."""
    out = os.path.join(work, "out")
    os.makedirs(out, exist_ok=True)
    result = run(frames, command.split(), work)
    lines = [f"$ frames {command}", f"status {result.returncode}",
             "stdout:", result.stdout.decode(errors="replace"), "stderr:", result.stderr.decode(errors="replace")]
    for folder, _, names in sorted(os.walk(out)):
        for name in sorted(names):
            path = os.path.join(folder, name)
            with open(path, "rb") as f:
                lines.append(f"{os.path.relpath(path, work)} {hashlib.sha256(f.read()).hexdigest()}")
    shutil.rmtree(out)
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--work", help="a folder to make the inputs in (default: a new temporary folder)")
    parser.add_argument("--keep", action="store_true", help="keep the inputs and both transcripts")
    args = parser.parse_args()
    work = args.work or tempfile.mkdtemp(prefix="frames-same-outputs-")
    os.makedirs(work, exist_ok=True)
    binaries = [os.path.abspath(args.before), os.path.abspath(args.after)]
    make_inputs(binaries[0], work)
    commands = ["compare " + c for c in COMPARE] + ["verify " + c for c in VERIFY]
    transcripts = []
    for frames in binaries:
        transcripts.append([outcome(frames, command, work) for command in commands])
    differing = [i for i in range(len(commands)) if transcripts[0][i] != transcripts[1][i]]
    for side, name in zip(transcripts, ["before.txt", "after.txt"]):
        with open(os.path.join(work, name), "w") as f:
            f.write("".join(side))
    for i in differing:
        before, after = transcripts[0][i].splitlines(), transcripts[1][i].splitlines()
        first = next((k for k in range(min(len(before), len(after))) if before[k] != after[k]), None)
        print(f"differs: frames {commands[i]}")
        if first is not None:
            print(f"  before: {before[first][:300]}\n  after:  {after[first][:300]}")
    print(f"{len(commands) - len(differing)} of {len(commands)} commands give the same bytes"
          + (f"; transcripts in {work}" if args.keep else ""))
    if not args.keep:
        shutil.rmtree(work)
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
