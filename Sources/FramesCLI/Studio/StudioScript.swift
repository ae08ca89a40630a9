/// The studio page's script. The state is the page's query string (the options of `frames`
/// without dashes, plus `frame=K` when paused and `zoom`): a link reproduces it, back/forward
/// work. An edit is debounced (at once after 30 ms of quiet, else gathered until 30 ms after the
/// last render), the renders in flight are aborted (and superseded on the server, which gives up
/// their work: `StudioRenders`), then the still of the current frame is fetched and shown, then
/// (when playing) the loop as an animated PNG the browser plays at its fps, then the checks. The
/// server resolves every value as the command line does; an error is shown beside the control of
/// the option it names. Images are shown at one image pixel per device pixel (CSS size = pixels
/// ÷ devicePixelRatio), times the zoom, pixelated.
enum StudioScript {
    // longer than 60 lines because it is one script, not Swift code.
    static let source = #"""
        "use strict";
        const T = JSON.parse(document.getElementById("tables").textContent);
        const token = new URLSearchParams(location.search).get("token") || "";
        const PAGE_ONLY = ["frame", "zoom"];
        const NAMED = { white: "#ffffff", black: "#000000", clear: "#000000" };
        let state = {};
        const fields = {};
        let controllers = [];
        let timer = null;
        let editedAt = 0;
        let serial = 0;
        const view = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, "0")).join("");
        let lastCheck = null;
        window.studioTimings = [];
        const $ = (id) => document.getElementById(id);
        const img = $("preview");

        function el(tag, attributes) {
          const node = document.createElement(tag);
          for (const [k, v] of Object.entries(attributes || {})) node.setAttribute(k, v);
          return node;
        }
        function readURL() {
          state = {};
          for (const [k, v] of new URLSearchParams(location.search)) if (k !== "token") state[k] = v;
        }
        function encode(pairs) {
          return pairs.map(([k, v]) => encodeURIComponent(k) + "=" + encodeURIComponent(v)).join("&");
        }
        function query(extra) {
          const pairs = [["token", token]];
          for (const [k, v] of Object.entries(state)) if (!PAGE_ONLY.includes(k)) pairs.push([k, v]);
          for (const [k, v] of Object.entries(extra || {})) pairs.push([k, String(v)]);
          return encode(pairs);
        }
        function pageURL() { return "/?" + encode([["token", token], ...Object.entries(state)]); }
        function variant() { return state.style === "overlay" ? "overlay" : "indicator"; }
        function property(name) { return T.properties.find((p) => p.flag === name); }
        function changed(name, value) {
          const p = property(name);
          const same = p && String(value).toLowerCase() === String(p.defaults[variant()]).toLowerCase();
          if (value === "" || value === null || value === undefined || same) delete state[name];
          else state[name] = value;
          editedAt = performance.now();
          schedule(true);
        }

        function row(name, label, hint) {
          const div = el("div", { class: "row", "data-option": "--" + name });
          const l = el("label", { for: "f-" + name });
          l.textContent = label;
          const inputs = el("div", { class: "inputs" });
          div.append(l, inputs);
          if (hint) { const h = el("div", { class: "hint" }); h.textContent = hint; div.append(h); }
          const error = el("div", { class: "error", "data-for": "--" + name });
          div.append(error);
          $("fields").append(div);
          return inputs;
        }
        function colorField(name, label, hint, fallback) {
          const inputs = row(name, label, hint);
          const picker = el("input", { type: "color", id: "f-" + name + "-picker", "aria-label": label + " picker" });
          const hex = el("input", { type: "text", id: "f-" + name, spellcheck: "false", placeholder: fallback() });
          inputs.append(picker, hex);
          const sync = (v) => {
            const t = String(v || fallback()).trim().toLowerCase();
            if (NAMED[t]) picker.value = NAMED[t];
            else if (/^#?[0-9a-f]{6}([0-9a-f]{2})?$/.test(t)) picker.value = "#" + t.replace("#", "").slice(0, 6);
          };
          picker.addEventListener("input", () => { hex.value = picker.value.toUpperCase(); changed(name, hex.value); });
          hex.addEventListener("input", () => { sync(hex.value); changed(name, hex.value.trim()); });
          fields[name] = () => { hex.value = state[name] || ""; hex.placeholder = fallback(); sync(state[name]); };
        }
        function numberField(name, label, hint, min, max, step, fallback) {
          const inputs = row(name, label, hint);
          const text = el("input", { type: "text", inputmode: "decimal", id: "f-" + name, placeholder: fallback() });
          const slider = el("input", { type: "range", min, max, step, "aria-label": label + " slider" });
          inputs.append(text, slider);
          slider.addEventListener("input", () => { text.value = slider.value; changed(name, slider.value); });
          text.addEventListener("input", () => { if (text.value !== "" && !isNaN(Number(text.value))) slider.value = text.value; changed(name, text.value.trim()); });
          fields[name] = () => { text.value = state[name] || ""; text.placeholder = fallback(); slider.value = state[name] || fallback() || min; };
        }
        function selectField(name, label, options, hint) {
          const inputs = row(name, label, hint);
          const select = el("select", { id: "f-" + name });
          for (const [value, text] of options) { const o = el("option", { value }); o.textContent = text; select.append(o); }
          inputs.append(select);
          select.addEventListener("change", () => changed(name, select.value));
          fields[name] = () => { select.value = state[name] || ""; };
          return select;
        }
        function textField(name, label, hint, fallback) {
          const inputs = row(name, label, hint);
          const text = el("input", { type: "text", id: "f-" + name });
          inputs.append(text);
          text.addEventListener("input", () => changed(name, text.value));
          fields[name] = () => { text.value = state[name] || ""; text.placeholder = fallback(); };
        }

        function build() {
          selectField("style", "Variant", T.variants.map((v) => [v === "indicator" ? "" : v, v]));
          selectField("device", "Device", [["", "(none: 390 × 844 pt screen)"], ...T.devices.map((d) =>
            [d.name, d.name + " — " + d.width + " × " + d.height + " pt @" + d.scale + "x"])]);
          numberField("scale", "Scale (pixels per point)", "Shown at one image pixel per screen pixel.", 0.5, 4, 0.5,
            () => { const d = T.devices.find((d) => d.name === state.device); return d ? String(d.scale) : "1"; });
          numberField("fps", "Frames per second", null, 1, 120, 1, () => "60");
          selectField("lang", "Language", T.languages.map((l) => [l.code === "en" ? "" : l.code, l.code + " — " + l.name]));
          textField("text", "Custom text", "Empty: the language's text.",
            () => (T.languages.find((l) => l.code === (state.lang || "en")) || T.languages[0]).text);
          colorField("backdrop-color", "Backdrop colour", "Under everything; empty is transparent.", () => "");
          const inputs = row("backdrop-image", "Backdrop image", "A PNG of at most " + (T.maxBackdropBytes >> 20) + " MiB.");
          const file = el("input", { type: "file", accept: "image/png", id: "f-backdrop-image" });
          const remove = el("button", { type: "button" }); remove.textContent = "none";
          inputs.append(file, remove);
          file.addEventListener("change", upload);
          remove.addEventListener("click", () => { file.value = ""; changed("backdrop-image", ""); });
          fields["backdrop-image"] = () => {};
          for (const p of T.properties) {
            const fallback = () => p.defaults[variant()];
            const hint = p.summary;
            if (p.kind === "color") colorField(p.flag, p.name, hint, fallback);
            else if (p.kind === "fontName") {
              const select = selectField(p.flag, p.name, [["", "(default: DejaVu Sans)"]], hint);
              fetch("/fonts?" + encode([["token", token]])).then((r) => r.json()).then((families) => {
                for (const f of families) { const o = el("option", { value: f }); o.textContent = f; select.append(o); }
                fields[p.flag]();
              });
            } else if (p.kind === "opacity") numberField(p.flag, p.name, hint, 0, 1, 0.01, fallback);
            else if (p.kind === "textSize") numberField(p.flag, p.name, hint, 1, 72, 0.5, fallback);
            else numberField(p.flag, p.name, hint, 0, p.name === "spinnerSize" ? 240 : 64, 0.5, fallback);
          }
          $("zoom").addEventListener("change", () => {
            if ($("zoom").value === "1") delete state.zoom; else state.zoom = $("zoom").value;
            history.pushState(null, "", pageURL());
            size();
          });
          $("scrubber").addEventListener("input", () => {
            state.frame = $("scrubber").value;
            editedAt = performance.now();
            schedule(false);
          });
          $("play").addEventListener("click", () => {
            if (state.frame === undefined) state.frame = $("scrubber").value; else delete state.frame;
            editedAt = performance.now();
            schedule(true);
          });
        }

        async function upload() {
          const file = $("f-backdrop-image").files[0];
          if (!file) return;
          clearErrors();
          if (file.size > T.maxBackdropBytes) return showError({ option: "--backdrop-image",
            message: "invalid value '" + file.name + "' for --backdrop-image: expected a PNG of at most " + (T.maxBackdropBytes >> 20) + " MiB" });
          const r = await fetch("/backdrop?" + encode([["token", token], ["name", file.name]]), { method: "POST", body: file });
          const answer = await r.json().catch(() => ({ message: "upload refused (" + r.status + ")" }));
          if (!r.ok) return showError(answer);
          changed("backdrop-image", answer.id);
        }

        function showAll() {
          for (const show of Object.values(fields)) show();
          $("zoom").value = state.zoom || "1";
        }
        function clearErrors() {
          for (const e of document.querySelectorAll(".error")) e.textContent = "";
          for (const r of document.querySelectorAll(".row.invalid")) r.classList.remove("invalid");
        }
        function showError(error) {
          const target = error.option && document.querySelector('.error[data-for="' + CSS.escape(error.option) + '"]');
          (target || $("general-error")).textContent = error.message;
          if (target) target.parentElement.classList.add("invalid");
          document.body.dataset.state = "error";
        }
        function size() {
          const zoom = Number(state.zoom || 1);
          img.style.width = (img.naturalWidth * zoom / devicePixelRatio) + "px";
          img.style.height = (img.naturalHeight * zoom / devicePixelRatio) + "px";
        }
        async function show(blob, kind) {
          const url = URL.createObjectURL(blob);
          const old = img.src;
          img.src = url;
          await img.decode().catch(() => {});
          img.dataset.kind = kind;
          size();
          if (old.startsWith("blob:")) URL.revokeObjectURL(old);
        }

        // Debounced on both edges: an edit after 30 ms of quiet renders at once; edits closer
        // together than that are gathered into one render 30 ms after the render before them.
        let lastRender = -Infinity;
        function schedule(push) {
          clearTimeout(timer);
          document.body.dataset.state = "busy";
          const wait = lastRender + 30 - performance.now();
          const go = () => { lastRender = performance.now(); render(push); };
          if (wait <= 0) go(); else timer = setTimeout(go, wait);
        }
        async function render(push) {
          const url = pageURL();
          if (location.pathname + location.search !== url) {
            if (push) history.pushState(null, "", url); else history.replaceState(null, "", url);
          }
          for (const c of controllers) c.abort();
          const controller = new AbortController();
          controllers = [controller];
          const mine = ++serial;
          const signal = controller.signal;
          const started = editedAt || performance.now();
          const paused = state.frame !== undefined;
          const k = paused ? state.frame : 0;
          const q = query();
          $("play").textContent = paused ? "Play" : "Pause";
          $("frame-number").textContent = paused ? "frame " + k : "playing";
          $("scrubber").value = k;
          $("download-style").href = "/style.json?" + q;
          $("download-apng").href = "/loop.png?" + q;
          $("download-sheet").href = "/sheet.png?" + q;
          try {
            // The ticket tells the server which renders this edit supersedes (409 for those).
            const ticket = { view, render: mine };
            const still = await fetch("/frame.png?" + query({ frame: k, ...ticket }), { signal });
            if (still.status === 409) return;
            clearErrors();
            if (!still.ok) { showError(await still.json()); return; }
            await show(await still.blob(), "still");
            const timing = { still: performance.now() - started };
            $("status").textContent = "still in " + Math.round(timing.still) + " ms";
            if (!paused) {
              const loop = await fetch("/loop.png?" + query(ticket), { signal });
              if (loop.status === 409) return;
              if (!loop.ok) { showError(await loop.json()); return; }
              await show(await loop.blob(), "loop");
              timing.loop = performance.now() - started;
              $("status").textContent += ", loop in " + Math.round(timing.loop) + " ms";
            }
            // The checks last: they do not hold up the pixels.
            const checked = await fetch("/check?" + query(ticket), { signal });
            if (checked.status === 409) return;
            if (checked.ok) applyCheck(await checked.json(), paused ? k : null);
            else showError(await checked.json());
            if (mine === serial) {
              window.studioTimings.push(timing);
              editedAt = 0;
              document.body.dataset.state = "ready";
            }
          } catch (e) {
            if (e.name !== "AbortError") showError({ message: String(e) });
          }
        }
        function applyCheck(c, still) {
          lastCheck = c;
          $("scrubber").max = c.frames - 1;
          $("swift").textContent = c.swift;
          $("command").textContent = c.command + (still === null ? " --apng spinner.png" : " --frame " + still + " --out frames");
          const body = $("lint").tBodies[0];
          body.textContent = "";
          for (const f of c.lint) {
            const tr = el("tr", { class: f.passed ? "pass" : "fail" });
            const cells = [f.check, f.passed ? "pass" : "FAIL", f.measured + " (" + f.required + ")"];
            for (const [i, text] of cells.entries()) {
              const td = el("td", i === 1 ? { class: "result" } : {}); td.textContent = text; tr.append(td);
            }
            const td = el("td");
            if (!f.passed && f.fix !== null) {
              const b = el("button", { type: "button", class: "fix" });
              b.textContent = f.option + " " + f.fix;
              b.addEventListener("click", () => { changed(f.option.slice(2), f.fix); showAll(); });
              td.append(b);
            }
            tr.append(td);
            body.append(tr);
          }
        }

        readURL();
        build();
        if (state.scale === undefined && state.device === undefined && devicePixelRatio !== 1) {
          state.scale = String(devicePixelRatio);
          history.replaceState(null, "", pageURL());
        }
        showAll();
        window.addEventListener("popstate", () => { readURL(); showAll(); schedule(false); });
        schedule(false);
        """#
}
