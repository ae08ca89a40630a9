/// The preview's part of the studio page's script: the image inside its viewport, panned by
/// dragging and zoomed by the wheel (around the pointer), by the menu (auto: one image pixel per
/// device pixel when it fits, else fit; fit; the card; 1×–8×), so that at a whole zoom each
/// image pixel falls on whole device pixels; the overlay's card brought into view when the
/// variant or the device changes; the background (checks, white, black, grey); arrow keys step
/// frames; "before" shows the still before the last change.
enum StudioScriptView {
    // longer than 60 lines because it is one script, not Swift code.
    static let source = #"""
        const view = { x: 0, y: 0, z: 1, shown: "", centre: true, wantCard: false };
        let before = null;
        let editGroupAt = -Infinity;
        const BACKGROUNDS = ["checks", "white", "black", "grey"];

        function naturalSize() { return [preview.width / devicePixelRatio, preview.height / devicePixelRatio]; }
        function cardBox() {
          const c = lastCheck && lastCheck.card;
          if (!c) return null;
          return [c.x / devicePixelRatio, c.y / devicePixelRatio, c.width / devicePixelRatio, c.height / devicePixelRatio];
        }
        function zoomFor(mode, vw, vh, iw, ih) {
          const fit = Math.min(vw / iw, vh / ih);
          if (mode === "fit") return fit;
          if (mode === "card") { const c = cardBox(); return c ? Math.min(vw / c[2], vh / c[3]) * 0.8 : fit; }
          if (mode === "" || mode === undefined) return iw <= vw && ih <= vh ? 1 : fit;
          return Math.max(0.05, Math.min(64, Number(mode) || 1));
        }
        // Places the image: centred (or on the card) when asked, else where the pan left it,
        // never wholly out of sight; on whole device pixels.
        function place() {
          const box = $("viewport");
          const [vw, vh] = [box.clientWidth, box.clientHeight];
          const [iw, ih] = naturalSize();
          if (!iw || !ih) return;
          const mode = state.zoom || "";
          const z = zoomFor(mode, vw, vh, iw, ih);
          const c = cardBox();
          if (view.centre || mode === "fit" || mode === "card" || (mode === "" && z !== view.z)) {
            if ((mode === "card" || view.wantCard) && c && z * iw > vw) {
              view.x = vw / 2 - (c[0] + c[2] / 2) * z;
              view.y = vh / 2 - (c[1] + c[3] / 2) * z;
            } else {
              view.x = (vw - iw * z) / 2;
              view.y = (vh - ih * z) / 2;
            }
            view.centre = false;
          }
          view.z = z;
          view.x = Math.min(vw - 24, Math.max(24 - iw * z, view.x));
          view.y = Math.min(vh - 24, Math.max(24 - ih * z, view.y));
          const r = box.getBoundingClientRect();
          const [ox, oy] = [r.left + box.clientLeft, r.top + box.clientTop];
          const snap = (origin, v) => Math.round((origin + v) * devicePixelRatio) / devicePixelRatio - origin;
          preview.style.left = snap(ox, view.x) + "px";
          preview.style.top = snap(oy, view.y) + "px";
          preview.style.width = iw * z + "px";
          preview.style.height = ih * z + "px";
          // Pixels as squares from 1× up; smoothed when shrunk to fit, where squares would drop rows.
          preview.style.imageRendering = z < 1 ? "auto" : "pixelated";
        }
        function setZoom(mode, push) {
          if (mode === "" || mode === undefined) delete state.zoom; else state.zoom = String(mode);
          view.centre = mode === "fit" || mode === "card" || mode === "";
          $("zoom").value = [...$("zoom").options].some((o) => o.value === (state.zoom || "")) ? (state.zoom || "") : "";
          if (push) history.pushState(null, "", pageURL()); else history.replaceState(null, "", pageURL());
          place();
        }
        function showView() {
          $("zoom").value = [...$("zoom").options].some((o) => o.value === (state.zoom || "")) ? (state.zoom || "") : "";
          const bg = BACKGROUNDS.includes(state.bg) ? state.bg : "checks";
          $("viewport").dataset.background = bg;
          $("background").textContent = bg;
        }
        function stepFrame(delta) {
          const n = Number($("scrubber").max) + 1;
          const k = state.frame === undefined ? Number($("scrubber").value) : Number(state.frame);
          state.frame = String(((k + delta) % n + n) % n);
          editedAt = performance.now();
          schedule(false);
        }
        // The state before an edit, kept once per burst of edits (a slider dragged is one change).
        function noteChange() {
          const now = performance.now();
          if (now - editGroupAt > 1000) before = Object.assign({}, state);
          editGroupAt = now;
          $("before").disabled = false;
        }
        async function toggleBefore() {
          const pressed = $("before").getAttribute("aria-pressed") !== "true";
          $("before").setAttribute("aria-pressed", String(pressed));
          if (!pressed || !before) { $("badge").textContent = ""; schedule(false); return; }
          const k = state.frame === undefined ? 0 : state.frame;
          const r = await fetch("/frame.rgba?" + query({ frame: k }, before));
          if (!r.ok) return;
          const bytes = new Uint8Array(await r.arrayBuffer());
          if ($("before").getAttribute("aria-pressed") !== "true") return;
          paintWhole(bytes);
          preview.dataset.kind = "before";
          $("badge").textContent = "before the last change";
        }

        function buildView() {
          const box = $("viewport");
          $("zoom").addEventListener("change", () => setZoom($("zoom").value, true));
          $("background").addEventListener("click", () => {
            const bg = BACKGROUNDS[(BACKGROUNDS.indexOf($("viewport").dataset.background) + 1) % BACKGROUNDS.length];
            if (bg === "checks") delete state.bg; else state.bg = bg;
            history.replaceState(null, "", pageURL());
            showView();
          });
          $("before").addEventListener("click", toggleBefore);
          box.addEventListener("wheel", (e) => {
            e.preventDefault();
            const r = box.getBoundingClientRect();
            const [px, py] = [e.clientX - r.left, e.clientY - r.top];
            const z = Math.max(0.05, Math.min(64, view.z * Math.pow(1.0015, -e.deltaY)));
            view.x = px - (px - view.x) * z / view.z;
            view.y = py - (py - view.y) * z / view.z;
            state.zoom = String(Math.round(z * 1000) / 1000);
            view.centre = false;
            history.replaceState(null, "", pageURL());
            showView();
            place();
          }, { passive: false });
          let drag = null;
          box.addEventListener("pointerdown", (e) => { drag = [e.clientX, e.clientY, view.x, view.y]; box.setPointerCapture(e.pointerId); });
          box.addEventListener("pointermove", (e) => {
            if (!drag) return;
            view.x = drag[2] + e.clientX - drag[0];
            view.y = drag[3] + e.clientY - drag[1];
            place();
          });
          box.addEventListener("pointerup", () => { drag = null; });
          document.addEventListener("keydown", (e) => {
            if (e.target.closest && e.target.closest("input, select, textarea")) return;
            if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
              e.preventDefault();
              stepFrame((e.key === "ArrowLeft" ? -1 : 1) * (e.shiftKey ? 10 : 1));
            }
          });
          window.addEventListener("resize", () => place());
        }
        """#
}
