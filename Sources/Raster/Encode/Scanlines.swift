/// The row filters the piecewise encoder can use (PNG specification, section 9): None and Sub
/// read only the row itself; Up reads the row above, so the first row of a piece falls back to
/// None (a piece must not depend on rows outside it).
public enum RowFilter: String, Sendable, CaseIterable {
    case none, sub, up
}

/// PNG scanlines: each row as a filter-type byte followed by its filtered straight-alpha RGBA
/// bytes (PNG specification, section 9).
enum Scanlines {
    /// A premultiplied pixel as straight-alpha RGBA (little-endian UInt32, bytes R G B A).
    @inline(__always)
    static func straight(_ pixel: UInt32, table: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let alpha = pixel >> 24
        if alpha == 255 || alpha == 0 { return pixel }
        let row = Int(alpha) << 8
        return Pixmap.pack(
            r: UInt32(table[row | Int(pixel & 0xFF)]),
            g: UInt32(table[row | Int((pixel >> 8) & 0xFF)]),
            b: UInt32(table[row | Int((pixel >> 16) & 0xFF)]), a: alpha)
    }

    /// Rows `rows` of `pixmap`, demultiplied and filtered.
    static func make(_ pixmap: Pixmap, rows: Range<Int>, filter: RowFilter) -> [UInt8] {
        let width = pixmap.width
        let rowBytes = width * 4 + 1
        var out = [UInt8](repeating: 0, count: rowBytes * rows.count)
        Alpha.demultiplyTable.withUnsafeBufferPointer { table in
            pixmap.pixels.withUnsafeBufferPointer { source in
                out.withUnsafeMutableBytes { raw in
                    let bytes = raw.bindMemory(to: UInt8.self)
                    for (index, y) in rows.enumerated() {
                        let start = index * rowBytes
                        let pixels = UnsafeMutableRawPointer(bytes.baseAddress! + start + 1)
                        for x in 0..<width {
                            let straight = Scanlines.straight(source[y * width + x], table: table)
                            pixels.storeBytes(of: straight.littleEndian, toByteOffset: 4 * x, as: UInt32.self)
                        }
                    }
                    // Filter from the last row up, so Up still reads unfiltered rows above.
                    for index in stride(from: rows.count - 1, through: 0, by: -1) {
                        let start = index * rowBytes
                        switch filter {
                        case .none:
                            bytes[start] = 0
                        case .sub:
                            bytes[start] = 1
                            var i = rowBytes - 1
                            while i > 4 {
                                bytes[start + i] &-= bytes[start + i - 4]
                                i -= 1
                            }
                        case .up:
                            if index == 0 {
                                bytes[start] = 0
                            } else {
                                bytes[start] = 2
                                for i in 1..<rowBytes { bytes[start + i] &-= bytes[start - rowBytes + i] }
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}
