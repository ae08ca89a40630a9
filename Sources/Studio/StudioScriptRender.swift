/// The renders' part of the studio page's script. An edit asks for its still at once: a still
/// asked for less than `YOUNG` ms before is aborted (a burst of keys: only the last one counts;
/// the server gives up its work, `StudioRenders`), an older one is let finish and the edit asks
/// the moment it is painted (a slider dragged: each frame shows the newest state the studio could
/// render, and no render is aborted over and over). The loop playing holds still from the edit
/// (it is the old state's, and each of its frames would repaint the canvas while the still is on
/// its way). The still comes as the pixels that differ from the canvas's and is painted
/// (`StudioScriptCanvas`), then (when playing) the loop is played over it, then the checks. Each
/// edit's time from its input event to the still on screen (painted, and the browser's next frame
/// begun) is the User Timing measure `edit-to-paint`, and to the loop's first frame painted
/// `edit-to-loop`. The server resolves every value as the command line does; a refused value is
/// marked beside its control and the value on screen stands in for it (`styleOf`): when that is
/// the still on screen (a colour typed key by key, one key short), nothing renders again and the
/// loop plays on; else the rest renders again. The "stale" mark shows while an edit renders or a
/// value is refused.
enum StudioScriptRender {
    // longer than 60 lines because it is one script, not Swift code.
    static let source = #"""
        let controllers = [];
        let editedAt = 0;
        let serial = 0;
        const ticketView = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, "0")).join("");
        let lastCheck = null;
        // What the still on screen was asked for with (`stillKey`).
        let heldKey = null;
        window.studioTimings = [];

        function changed(name, value) {
          noteChange();
          const p = property(name);
          const same = p && String(value).toLowerCase() === String(p.defaults[variant()]).toLowerCase();
          if (value === "" || value === null || value === undefined || same) delete state[name];
          else state[name] = value;
          delete invalid[name];
          // The variant and the device change other fields' defaults (the placeholders).
          if (name === "style" || name === "device") { view.centre = true; view.wantCard = true; showAll(); }
          editedAt = performance.now();
          schedule(true);
        }
        async function upload() {
          const file = $("f-backdrop-image").files[0];
          if (!file) return;
          if (file.size > T.maxBackdropBytes) return markInvalid({ option: "--backdrop-image",
            message: "invalid value '" + file.name + "' for --backdrop-image: expected a PNG of at most " + (T.maxBackdropBytes >> 20) + " MiB" });
          const r = await fetch("/backdrop?" + encode([["token", token], ["name", file.name]]), { method: "POST", body: file });
          const answer = await r.json().catch(() => ({ message: "upload refused (" + r.status + ")" }));
          if (!r.ok) return markInvalid(answer);
          changed("backdrop-image", answer.id);
        }
        // Sets what `node` shows only where it differs: an edit relays out no more of the page
        // than it changes, which would hold up the still.
        function put(node, text) { if (node.textContent !== text) node.textContent = text; }
        function link(id, href) { if ($(id).getAttribute("href") !== href) $(id).setAttribute("href", href); }
        // The downloads of the style as it renders.
        function showLinks() {
          const q = query();
          link("download-style", "/style.json?" + q);
          link("download-apng", "/loop.png?" + q);
          link("download-sheet", "/sheet.png?" + q);
        }
        function showErrors() {
          for (const e of document.querySelectorAll(".error")) put(e, "");
          for (const r of document.querySelectorAll(".row.invalid")) r.classList.remove("invalid");
          const notes = unknown.map(([k, v]) => {
            const near = closest(k);
            if (near) markRow(near, "The link's '" + shown(k) + "=" + shown(v) + "' is not a parameter; did you mean this one?");
            return "The link's parameter '" + shown(k) + "' is unknown and left out" + (near ? " (did you mean '" + near + "'?)" : "") + ".";
          });
          put($("notices"), notes.join(" "));
          for (const [name, message] of Object.entries(invalid)) markRow(name, message);
        }
        function markRow(name, message) {
          const target = document.querySelector('.error[data-for="' + CSS.escape("--" + name) + '"]');
          if (!target) { $("general-error").textContent = message; return; }
          target.textContent = message;
          target.parentElement.classList.add("invalid");
        }
        // A refused value: marked at its control and left out of the renders; nil when the error
        // names no value of the state (then it is shown above the preview).
        function markInvalid(error) {
          const name = error.option ? error.option.replace(/^--/, "") : null;
          if (name && (name in state || name === "backdrop-image")) { invalid[name] = error.message; showErrors(); return true; }
          $("general-error").textContent = error.message;
          document.body.dataset.state = "error";
          return false;
        }
        function setStale() {
          const busy = document.body.dataset.state === "busy";
          const bad = Object.keys(invalid).length > 0;
          $("stale").hidden = !busy && !bad;
          put($("stale"), bad ? "stale: " + Object.keys(invalid).map((n) => "--" + n).join(", ") + " left out" : "stale: rendering");
          document.body.dataset.stale = String(busy || bad);
        }
        // When the still in flight was asked for (0: none), and an edit waiting for it to be
        // painted (its `push`: whether any edit it gathers adds to the history).
        const YOUNG = 10;
        let asking = 0;
        let waiting = null;
        function schedule(push) {
          document.body.dataset.state = "busy";
          setStale();
          holdLoop();
          if (asking && performance.now() - asking > YOUNG) { waiting = { push: push || (waiting !== null && waiting.push) }; return; }
          waiting = null;
          render(push);
        }
        // The still of render `mine` is painted (or will not be): an edit waiting for it asks now.
        function stillDone(mine) {
          if (mine !== serial) return false;
          asking = 0;
          if (!waiting) return false;
          const push = waiting.push;
          waiting = null;
          render(push);
          return true;
        }
        // The address bar follows the state once its still is on screen: a new history entry for
        // an edit a second after the last (a slider dragged or a colour typed is one entry), else
        // the entry replaced. (Changing the address takes the browser longer than painting.)
        let pushedAt = -Infinity;
        function showURL(push) {
          const url = pageURL();
          if (location.pathname + location.search === url) return;
          const now = performance.now();
          if (push && now - pushedAt > 1000) history.pushState(null, "", url); else history.replaceState(null, "", url);
          if (push) pushedAt = now;
        }
        // The still a render of the state now asks for, named by its query.
        function stillKey() { return query({ frame: state.frame !== undefined ? state.frame : 0 }); }
        // A refused value whose stand-in is the still on screen: it stays, the loop plays on.
        function keepShown(push) {
          resumeLoop();
          showLinks();
          showURL(push);
          editedAt = 0;
          document.body.dataset.state = "error";
          setStale();
        }
        async function render(push) {
          for (const c of controllers) c.abort();
          const controller = new AbortController();
          controllers = [controller];
          const mine = ++serial;
          asking = performance.now();
          const signal = controller.signal;
          const edited = editedAt > 0;
          const started = editedAt || performance.now();
          const paused = state.frame !== undefined;
          const k = paused ? state.frame : 0;
          // The ticket tells the server which renders this edit supersedes (409 for those); the
          // base, which image the canvas holds, so that only the pixels that differ come. The
          // still is asked for first, before the page's own work.
          const ticket = { view: ticketView, render: mine };
          const key = stillKey(), style = styleOf(state);
          const base = held && held.id ? { base: held.id } : {};
          const asked = fetch("/frame.rgba?" + query({ frame: k, ...ticket, ...base }), { signal });
          asked.catch(() => {});
          $("before").setAttribute("aria-pressed", "false");
          put($("badge"), "");
          put($("play"), paused ? "Play" : "Pause");
          put($("frame-number"), paused ? "frame " + k : "playing");
          if ($("scrubber").value !== String(k)) $("scrubber").value = k;
          showLinks();
          put($("general-error"), "");
          showErrors();
          try {
            const still = await asked;
            if (still.status === 409) return;
            if (!still.ok) {
              const refused = await still.json();
              if (mine !== serial) return;
              const again = markInvalid(refused);
              if (waiting) waiting.push = waiting.push || push;
              if (stillDone(mine) || !again) return;
              // The still on screen stays when it is what the state now asks for and its loop
              // (when playing) has all its frames to play on.
              const whole = paused || (player !== null && player.ready === player.count);
              if (stillKey() !== heldKey || !whole) render(push); else keepShown(push);
              return;
            }
            paintStill(new Uint8Array(await still.arrayBuffer()), still.headers.get("X-Studio-Image"));
            heldKey = key;
            shownStyle = Object.fromEntries(style);
            // The still is on screen when the browser next draws the page: `edit-to-paint` ends
            // there. The loop is asked for meanwhile.
            const shown = new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
            // No loop for a still an edit is already waiting on (a slider dragged).
            const looping = paused || waiting ? null : fetch("/loop.rgba?" + query(ticket), { signal });
            looping?.catch(() => {});
            const painted = await shown;
            if (edited) performance.measure("edit-to-paint", { start: started, end: painted });
            showURL(push);
            if (stillDone(mine)) return;
            const timing = { still: painted - started };
            $("status").textContent = "still in " + Math.round(timing.still) + " ms";
            if (looping) {
              const loop = await looping;
              if (loop.status === 409) return;
              if (!loop.ok) { markInvalid(await loop.json()); return; }
              const whole = await playLoop(loop, () => {
                const playing = performance.now();
                if (edited) performance.measure("edit-to-loop", { start: started, end: playing });
                timing.loop = playing - started;
                $("status").textContent += ", loop in " + Math.round(timing.loop) + " ms";
              });
              if (whole) timing.wholeLoop = performance.now() - started;
            }
            // The checks last: they do not hold up the pixels.
            const checked = await fetch("/check?" + query(ticket), { signal });
            if (checked.status === 409) return;
            if (checked.ok) applyCheck(await checked.json(), paused ? k : null);
            else markInvalid(await checked.json());
            if (mine === serial) {
              window.studioTimings.push(timing);
              editedAt = 0;
              document.body.dataset.state = Object.keys(invalid).length || $("general-error").textContent ? "error" : "ready";
              setStale();
            }
          } catch (e) {
            if (e.name !== "AbortError") { $("general-error").textContent = String(e); document.body.dataset.state = "error"; }
            stillDone(mine);
          }
        }
        function applyCheck(c, still) {
          lastCheck = c;
          $("scrubber").max = c.frames - 1;
          $("swift").textContent = c.swift;
          $("command").textContent = c.command + (still === null ? " --apng spinner.png" : " --frame " + still + " --out frames");
          if (view.wantCard) { view.centre = true; place(); view.wantCard = false; }
          const body = $("lint").tBodies[0];
          body.textContent = "";
          for (const f of c.lint) {
            const tr = el("tr", { class: f.passed ? "pass" : "fail" });
            const cells = [f.check, f.passed ? "pass" : "FAIL", f.measured + " (" + f.required + ")"];
            for (const [i, text] of cells.entries()) {
              const td = el("td", i === 1 ? { class: "result" } : {}); td.textContent = text; tr.append(td);
            }
            // The fix under the figures, in their cell: the names keep their width.
            if (!f.passed && f.fix !== null) {
              const b = el("button", { type: "button", class: "fix" });
              b.textContent = f.option + " " + f.fix;
              b.addEventListener("click", () => { changed(f.option.slice(2), f.fix); showAll(); });
              tr.lastChild.append(el("br"), b);
            }
            body.append(tr);
          }
        }
        // Copies `text`, and shows what was copied under the bar.
        async function copy(text, what) {
          try { await navigator.clipboard.writeText(text); } catch (e) {
            const area = el("textarea"); area.value = text; document.body.append(area); area.select();
            document.execCommand("copy"); area.remove();
          }
          $("copied").textContent = what + " copied: " + text;
        }

        readURL();
        build();
        buildView();
        $("scrubber").addEventListener("input", () => { state.frame = $("scrubber").value; editedAt = performance.now(); schedule(false); });
        $("play").addEventListener("click", () => {
          if (state.frame === undefined) state.frame = $("scrubber").value; else delete state.frame;
          editedAt = performance.now();
          schedule(true);
        });
        $("copy-link").addEventListener("click", () =>
          copy(location.origin + "/?" + encode(styleOf(state).filter(([k]) => k !== "backdrop-image")), "Link (without the token)"));
        $("copy-command").addEventListener("click", () => copy($("command").textContent, "Command"));
        if (state.scale === undefined && state.device === undefined && devicePixelRatio !== 1) {
          state.scale = String(devicePixelRatio);
          history.replaceState(null, "", pageURL());
        }
        showAll();
        window.addEventListener("popstate", () => { readURL(); showAll(); schedule(false); });
        schedule(false);
        """#
}
