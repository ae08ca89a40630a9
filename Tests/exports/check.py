#!/usr/bin/env python3
"""Checks the hand-off formats of `frames` against its PNG frames with renderers that are not ours.

Usage: check.py <check> <args...>; each check prints one line per finding and a last line
"PASS ..." or "FAIL ...", and exits 0 only on a pass. A missing module or tool is a failure
that names what to install, never a skip. Run by Tests/FramesCLITests/ExportTests.swift.
"""
import json
import os
import subprocess
import sys


def need(module, install):
    try:
        import importlib
        return importlib.import_module(module)
    except ImportError:
        fail(f"the Python module {module} is needed: {install}")


def fail(message):
    print("FAIL " + message)
    sys.exit(1)


def folder_frames(folder):
    """The manifest and the frames of a frames folder, as RGBA Pillow images in order."""
    Image = need("PIL.Image", "pip install Pillow")
    with open(os.path.join(folder, "manifest.json")) as f:
        manifest = json.load(f)
    return manifest, [Image.open(os.path.join(folder, name)).convert("RGBA") for name in manifest["files"]]


def webp(path, folder):
    """Every frame Pillow (libwebp's demuxer and decoder) decodes equals the PNG frame, byte for byte."""
    Image = need("PIL.Image", "pip install Pillow")
    manifest, frames = folder_frames(folder)
    image = Image.open(path)
    count = getattr(image, "n_frames", 1)
    if count != len(frames):
        fail(f"{path}: {count} frames, expected {len(frames)}")
    if image.info.get("loop") != 0:
        fail(f"{path}: loop {image.info.get('loop')}, expected 0 (forever)")
    fps = manifest["fps"]
    durations = []
    for k, expected in enumerate(frames):
        image.seek(k)
        decoded = image.convert("RGBA")
        durations.append(image.info["duration"])
        if decoded.tobytes() != expected.tobytes():
            differing = sum(1 for a, b in zip(decoded.getdata(), expected.getdata()) if a != b)
            fail(f"{path}: frame {k} differs from {manifest['files'][k]} in {differing} pixels")
    total = sum(durations)
    expected_total = round(1000 * len(frames) / fps)
    if total != expected_total or any(abs(d - 1000 / fps) >= 1 for d in durations):
        fail(f"{path}: durations {sorted(set(durations))} ms, total {total}, expected {expected_total}")
    print(f"PASS {path}: {count} frames equal the PNG frames exactly; durations {sorted(set(durations))} ms, "
          f"loop {total} ms, looping forever")


CHECKS = {"webp": webp}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in CHECKS:
        fail("usage: check.py " + "|".join(CHECKS) + " <args>")
    CHECKS[sys.argv[1]](*sys.argv[2:])
