#!/usr/bin/env python3
"""The studio's latency from an edit to the preview, in headless Chromium at 1440 x 900.

Starts `frames studio --no-open` with the given build and a headless Chromium through
chromedriver, opens the page on a state, and edits it through its fields as a person would: a
colour typed into the spinner's, the card's and the text's colour fields, and the stroke width's
slider moved, each edit alone (the page has shown the last one).

Each edit is timed here the same way for any build, from just before its input event to the
first animation frame after the page hands the still's pixels over (a new page: `paintStill`,
into the canvas; a page from before the canvas: `show`, once its PNG is decoded into the <img>),
and to the first animation frame after the loop's first pixels (`drawLoopFrame`; before: the
animated PNG decoded). A page that records the User Timing measure `edit-to-paint` is read too.
With `--all-fields`, the corner radius, the text size, the text, the dim's slider, the spinner's
size slider and the padding are edited too. Prints the medians, overall and by field, for the
inline indicator at @3x and for the overlay on an iPhone 15 at @3x; then a colour typed key by
key (`#1A7F37`, 150 ms a key), with the keys that painted and their `edit-to-paint`.

    swift build -c release --product frames
    python3 bench/studio-latency.py .build/release/frames [EDITS_PER_FIELD] [--all-fields]
"""
import json
import re
import shutil
import socket
import statistics
import subprocess
import sys
import time
import urllib.request

STATES = [("inline indicator @3x (563 x 337 px)", "scale=3"),
          ("overlay, iPhone 15 @3x (1179 x 2556 px)", "style=overlay&device=iPhone%2015")]
FIELDS = [("spinner colour", "f-spinner-color", ["#E8421A", "#1A7F37", "#8250DF", "#BF3989", "#0969DA"]),
          ("card colour", "f-background-color", ["#FFF4CE", "#DDF4FF", "#FFEBE9", "#F6F8FA", "#EEEEEE"]),
          ("text colour", "f-text-color", ["#57606A", "#1F2328", "#0550AE", "#953800", "#116329"]),
          ("stroke width slider", "f-stroke-width", ["3", "4", "5", "6", "7"])]
# `--all-fields`: the card's shape, the label and the dim as well (the dim repaints the screen).
MORE_FIELDS = [("corner radius", "f-corner-radius", ["8", "12", "20", "24", "16"]),
               ("text size", "f-text-size", ["14", "16", "18", "20", "15"]),
               ("text", "f-text", ["Paying", "Processing payment", "One moment", "Almost there", "Securing"]),
               ("dim amount slider", "f-dim-amount", ["0.2", "0.3", "0.5", "0.6", "0.45"]),
               ("spinner size slider", "f-spinner-size", ["30", "36", "44", "50", "40"]),
               ("padding", "f-padding-horizontal", ["20", "24", "30", "36", "28"])]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Browser:
    """Headless Chromium driven through chromedriver (W3C WebDriver)."""

    def __init__(self, width, height):
        port = free_port()
        self.driver = subprocess.Popen([shutil.which("chromedriver"), f"--port={port}"],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                self.call("GET", "/status")
                break
            except OSError:
                time.sleep(0.05)
        arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                     "--force-device-scale-factor=1", f"--window-size={width},{height}"]
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        session = self.call("POST", "/session", {"capabilities": {"alwaysMatch": {
            "goog:chromeOptions": {"binary": chromium, "args": arguments}}}})
        self.session = session["value"]["sessionId"]
        self.call("POST", f"/session/{self.session}/goog/cdp/execute", {
            "cmd": "Emulation.setDeviceMetricsOverride",
            "params": {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}})

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=120) as response:
            return json.loads(response.read())

    def run(self, script):
        return self.call("POST", f"/session/{self.session}/execute/sync",
                         {"script": script, "args": []})["value"]

    def open(self, url):
        self.call("POST", f"/session/{self.session}/url", {"url": url})

    def settle(self):
        for _ in range(1200):
            state = self.run("return document.body.dataset.state || ''")
            if state == "ready":
                return
            if state == "error":
                raise RuntimeError(self.run("return document.body.innerText.slice(0, 400)"))
            time.sleep(0.025)
        raise RuntimeError("the page did not settle")

    def quit(self):
        try:
            self.call("DELETE", f"/session/{self.session}")
        finally:
            self.driver.terminate()
            self.driver.wait()


