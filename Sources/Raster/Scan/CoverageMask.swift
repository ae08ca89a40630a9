import Images

/// How much of each pixel of a window a shape covers: 0 (none) … 1 (all), one `Float` a pixel.
///
/// `window` places the mask on the pixel grid; values are stored row by row, `window.width`
/// per row. A row equal to the row above may share its values instead of holding a copy (a
/// rounded rectangle's rows between its corners: `Rasterizer.coverage`), so `rowStart` says where
/// each row's values begin in `storage`. Float carries coverage to about 1e-7, far below one
/// 8-bit step (1/255).
package struct CoverageMask: Sendable {
    package let window: PixelRect
    /// The rows' values, `window.width` each: every row's, or only those of rows that do not
    /// share the row above's.
    private(set) var storage: [Float]
    /// Where each window row's values begin in `storage`, when some rows share the row above's;
    /// nil when each row holds its own (row i at i × width).
    private var starts: [Int]?

    /// A mask whose rows each hold their own values (`window.width × window.height` of them).
    init(window: PixelRect, values: [Float]) {
        precondition(values.count == window.width * window.height, "mask size mismatch")
        self.window = window
        storage = values
        starts = nil
    }

    /// A mask whose window row i begins at `starts[i]` in `storage`: rows that share values
    /// name the same start.
    init(window: PixelRect, storage: [Float], starts: [Int]) {
        precondition(starts.count == window.height, "one start a row")
        precondition(starts.allSatisfy { $0 >= 0 && $0 + window.width <= storage.count }, "starts inside the storage")
        self.window = window
        self.storage = storage
        self.starts = starts
    }

    /// Where window row `row` (0 is the window's top) begins in `storage`.
    @inline(__always)
    func rowStart(_ row: Int) -> Int {
        if let starts { return starts[row] }
        return row * window.width
    }

    /// Whether window rows `a` and `b` hold the same values because they share them (false
    /// says nothing: they may still be equal).
    func sharesValues(_ a: Int, _ b: Int) -> Bool {
        starts.map { $0[a] == $0[b] } ?? false
    }

    /// Every row's values, row after row (a copy of the shared rows when there are any).
    var values: [Float] {
        guard let starts else { return storage }
        let width = window.width
        var all = [Float]()
        all.reserveCapacity(width * window.height)
        for start in starts { all.append(contentsOf: storage[start..<(start + width)]) }
        return all
    }

    /// Calls `body` with every row's values, writable, after giving each row its own copy.
    mutating func withEveryRow<R>(_ body: (UnsafeMutableBufferPointer<Float>) -> R) -> R {
        if starts != nil {
            storage = values
            starts = nil
        }
        return storage.withUnsafeMutableBufferPointer { body($0) }
    }

    /// Coverage of pixel (x, y) in image coordinates; 0 outside the window.
    @inline(__always)
    package func coverage(x: Int, y: Int) -> Float {
        guard x >= window.x0, x < window.x1, y >= window.y0, y < window.y1 else { return 0 }
        return storage[rowStart(y - window.y0) + (x - window.x0)]
    }

    /// The total covered area in square pixels.
    var area: Double {
        values.reduce(0.0) { $0 + Double($1) }
    }
}

extension CoverageMask: Equatable {
    /// The same window and the same value at every pixel, however the rows are stored.
    package static func == (a: CoverageMask, b: CoverageMask) -> Bool {
        a.window == b.window && (a.storage == b.storage && a.starts == b.starts || a.values == b.values)
    }
}
