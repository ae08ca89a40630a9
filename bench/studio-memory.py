#!/usr/bin/env python3
"""Peak memory of `frames studio` under hostile requests.

Starts the studio under /usr/bin/time -v, makes the requests that once took gigabytes (a loop of
300 full-screen frames and one of 8 100-megapixel frames, read whole; stills of three different 100-megapixel states, which the
studio's renderer cache would keep; five uploads of a 10 000 x 10 000 PNG of one colour, about
400 kB each, then a still over each; contact sheets at the largest size; four such stills at once;
a loop of 10 000 frames given up), stops it with SIGTERM and prints the studio's peak resident
memory and its exit status.

    swift build -c release --product frames
    python3 bench/studio-memory.py .build/release/frames
"""
import http.client
import os
import re
import signal
import struct
import subprocess
import sys
import threading
import time
import urllib.parse
import zlib

BIG = {"style": "overlay", "scale": "10", "width": "1000", "height": "1000", "spinner-size": "952",
       "dim-amount": "0.5", "text": ""}


def png_of_one_colour(width, height):
    row = b"\x00" + b"\x33\x66\x99\xff" * width
    data = zlib.compress(row * height, 9)
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


def request(port, token, path, params=None, body=None, read=True):
    query = urllib.parse.urlencode({"token": token, **(params or {})})
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    connection.request("POST" if body is not None else "GET", f"{path}?{query}", body=body)
    response = connection.getresponse()
    size = 0
    try:
        while read:
            piece = response.read(1 << 20)
            if not piece:
                break
            size += len(piece)
    except http.client.IncompleteRead as cut:
        connection.close()
        return f"{response.status}, cut", size + len(cut.partial)
    connection.close()
    return response.status, size


def main(binary):
    studio = subprocess.Popen(["/usr/bin/time", "-v", binary, "studio", "--no-open"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = studio.stdout.readline()
    port, token = re.search(r"127\.0\.0\.1:(\d+)/\?token=([0-9a-f]{32})", line).groups()
    port = int(port)
    steps = []
    def step(name, *args, **kwargs):
        started = time.time()
        status, size = request(port, token, *args, **kwargs)
        steps.append(f"{name}: {status}, {size} bytes, {time.time() - started:.1f} s")
        print(steps[-1], flush=True)

    step("loop of 300 full-screen frames (iPhone 15 @3x, whole)", "/loop.png",
         {"style": "overlay", "device": "iPhone 15", "frames": "300"})
    step("loop of 8 100-megapixel frames", "/loop.png", {**BIG, "frames": "8"})
    for colour in ["#111111", "#222222", "#333333"]:
        step(f"100-megapixel still {colour}", "/frame.png", {**BIG, "spinner-color": colour, "frame": "3"})
    picture = png_of_one_colour(10_000, 10_000)
    ids = []
    for k in range(5):
        status, _ = request(port, token, "/backdrop", {"name": f"b{k}.png"}, body=picture)
        steps.append(f"upload {k} of {len(picture)} bytes: {status}")
        print(steps[-1], flush=True)
        ids.append(str(k + 1))
    for backdrop in ids[-4:]:
        step(f"100-megapixel still over upload {backdrop}", "/frame.png",
             {**BIG, "backdrop-image": backdrop, "frame": "1"})
    step("largest contact sheet", "/sheet.png", {**BIG, "scale": "4.2", "frames": "4"})
    threads = [threading.Thread(target=step, args=(f"at once {k}", "/frame.png",
                                                   {**BIG, "spinner-color": f"#00000{k}", "frame": "2"}))
               for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    giving_up = threading.Thread(target=step, args=("loop of 10 000 frames, page superseded", "/loop.png",
                                                   {**BIG, "frames": "10000", "view": "v", "render": "1"}))
    giving_up.start()
    time.sleep(5)
    step("the newer edit", "/check", {**BIG, "view": "v", "render": "2"})
    giving_up.join()
    # SIGTERM to the studio itself: /usr/bin/time ignores SIGINT, and so does the child it starts.
    frames = int(open(f"/proc/{studio.pid}/task/{studio.pid}/children").read().split()[0])
    os.kill(frames, signal.SIGTERM)
    _, errors = studio.communicate(timeout=60)
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", errors).group(1)
    print(f"peak resident memory: {int(peak):,} kB; exit status {studio.returncode}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".build/release/frames")
