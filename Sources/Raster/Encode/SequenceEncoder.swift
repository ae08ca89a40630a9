import Dispatch
import Synchronization

/// Encodes the frames of one sequence as PNG files, compressing only what changes.
///
/// Between two frames only `FrameRenderer.changingRows` (the spinner's rows) differ, and within
/// one frame only the rows its arc covers differ from the static image. The image data is
/// therefore deflated in independent pieces (see `Deflate`): the rows above the spinner, the
/// spinner's rows cut into `Settings.bandBlocks` blocks, and the rows below. Every piece is
/// compressed once per sequence from the static image; a frame recompresses only the blocks its
/// arc touches and reuses the rest. The zlib checksum is joined with `adler32_combine`.
/// zlib deflates and checksums; libpng's chunk functions write the container around it
/// (`PNGContainer`), and the tests read every file back with libpng and compare it with the
/// plain path pixel for pixel.
///
/// The result depends only on the frame, so frames can be encoded in any order and on any
/// number of threads with the same bytes.
public struct SequenceEncoder: Sendable {
    /// zlib levels and row filters of the static pieces and of the blocks a frame recompresses.
    public struct Settings: Sendable, Equatable {
        public var staticLevel: Int
        public var staticFilter: RowFilter
        public var bandLevel: Int
        public var bandFilter: RowFilter
        /// Blocks the spinner's rows are cut into; nil = one block per 32 KiB of scanlines (zlib's
        /// window), at most 16.
        public var bandBlocks: Int?

        /// Chosen by measurement (`bench/png-settings`, README "PNG settings").
        public static let measured = Settings(
            staticLevel: 9, staticFilter: .none, bandLevel: 4,
            bandFilter: .none, bandBlocks: nil)

        public init(
            staticLevel: Int, staticFilter: RowFilter, bandLevel: Int, bandFilter: RowFilter, bandBlocks: Int? = nil
        ) {
            self.staticLevel = staticLevel
            self.staticFilter = staticFilter
            self.bandLevel = bandLevel
            self.bandFilter = bandFilter
            self.bandBlocks = bandBlocks
        }
    }

    /// A run of rows compressed on its own.
    struct Piece: Sendable {
        let rows: Range<Int>
        /// The static rows as unfiltered scanlines (band blocks only, for the None filter).
        let plainLines: [UInt8]?
        /// The static rows filtered as `Settings.staticFilter` says (band blocks only: the other
        /// pieces are compressed at once).
        let staticLines: [UInt8]?
        /// The compressed static rows; nil for band blocks, compressed when a frame first needs it.
        let compressed: [UInt8]?
        let adler: UInt32
        let length: Int
        let isLast: Bool
        let isBand: Bool
    }

    public let renderer: FrameRenderer
    public let settings: Settings
    let bandFilter: RowFilter
    let pieces: [Piece]
    /// How many static pieces come before the first band block (they are in `prefix`), and
    /// their joined checksum.
    let leadingStaticPieces: Int
    let leadingAdler: UInt32
    /// The start of the zlib stream: its header and the static pieces before the first band block.
    let streamStart: [UInt8]
    /// Band blocks compressed from the static image, by piece index, made by the first frame
    /// that leaves the block untouched (the bytes are the same whichever frame makes them).
    let staticBlocks = StaticBlockCache()

