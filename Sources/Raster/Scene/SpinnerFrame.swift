import Images

/// Frame k of a `FrameRenderer` as rows on demand: the static image, with the arc (and the label
/// where it reaches over the arc) composited where the arc covers. What the encoders read.
struct SpinnerFrame: ChangedRows {
    let renderer: FrameRenderer
    /// The arc's coverage in this frame.
    let arc: CoverageMask

    var width: Int { renderer.width }
    var height: Int { renderer.height }

    /// The arc's box inside the spinner's: every other pixel equals the static image.
    var changedRegion: PixelRect { arc.window.intersection(renderer.spinnerWindow) }

    func write(rows: Range<Int>, into pixels: UnsafeMutableBufferPointer<UInt32>) {
        renderer.staticRows.write(rows: rows, into: pixels)
        drawArc(rows: rows, into: pixels)
    }

    func write(region: PixelRect, into pixels: UnsafeMutableBufferPointer<UInt32>) {
        renderer.staticRows.withRows { image, index in
            for y in region.y0..<region.y1 {
                (pixels.baseAddress! + (y - region.y0) * region.width).update(
                    from: image + Int(index[y]) * width + region.x0, count: region.width)
            }
        }
        drawArc(region: region, into: pixels)
    }

    /// `drawArc(region:into:)` for whole rows.
    func drawArc(rows: Range<Int>, into pixels: UnsafeMutableBufferPointer<UInt32>) {
        drawArc(region: PixelRect(x0: 0, y0: rows.lowerBound, x1: width, y1: rows.upperBound), into: pixels)
    }

    /// Writes the pixels the arc covers in `region` (and only those) into `pixels`, which hold
    /// that region of the static image, row after row: the layers under the arc, then the arc, then the label
    /// where it reaches, rounded once, as `referenceFrame` does. The layers under the arc come
    /// from the renderer's float copy of the spinner's box when it keeps one (small boxes);
    /// otherwise each pixel is composited again from the background up.
    func drawArc(region: PixelRect, into pixels: UnsafeMutableBufferPointer<UInt32>) {
        let area = arc.window.intersection(renderer.spinnerWindow).intersection(region)
        if area.isEmpty { return }
        let stride = region.width
        if let base = renderer.spinnerBase {
            base.composite(
                arc, color: renderer.arcColor, over: renderer.overLayers, region: region, into: pixels.baseAddress!)
            return
        }
        let (under, over, color) = (renderer.underLayers, renderer.overLayers, renderer.arcColor)
        // Only the label layers that reach the arc matter; usually there are none.
        let reaching = over.filter { !$0.window.intersection(area).isEmpty }
        let background = renderer.background
        let solid = reaching.isEmpty ? opaqueCover(color) : nil
        arc.storage.withUnsafeBufferPointer { m in
            for y in area.y0..<area.y1 {
                var maskIndex = arc.rowStart(y - arc.window.y0) + (area.x0 - arc.window.x0)
                for x in area.x0..<area.x1 {
                    let c = m[maskIndex]
                    maskIndex += 1
                    guard c > 0 else { continue }
                    if c == 1, let solid {
                        pixels[(y - region.y0) * stride + x - region.x0] = solid
                        continue
                    }
                    var pixel = (background.red, background.green, background.blue, background.alpha)
                    for layer in under { layer.draw(onto: &pixel, x: x, y: y) }
                    sourceOver(color, coverage: c, onto: &pixel)
                    for layer in reaching { layer.draw(onto: &pixel, x: x, y: y) }
                    pixels[(y - region.y0) * stride + x - region.x0] = quantizePixel(pixel)
                }
            }
        }
    }
}

extension FrameRenderer: FrameSource {
    /// An upper bound on the memory one frame takes while it is made: the arc's accumulation
    /// buffer (8 bytes a pixel) and mask (4) over at most the spinner's box, and a band block's
    /// pixels and scanlines (about 9 bytes a pixel of at most 16 rows of 32 KiB, or a sixteenth
    /// of the box's rows).
    package var bytesPerFrame: Int {
        let box = spinnerWindow.width * spinnerWindow.height
        return max(1, 12 * box + 9 * max(width * 64, width * spinnerWindow.height / 16))
    }

    package func rows(ofFrame k: Int) -> any ChangedRows {
        SpinnerFrame(renderer: self, arc: arcMask(frame: k))
    }
}

extension FrameRenderer {
    /// An encoder of `frames` of this sequence's frames as PNG files (default: every frame of
    /// the sequence). For more than one, the rows no frame changes are compressed once, here, and
    /// each frame recompresses only the rows its arc changes; an encoder of one frame (a still)
    /// keeps nothing for other frames and compresses each piece of its file once. The same bytes
    /// either way.
    public func sequenceEncoder(frames: Int? = nil) throws(PNGError) -> SequenceEncoder {
        try SequenceEncoder(self, frames: frames ?? frameCount, settings: .measured)
    }

    /// `sequenceEncoder(frames:)` with other compression settings (tests, `bench/png-settings`).
    package func sequenceEncoder(frames: Int? = nil, settings: SequenceEncoder.Settings) throws(PNGError)
        -> SequenceEncoder
    {
        try SequenceEncoder(self, frames: frames ?? frameCount, settings: settings)
    }
}
