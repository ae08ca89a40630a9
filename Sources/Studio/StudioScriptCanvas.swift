/// The canvas's part of the studio page's script. The preview is a canvas that holds the still as
/// the server sent it: straight 8-bit RGBA, the bytes a PNG of the same frame decodes to, kept in
/// `held` (an ImageData) with its id on the server. Each still after the first comes as the box
/// of the pixels that differ from the held one (`/frame.rgba?base=ID`), which goes into the held
/// image and onto the canvas, so an edit of the card repaints the card's box and not the screen.
/// The loop (`/loop.rgba`) plays over the still: the spinner's box of each frame, drawn at the
/// loop's fps from the first frame that arrives. "before" draws the whole still of the state
/// before the last change; the next still puts the held image back.
enum StudioScriptCanvas {
    // longer than 60 lines because it is one script, not Swift code.
    static let source = #"""
        const preview = $("preview");
        const pen = preview.getContext("2d");
        let held = null;
        let player = null;
        // The box the last still repaints (x, y, width, height).
        let lastBox = null;
        // A loop larger than this is not played in the page (the animated PNG is a download).
        const LOOP_LIMIT = 512 * 1024 * 1024;

        // The first `count` little-endian 32-bit words of `bytes` (a Uint8Array).
        function words(bytes, count) {
          const data = new DataView(bytes.buffer, bytes.byteOffset, 4 * count);
          return Array.from({ length: count }, (_, i) => data.getUint32(4 * i, true));
        }
        // Sizes the canvas for a `width` × `height` image; true when it changed (which clears it).
        function sizeCanvas(width, height) {
          if (preview.width === width && preview.height === height) return false;
          preview.width = width;
          preview.height = height;
          const size = width + "x" + height;
          if (size !== view.shown) { view.shown = size; if (!state.zoom || state.zoom === "fit" || state.zoom === "card") view.centre = true; }
          place();
          return true;
        }
        // The box's pixels of a still from `/frame.rgba` (`bytes` after its six words): runs,
        // each a count word and its pixels (`PixelRuns`), read into `box` (a Uint32Array over
        // straight RGBA bytes); an error when they do not fill it exactly. The count words are
        // little-endian, read as the machine's own order: little-endian on every browser in use.
        function unrun(bytes, box) {
          if (bytes.length % 4 !== 0) throw new Error("a still cut short");
          const runs = bytes.byteOffset % 4 === 0 ? new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4) : new Uint32Array(bytes.slice().buffer);
          const count = box.length;
          let i = 0, o = 0;
          while (i < runs.length) {
            const c = runs[i++];
            const n = c & 0x7FFFFFFF;
            if (n === 0 || o + n > count) throw new Error("a still that does not fit its box");
            if (c >= 0x80000000) {
              if (i >= runs.length) throw new Error("a still cut short");
              box.fill(runs[i++], o, o + n);
            } else {
              if (i + n > runs.length) throw new Error("a still cut short");
              // A few pixels between two runs are copied one by one: a view for each would be
              // millions of them in a big still of short runs.
              if (n < 16) for (let k = 0; k < n; k++) box[o + k] = runs[i + k];
              else box.set(runs.subarray(i, i + n), o);
              i += n;
            }
            o += n;
          }
          if (o !== count) throw new Error("a still cut short");
          return box;
        }
        // A still from `/frame.rgba`: six words (the image's width and height, the box's x, y,
        // width and height), then the box's rows in runs. The box goes into the held image (read
        // straight into it when it is whole rows) and onto the canvas; where a loop frame or the
        // "before" image is on the canvas, the held image goes back there too.
        function paintStill(bytes, id) {
          const [width, height, x, y, w, h] = words(bytes, 6);
          const image = !held || held.image.width !== width || held.image.height !== height ? new ImageData(width, height) : held.image;
          const data = image.data;
          if (w === width) {
            // Runs that do not fit leave the held image half written: it is dropped, and the next
            // still comes whole.
            try { unrun(bytes.subarray(24), new Uint32Array(data.buffer, y * width * 4, w * h)); } catch (e) { held = null; throw e; }
          } else {
            const pixels = new Uint8ClampedArray(unrun(bytes.subarray(24), new Uint32Array(w * h)).buffer);
            for (let r = 0; r < h; r++) data.set(pixels.subarray(r * w * 4, (r + 1) * w * 4), ((y + r) * width + x) * 4);
          }
          const loopBox = stopLoop();
          held = { image, id };
          lastBox = [x, y, w, h];
          if (sizeCanvas(width, height) || preview.dataset.kind === "before") {
            pen.putImageData(image, 0, 0);
          } else {
            if (loopBox) pen.putImageData(image, 0, 0, ...loopBox);
            if (w > 0 && h > 0) pen.putImageData(image, 0, 0, x, y, w, h);
          }
          preview.dataset.kind = "still";
        }
        // Stops the loop; the box it drew into (x, y, width, height), or null.
        function stopLoop() {
          const loop = player;
          player = null;
          if (!loop) return null;
          cancelAnimationFrame(loop.handle);
          return loop.shown >= 0 ? [loop.x, loop.y, loop.w, loop.h] : null;
        }
        // Holds the loop on the frame it shows, until the next still stops it.
        function holdLoop() {
          if (player) { cancelAnimationFrame(player.handle); player.handle = 0; player.frozen = true; }
        }
        // Plays the held loop on from the frame its time has come to; the held still goes back
        // where "before" shows.
        function resumeLoop() {
          if (held && preview.dataset.kind === "before") { pen.putImageData(held.image, 0, 0); preview.dataset.kind = "still"; }
          const loop = player;
          if (!loop || !loop.frozen) return;
          loop.frozen = false;
          loop.handle = requestAnimationFrame((t) => tick(loop, t));
        }
        function drawLoopFrame(loop, k) {
          const size = loop.w * loop.h * 4;
          pen.putImageData(new ImageData(loop.bytes.subarray(k * size, (k + 1) * size), loop.w, loop.h), loop.x, loop.y);
          loop.shown = k;
          preview.dataset.kind = "loop";
        }
        function tick(loop, now) {
          if (player !== loop || loop.frozen) return;
          const k = Math.floor(Math.max(0, now - loop.start) * loop.fps / 1000) % loop.count;
          if (k !== loop.shown && k < loop.ready) drawLoopFrame(loop, k);
          loop.handle = requestAnimationFrame((t) => tick(loop, t));
        }
        // Plays the loop of `response` (`/loop.rgba`: six words, the frame count, the fps and the
        // spinner's box, then each frame's box) over the held still, from its first frame, as the
        // frames arrive; `playing` is called when the first is drawn. Resolves when the whole loop
        // has arrived (false: it was not played, being over LOOP_LIMIT, or was stopped).
        async function playLoop(response, playing) {
          const reader = response.body.getReader();
          let head = new Uint8Array(0), loop = null, filled = 0;
          for (;;) {
            const { done, value } = await reader.read();
            if (done) return loop !== null && filled === loop.bytes.length;
            let chunk = value;
            if (!loop) {
              const joined = new Uint8Array(head.length + chunk.length);
              joined.set(head); joined.set(chunk, head.length);
              head = joined;
              if (head.length < 24) continue;
              const [count, fps, x, y, w, h] = words(head, 6);
              if (count * w * h * 4 > LOOP_LIMIT) {
                reader.cancel();
                $("status").textContent += ", loop too large to play here (" + Math.round(count * w * h * 4 / 1048576) + " MiB): download the animated PNG";
                return false;
              }
              loop = { count, fps, x, y, w, h, bytes: new Uint8ClampedArray(count * w * h * 4), ready: 0, start: 0, shown: -1, handle: 0, frozen: false };
              stopLoop();
              player = loop;
              chunk = head.subarray(24);
              if (w === 0 || h === 0) { loop.ready = count; playing(); }
            }
            if (player !== loop) { reader.cancel(); return false; }
            const taken = Math.min(chunk.length, loop.bytes.length - filled);
            loop.bytes.set(chunk.subarray(0, taken), filled);
            filled += taken;
            const frame = loop.w * loop.h * 4;
            if (frame === 0) continue;
            loop.ready = Math.floor(filled / frame);
            if (loop.ready > 0 && loop.shown < 0) {
              loop.start = performance.now();
              drawLoopFrame(loop, 0);
              playing();
              if (!loop.frozen) loop.handle = requestAnimationFrame((t) => tick(loop, t));
            }
          }
        }
        // The whole still of another state (`before`) on the canvas, over the held one.
        function paintWhole(bytes) {
          const [width, height] = words(bytes, 6);
          const image = new ImageData(width, height);
          unrun(bytes.subarray(24), new Uint32Array(image.data.buffer));
          stopLoop();
          sizeCanvas(width, height);
          pen.putImageData(image, 0, 0);
        }
        """#
}