# Wraps the page's own functions (top-level declarations of its script) so that the moment the
# still, and the loop, reach the screen is noted in window.bench, relative to window.bench.start.
HOOK = """
    if (window.bench) return;
    window.bench = { start: 0, still: [], loop: [] };
    const shown = (list) => {
      const start = window.bench.start;
      requestAnimationFrame(() => { if (start === window.bench.start) list.push(performance.now() - start); });
    };
    if (typeof paintStill === "function") {
      const paint = paintStill, draw = drawLoopFrame;
      paintStill = function (...a) { const r = paint(...a); shown(window.bench.still); return r; };
      drawLoopFrame = function (loop, k) {
        const first = loop.shown < 0;
        draw(loop, k);
        if (first) shown(window.bench.loop);
      };
    } else {
      const old = show;
      show = function (blob, kind) {
        const r = old(blob, kind);
        if (kind === "still" || kind === "loop") r.then(() => shown(window.bench[kind]));
        return r;
      };
    }
    """


def edit(browser, field, value, slider=False):
    """Sets `field` (or its slider) to `value` as typing or dragging does: one input event."""
    browser.run(HOOK)
    browser.run(f"""
        document.body.dataset.state = "busy";
        window.bench.still = []; window.bench.loop = [];
        window.bench.start = performance.now();
        const input = document.getElementById("{field}");
        const slider = input.closest(".row").querySelector("input[type=range]");
        const target = {"true" if slider else "false"} && slider ? slider : input;
        target.value = "{value}";
        target.dispatchEvent(new Event("input"));
        """)
    browser.settle()


def last_timing(browser):
    """(still, loop, edit-to-paint) of the last edit, in ms: the first two timed here (None when
    not seen), the last the page's own measure (None for a page without it)."""
    time.sleep(0.05)
    return browser.run("""
        const first = (list) => list.length ? list[0] : null;
        const paint = performance.getEntriesByName("edit-to-paint");
        return [first(window.bench.still), first(window.bench.loop), paint.length ? paint[paint.length - 1].duration : null];
        """)


def type_keys(browser, field, text, gap=0.15):
    """Types `text` into `field` a key at a time, `gap` seconds apart (one input event a key, as a
    person types), then waits for the page to settle. The keys' `edit-to-paint` measures, in ms:
    a key that leaves the value refused paints nothing when the colour on screen stands in."""
    browser.run(f"""
        performance.clearMeasures("edit-to-paint");
        const input = document.getElementById("{field}");
        input.value = ""; input.dispatchEvent(new Event("input"));
        """)
    browser.settle()
    browser.run('performance.clearMeasures("edit-to-paint");')
    for n in range(1, len(text) + 1):
        browser.run(f"""
            document.body.dataset.state = "busy";
            const input = document.getElementById("{field}");
            input.value = "{text[:n]}"; input.dispatchEvent(new Event("input"));
            """)
        time.sleep(gap)
    browser.settle()
    return browser.run('return performance.getEntriesByName("edit-to-paint").map((m) => m.duration);')


def median(values):
    return round(statistics.median(values), 1) if values else None


def main(binary, per_field, fields):
    studio = subprocess.Popen([binary, "studio", "--no-open"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    line = studio.stdout.readline()
    url = re.search(r"http://127\.0\.0\.1:\d+/\?token=[0-9a-f]{32}", line).group(0)
    browser = Browser(1440, 900)
    try:
        for name, state in STATES:
            browser.open(url + "&" + state)
            browser.settle()
            stills, loops, measures, by_field = [], [], [], {}
            for label, field, values in fields:
                for value in (values * 4)[:per_field]:
                    edit(browser, field, value, slider=label.endswith("slider"))
                    still, loop, measure = last_timing(browser)
                    stills.append(still)
                    if loop is not None:
                        loops.append(loop)
                    if measure is not None:
                        measures.append(measure)
                    by_field.setdefault(label, []).append(still)
                # Back to the preset, so each field's edits start from the same style.
                edit(browser, field, "")
            keys = type_keys(browser, "f-spinner-color", "#1A7F37")
            page = f", the page's edit-to-paint median {median(measures)} ms" if measures else ""
            print(f"{name}: still on screen median {median(stills)} ms, loop playing median {median(loops)} ms "
                  f"({len(stills)} edits{page})")
            for label, values in by_field.items():
                print(f"  {label}: {median(values)} ms ({', '.join(str(round(v)) for v in values)})")
            print(f"  spinner colour typed key by key (#1A7F37, 150 ms a key): {len(keys)} of 7 keys painted, "
                  f"edit-to-paint median {median(keys)} ms ({', '.join(str(round(v)) for v in keys)})")
    finally:
        browser.quit()
        studio.terminate()
        studio.wait()


if __name__ == "__main__":
    arguments = [a for a in sys.argv[1:] if a != "--all-fields"]
    main(arguments[0], int(arguments[1]) if len(arguments) > 1 else 5,
         FIELDS + MORE_FIELDS if "--all-fields" in sys.argv else FIELDS)
