import LibC

/// A PNG row filter (PNG specification, section 9).
public enum PNGFilter: String, Sendable, CaseIterable {
    /// Bytes as they are (type 0).
    case none
    /// Each byte less the one a pixel to its left (type 1).
    case sub
    /// Each byte less the one above it (type 2).
    case up
    /// Each byte less the mean of the ones left and above (type 3).
    case average
    /// Each byte less the Paeth predictor of left, above and upper left (type 4).
    case paeth
    /// Per row, the filter whose bytes have the smallest sum as signed values (libpng's heuristic).
    case adaptive
}

/// PNG scanlines: each row as a filter-type byte followed by its filtered straight-alpha RGBA
/// bytes (PNG specification, section 9). The one place pixels are demultiplied for encoding.
///
/// Rows are filtered as a run of their own: the first row of a run never uses a filter that
/// reads the row above (Up, Average, Paeth fall back to None there), so a run of rows compressed
/// as an independent piece never depends on the rows before it.
package enum Scanlines {
    /// A premultiplied pixel as straight-alpha RGBA (little-endian UInt32, bytes R G B A).
    @inline(__always)
    static func straight(_ pixel: UInt32, reciprocals: UnsafePointer<UInt64>) -> UInt32 {
        let alpha = pixel >> 24
        if alpha == 255 || alpha == 0 { return pixel }
        let reciprocal = reciprocals[Int(alpha)]
        return Pixmap.pack(
            r: Alpha.demultiply(pixel & 0xFF, reciprocal: reciprocal, alpha: alpha),
            g: Alpha.demultiply((pixel >> 8) & 0xFF, reciprocal: reciprocal, alpha: alpha),
            b: Alpha.demultiply((pixel >> 16) & 0xFF, reciprocal: reciprocal, alpha: alpha), a: alpha)
    }

    /// Bytes of `rows` scanlines of `width` pixels.
    package static func byteCount(width: Int, rows: Int) -> Int { (width * 4 + 1) * rows }

    /// Writes `rows` rows of `width` premultiplied pixels, row r starting at `pixels + r * stride`,
    /// as filtered scanlines into `out` (`byteCount(width:rows:)` bytes).
    package static func write(
        _ pixels: UnsafePointer<UInt32>, width: Int, stride: Int, rows: Int, filter: PNGFilter,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        write(width: width, rows: rows, filter: filter, into: out) { pixels + $0 * stride }
    }

    /// Rows `rows` of `image` as filtered scanlines into `out` (`byteCount(width:rows:)` bytes).
    static func write(_ image: RowImage, rows: Range<Int>, filter: PNGFilter, into out: UnsafeMutablePointer<UInt8>) {
        image.withRows { pixels, index in
            write(width: image.width, rows: rows.count, filter: filter, into: out) {
                pixels + Int(index[rows.lowerBound + $0]) * image.width
            }
        }
    }

    /// Writes `rows` rows of `width` premultiplied pixels, row r starting at `row(r)`, as
    /// filtered scanlines into `out` (`byteCount(width:rows:)` bytes).
    @inline(__always)
    private static func write(
        width: Int, rows: Int, filter: PNGFilter, into out: UnsafeMutablePointer<UInt8>,
        row: (Int) -> UnsafePointer<UInt32>
    ) {
        let rowBytes = width * 4 + 1
        demultiply(width: width, rows: rows, into: out + 1, outStride: rowBytes, row: row)
        if filter == .none {
            for r in 0..<rows { out[r * rowBytes] = 0 }
            return
        }
        // From the last row up, so every filter still reads unfiltered rows above.
        var scratch = [UInt8](repeating: 0, count: rowBytes)
        for r in Swift.stride(from: rows - 1, through: 0, by: -1) {
            let line = out + r * rowBytes
            let above: UnsafePointer<UInt8>? = r > 0 ? UnsafePointer(line - rowBytes) : nil
            scratch.withUnsafeMutableBufferPointer { scratch in
                Scanlines.filter(line, above: above, rowBytes: rowBytes, filter: filter, scratch: scratch.baseAddress!)
            }
        }
    }

    /// Writes `rows` rows of `width` premultiplied pixels, row r starting at `pixels + r * stride`,
    /// as straight-alpha RGBA bytes, row r starting at `out + r * outStride`.
    package static func demultiply(
        _ pixels: UnsafePointer<UInt32>, width: Int, stride: Int, rows: Int, into out: UnsafeMutablePointer<UInt8>,
        outStride: Int
    ) {
        demultiply(width: width, rows: rows, into: out, outStride: outStride) { pixels + $0 * stride }
    }

    /// Writes `rows` rows of `width` premultiplied pixels, row r starting at `row(r)`, as
    /// straight-alpha RGBA bytes, row r starting at `out + r * outStride`.
    @inline(__always)
    private static func demultiply(
        width: Int, rows: Int, into out: UnsafeMutablePointer<UInt8>, outStride: Int,
        row: (Int) -> UnsafePointer<UInt32>
    ) {
        Alpha.demultiplyReciprocals.withUnsafeBufferPointer { reciprocals in
            let reciprocals = reciprocals.baseAddress!
            var above: UnsafePointer<UInt32>? = nil
            for r in 0..<rows {
                let source = row(r)
                let target = UnsafeMutableRawPointer(out + r * outStride)
                defer { above = source }
                // A row equal to the one above has the same bytes: copy them.
                if let above, above == source || memcmp(source, above, width * 4) == 0 {
                    target.copyMemory(from: target - outStride, byteCount: width * 4)
                    continue
                }
                // Runs of one pixel are common: demultiply each value once, and store four
                // pixels equal to the last at once.
                var last = source[0]
                var straight = Scanlines.straight(last, reciprocals: reciprocals)
                var x = 0
                while x < width {
                    if x + 4 <= width,
                        UnsafeRawPointer(source + x).loadUnaligned(as: SIMD4<UInt32>.self)
                            == SIMD4(repeating: last)
                    {
                        target.storeBytes(
                            of: SIMD4(repeating: straight.littleEndian), toByteOffset: 4 * x, as: SIMD4<UInt32>.self)
                        x += 4
                        continue
                    }
                    let pixel = source[x]
                    if pixel != last {
                        last = pixel
                        straight = Scanlines.straight(pixel, reciprocals: reciprocals)
                    }
                    target.storeBytes(of: straight.littleEndian, toByteOffset: 4 * x, as: UInt32.self)
                    x += 1
                }
            }
        }
    }

    /// Filters one unfiltered row in place (`line[0]` is its filter byte).
    static func filter(
        _ line: UnsafeMutablePointer<UInt8>, above: UnsafePointer<UInt8>?, rowBytes: Int, filter: PNGFilter,
        scratch: UnsafeMutablePointer<UInt8>
    ) {
        var choice = filter
        if above == nil && choice != .sub && choice != .adaptive { choice = .none }
        if choice == .adaptive {
            var best = Int.max
            let candidates: [PNGFilter] = above == nil ? [.none, .sub] : [.none, .sub, .up, .average, .paeth]
            for candidate in candidates {
                apply(candidate, line, above: above, rowBytes: rowBytes, into: scratch)
                var sum = 0
                for i in 1..<rowBytes { sum += Int(min(scratch[i], 0 &- scratch[i])) }
                if sum < best {
                    best = sum
                    choice = candidate
                }
            }
        }
        apply(choice, line, above: above, rowBytes: rowBytes, into: scratch)
        line.update(from: scratch, count: rowBytes)
    }

    /// The filtered row (filter byte first) of `line` into `out`.
    private static func apply(
        _ filter: PNGFilter, _ line: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>?, rowBytes: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        func up(_ i: Int) -> Int { above.map { Int($0[i]) } ?? 0 }
        func left(_ i: Int) -> Int { i > 4 ? Int(line[i - 4]) : 0 }
        func upperLeft(_ i: Int) -> Int { i > 4 ? (above.map { Int($0[i - 4]) } ?? 0) : 0 }
        switch filter {
        case .none, .adaptive:
            out[0] = 0
            for i in 1..<rowBytes { out[i] = line[i] }
        case .sub:
            out[0] = 1
            for i in 1..<rowBytes { out[i] = line[i] &- UInt8(left(i)) }
        case .up:
            out[0] = 2
            for i in 1..<rowBytes { out[i] = line[i] &- UInt8(up(i)) }
        case .average:
            out[0] = 3
            for i in 1..<rowBytes { out[i] = line[i] &- UInt8((left(i) + up(i)) / 2) }
        case .paeth:
            out[0] = 4
            for i in 1..<rowBytes {
                let (a, b, c) = (left(i), up(i), upperLeft(i))
                let p = a + b - c
                let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                let predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                out[i] = line[i] &- UInt8(predictor)
            }
        }
    }

    /// Rows `rows` of `image` as filtered scanlines.
    static func make(_ image: RowImage, rows: Range<Int>, filter: PNGFilter) -> [UInt8] {
        let count = byteCount(width: image.width, rows: rows.count)
        return [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            if count > 0 { write(image, rows: rows, filter: filter, into: out.baseAddress!) }
            initialized = count
        }
    }

    /// Rows `rows` of `pixmap` as filtered scanlines.
    static func make(_ pixmap: Pixmap, rows: Range<Int>, filter: PNGFilter) -> [UInt8] {
        make(
            pixmap, region: PixelRect(x0: 0, y0: rows.lowerBound, x1: pixmap.width, y1: rows.upperBound), filter: filter
        )
    }

    /// The pixels of `region` (inside `pixmap`) as filtered scanlines.
    static func make(_ pixmap: Pixmap, region: PixelRect, filter: PNGFilter) -> [UInt8] {
        let count = byteCount(width: region.width, rows: region.height)
        return [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            if count > 0 {
                pixmap.pixels.withUnsafeBufferPointer { pixels in
                    write(
                        pixels.baseAddress! + region.y0 * pixmap.width + region.x0, width: region.width,
                        stride: pixmap.width, rows: region.height, filter: filter, into: out.baseAddress!)
                }
            }
            initialized = count
        }
    }
}

extension Pixmap {
    /// The pixels as straight (not premultiplied) RGBA bytes, as PNG stores them
    /// (`Alpha.demultiply`; fully transparent pixels are 0, 0, 0, 0).
    package var straightRGBA: [UInt8] {
        var bytes = [UInt8](repeating: 0, count: pixels.count * 4)
        Alpha.demultiplyReciprocals.withUnsafeBufferPointer { reciprocals in
            for (i, p) in pixels.enumerated() {
                let straight = p >> 24 == 0 ? 0 : Scanlines.straight(p, reciprocals: reciprocals.baseAddress!)
                for channel in 0..<4 { bytes[4 * i + channel] = UInt8(truncatingIfNeeded: straight >> (8 * channel)) }
            }
        }
        return bytes
    }
}
