/// The studio page's script, in four parts: this one (the state and the form),
/// `StudioScriptCanvas` (the preview's pixels), `StudioScriptView` (the preview: zoom, pan,
/// background, frames, before and after) and `StudioScriptRender` (renders, errors, checks,
/// copying). The state is the page's query string (the options of `frames`
/// without dashes, plus `frame=K` when paused, `zoom` and `bg`): a link reproduces it, back and
/// forward work. A link's parameter the studio does not know is left out (its closest control is
/// marked) and a bad value is marked at its control, the value that last rendered (or the default)
/// standing in for it, and the rest still renders. The token is not
/// part of a copied link: a link opened without it asks for the studio's address (`StudioTokenPage`).
enum StudioScript {
    static var source: String {
        core + StudioScriptCanvas.source + StudioScriptView.source + StudioScriptRender.source
    }

    // longer than 60 lines because it is one script, not Swift code.
    static let core = #"""
        "use strict";
        const T = JSON.parse(document.getElementById("tables").textContent);
        const token = new URLSearchParams(location.search).get("token") || "";
        const PAGE_ONLY = ["frame", "zoom", "bg"];
        const probe = document.createElement("canvas").getContext("2d");
        let state = {};
        let unknown = [];
        let invalid = {};
        // The style of the still on screen (name: value): a refused value's stand-in.
        let shownStyle = {};
        const fields = {};
        const $ = (id) => document.getElementById(id);

