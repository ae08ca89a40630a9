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


def apng(path, folder):
    """Every frame Pillow decodes from the animated PNG equals the PNG frame, byte for byte."""
    Image = need("PIL.Image", "pip install Pillow")
    manifest, frames = folder_frames(folder)
    image = Image.open(path)
    if getattr(image, "n_frames", 1) != len(frames):
        fail(f"{path}: {getattr(image, 'n_frames', 1)} frames, expected {len(frames)}")
    for k, expected in enumerate(frames):
        image.seek(k)
        if image.convert("RGBA").tobytes() != expected.tobytes():
            fail(f"{path}: frame {k} differs from {manifest['files'][k]}")
    print(f"PASS {path}: {len(frames)} frames equal the PNG frames exactly")


def webp(path, folder):
    """Every frame Pillow (libwebp's demuxer and decoder) shows at frame k's time, round(1000 k / fps)
    ms, equals our PNG frame k byte for byte (libwebp merges equal consecutive frames into one
    longer frame), the loop lasts round(1000 N / fps) ms and repeats forever."""
    Image = need("PIL.Image", "pip install Pillow")
    manifest, frames = folder_frames(folder)
    image = Image.open(path)
    count = getattr(image, "n_frames", 1)
    if count > len(frames):
        fail(f"{path}: {count} frames, expected at most {len(frames)}")
    if image.info.get("loop") != 0:
        fail(f"{path}: loop {image.info.get('loop')}, expected 0 (forever)")
    fps = manifest["fps"]
    starts, decoded = [], []
    time = 0
    for i in range(count):
        image.seek(i)
        decoded.append(image.convert("RGBA").tobytes())
        starts.append(time)
        time += image.info["duration"]
    expected_total = round(1000 * len(frames) / fps)
    if time != expected_total:
        fail(f"{path}: the loop lasts {time} ms, expected {expected_total}")
    for k, expected in enumerate(frames):
        t = (2000 * k + fps) // (2 * fps)
        shown = max(i for i in range(count) if starts[i] <= t)
        if decoded[shown] != expected.tobytes():
            fail(f"{path}: at {t} ms it shows a frame that differs from {manifest['files'][k]}")
    print(f"PASS {path}: {len(frames)} frames ({count} stored) equal the PNG frames exactly at their times; "
          f"loop {time} ms, looping forever")


def straight(image):
    """Pixels as straight RGBA tuples."""
    image = image.convert("RGBA")
    flat = getattr(image, "get_flattened_data", None)
    return list(flat() if flat else image.getdata())


def premultiplied(pixel):
    r, g, b, a = pixel
    return (r * a / 255, g * a / 255, b * a / 255, a)


def compare(ours, theirs, width):
    """(max channel delta over premultiplied channels, pixels differing by more than 2,
    interior pixels whose colour differs): an interior pixel is one whose 5×5 neighbourhood in our
    frame is one colour (full coverage, or none, of every shape, two pixels from any edge, beyond
    the reach of any renderer's anti-aliasing filter), where a renderer must give that colour
    exactly (within 1 of 255 for its own rounding)."""
    a = straight(ours)
    b = straight(theirs)
    worst = 0
    differing = 0
    interior_wrong = []
    height = len(a) // width
    for i, (p, q) in enumerate(zip(a, b)):
        pp = premultiplied(p)
        qq = premultiplied(q)
        delta = max(abs(x - y) for x, y in zip(pp, qq))
        if delta > 2:
            differing += 1
        worst = max(worst, delta)
        x, y = i % width, i // width
        if 1 < x < width - 2 and 1 < y < height - 2 and delta > 1:
            around = {a[(y + dy) * width + x + dx] for dy in range(-2, 3) for dx in range(-2, 3)}
            if len(around) == 1:
                interior_wrong.append((x, y, p, q))
    return round(worst), differing, interior_wrong


