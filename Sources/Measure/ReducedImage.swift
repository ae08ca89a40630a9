/// A screenshot averaged down by a whole `factor` in both directions (box filter), read a row at
/// a time as three runs of floats 0…255: red, then green, then blue, each `width` long. The ring
/// search runs at about one reduced pixel a point, whatever the scale, and holds only the few
/// rows its filters reach at once: the reduced image is never made whole (at factor 1, 100
/// megapixels of it took 1.2 GB).
struct ReducedImage: Sendable {
    let pixels: ScreenPixels
    let factor: Int
    /// Reduced columns and rows, at least 3 each (the edge pixels are repeated out to them).
    let width: Int
    let height: Int

    init(_ pixels: ScreenPixels, factor: Int) {
        self.pixels = pixels
        self.factor = factor
        width = max(3, pixels.width / factor)
        height = max(3, pixels.height / factor)
    }

    /// Row `y` (0 ≤ y < height) into `out` (3 × width floats: the red run, the green, the blue):
    /// each the mean of its `factor × factor` block, rows and columns past the image's edge read
    /// as its last.
    func row(_ y: Int, into out: UnsafeMutableBufferPointer<Float>) {
        let w = width
        let area = Float(factor * factor)
        pixels.pixels.withUnsafeBufferPointer { p in
            for x in 0..<w {
                var r: UInt32 = 0
                var g: UInt32 = 0
                var b: UInt32 = 0
                for sy in 0..<factor {
                    let row = min(y * factor + sy, pixels.height - 1) * pixels.width
                    for sx in 0..<factor {
                        let v = p[row + min(x * factor + sx, pixels.width - 1)]
                        r += v & 0xFF
                        g += (v >> 8) & 0xFF
                        b += (v >> 16) & 0xFF
                    }
                }
                out[x] = Float(r) / area
                out[w + x] = Float(g) / area
                out[2 * w + x] = Float(b) / area
            }
        }
    }
}