        function el(tag, attributes) {
          const node = document.createElement(tag);
          for (const [k, v] of Object.entries(attributes || {})) node.setAttribute(k, v);
          return node;
        }
        function distance(a, b) {
          const d = Array.from({ length: b.length + 1 }, (_, i) => i);
          for (let i = 1; i <= a.length; i++) {
            let previous = d[0]; d[0] = i;
            for (let j = 1; j <= b.length; j++) {
              const kept = d[j];
              d[j] = Math.min(d[j] + 1, d[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
              previous = kept;
            }
          }
          return d[b.length];
        }
        function closest(name) {
          let best = null, score = Infinity;
          for (const n of T.names) { const s = distance(name, n); if (s < score) { best = n; score = s; } }
          return score <= Math.max(2, name.length / 3) ? best : null;
        }
        // Text from outside (a link's parameter) as the server's messages show it: each control
        // character, line separator and direction override written as \u{…}.
        function shown(text) {
          return String(text).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
            (c) => "\\u{" + c.charCodeAt(0).toString(16).toUpperCase() + "}");
        }
        function readURL() {
          state = {}; unknown = []; invalid = {};
          for (const [k, v] of new URLSearchParams(location.search)) {
            if (k === "token") continue;
            if (T.names.includes(k) || PAGE_ONLY.includes(k)) state[k] = v; else unknown.push([k, v]);
          }
        }
        function encode(pairs) {
          return pairs.map(([k, v]) => encodeURIComponent(k) + "=" + encodeURIComponent(v)).join("&");
        }
        // The style of state `s`: a refused value left out, the value on screen in its place.
        function styleOf(s) {
          const pairs = [];
          for (const [k, v] of Object.entries(s)) {
            if (PAGE_ONLY.includes(k)) continue;
            if (!(k in invalid)) pairs.push([k, v]);
            else if (k in shownStyle) pairs.push([k, shownStyle[k]]);
          }
          return pairs;
        }
        function query(extra, from) {
          const pairs = [["token", token], ...styleOf(from || state)];
          for (const [k, v] of Object.entries(extra || {})) pairs.push([k, String(v)]);
          return encode(pairs);
        }
        function pageURL() { return "/?" + encode([["token", token], ...Object.entries(state)]); }
        function variant() { return state.style === "overlay" ? "overlay" : "indicator"; }
        function property(name) { return T.properties.find((p) => p.flag === name); }
        // The device the state names, matched as `frames --device` matches it (`Device.named`:
        // case, spaces, dashes and "inch" aside), or undefined.
        function device() {
          const key = (n) => String(n).toLowerCase().replaceAll("inch", "").replace(/[^\p{L}\p{N}.]/gu, "");
          return state.device === undefined ? undefined : T.devices.find((d) => key(d.name) === key(state.device));
        }
        function human(name) {
          const words = name.replace(/([A-Z])/g, " $1").toLowerCase();
          return words.charAt(0).toUpperCase() + words.slice(1);
        }

        function row(name, label, code, hint) {
          const div = el("div", { class: "row", "data-option": "--" + name });
          const l = el("label", { for: "f-" + name });
          l.textContent = label;
          const c = el("code"); c.textContent = code; l.append(c);
          const inputs = el("div", { class: "inputs" });
          div.append(l, inputs);
          if (hint) { const h = el("div", { class: "hint" }); h.textContent = hint; div.append(h); }
          div.append(el("div", { class: "error", "data-for": "--" + name }));
          $("fields").append(div);
          return inputs;
        }
        // The swatch's colour, read by the browser's own CSS parser (the forms frames reads are
        // CSS's, plus hex without "#" and "clear"); null when the browser does not read it. The
        // server still decides what is valid.
        function rgba(text) {
          let t = String(text || "").trim().toLowerCase();
          if (t === "clear") t = "transparent";
          if (/^[0-9a-f]{3,8}$/.test(t)) t = "#" + t;
          probe.fillStyle = "#010203";
          probe.fillStyle = t;
          const got = probe.fillStyle;
          if (got === "#010203" && t !== "#010203") return null;
          if (got.startsWith("#")) return { hex: got, css: got };
          const n = got.match(/[0-9.]+/g).map(Number);
          const hex = "#" + n.slice(0, 3).map((v) => v.toString(16).padStart(2, "0")).join("");
          return { hex: hex, css: got };
        }
        function colorField(name, label, code, hint, fallback) {
          const inputs = row(name, label, code, hint);
          const swatch = el("span", { class: "swatch", title: "the colour over a checkerboard: transparency shows" });
          const paint = el("i"); swatch.append(paint);
          const picker = el("input", { type: "color", id: "f-" + name + "-picker", "aria-label": label + " picker" });
          const hex = el("input", { type: "text", id: "f-" + name, spellcheck: "false", placeholder: fallback() });
          inputs.append(swatch, picker, hex);
          const sync = (v) => {
            const c = rgba(v || fallback());
            paint.style.background = c ? c.css : "transparent";
            if (c) picker.value = c.hex;
          };
          picker.addEventListener("input", () => { hex.value = picker.value.toUpperCase(); sync(hex.value); changed(name, hex.value); });
          hex.addEventListener("input", () => { sync(hex.value); changed(name, hex.value.trim()); });
          fields[name] = () => { hex.value = state[name] || ""; hex.placeholder = fallback(); sync(state[name]); };
        }
        function numberField(name, label, code, hint, min, max, step, fallback) {
          const inputs = row(name, label, code, hint);
          const text = el("input", { type: "text", inputmode: "decimal", id: "f-" + name, placeholder: fallback() });
          const slider = el("input", { type: "range", min, max, step, "aria-label": label + " slider" });
          inputs.append(text, slider);
          slider.addEventListener("input", () => { text.value = slider.value; changed(name, slider.value); });
          text.addEventListener("input", () => { if (text.value !== "" && !isNaN(Number(text.value))) slider.value = text.value; changed(name, text.value.trim()); });
          fields[name] = () => { text.value = state[name] || ""; text.placeholder = fallback(); slider.value = state[name] || fallback() || min; };
        }
        function selectField(name, label, code, options, hint) {
          const inputs = row(name, label, code, hint);
          const select = el("select", { id: "f-" + name });
          for (const [value, text] of options) { const o = el("option", { value }); o.textContent = text; select.append(o); }
          inputs.append(select);
          select.addEventListener("change", () => changed(name, select.value));
          fields[name] = () => {
            const v = state[name] || "";
            if (v && ![...select.options].some((o) => o.value === v)) { const o = el("option", { value: v }); o.textContent = v; select.append(o); }
            select.value = v;
          };
          return select;
        }
        function textField(name, label, code, hint, fallback) {
          const inputs = row(name, label, code, hint);
          const text = el("input", { type: "text", id: "f-" + name });
          inputs.append(text);
          text.addEventListener("input", () => changed(name, text.value));
          fields[name] = () => { text.value = state[name] || ""; text.placeholder = fallback(); };
        }

        function build() {
          selectField("style", "Variant", "--style", T.variants.map((v) => [v === "indicator" ? "" : v, v]));
          selectField("device", "Device", "--device", [["", "(none: 390 × 844 pt screen)"], ...T.devices.map((d) =>
            [d.name, d.name + " — " + d.width + " × " + d.height + " pt @" + d.scale + "x"])]);
          numberField("scale", "Scale", "--scale", "Pixels per point.", 0.5, 4, 0.5,
            () => { const d = device(); return d ? String(d.scale) : "1"; });
          numberField("fps", "Frames per second", "--fps", null, 1, 120, 1, () => "60");
          selectField("lang", "Language", "--lang", T.languages.map((l) => [l.code === "en" ? "" : l.code, l.code + " — " + l.name]));
          textField("text", "Custom text", "--text", "Empty: the language's text.",
            () => (T.languages.find((l) => l.code === (state.lang || "en")) || T.languages[0]).text);
          colorField("backdrop-color", "Backdrop colour", "--backdrop-color", "Under everything; empty is transparent.", () => "");
          const inputs = row("backdrop-image", "Backdrop image", "--backdrop-image", "A PNG or JPEG of at most " + (T.maxBackdropBytes >> 20) + " MiB.");
          const file = el("input", { type: "file", accept: "image/png,image/jpeg", id: "f-backdrop-image" });
          const remove = el("button", { type: "button" }); remove.textContent = "none";
          inputs.append(file, remove);
          file.addEventListener("change", upload);
          remove.addEventListener("click", () => { file.value = ""; changed("backdrop-image", ""); });
          fields["backdrop-image"] = () => {};
          for (const p of T.properties) {
            const fallback = () => p.defaults[variant()];
            const label = human(p.name);
            if (p.kind === "color") colorField(p.flag, label, p.name, p.summary, fallback);
            else if (p.kind === "fontName") {
              const select = selectField(p.flag, label, p.name, [["", "(default: DejaVu Sans)"]], p.summary);
              fetch("/fonts?" + encode([["token", token]])).then((r) => r.json()).then((families) => {
                for (const f of families) { const o = el("option", { value: f }); o.textContent = f; select.append(o); }
                fields[p.flag]();
              });
            } else if (p.kind === "opacity") numberField(p.flag, label, p.name, p.summary, 0, 1, 0.01, fallback);
            else if (p.kind === "textSize") numberField(p.flag, label, p.name, p.summary, 1, 72, 0.5, fallback);
            else numberField(p.flag, label, p.name, p.summary, 0, p.name === "spinnerSize" ? 240 : 64, 0.5, fallback);
          }
        }
        function showAll() {
          for (const show of Object.values(fields)) show();
          showView();
        }
        """#
}
