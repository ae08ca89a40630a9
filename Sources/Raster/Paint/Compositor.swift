import Dispatch

/// Composites layers over a whole image, source-over in the order given, on a `Canvas` of floats
/// rounded once per pixel, 64 rows at a time, the bands on all cores.
enum Compositor {
    static let bandRows = 64

    /// Every row composited: the plain way, which `deduplicated` is tested against.
    static func composite(_ layers: [Layer], background: PremultipliedColor, into image: inout Pixmap) {
        let bands = (image.height + bandRows - 1) / bandRows
        let starts = (0..<bands).map { $0 * bandRows }
        composite(
            layers, background: background, rows: starts.map { $0..<min(image.height, $0 + bandRows) }, into: &image)
    }

    /// The same pixels as `composite`, faster where rows repeat: a row where every layer that
    /// reaches it is a rectangle covering it by the same fraction as the row above (no mask,
    /// no image) is a copy of the row above, since each of its pixels goes through the same
    /// operations. Only the other rows are composited.
    static func deduplicated(_ layers: [Layer], background: PremultipliedColor, into image: inout Pixmap) {
        let height = image.height
        var copies = [Bool](repeating: false, count: height)
        var previous: [UInt32]? = nil
        for y in 0..<height {
            let key = rowKey(layers, y)
            copies[y] = key != nil && key == previous
            previous = key
        }
        var bands: [Range<Int>] = []
        var y = 0
        while y < height {
            if copies[y] {
                y += 1
                continue
            }
            var end = y + 1
            while end < height && !copies[end] && end - y < bandRows { end += 1 }
            bands.append(y..<end)
            y = end
        }
        composite(layers, background: background, rows: bands, into: &image)
        let width = image.width
        image.pixels.withUnsafeMutableBufferPointer { p in
            for y in 1..<max(1, height) where copies[y] {
                (p.baseAddress! + y * width).update(from: p.baseAddress! + (y - 1) * width, count: width)
            }
        }
    }

    /// What row y's pixels depend on besides x, or nil when a mask or image reaches it: each
    /// rectangle's row fraction (its bit pattern), or UInt32.max where it misses the row.
    private static func rowKey(_ layers: [Layer], _ y: Int) -> [UInt32]? {
        var key: [UInt32] = []
        key.reserveCapacity(layers.count)
        for layer in layers {
            let window = layer.window
            guard y >= window.y0 && y < window.y1 else {
                key.append(.max)
                continue
            }
            guard case .rect(let rect) = layer.coverage else { return nil }
            key.append(Coverage.fraction(rect.minY, rect.maxY, y).bitPattern)
        }
        return key
    }

    /// Composites the rows of each band of `rows`, the bands on all cores.
    private static func composite(
        _ layers: [Layer], background: PremultipliedColor, rows: [Range<Int>], into image: inout Pixmap
    ) {
        let width = image.width
        image.pixels.withUnsafeMutableBufferPointer { p in
            let base = SendablePointer(p.baseAddress!)
            // Bands are disjoint rows of the image: each thread writes its own.
            DispatchQueue.concurrentPerform(iterations: rows.count) { band in
                let range = rows[band]
                var canvas = Canvas(
                    window: PixelRect(x0: 0, y0: range.lowerBound, x1: width, y1: range.upperBound),
                    background: background)
                for layer in layers { canvas.draw(layer) }
                canvas.write(into: base.pointer + range.lowerBound * width, width: width, rows: range)
            }
        }
    }
}

/// A pointer handed to threads that write disjoint parts of what it points to.
struct SendablePointer<T>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<T>
    init(_ pointer: UnsafeMutablePointer<T>) { self.pointer = pointer }
}
