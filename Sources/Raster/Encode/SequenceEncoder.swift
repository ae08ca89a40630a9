/// Encodes the frames of one sequence as PNG files, compressing only what changes.
///
/// Between two frames only `FrameRenderer.changingRows` (the spinner's rows) differ. The image
/// data is therefore deflated in three independent pieces (see `Deflate`): the rows above the
/// band and the rows below it once per sequence, the band once per frame; the zlib checksum is
/// joined with `adler32_combine`. zlib deflates and checksums; the container around it
/// (signature, IHDR, sRGB, IDAT, IEND) is written by `PNGContainer`, and the tests read every
/// file back with libpng and compare it with `PNGEncoder`'s output pixel for pixel.
///
/// The result depends only on the frame, so frames can be encoded in any order and on any
/// number of threads with the same bytes.
public struct SequenceEncoder: Sendable {
    /// zlib level and row filter of the two static pieces and of the band.
    public struct Settings: Sendable, Equatable {
        public var staticLevel: Int
        public var staticFilter: String
        public var bandLevel: Int
        public var bandFilter: String

        /// Chosen by measurement (`bench/png-settings`, README "PNG settings").
        public static let measured = Settings(staticLevel: 9, staticFilter: "none", bandLevel: 6, bandFilter: "none")

        public init(staticLevel: Int, staticFilter: String, bandLevel: Int, bandFilter: String) {
            self.staticLevel = staticLevel
            self.staticFilter = staticFilter
            self.bandLevel = bandLevel
            self.bandFilter = bandFilter
        }
    }

    public let renderer: FrameRenderer
    public let settings: Settings
    let bandFilter: Scanlines.Filter
    /// Signature, IHDR, sRGB, and the first IDAT: zlib header and the piece above the band.
    let prefix: [UInt8]
    /// The deflated rows below the band (ending the stream), and its checksum.
    let suffixPiece: [UInt8]
    let aboveAdler: UInt32
    let belowAdler: UInt32
    let belowLength: Int

    public init(renderer: FrameRenderer, settings: Settings = .measured) throws(PNGError) {
        guard let staticFilter = Scanlines.Filter(rawValue: settings.staticFilter),
              let bandFilter = Scanlines.Filter(rawValue: settings.bandFilter),
              (0...9).contains(settings.staticLevel), (0...9).contains(settings.bandLevel) else {
            throw .encodingFailed("unknown level or filter in \(settings)")
        }
        self.renderer = renderer
        self.settings = settings
        self.bandFilter = bandFilter
        let image = renderer.staticImage
        let rows = renderer.changingRows
        let above = rows.isEmpty ? 0..<image.height : 0..<rows.lowerBound
        let below = rows.isEmpty ? image.height..<image.height : rows.upperBound..<image.height

        let aboveLines = Scanlines.make(image, rows: above, filter: staticFilter)
        let belowLines = Scanlines.make(image, rows: below, filter: staticFilter)
        let bandIsLast = below.isEmpty
        let abovePiece = try Deflate.piece(aboveLines, level: settings.staticLevel, last: rows.isEmpty)
        suffixPiece = bandIsLast ? [] : try Deflate.piece(belowLines, level: settings.staticLevel, last: true)
        aboveAdler = Deflate.adler32(aboveLines)
        belowAdler = Deflate.adler32(belowLines)
        belowLength = belowLines.count
        var prefix = PNGContainer.header(width: image.width, height: image.height)
        prefix += PNGContainer.chunk("IDAT", PNGContainer.zlibHeader(level: settings.bandLevel) + abovePiece)
        self.prefix = prefix
    }

    /// The PNG file of frame k.
    public func encode(frame k: Int) throws(PNGError) -> [UInt8] {
        guard let band = renderer.band(k) else {
            // Nothing moves: the prefix already holds the whole image data.
            return prefix + PNGContainer.chunk("IDAT", PNGContainer.bigEndian(aboveAdler)) + PNGContainer.end
        }
        let lines = Scanlines.make(band, rows: 0..<band.height, filter: bandFilter)
        let bandIsLast = suffixPiece.isEmpty
        let piece = try Deflate.piece(lines, level: settings.bandLevel, last: bandIsLast)
        let bandAdler = Deflate.adler32(lines)
        var adler = Deflate.combineAdler32(aboveAdler, bandAdler, secondLength: lines.count)
        adler = Deflate.combineAdler32(adler, belowAdler, secondLength: belowLength)
        var file = prefix
        file.reserveCapacity(prefix.count + piece.count + suffixPiece.count + 40)
        file += PNGContainer.chunk("IDAT", piece)
        file += PNGContainer.chunk("IDAT", suffixPiece + PNGContainer.bigEndian(adler))
        file += PNGContainer.end
        return file
    }
}
