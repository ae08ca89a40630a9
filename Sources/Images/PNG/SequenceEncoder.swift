/// Encodes the frames of a sequence as PNG files, compressing only what changes
/// (docs/architecture.md). Made by `FrameRenderer.sequenceEncoder(frames:)`; `encode(frame:)` may
/// be called from any number of threads, and each frame's bytes depend on the frame alone.
///
/// The image data is deflated in independent pieces (`Compression.piece`). Rows no frame
/// changes are cut into pieces of at most `staticPieceBytes` of scanlines. The rows frames change
/// are cut into blocks (about 12 KiB of scanlines each, at most 16): a frame recompresses only the
/// blocks its `changedRows` reach, those that follow one another as one piece (`parts`), and takes
/// the others as the static image gives them. Pieces depend only on their own rows, so frames can
/// be encoded in any order and on any number of threads with the same bytes.
///
/// An encoder of more than one frame keeps what they share (`Shared`): the static pieces,
/// compressed once in `init`, the static image's blocks, compressed when a frame first needs one,
/// and the band's scanlines. An encoder of one frame (a still) keeps nothing: each piece of its
/// file is compressed once, as the file is made. `referenceEncode(frame:)` is the plain path,
/// nothing shared and every piece from the frame's own rows, that `encode(frame:)` is tested
/// against byte for byte.
public struct SequenceEncoder: Sendable {
    /// Compression and row filters of the static pieces and of the blocks a frame recompresses.
    package struct Settings: Sendable, Equatable {
        var staticCompression: Compression
        var staticFilter: PNGFilter
        package var bandCompression: Compression
        var bandFilter: PNGFilter
        /// Blocks the changing rows are cut into; nil = one block per `bandBlockBytes` of
        /// scanlines, at most 16.
        package var bandBlocks: Int?

        /// Chosen by measurement (`bench/png-settings`, BENCHMARKS.md "Where the time goes").
        package static let measured = Settings(
            staticCompression: .rows, staticFilter: .none, bandCompression: .rows, bandFilter: .none)

        package init(
            staticCompression: Compression, staticFilter: PNGFilter, bandCompression: Compression,
            bandFilter: PNGFilter, bandBlocks: Int? = nil
        ) {
            self.staticCompression = staticCompression
            self.staticFilter = staticFilter
            self.bandCompression = bandCompression
            self.bandFilter = bandFilter
            self.bandBlocks = bandBlocks
        }
    }

    /// What a run of rows is, in the layout of the pieces.
    enum Run: Equatable {
        /// Rows no frame changes, compressed once as they are.
        case still
        /// Rows no frame changes, all equal to the first: compressed once, as one row
        /// (`RepeatedRows`).
        case repeated
        /// Rows frames change.
        case band
    }

    /// Scanline bytes per band block: 12 KiB. Small blocks leave more of a frame's rows to reuse
    /// unchanged, and the changed ones that follow one another are one piece all the same
    /// (`parts`); measured with `png-settings blocks` (BENCHMARKS.md).
    static let bandBlockBytes = 12 << 10

    /// The largest static piece: 4 MiB of scanlines (memory per thread stays bounded).
    package static let staticPieceBytes = 1 << 22

    let source: any FrameSource
    let settings: Settings
    let width: Int
    let height: Int
    /// The runs of rows the file's pieces are made of (`layout(of:band:settings:)`), for cutting
    /// frames (`parts`).
    let runs: [(rows: Range<Int>, run: Run)]
    /// What the frames share, made once; nil for an encoder of one frame.
    let shared: Shared?

    /// What the frames of a sequence share, made once and kept for every frame.
    struct Shared: Sendable {
        /// Each run of rows no frame changes, compressed once, by its index in the layout (nil for
        /// the band's blocks).
        let staticPieces: [CompressedPiece?]
        /// The static image's band blocks, each compressed when a frame first needs it.
        let staticBlocks = StaticBlockCache()
        /// The static image's unfiltered scanlines of the rows frames change, when the band is
        /// unfiltered and they take at most `bandLinesLimit` bytes: a frame copies them and
        /// demultiplies only its `changedRegion`.
        let bandLines: [UInt8]?

