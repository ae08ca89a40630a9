/// A screenshot averaged down by a whole `factor` in both directions (box filter), as three
/// planes of floats 0…255: red, then green, then blue, each `width × height`, rows top to bottom.
/// The ring search runs at about one reduced pixel a point, whatever the scale.
struct ReducedImage: Sendable {
    let factor: Int
    let width: Int
    let height: Int
    /// Red plane, green plane, blue plane.
    let planes: [Float]

    init(_ pixels: ScreenPixels, factor: Int) {
        self.factor = factor
        width = max(3, pixels.width / factor)
        height = max(3, pixels.height / factor)
        let (w, h) = (width, height)
        let area = Float(factor * factor)
        var planes = [Float](repeating: 0, count: 3 * w * h)
        pixels.pixels.withUnsafeBufferPointer { p in
            planes.withUnsafeMutableBufferPointer { out in
                for y in 0..<h {
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
                        let i = y * w + x
                        out[i] = Float(r) / area
                        out[w * h + i] = Float(g) / area
                        out[2 * w * h + i] = Float(b) / area
                    }
                }
            }
        }
        self.planes = planes
    }
}
