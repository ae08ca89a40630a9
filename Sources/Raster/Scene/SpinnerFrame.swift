/// Frame k of a `FrameRenderer` as rows on demand: the static image, with the arc (and the label
/// where it reaches over the arc) composited where the arc covers. What the encoders read.
public struct SpinnerFrame: ChangedRows {
    let renderer: FrameRenderer
    /// The arc's coverage in this frame.
    public let arc: CoverageMask

    public var width: Int { renderer.width }
    public var height: Int { renderer.height }

    /// The rows of the arc's box: every other row equals the static image.
    public var changedRows: Range<Int> {
        let area = arc.window.intersection(renderer.spinnerWindow)
        return area.isEmpty ? 0..<0 : area.y0..<area.y1
    }

    public func write(rows: Range<Int>, into pixels: UnsafeMutableBufferPointer<UInt32>) {
        renderer.staticImage.write(rows: rows, into: pixels)
        renderer.spinnerBase.forEachComposited(
            arc, color: renderer.arcColor, over: renderer.overLayers, rows: rows, columns: 0..<width
        ) { x, y, pixel in pixels[(y - rows.lowerBound) * renderer.width + x] = pixel }
    }
}

extension FrameRenderer: FrameSource {
    public func rows(ofFrame k: Int) -> any ChangedRows {
        SpinnerFrame(renderer: self, arc: arcMask(frame: k))
    }
}