        init(_ image: RowImage, runs: [(rows: Range<Int>, run: Run)], band: Range<Int>, settings: Settings)
            throws(PNGError)
        {
            var pieces: [CompressedPiece?] = []
            for (index, run) in runs.enumerated() {
                pieces.append(
                    run.run == .band
                        ? nil
                        : try settings.staticPiece(of: image, run.rows, run: run.run, last: index == runs.count - 1))
            }
            staticPieces = pieces
            bandLines =
                settings.bandFilter == .none
                    && Scanlines.byteCount(width: image.width, rows: band.count) <= SequenceEncoder.bandLinesLimit
                ? Scanlines.make(image, rows: band, filter: .none) : nil
        }
    }

    /// The most the cached band scanlines may take: 64 MiB.
    static let bandLinesLimit = 64 << 20

    /// An encoder of `frames` frames of `source` (what they share is kept only for more than one).
    package init(_ source: any FrameSource, frames: Int, settings: Settings) throws(PNGError) {
        precondition(
            settings.staticCompression.isValid && settings.bandCompression.isValid && (settings.bandBlocks ?? 1) >= 1,
            "zlib levels are 0...9 and blocks at least 1")
        self.source = source
        self.settings = settings
        let image = source.staticRows
        (width, height) = (image.width, image.height)
        runs = SequenceEncoder.layout(of: image, band: source.changingRows, settings: settings)
        shared =
            frames > 1 ? try Shared(image, runs: runs, band: source.changingRows, settings: settings) : nil
    }

    /// The runs of rows pieces are made of, in order: rows of at most `staticPieceBytes`,
    /// runs of repeated rows (when the static settings compress them as one row), and the band
    /// cut into blocks.
    static func layout(of image: RowImage, band: Range<Int>, settings: Settings) -> [(rows: Range<Int>, run: Run)] {
        let rowBytes = image.width * 4 + 1
        var runs: [(rows: Range<Int>, run: Run)] = []
        func cut(_ rows: Range<Int>, into count: Int, run: Run) {
            let size = (rows.count + count - 1) / count
            for start in stride(from: rows.lowerBound, to: rows.upperBound, by: max(1, size)) {
                runs.append((start..<min(rows.upperBound, start + size), run))
            }
        }
        func plain(_ rows: Range<Int>) {
            cut(rows, into: (rows.count * rowBytes + staticPieceBytes - 1) / staticPieceBytes, run: .still)
        }
        func still(_ rows: Range<Int>) {
            guard !rows.isEmpty else { return }
            guard settings.staticCompression.compressesRepeats(filter: settings.staticFilter, width: image.width) else {
                return plain(rows)
            }
            for segment in RepeatedRows.runs(width: image.width, in: rows, equal: image.rowsEqual) {
                if segment.repeated { runs.append((segment.rows, .repeated)) } else { plain(segment.rows) }
            }
        }
        guard !band.isEmpty else {
            still(0..<image.height)
            return runs
        }
        still(0..<band.lowerBound)
        cut(band, into: settings.bandBlocks ?? max(1, min(16, band.count * rowBytes / bandBlockBytes)), run: .band)
        still(band.upperBound..<image.height)
        return runs
    }

    /// The PNG file of frame k, 0 ≤ k < the sequence's frame count.
    public func encode(frame k: Int) throws(PNGError) -> [UInt8] {
        try file(of: source.rows(ofFrame: k), fixedRows: source.staticRows, shared: shared)
    }

    /// Frame k encoded the plain way: every piece compressed from the frame's own rows, nothing
    /// shared. The same bytes as `encode(frame:)`; slower.
    func referenceEncode(frame k: Int) throws(PNGError) -> [UInt8] {
        let frame = source.rows(ofFrame: k)
        return try file(of: frame, fixedRows: frame, shared: nil)
    }

