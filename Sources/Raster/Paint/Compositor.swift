import Images
import LibC

/// Composites layers over a whole image, source-over in the order given, on a `Canvas` of floats
/// rounded once per pixel, 64 rows at a time, the bands on all cores.
enum Compositor {
    static let bandRows = 64

    /// Every row composited: the plain way, which `deduplicated` is tested against.
    static func composite(_ layers: [Layer], background: PremultipliedColor, into image: inout Pixmap) {
        let bands = (image.height + bandRows - 1) / bandRows
        let rows = (0..<bands).map { $0 * bandRows..<min(image.height, ($0 + 1) * bandRows) }
        let width = image.width
        image.pixels.withUnsafeMutableBufferPointer { p in
            composite(
                layers, background: background, rows: rows, targets: rows.map(\.lowerBound), spanning: false,
                width: width, into: p.baseAddress!)
        }
    }

    /// The same pixels as `composite`, faster where rows repeat: a row that every layer covers
    /// exactly as it covers the row above (a rectangle by the same row fraction, a mask with the
    /// same values, or neither row reached) is the row above, since each of its pixels goes
    /// through the same operations: `image` holds it once. Only the other rows are composited,
    /// and in them only the columns `compositedColumns` finds.
    /// With `rows`, only those rows are added to `image`, which holds the rows above them
    /// (default: all).
    static func deduplicated(
        _ layers: [Layer], background: PremultipliedColor, into image: inout RowImage, rows: Range<Int>? = nil
    ) {
        let rows = rows ?? 0..<image.height
        let first = rows.lowerBound
        precondition(image.addedRows == first, "rows are added top to bottom")
        var repeats = [Bool](repeating: true, count: rows.count)
        repeats[0] = false
        for layer in layers { layer.markRowsCoveredUnlikeAbove(rows.dropFirst(), first: first, in: &repeats) }
        let stored = image.append(repeatsAbove: repeats)
        var bands: [Range<Int>] = []
        var targets: [Int] = []
        var y = first
        var next = 0
        while y < rows.upperBound {
            if repeats[y - first] {
                y += 1
                continue
            }
            var end = y + 1
            while end < rows.upperBound && !repeats[end - first] && end - y < bandRows { end += 1 }
            bands.append(y..<end)
            targets.append(stored[next])
            next += end - y
            y = end
        }
        let width = image.width
        image.withStorage { pixels in
            composite(
                layers, background: background, rows: bands, targets: targets, spanning: true, width: width,
                into: pixels)
        }
    }

    /// Composites the rows of each band of `rows` into the rows of `pixels` (`width` wide) from
    /// the band's `targets` entry on. When `spanning`, only the columns
    /// `compositedColumns` finds are composited in a band, and every other column repeats the
    /// column on its left; otherwise every column.
    private static func composite(
        _ layers: [Layer], background: PremultipliedColor, rows: [Range<Int>], targets: [Int], spanning: Bool,
        width: Int, into pixels: UnsafeMutablePointer<UInt32>
    ) {
        for band in rows.indices {
            let range = rows[band]
            let reaching = layers.filter { $0.window.y0 < range.upperBound && $0.window.y1 > range.lowerBound }
            let runs = spanning ? compositedColumns(of: reaching, rows: range, width: width) : [0..<width]
            let rowsStart = pixels + targets[band] * width
            for columns in runs {
                var canvas = Canvas(
                    window: PixelRect(
                        x0: columns.lowerBound, y0: range.lowerBound, x1: columns.upperBound, y1: range.upperBound),
                    background: background)
                for layer in reaching { canvas.draw(layer) }
                canvas.write(into: rowsStart, width: width, rows: range)
            }
            for y in 0..<range.count {
                let row = rowsStart + y * width
                for (index, columns) in runs.enumerated() {
                    let end = index + 1 < runs.count ? runs[index + 1].lowerBound : width
                    (row + columns.upperBound).update(
                        repeating: row[columns.upperBound - 1], count: end - columns.upperBound)
                }
            }
        }
    }

