import Images

/// Scaling an image to cover a size (aspect-fill, centred), as a backdrop.
package enum Resample {
    /// `image` scaled by s = max(width / w, height / h), centred, cropped to width × height px.
    /// Each output pixel averages the source area it covers (a box filter, exact for
    /// shrinking); when enlarging, it interpolates bilinearly between source pixel centres.
    /// Premultiplied, in Float, rounded once.
    package static func aspectFill(_ image: Pixmap, width: Int, height: Int) throws(RasterError) -> Pixmap {
        let scale = max(Double(width) / Double(image.width), Double(height) / Double(image.height))
        let offsetX = (Double(image.width) - Double(width) / scale) / 2
        let offsetY = (Double(image.height) - Double(height) / scale) / 2
        return try resampled(
            image, columns: weights(count: width, source: image.width, scale: scale, offset: offsetX),
            rows: weights(count: height, source: image.height, scale: scale, offset: offsetY))
    }

    /// `image` resampled: output pixel (x, y) is the sum over `columns[x]` × `rows[y]` of the
    /// weighted source pixels (premultiplied, in Float, rounded once).
    static func resampled(_ image: Pixmap, columns: [[(Int, Float)]], rows: [[(Int, Float)]]) throws(RasterError)
        -> Pixmap
    {
        let width = columns.count
        let height = rows.count
        var out = try Pixmap(width: width, height: height)
        image.pixels.withUnsafeBufferPointer { source in
            out.pixels.withUnsafeMutableBufferPointer { target in
                var row = [Float](repeating: 0, count: image.width * 4)
                for y in 0..<height {
                    // The source rows blended for this output row.
                    for i in 0..<row.count { row[i] = 0 }
                    for (sy, wy) in rows[y] {
                        let base = sy * image.width
                        for sx in 0..<image.width {
                            let p = source[base + sx]
                            row[4 * sx] += wy * Float(p & 0xFF)
                            row[4 * sx + 1] += wy * Float((p >> 8) & 0xFF)
                            row[4 * sx + 2] += wy * Float((p >> 16) & 0xFF)
                            row[4 * sx + 3] += wy * Float(p >> 24)
                        }
                    }
                    for x in 0..<width {
                        var pixel: (Float, Float, Float, Float) = (0, 0, 0, 0)
                        for (sx, wx) in columns[x] {
                            pixel.0 += wx * row[4 * sx]
                            pixel.1 += wx * row[4 * sx + 1]
                            pixel.2 += wx * row[4 * sx + 2]
                            pixel.3 += wx * row[4 * sx + 3]
                        }
                        target[y * width + x] = quantizePixel(
                            (pixel.0 / 255, pixel.1 / 255, pixel.2 / 255, pixel.3 / 255))
                    }
                }
            }
        }
        return out
    }

    /// For each output index, the source indices and weights (summing to 1).
    static func weights(count: Int, source: Int, scale: Double, offset: Double) -> [[(Int, Float)]] {
        (0..<count).map { i in
            if scale <= 1 {
                // The source interval this pixel covers, averaged.
                let from = Double(i) / scale + offset
                let to = Double(i + 1) / scale + offset
                var list: [(Int, Float)] = []
                var s = max(0, Int(from.rounded(.down)))
                while Double(s) < to, s < source {
                    let overlap = min(to, Double(s + 1)) - max(from, Double(s))
                    if overlap > 0 { list.append((s, Float(overlap / (to - from)))) }
                    s += 1
                }
                return list.isEmpty ? [(min(source - 1, max(0, Int(from))), Float(1))] : list
            }
            // Bilinear between the two nearest source centres.
            let centre = (Double(i) + 0.5) / scale + offset - 0.5
            let low = Int(centre.rounded(.down))
            let t = centre - Double(low)
            let a = min(source - 1, max(0, low))
            let b = min(source - 1, max(0, low + 1))
            return a == b ? [(a, Float(1))] : [(a, Float(1 - t)), (b, Float(t))]
        }
    }
}