    /// The PNG file of `frame`, piece by piece in the layout's order: the blocks it changes from
    /// its rows, every other piece from `fixedRows` (the frame itself, or the static image, which
    /// holds the same pixels there), or as `shared` keeps it.
    private func file(of frame: any ChangedRows, fixedRows: any RowSource, shared: Shared?) throws(PNGError)
        -> [UInt8]
    {
        let touched = frame.changedRows
        var stream = ZlibStream(level: settings.staticCompression.headerLevel)
        for part in SequenceEncoder.parts(of: runs, touched: touched, rowBytes: width * 4 + 1) {
            let rows = runs[part.lowerBound].rows.lowerBound..<runs[part.upperBound - 1].rows.upperBound
            let run = runs[part.lowerBound].run
            let last = part.upperBound == runs.count
            switch run {
            case .band where rows.overlaps(touched):
                stream.append(try bandPiece(of: frame, rows: rows, last: last, lines: shared?.bandLines))
            case .band:
                let make = { () throws(PNGError) in
                    try settings.staticPiece(of: fixedRows, rows, run: .still, last: last)
                }
                if let shared {
                    stream.append(try shared.staticBlocks.block(rows.lowerBound, make: make))
                } else {
                    stream.append(try make())
                }
            case .still, .repeated:
                if let piece = shared?.staticPieces[part.lowerBound] {
                    stream.append(piece)
                } else {
                    stream.append(try settings.staticPiece(of: fixedRows, rows, run: run, last: last))
                }
            }
        }
        return try PNGContainer.file(width: width, height: height, imageData: stream.finish())
    }

    /// The most scanline bytes one piece of a frame's changed band blocks holds: 256 KiB.
    static let bandPieceBytes = 1 << 18

    /// How a frame's file is cut into pieces: each run of `layout` alone, except that band blocks
    /// the frame changes (`touched`) that follow one another are compressed as one piece, of at
    /// most `bandPieceBytes` (one block at least). Fewer pieces, fewer Huffman tables to build
    /// and to store; the blocks stay the unit that frames reuse unchanged. The ranges of
    /// `layout`'s indices, in order.
    static func parts(of layout: [(rows: Range<Int>, run: Run)], touched: Range<Int>, rowBytes: Int) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var index = 0
        while index < layout.count {
            var end = index + 1
            if layout[index].run == .band && layout[index].rows.overlaps(touched) {
                var bytes = layout[index].rows.count * rowBytes
                while end < layout.count && layout[end].run == .band && layout[end].rows.overlaps(touched)
                    && bytes + layout[end].rows.count * rowBytes <= bandPieceBytes
                {
                    bytes += layout[end].rows.count * rowBytes
                    end += 1
                }
            }
            parts.append(index..<end)
            index = end
        }
        return parts
    }

    /// Rows `rows` of `frame` as a piece: the band's scanlines `lines` with the frame's changed
    /// region demultiplied over them, or, without them, every row made and demultiplied.
    private func bandPiece(of frame: any ChangedRows, rows: Range<Int>, last: Bool, lines bandLines: [UInt8]?)
        throws(PNGError) -> CompressedPiece
    {
        guard let bandLines else {
            return try settings.bandCompression.piece(of: frame, rows: rows, filter: settings.bandFilter, last: last)
        }
        let rowBytes = width * 4 + 1
        let lines = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: rows.count * rowBytes)
        defer { lines.deallocate() }
        let first = (rows.lowerBound - source.changingRows.lowerBound) * rowBytes
        bandLines.withUnsafeBufferPointer { cached in
            lines.baseAddress!.update(from: cached.baseAddress! + first, count: lines.count)
        }
        let region = frame.changedRegion.intersection(
            PixelRect(x0: 0, y0: rows.lowerBound, x1: width, y1: rows.upperBound))
        if !region.isEmpty {
            let pixels = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: region.width * region.height)
            defer { pixels.deallocate() }
            frame.write(region: region, into: pixels)
            Scanlines.demultiply(
                pixels.baseAddress!, width: region.width, stride: region.width, rows: region.height,
                into: lines.baseAddress! + (region.y0 - rows.lowerBound) * rowBytes + 1 + 4 * region.x0,
                outStride: rowBytes)
        }
        return try settings.bandCompression.piece(UnsafeBufferPointer(lines), rowBytes: rowBytes, last: last)
    }
}

extension SequenceEncoder.Settings {
    /// Rows `rows` of `source` that no frame changes, as one piece with the static settings.
    func staticPiece(of source: any RowSource, _ rows: Range<Int>, run: SequenceEncoder.Run, last: Bool)
        throws(PNGError) -> CompressedPiece
    {
        if run == .repeated {
            return staticCompression.repeatedPiece(of: source, row: rows.lowerBound, count: rows.count, last: last)
        }
        return try staticCompression.piece(of: source, rows: rows, filter: staticFilter, last: last)
    }
}