    /// The columns to composite in rows `rows` that `layers` reach, `width` wide, as runs in
    /// order: column 0 and every column whose pixel may differ from its left neighbour's in one of
    /// the rows, where some layer's coverage changes (a rectangle's edge columns; a mask's first
    /// column, the one after its last, and each column whose value differs from the one on its
    /// left; an image's columns and the one after them). Every other pixel goes through the same
    /// operations as its left neighbour (a layer not drawn and a layer drawn at coverage 0 leave
    /// the same floats), so it equals it. Runs less than `joinedGap` columns apart are joined.
    static func compositedColumns(of layers: [Layer], rows: Range<Int>, width: Int) -> [Range<Int>] {
        var changes = [Bool](repeating: false, count: width)
        changes[0] = true
        func mark(_ x: Int) {
            if x >= 1 && x < width { changes[x] = true }
        }
        for layer in layers {
            let window = layer.window
            switch layer.coverage {
            case .rect(let rect):
                let edges = [window.x0, window.x1, Int(rect.minX.rounded(.down)), Int(rect.maxX.rounded(.down))]
                for x in edges.flatMap({ [$0, $0 + 1] }) where x >= 1 && x < width {
                    let (here, left) = (columnFraction(rect, window, x), columnFraction(rect, window, x - 1))
                    if here != left { mark(x) }
                }
            case .mask(let mask):
                mark(window.x0)
                mark(window.x1)
                let x0 = max(window.x0, 0)
                let x1 = min(window.x1, width)
                let (y0, y1) = (max(rows.lowerBound, window.y0), min(rows.upperBound, window.y1))
                guard x1 - x0 >= 2 && y1 > y0 else { continue }
                mask.storage.withUnsafeBufferPointer { v in
                    for y in y0..<y1 where y == y0 || !mask.sharesValues(y - window.y0, y - 1 - window.y0) {
                        markChanges(
                            in: v.baseAddress! + mask.rowStart(y - window.y0) - window.x0, x0 + 1..<x1, &changes)
                    }
                }
            case .image, .placedImage:
                for x in window.x0...window.x1 { mark(x) }
            }
        }
        var runs: [Range<Int>] = []
        var x = 0
        while x < width {
            guard changes[x] else {
                x += 1
                continue
            }
            var end = x + 1
            while end < width && changes[end] { end += 1 }
            if let last = runs.last, x - last.upperBound < joinedGap {
                runs[runs.count - 1] = last.lowerBound..<end
            } else {
                runs.append(x..<end)
            }
            x = end
        }
        return runs
    }

    /// Sets `changes[x]` for each x of `columns` where `row[x] != row[x − 1]`, eight columns
    /// compared at once (a mask's rows are mostly runs of one value).
    @inline(__always)
    private static func markChanges(in row: UnsafePointer<Float>, _ columns: Range<Int>, _ changes: inout [Bool]) {
        var x = columns.lowerBound
        let raw = UnsafeRawPointer(row)
        while x + 8 <= columns.upperBound {
            let here = raw.loadUnaligned(fromByteOffset: 4 * x, as: SIMD8<Float>.self)
            let left = raw.loadUnaligned(fromByteOffset: 4 * (x - 1), as: SIMD8<Float>.self)
            let differ = here .!= left
            if any(differ) {
                for lane in 0..<8 where differ[lane] { changes[x + lane] = true }
            }
            x += 8
        }
        while x < columns.upperBound {
            if row[x] != row[x - 1] { changes[x] = true }
            x += 1
        }
    }

    /// Runs of composited columns closer than this are composited as one: 16 columns.
    static let joinedGap = 16

    /// A rectangle layer's column fraction at `x`, 0 outside its window (where it is not drawn).
    private static func columnFraction(_ rect: Rect, _ window: PixelRect, _ x: Int) -> Float {
        x >= window.x0 && x < window.x1 ? Coverage.fraction(rect.minX, rect.maxX, x) : 0
    }
}

extension Layer {
    /// Sets `repeats[y − first]` to false for each row y of `rows` that this layer does not
    /// cover exactly as the row above, pixel for pixel in each column: a row one of the two
    /// rows of which it reaches, a rectangle's row with another fraction, a mask's row with
    /// other values (rows sharing their values are alike), any row of an image. One pass over
    /// the rows, the layer taken apart once.
    func markRowsCoveredUnlikeAbove(_ rows: Range<Int>, first: Int, in repeats: inout [Bool]) {
        let window = self.window
        guard window.y0 < window.y1 else { return }
        // Rows from which this layer reaches the row or the row above.
        let reached =
            max(rows.lowerBound, window.y0)..<max(max(rows.lowerBound, window.y0), min(rows.upperBound, window.y1 + 1))
        switch coverage {
        case .rect(let rect):
            for y in reached
            where y == window.y0 || y == window.y1
                || Coverage.fraction(rect.minY, rect.maxY, y) != Coverage.fraction(rect.minY, rect.maxY, y - 1)
            {
                repeats[y - first] = false
            }
        case .mask(let mask):
            mask.storage.withUnsafeBufferPointer { v in
                for y in reached {
                    guard y != window.y0 && y != window.y1 else {
                        repeats[y - first] = false
                        continue
                    }
                    let (row, above) = (y - window.y0, y - 1 - window.y0)
                    if mask.sharesValues(row, above) { continue }
                    if memcmp(
                        v.baseAddress! + mask.rowStart(row), v.baseAddress! + mask.rowStart(above), window.width * 4)
                        != 0
                    {
                        repeats[y - first] = false
                    }
                }
            }
        case .image, .placedImage:
            for y in reached { repeats[y - first] = false }
        }
    }
}