def arc_edge(image, geometry, expected_start):
    """The arc's leading edge in degrees (0 = 3 o'clock, clockwise), measured from pixels: along
    the centre-line circle, in steps of 0.01°, where the pixels' colour passes half-way from the
    track's colour to the arc's, going clockwise from the arc's middle (bilinear samples)."""
    import math
    width, height = image.size
    px = [premultiplied(p) for p in straight(image)]
    cx, cy, r = geometry["cx"], geometry["cy"], geometry["r"]
    arc = premultiplied(geometry["arc"])
    track = premultiplied(geometry["track"])
    axis = [a - t for a, t in zip(arc, track)]
    norm = sum(v * v for v in axis)

    def arcness(degrees):
        t = math.radians(degrees)
        x = cx + r * math.cos(t) - 0.5
        y = cy + r * math.sin(t) - 0.5
        x0, y0 = int(math.floor(x)), int(math.floor(y))
        fx, fy = x - x0, y - y0
        value = [0.0] * 4
        for dx, dy, w in ((0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)), (0, 1, (1 - fx) * fy), (1, 1, fx * fy)):
            xx, yy = min(max(x0 + dx, 0), width - 1), min(max(y0 + dy, 0), height - 1)
            p = px[yy * width + xx]
            value = [v + w * c for v, c in zip(value, p)]
        return sum((v - t) * a for v, t, a in zip(value, track, axis)) / norm

    middle = expected_start + 45
    degrees = middle
    step = 0.01
    while arcness(degrees) >= 0.5 and degrees < middle + 180:
        degrees += step
    return degrees - step / 2


CENTER = {}


def sequence_frames(manifest):
    """What each frame shows: the spinner's frame number, or None where the overlay is hidden
    (a timeline's idle and done phases)."""
    timeline = manifest.get("timeline")
    if not timeline:
        return list(range(manifest["frameCount"]))
    frames = [None] * manifest["frameCount"]
    visible = manifest.get("overlayVisible") or [True] * manifest["frameCount"]
    for segment in timeline:
        if segment["phase"] != "processing":
            continue
        first = segment["firstFrame"]
        for i in range(first, first + segment["frameCount"]):
            if visible[i]:
                frames[i] = (i - first) % manifest["fps"]
    return frames


def lottie(folder, tolerance, path, *frames):
    """rlottie draws each frame of our Lottie file (at the file's size, the frames' pixels) as our
    frame; the file's rate, length and size are the sequence's."""
    rlottie = need("rlottie_python", "pip install rlottie-python")
    manifest, pngs = folder_frames(folder)
    with open(path) as f:
        document = json.load(f)
    expected = {"fr": manifest["fps"], "ip": 0, "op": manifest["frameCount"], "w": manifest["pixelWidth"],
                "h": manifest["pixelHeight"]}
    found = {key: document.get(key) for key in expected}
    if found != expected:
        fail(f"{path}: {found}, expected {expected}")
    track = next(layer for layer in document["layers"] if layer["nm"] == "track")
    center = track["shapes"][0]["it"][0]["p"]["k"]
    CENTER.update(cx=center[0], cy=center[1])
    animation = rlottie.LottieAnimation.from_file(path)
    if tuple(animation.lottie_animation_get_size()) != (manifest["pixelWidth"], manifest["pixelHeight"]):
        fail(f"{path}: rlottie reads size {animation.lottie_animation_get_size()}")
    chosen = [int(k) for k in frames] or range(len(pngs))
    Image = need("PIL.Image", "pip install Pillow")
    images = {}
    for k in chosen:
        # rlottie draws premultiplied ARGB; the binding hands it over as if straight.
        drawn = animation.render_pillow_frame(frame_num=k, width=manifest["pixelWidth"], height=manifest["pixelHeight"])
        images[k] = Image.frombytes("RGBa", drawn.size, drawn.convert("RGBA").tobytes()).convert("RGBA")
    vector_check("rlottie", folder, images, float(tolerance))


def svg_center(path):
    """The spinner's centre in points: the track's circle in our SVG."""
    import re
    with open(path) as f:
        match = re.search(r'<circle cx="([-\d.]+)" cy="([-\d.]+)"', f.read())
    if not match:
        fail(f"{path}: no track circle")
    CENTER.update(cx=float(match.group(1)), cy=float(match.group(2)))


def resvg_render(path, width, height):
    Image = need("PIL.Image", "pip install Pillow")
    resvg = need("resvg_py", "pip install resvg-py")
    import io
    data = resvg.svg_to_bytes(svg_path=path, width=width, height=height, shape_rendering="geometric_precision")
    return Image.open(io.BytesIO(bytes(data))).convert("RGBA")


