import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// The same pixels as `composite`, faster where rows repeat: a row that every layer covers
    /// exactly as it covers the row above (a rectangle by the same row fraction, a mask with the
    /// same values, or neither row reached) is a copy of the row above, since each of its pixels
    /// goes through the same operations. Only the other rows are composited.
    static func deduplicated(_ layers: [Layer], background: PremultipliedColor, into image: inout Pixmap) {
        let height = image.height
        let copies = (0..<height).map { y in y > 0 && layers.allSatisfy { $0.coversAlike(y, y - 1) } }
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

extension Layer {
    /// Whether this layer covers every pixel of row `a` exactly as the pixel in the same column
    /// of row `b` (false for an image, whose rows differ).
    func coversAlike(_ a: Int, _ b: Int) -> Bool {
        let window = self.window
        let (inA, inB) = (a >= window.y0 && a < window.y1, b >= window.y0 && b < window.y1)
        if !inA && !inB { return true }
        if inA != inB { return false }
        switch coverage {
        case .rect(let rect):
            return Coverage.fraction(rect.minY, rect.maxY, a) == Coverage.fraction(rect.minY, rect.maxY, b)
        case .mask(let mask):
            let width = window.width
            return mask.values.withUnsafeBufferPointer { v in
                memcmp(v.baseAddress! + (a - window.y0) * width, v.baseAddress! + (b - window.y0) * width, width * 4)
                    == 0
            }
        case .image, .placedImage:
            return false
        }
    }
}

/// A pointer handed to threads that write disjoint parts of what it points to.
struct SendablePointer<T>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<T>
    init(_ pointer: UnsafeMutablePointer<T>) { self.pointer = pointer }
}
