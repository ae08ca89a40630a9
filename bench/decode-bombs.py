#!/usr/bin/env python3
"""Times `frames` on decompression bombs and on the largest pictures it reads (docs/reliability.md,
"Decoding bounded by the picture"): PNGs of one pixel whose image data inflates to gigabytes of
zeros (the short reader, libpng, interlaced), progressive JPEGs whose last scan repeats, a JPEG cut
short and closed with EOI, and 10 000 × 10 000 px PNGs and JPEGs (baseline, 4:4:4, progressive,
8 passes of successive approximation). Prints the exit status, wall and CPU seconds of each run.

Needs Pillow and numpy (pip), jpegtran (Debian's libjpeg-turbo-progs) and GNU time:

    swift build -c release --product frames
    python3 bench/decode-bombs.py .build/release/frames [--work DIR]
"""
import argparse
import io
import os
import struct
import subprocess
import tempfile
import zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, color_type, interlace, stream):
    header = struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, interlace)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", stream) + chunk(b"IEND", b"")


def zeros(count):
    """A zlib stream of `count` zeros (a multiple of 1 MiB): one deflated MiB, repeated."""
    deflater = zlib.compressobj(9, zlib.DEFLATED, -15)
    piece = deflater.compress(bytes(1 << 20)) + deflater.flush(zlib.Z_FULL_FLUSH)
    return b"\x78\xda" + piece * (count >> 20) + b"\x03\x00" + struct.pack(">I", (count % 65521) << 16 | 1)


def scans(data):
    """(start, end) of each scan: its SOS segment and its entropy-coded data."""
    found, i = [], 2
    while data[i + 1] != 0xD9:
        end = i + 2 + (data[i + 2] << 8 | data[i + 3])
        if data[i + 1] == 0xDA:
            while not (data[end] == 0xFF and data[end + 1] != 0 and not 0xD0 <= data[end + 1] <= 0xD7):
                end += 1
            found.append((i, end))
        i = end
    return found


def make(work):
    from PIL import Image
    import numpy
    files = {}
    for name, color_type, interlace, count in [
        ("bomb-rgb.png", 2, 0, 2 << 30), ("bomb-grey.png", 0, 0, 2 << 30), ("bomb-interlaced.png", 2, 1, 2 << 30),
        ("under-rgb.png", 2, 0, 512 << 20),
    ]:
        files[name] = png(1, 1, color_type, interlace, zeros(count))
    out = io.BytesIO()
    Image.new("RGB", (4000, 4000), (120, 130, 140)).save(out, "JPEG", progressive=True, quality=90)
    progressive = out.getvalue()
    start, end = scans(progressive)[-1]
    for times in (400, 2000):
        files[f"scans-{times}.jpg"] = progressive[:end] + progressive[start:end] * times + progressive[end:]
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "fixtures",
                           "backdrop-p3.jpg"), "rb") as f:
        whole = f.read()
    sos = whole.index(b"\xff\xda")
    files["cut.jpg"] = whole[:sos + (len(whole) - sos) // 2] + b"\xff\xd9"
    y, x = numpy.mgrid[0:10000, 0:10000]
    pixels = numpy.stack([(x * 7 + y) % 256, (y * 3) % 256, ((x ^ y) * 5) % 256], -1)
    pixels = (pixels + numpy.random.default_rng(1).integers(-20, 20, pixels.shape)).clip(0, 255).astype(numpy.uint8)
    picture = Image.fromarray(pixels, "RGB")
    for name, options in [("big-420.jpg", {"quality": 90}), ("big-444.jpg", {"quality": 95, "subsampling": 0}),
                          ("big-progressive.jpg", {"quality": 90, "progressive": True})]:
        out = io.BytesIO()
        picture.save(out, "JPEG", **options)
        files[name] = out.getvalue()
    rows = 10000 * (3 * 10000 + 1)
    files["big-black.png"] = png(10000, 10000, 2, 0, zlib.compress(bytes(rows), 6))
    files["big-grey.png"] = png(10000, 10000, 0, 0, zlib.compress(bytes(10000 * 10001), 6))
    for name, data in files.items():
        with open(os.path.join(work, name), "wb") as f:
            f.write(data)
    # Successive approximation to the bound: every band sent 7 bits short, refined bit by bit.
    script = ["0,1,2: 0 0 0 7;"] + [f"{c}: 1 63 0 7;" for c in range(3)]
    for a in range(7, 0, -1):
        script += [f"0,1,2: 0 0 {a} {a - 1};"] + [f"{c}: 1 63 {a} {a - 1};" for c in range(3)]
    with open(os.path.join(work, "scans.txt"), "w") as f:
        f.write("\n".join(script) + "\n")
    subprocess.run(["jpegtran", "-scans", "scans.txt", "-outfile", "big-8-passes.jpg", "big-420.jpg"], cwd=work,
                   check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("frames")
    parser.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "frames-decode-bombs"))
    args = parser.parse_args()
    frames = os.path.abspath(args.frames)
    os.makedirs(args.work, exist_ok=True)
    make(args.work)
    runs = [["compare", name, name] for name in ("bomb-rgb.png", "bomb-grey.png", "bomb-interlaced.png",
                                                 "under-rgb.png")]
    runs += [["measure", name] for name in ("scans-400.jpg", "scans-2000.jpg", "cut.jpg", "big-420.jpg",
                                            "big-444.jpg", "big-progressive.jpg", "big-8-passes.jpg",
                                            "big-black.png", "big-grey.png")]
    print("| command | exit | wall s | CPU s | first line |")
    print("|---|---|---|---|---|")
    for arguments in runs:
        result = subprocess.run(["/usr/bin/time", "-o", "time.txt", "-f", "%e %U %S", frames] + arguments,
                                cwd=args.work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        with open(os.path.join(args.work, "time.txt")) as f:
            wall, user, system = f.read().split()[-3:]
        first = (result.stdout.splitlines() or [""])[0][:110]
        print(f"| frames {' '.join(arguments)} | {result.returncode} | {wall} | {float(user) + float(system):.2f} | "
              f"{first} |")


if __name__ == "__main__":
    main()