def chromium_render(path, fps, frames, width, height):
    """Our animated SVG inline in a page once per frame k, each copy's animation paused at
    k / fps s, one below the other; one screenshot by headless Chromium on a transparent page,
    cut into frames."""
    Image = need("PIL.Image", "pip install Pillow")
    import shutil
    import tempfile
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser:
        fail("headless Chromium is needed: apt-get install chromium")
    with open(path) as f:
        svg = f.read()
    style = "html,body{margin:0;background:transparent}svg{display:block}"
    style += "".join(f"#f{k} .arc{{animation-delay:{-k / fps}s!important;animation-play-state:paused!important}}"
                     for k in frames)
    body = "".join(f'<div id="f{k}">{svg}</div>' for k in frames)
    page = f"<!DOCTYPE html><html><head><style>{style}</style></head><body>{body}</body></html>"
    with tempfile.TemporaryDirectory() as tmp:
        html = os.path.join(tmp, "page.html")
        shot = os.path.join(tmp, "shot.png")
        with open(html, "w") as f:
            f.write(page)
        subprocess.run([browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        "--force-device-scale-factor=1", "--default-background-color=00000000",
                        f"--window-size={width},{height * len(frames)}", f"--screenshot={shot}", "file://" + html],
                       check=True, capture_output=True, timeout=120)
        page_image = Image.open(shot).convert("RGBA")
        return {k: page_image.crop((0, i * height, width, (i + 1) * height)) for i, k in enumerate(frames)}


def frame_args(args):
    """"file:k" arguments."""
    return [(a.rsplit(":", 1)[0], int(a.rsplit(":", 1)[1])) for a in args]


def svg_static(folder, tolerance, *files):
    """resvg draws each `--svg-frame K` file as our frame k."""
    manifest, _ = folder_frames(folder)
    images = {}
    for path, k in frame_args(files):
        svg_center(path)
        images[k] = resvg_render(path, manifest["pixelWidth"], manifest["pixelHeight"])
    vector_check("resvg", folder, images, float(tolerance))


def svg_animated(folder, tolerance, path, *frames):
    """Headless Chromium draws the animated file, paused at frame k, as our frame k."""
    manifest, _ = folder_frames(folder)
    svg_center(path)
    images = chromium_render(path, manifest["fps"], [int(k) for k in frames], manifest["pixelWidth"],
                             manifest["pixelHeight"])
    vector_check("Chromium", folder, images, float(tolerance))


def vector_check(kind, folder, frame_images, tolerance):
    """Compares rendered frames {k: image} with the folder's PNG frames: the worst channel delta
    within `tolerance`, interior colours equal, leading edges within 0.5°."""
    manifest, frames = folder_frames(folder)
    geometry = spinner_geometry(manifest)
    width = manifest["pixelWidth"]
    worst_angle = 0
    worst_delta = 0
    for k, theirs in frame_images.items():
        ours = frames[k]
        if theirs.size != ours.size:
            fail(f"{kind}: frame {k} is {theirs.size}, ours {ours.size}")
        worst, differing, interior = compare(ours, theirs, width)
        if interior:
            x, y, p, q = interior[0]
            fail(f"{kind}: frame {k}: {len(interior)} full-coverage pixels differ, first ({x}, {y}) ours {p} theirs {q}")
        if worst > tolerance:
            fail(f"{kind}: frame {k}: channel delta {worst}, allowed {tolerance} ({differing} pixels differ by more than 2)")
        spinner = sequence_frames(manifest)[k]
        if spinner is None:
            print(f"frame {k}: hidden, channel delta {worst}")
            worst_delta = max(worst_delta, worst)
            continue
        start = -90 + 360 * spinner / manifest["turnFrames"]
        ours_edge = arc_edge(ours, geometry, start)
        theirs_edge = arc_edge(theirs, geometry, start)
        if abs(ours_edge - theirs_edge) > 0.5:
            fail(f"{kind}: frame {k}: leading edge at {theirs_edge:.2f}°, ours {ours_edge:.2f}°: more than 0.5° apart")
        worst_angle = max(worst_angle, abs(ours_edge - theirs_edge))
        worst_delta = max(worst_delta, worst)
        print(f"frame {k}: channel delta {worst} ({differing} pixels > 2), edge {theirs_edge:.2f}° vs ours {ours_edge:.2f}°")
    print(f"PASS {kind}: {len(frame_images)} frames within {tolerance}/255 (worst {worst_delta}), "
          f"full-coverage colours equal, leading edges within {worst_angle:.3f}° (allowed 0.5°)")


def hex_color(text):
    text = text.lstrip("#")
    values = [int(text[i:i + 2], 16) for i in range(0, len(text), 2)]
    return tuple(values + [255] * (4 - len(values)))


