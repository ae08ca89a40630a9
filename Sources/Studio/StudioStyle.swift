import FramesCLI

/// The studio page's style sheet. Three layouts by the window's width, none wider than the window:
/// from 1180 px, the form, the preview and the hand-off side by side, each scrolling on its own;
/// from 720 px, the preview across the top and the form and the hand-off under it; below that, one
/// column that the page scrolls. Below 1180 px the preview stays at the top of the window while
/// the page scrolls (sticky), so a field being edited and its effect are seen together. The
/// preview's viewport always spans its column (the window less 8 px a side on a phone) and clips
/// the image, which is panned and zoomed inside it. The Swift code wraps, as every `pre` here does,
/// rather than scroll sideways.
enum StudioStyle {
    static let css = """
        :root { font: 14px/20px system-ui, sans-serif; color: #1d1d1f; background: #f5f5f7; }
        * { box-sizing: border-box; }
        body { margin: 0; }
        #bar { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 10px; padding: 6px 12px;
          background: #fff; border-bottom: 1px solid #ddd; min-height: 44px; }
        #bar h1 { font-size: 16px; margin: 0; }
        #bar .actions { display: flex; gap: 6px; margin-left: auto; }
        #stale { background: #fff4ce; color: #6a4a00; border: 1px solid #e0c060; border-radius: 10px;
          padding: 0 8px; font-size: 12px; }
        #copied { flex-basis: 100%; font-size: 12px; color: #137333; overflow-wrap: anywhere; }
        #copied:empty { display: none; }
        #layout { display: grid; grid-template-columns: 300px minmax(0, 1fr) 380px;
          grid-template-areas: "form main handoff"; height: calc(100vh - 45px); }
        #main { grid-area: main; display: flex; flex-direction: column; min-width: 0; padding: 8px 12px; }
        aside { padding: 8px 14px; overflow: auto; min-width: 0; background: #fff; }
        aside#form { grid-area: form; border-right: 1px solid #ddd; }
        aside#handoff { grid-area: handoff; border-left: 1px solid #ddd; }
        h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: #666; margin: 14px 0 6px; }
        .row { margin: 0 0 8px; }
        .row label { display: block; font-weight: 600; font-size: 12px; }
        .row label code { font-weight: 400; color: #555; margin-left: 4px; font-size: 11px; }
        .row .inputs { display: flex; gap: 6px; align-items: center; }
        .row input[type=text], .row select { flex: 1; min-width: 0; font: inherit; padding: 2px 4px; }
        .row input[type=range] { flex: 1; min-width: 0; }
        .row input[type=file] { flex: 1; min-width: 0; font-size: 12px; }
        .row input[type=color] { width: 30px; height: 26px; padding: 0; border: 1px solid #bbb; flex: none; }
        .swatch { width: 26px; height: 26px; flex: none; border: 1px solid #bbb; border-radius: 3px;
          background-color: #fff; background-size: 8px 8px; background-position: 0 0, 4px 4px;
          background-image: linear-gradient(45deg, #bbb 25%, transparent 25%, transparent 75%, #bbb 75%),
            linear-gradient(45deg, #bbb 25%, transparent 25%, transparent 75%, #bbb 75%); position: relative; }
        .swatch i { position: absolute; inset: 0; }
        .row .hint { color: #777; font-size: 11px; line-height: 15px; }
        .error { color: #b00020; font-size: 12px; overflow-wrap: anywhere; }
        .error:empty { display: none; }
        .row.invalid input, .row.invalid select { outline: 2px solid #b00020; }
        .row.invalid label { color: #b00020; }
        #notices:empty { display: none; }
        #notices { font-size: 12px; color: #6a4a00; background: #fff4ce; padding: 4px 8px; margin: 4px 0; }
        #controls { display: flex; gap: 6px 8px; align-items: center; flex-wrap: wrap; }
        #scrubber { flex: 1; min-width: 120px; }
        #status { color: #666; font-size: 12px; }
        #viewport { position: relative; overflow: hidden; flex: 1; min-height: 240px; margin-top: 8px;
          border: 1px solid #ccc; touch-action: none; cursor: grab; background-color: #fff;
          background-size: 16px 16px; background-position: 0 0, 8px 8px; }
        #viewport[data-background=checks] {
          background-image: linear-gradient(45deg, #ddd 25%, transparent 25%, transparent 75%, #ddd 75%),
            linear-gradient(45deg, #ddd 25%, transparent 25%, transparent 75%, #ddd 75%); }
        #viewport[data-background=black] { background-color: #000; }
        #viewport[data-background=grey] { background-color: #808080; }
        #viewport:focus { outline: 2px solid #0969da; outline-offset: -2px; }
        #preview { position: absolute; left: 0; top: 0; display: block; image-rendering: pixelated; max-width: none; }
        #badge { position: absolute; left: 6px; top: 6px; background: rgba(0, 0, 0, .65); color: #fff;
          font-size: 12px; padding: 0 6px; border-radius: 3px; }
        #badge:empty { display: none; }
        table#lint { border-collapse: collapse; width: 100%; font-size: 12px; }
        table#lint td { border-top: 1px solid #eee; padding: 3px 4px; vertical-align: top; overflow-wrap: anywhere; }
        td.result { white-space: nowrap; }
        table#lint td:first-child { width: 34%; }
        tr.fail td.result { color: #b00020; font-weight: 700; }
        tr.pass td.result { color: #137333; }
        button.fix { white-space: nowrap; font-size: 11px; padding: 2px 6px; margin-top: 3px; }
        pre { background: #f5f5f7; padding: 8px; white-space: pre-wrap; overflow-wrap: anywhere; font-size: 12px; }
        #match-difference { display: block; max-width: 100%; height: auto; image-rendering: pixelated;
          border: 1px solid #ccc; }
        #match-difference[hidden] { display: none; }
        ul#match-notes { font-size: 12px; color: #6a4a00; padding-left: 18px; }
        ul#match-notes:empty { display: none; }
        button, .button { font: inherit; padding: 3px 10px; }
        button[aria-pressed=true] { background: #1d1d1f; color: #fff; }
        a.button { display: inline-block; border: 1px solid #999; border-radius: 3px; color: inherit;
          text-decoration: none; background: #f0f0f0; margin: 2px 0; }
        @media (max-width: 1179px) {
          #layout { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); grid-template-areas: "main main" "form handoff";
            height: auto; }
          #main { position: sticky; top: 0; z-index: 1; align-self: start; background: #f5f5f7;
            border-bottom: 1px solid #ddd; }
          #viewport { flex: none; height: 45vh; }
          aside { overflow: visible; }
        }
        @media (max-width: 719px) {
          #layout { grid-template-columns: minmax(0, 1fr); grid-template-areas: "main" "form" "handoff"; }
          #main { padding: 8px; }
          #viewport { height: 38vh; min-height: 200px; }
          aside#form, aside#handoff { border-left: 0; border-right: 0; }
          #bar .actions { margin-left: 0; }
        }
        """
}