    public init(renderer: FrameRenderer, settings: Settings = .measured) throws(PNGError) {
        guard (0...9).contains(settings.staticLevel), (0...9).contains(settings.bandLevel),
            (settings.bandBlocks ?? 1) >= 1
        else {
            throw .encodingFailed("zlib levels are 0...9 and blocks at least 1, not \(settings)")
        }
        let staticFilter = settings.staticFilter
        let bandFilter = settings.bandFilter
        self.renderer = renderer
        self.settings = settings
        self.bandFilter = bandFilter
        let image = renderer.staticImage
        let band = renderer.changingRows
        var runs: [(Range<Int>, Bool)] = []
        if band.isEmpty {
            runs.append((0..<image.height, false))
        } else {
            if band.lowerBound > 0 { runs.append((0..<band.lowerBound, false)) }
            let blocks = settings.bandBlocks ?? max(1, min(16, band.count * (image.width * 4 + 1) / 32768))
            let blockRows = (band.count + blocks - 1) / blocks
            var start = band.lowerBound
            while start < band.upperBound {
                let end = min(band.upperBound, start + blockRows)
                runs.append((start..<end, true))
                start = end
            }
            if band.upperBound < image.height { runs.append((band.upperBound..<image.height, false)) }
        }
        // The pieces are independent: compress them on all cores. Band blocks wait until a frame
        // needs them, so that this serial start stays short.
        let made = Mutex([Int: Result<Piece, PNGError>]())
        let count = runs.count
        let runList = runs
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let (rows, isBand) = runList[index]
            let lines = Scanlines.make(image, rows: rows, filter: staticFilter)
            let isLast = index == count - 1
            let piece = Result { () throws(PNGError) -> Piece in
                Piece(
                    rows: rows,
                    plainLines: isBand && bandFilter == .none ? Scanlines.make(image, rows: rows, filter: .none) : nil,
                    staticLines: isBand ? lines : nil,
                    compressed: isBand ? nil : try Deflate.piece(lines, level: settings.staticLevel, last: isLast),
                    adler: Deflate.adler32(lines), length: lines.count, isLast: isLast, isBand: isBand)
            }
            made.withLock { $0[index] = piece }
        }
        let results = made.withLock { $0 }
        var pieces: [Piece] = []
        for index in 0..<count { pieces.append(try results[index]!.get()) }
        self.pieces = pieces
        let leading = pieces.prefix(while: { !$0.isBand })
        leadingStaticPieces = leading.count
        leadingAdler = leading.reduce(1) { Deflate.combineAdler32($0, $1.adler, secondLength: $1.length) }
        var start = PNGContainer.zlibHeader(level: settings.staticLevel)
        for piece in leading { start += piece.compressed! }
        streamStart = start
    }

    /// The PNG file of frame k.
    public func encode(frame k: Int) throws(PNGError) -> [UInt8] {
        let arc = renderer.arcLayer(frame: k)
        guard case .mask(let mask) = arc.coverage else { preconditionFailure("the arc is a mask") }
        let touched = mask.window.y0..<max(mask.window.y0, mask.window.y1)
        var band: Pixmap? = nil
        var data = streamStart
        var adler = leadingAdler
        for index in leadingStaticPieces..<pieces.count {
            let piece = pieces[index]
            guard piece.isBand, piece.rows.overlaps(touched) else {
                if let compressed = piece.compressed {
                    data += compressed
                } else {
                    data += try staticBlocks.block(index) { () throws(PNGError) in
                        try Deflate.piece(piece.staticLines!, level: settings.staticLevel, last: piece.isLast)
                    }
                }
                adler = Deflate.combineAdler32(adler, piece.adler, secondLength: piece.length)
                continue
            }
            // A block the arc touches: its own piece, so blocks stay under zlib's 32 KiB window
            // more often and never wait for one another.
            var lines: [UInt8]
            if let plain = piece.plainLines {
                // Unfiltered rows: write the arc's pixels, demultiplied, into the static scanlines.
                lines = plain
                let rows = piece.rows
                let rowBytes = renderer.width * 4 + 1
                Alpha.demultiplyTable.withUnsafeBufferPointer { table in
                    lines.withUnsafeMutableBytes { bytes in
                        renderer.spinnerBase.forEachComposited(
                            mask, color: arc.color, over: renderer.overLayers,
                            rows: rows, columns: 0..<renderer.width
                        ) { x, y, pixel in
                            bytes.storeBytes(
                                of: Scanlines.straight(pixel, table: table).littleEndian,
                                toByteOffset: (y - rows.lowerBound) * rowBytes + 1 + 4 * x, as: UInt32.self)
                        }
                    }
                }
            } else {
                if band == nil { band = renderer.band(k) }
                let offset = renderer.changingRows.lowerBound
                lines = Scanlines.make(
                    band!, rows: (piece.rows.lowerBound - offset)..<(piece.rows.upperBound - offset),
                    filter: bandFilter)
            }
            data += try Deflate.piece(lines, level: settings.bandLevel, last: piece.isLast)
            adler = Deflate.combineAdler32(adler, Deflate.adler32(lines), secondLength: lines.count)
        }
        data += PNGContainer.bigEndian(adler)
        return try PNGContainer.file(width: renderer.width, height: renderer.height, imageData: data)
    }
}

/// Compressed static band blocks, shared by the threads that encode frames.
final class StaticBlockCache: Sendable {
    private let blocks = Mutex([Int: [UInt8]]())

    /// The block at `index`, made by `make` the first time (outside the lock; two threads may
    /// both make it, with the same bytes).
    func block(_ index: Int, make: () throws(PNGError) -> [UInt8]) throws(PNGError) -> [UInt8] {
        if let block = blocks.withLock({ $0[index] }) { return block }
        let block = try make()
        blocks.withLock { $0[index] = block }
        return block
    }
}