def spinner_geometry(manifest):
    """The spinner's centre and centre-line radius in pixels, and the arc's and track's colours,
    from the manifest (the layout: card centred on the screen, or at the origin)."""
    style = manifest["style"]
    scale = manifest["scale"]
    size, stroke = style["spinnerSize"], style["strokeWidth"]
    geometry = CENTER
    return {"cx": geometry["cx"] * scale, "cy": geometry["cy"] * scale, "r": (size - stroke) / 2 * scale,
            "arc": hex_color(style["spinnerColor"]), "track": hex_color(style["trackColor"])}


def gif(path, folder, matte, delay):
    """Pillow and ffmpeg decode the GIF: its frame count, each delay (hundredths of a second) and
    the loop are as stated, and each frame is reported against our PNG frame (composited over the
    matte, if any): exact where our frame has at most 256 colours."""
    Image = need("PIL.Image", "pip install Pillow")
    import shutil
    import tempfile
    manifest, frames = folder_frames(folder)
    if matte != "none":
        # Source over the matte in premultiplied 8-bit values (which PNG's straight values give
        # back exactly), rounded once: p + m · (255 − a) / 255.
        import math
        m = hex_color(matte)

        def over(pixel):
            r, g, b, a = pixel
            pre = [math.floor(c * a / 255 + 0.5) for c in (r, g, b)]
            return tuple(math.floor(c + mc * (255 - a) / 255 + 0.5) for c, mc in zip(pre, m[:3])) + (255,)

        composited = []
        for frame in frames:
            flat = Image.new("RGBA", frame.size)
            flat.putdata([over(p) for p in straight(frame)])
            composited.append(flat)
        frames = composited
    image = Image.open(path)
    if image.n_frames != len(frames):
        fail(f"{path}: Pillow reads {image.n_frames} frames, expected {len(frames)}")
    if image.info.get("loop") != 0:
        fail(f"{path}: loop {image.info.get('loop')}, expected 0 (forever)")
    pillow = []
    for k in range(len(frames)):
        image.seek(k)
        if image.info.get("duration") != 10 * int(delay):
            fail(f"{path}: frame {k} lasts {image.info.get('duration')} ms, expected {10 * int(delay)}")
        pillow.append(image.convert("RGBA"))
    ffmpeg = shutil.which("ffmpeg")
    if not ffmpeg:
        fail("ffmpeg is needed: apt-get install ffmpeg")
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([ffmpeg, "-v", "error", "-i", path, "-fps_mode", "passthrough", "-pix_fmt", "rgba",
                        os.path.join(tmp, "f%05d.png")], check=True, capture_output=True, timeout=300)
        names = sorted(os.listdir(tmp))
        if len(names) != len(frames):
            fail(f"{path}: ffmpeg decodes {len(names)} frames, expected {len(frames)}")
        decoded = [Image.open(os.path.join(tmp, name)).convert("RGBA") for name in names]
        probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v", "-show_entries",
                                "packet=duration_time", "-of", "csv=p=0", path],
                               check=True, capture_output=True, text=True, timeout=120).stdout.split()
        durations = {round(float(d) * 100) for d in probe if d not in ("", "N/A")}
        if durations != {int(delay)}:
            fail(f"{path}: ffprobe reads delays {sorted(durations)} hundredths, expected {delay}")
    worst_all = 0
    for k, ours in enumerate(frames):
        colours = len(set(straight(ours)))
        for name, theirs in (("Pillow", pillow[k]), ("ffmpeg", decoded[k])):
            worst = max(max(abs(x - y) for x, y in zip(premultiplied(p), premultiplied(q)))
                        for p, q in zip(straight(ours), straight(theirs)))
            worst = round(worst)
            worst_all = max(worst_all, worst)
            if colours <= 256 and worst != 0:
                fail(f"{path}: frame {k} has {colours} colours but {name} decodes it {worst}/255 off")
            print(f"frame {k}: {colours} colours, {name} {worst}/255 from ours")
    print(f"PASS {path}: {len(frames)} frames, {delay}/100 s each, looping forever (Pillow and ffmpeg), "
          f"worst channel error {worst_all}/255, exact in every frame of at most 256 colours")


CHECKS = {"apng": apng, "gif": gif, "webp": webp, "svg-static": svg_static, "svg-animated": svg_animated, "lottie": lottie}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in CHECKS:
        fail("usage: check.py " + "|".join(CHECKS) + " <args>")
    CHECKS[sys.argv[1]](*sys.argv[2:])
