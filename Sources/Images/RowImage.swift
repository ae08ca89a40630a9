import LibC

/// An image whose rows that repeat the row above are held once: the static image of a frame
/// sequence (`FrameRenderer.staticRows`).
///
/// A full-screen overlay is mostly rows equal to the row above (the dim layer above and below
/// the card, the card's rows between its corners and around the label), and the compositor knows
/// which (`Compositor.deduplicated`). They are neither copied nor written: a @3x phone screen's
/// 12 MB are about 3 MB of distinct rows, and the encoders read each distinct row once. `pixmap`
/// makes the whole image when one is needed.
package struct RowImage: Sendable {
    /// Columns, at least 1.
    package let width: Int
    /// Rows, at least 1.
    package let height: Int
    /// The distinct rows, top to bottom, from the start of its pixels. Allocated for every row
    /// and never cleared: memory that no row is written to is never touched.
    private(set) var storage: Pixmap
    /// For each image row added so far, the row of `storage` that holds its pixels;
    /// non-decreasing, and at most the image row.
    private(set) var rowIndex: [Int32]

    /// An image of `width` × `height` px without rows yet (`append(repeatsAbove:)`), or
    /// `RasterError.invalidSize`.
    package init(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        storage = try Pixmap.overwritten(width: width, height: height)
        rowIndex = []
        rowIndex.reserveCapacity(height)
    }

    /// Every row of `pixmap`, each held as it is.
    init(_ pixmap: Pixmap) {
        (width, height) = (pixmap.width, pixmap.height)
        storage = pixmap
        rowIndex = (0..<pixmap.height).map { Int32($0) }
    }

    /// The rows added so far.
    package var addedRows: Int { rowIndex.count }

    /// The rows held: those added that do not repeat the row above.
    var heldRows: Int { rowIndex.last.map { Int($0) + 1 } ?? 0 }

    /// Every pixel: (0, 0) to (width, height).
    package var bounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }

    /// Adds the next rows, top to bottom: `repeatsAbove[i]` says whether the i-th of them equals
    /// the row above it (false for the image's first row). Returns the storage row of each new
    /// row that does not; the caller writes those rows (`withStorage`) before anything reads them.
    package mutating func append(repeatsAbove: [Bool]) -> [Int] {
        var next = Int(rowIndex.last.map { $0 + 1 } ?? 0)
        var written: [Int] = []
        for repeats in repeatsAbove {
            if repeats && !rowIndex.isEmpty {
                rowIndex.append(rowIndex.last!)
            } else {
                rowIndex.append(Int32(next))
                written.append(next)
                next += 1
            }
        }
        precondition(rowIndex.count <= height, "rows beyond the image's height")
        return written
    }

    /// Calls `body` with the storage's first pixel: storage row s starts `s × width` pixels on.
    package mutating func withStorage<R>(_ body: (UnsafeMutablePointer<UInt32>) -> R) -> R {
        storage.pixels.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }

    /// The storage row that holds image row `y`.
    @inline(__always)
    func storageRow(_ y: Int) -> Int { Int(rowIndex[y]) }

    /// Calls `body` with the storage's pixels and the storage row of every image row.
    package func withRows<R>(_ body: (UnsafePointer<UInt32>, UnsafeBufferPointer<Int32>) -> R) -> R {
        storage.pixels.withUnsafeBufferPointer { pixels in
            rowIndex.withUnsafeBufferPointer { body(pixels.baseAddress!, $0) }
        }
    }

    /// Whether rows `a` and `b` have the same pixels.
    func rowsEqual(_ a: Int, _ b: Int) -> Bool {
        if rowIndex[a] == rowIndex[b] { return true }
        return withRows { pixels, index in
            memcmp(pixels + Int(index[a]) * width, pixels + Int(index[b]) * width, width * 4) == 0
        }
    }

    /// The pixel at (x, y).
    func pixel(x: Int, y: Int) -> UInt32 {
        storage.pixels[storageRow(y) * width + x]
    }

    /// The whole image, every row in place.
    package var pixmap: Pixmap {
        precondition(rowIndex.count == height, "every row added")
        if storage.height == height && rowIndex.last == Int32(height - 1) { return storage }
        var image = try! Pixmap.overwritten(width: width, height: height)
        image.pixels.withUnsafeMutableBufferPointer { target in
            write(rows: 0..<height, into: target)
        }
        return image
    }
}

extension RowImage: RowSource {
    package func write(rows: Range<Int>, into target: UnsafeMutableBufferPointer<UInt32>) {
        withRows { pixels, index in
            for y in rows {
                (target.baseAddress! + (y - rows.lowerBound) * width).update(
                    from: pixels + Int(index[y]) * width, count: width)
            }
        }
    }
}
