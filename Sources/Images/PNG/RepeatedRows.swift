import PNGDeflate

/// Runs of rows that repeat, found in an image and compressed as one row (`RowDeflate`).
///
/// A full-screen overlay is mostly rows equal to the row above: the dim layer above and below
/// the card, the card's rows between its corners and the label. Such a run is one piece whose
/// copies are matches one scanline back, so it is neither made as scanlines nor parsed byte by
/// byte.
enum RepeatedRows {
    /// The least a run must hold, in scanline bytes, to be a piece of its own: 1 MiB, as much as
    /// a piece of a single image. A piece costs its Huffman tables and a flush; shorter runs gain
    /// little time and cost bytes (a transparent @1x overlay's files grow 4 % at 64 KiB).
    static let minimumBytes = 1 << 20

    /// `rows` of an image `width` pixels wide as consecutive runs, each either rows that all
    /// equal its first row (`repeated`, at least `minimumBytes` of scanlines and two rows) or
    /// rows that are not; `equal(a, b)` says whether rows a and b have the same pixels.
    static func runs(width: Int, in rows: Range<Int>, equal: (Int, Int) -> Bool) -> [(
        rows: Range<Int>, repeated: Bool
    )] {
        let minimumRows = max(2, minimumBytes / (width * 4 + 1))
        var runs: [(rows: Range<Int>, repeated: Bool)] = []
        var plain = rows.lowerBound
        var y = rows.lowerBound
        while y < rows.upperBound {
            var end = y + 1
            while end < rows.upperBound && equal(end, y) { end += 1 }
            if end - y >= minimumRows {
                if plain < y { runs.append((plain..<y, false)) }
                runs.append((y..<end, true))
                plain = end
            }
            y = end
        }
        if plain < rows.upperBound { runs.append((plain..<rows.upperBound, false)) }
        return runs
    }

    /// The Adler-32 of `count` copies of data whose Adler-32 is `adler` and length `length`.
    static func adler32(repeating adler: UInt32, length: Int, count: Int) -> UInt32 {
        var result: UInt32 = 1
        var power = adler
        var powerLength = length
        var left = count
        while left > 0 {
            if left & 1 == 1 { result = Deflate.combineAdler32(result, power, secondLength: powerLength) }
            left >>= 1
            if left > 0 {
                power = Deflate.combineAdler32(power, power, secondLength: powerLength)
                powerLength *= 2
            }
        }
        return result
    }
}

extension Compression {
    /// Whether runs of repeated rows can be compressed as one row with these settings: this
    /// package's deflate on unfiltered scanlines of at most 32 KiB (the deflate window).
    func compressesRepeats(filter: PNGFilter, width: Int) -> Bool {
        self == .rows && filter == .none && width * 4 + 1 <= 32768
    }

    /// Row `row` of `source` repeated `count` times, unfiltered, as one piece with its Adler-32
    /// (`compressesRepeats` must hold).
    func repeatedPiece(of source: any RowSource, row: Int, count: Int, last: Bool) -> CompressedPiece {
        let width = source.width
        let pixels = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: width)
        defer { pixels.deallocate() }
        source.write(rows: row..<row + 1, into: pixels)
        let rowBytes = width * 4 + 1
        let twice = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 2 * rowBytes)
        defer { twice.deallocate() }
        Scanlines.write(
            pixels.baseAddress!, width: width, stride: width, rows: 1, filter: .none, into: twice.baseAddress!)
        (twice.baseAddress! + rowBytes).update(from: twice.baseAddress!, count: rowBytes)
        let bytes = RowDeflate.repeatedPiece(UnsafeBufferPointer(twice), count: count, last: last)
        let line = UnsafeBufferPointer(rebasing: twice[0..<rowBytes])
        let adler = RepeatedRows.adler32(repeating: Deflate.adler32(line), length: rowBytes, count: count)
        return CompressedPiece(bytes: bytes, adler: adler, length: rowBytes * count)
    }
}
