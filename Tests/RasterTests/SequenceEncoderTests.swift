import TestSupport
import Testing

@testable import Images
@testable import Raster
@testable import TestSupport

/// The piecewise encoder's files against the plain path: libpng reads them back to exactly the
/// pixels of `referenceFrame`, which `PNGEncoder` (libpng) also round-trips.
@Suite struct SequenceEncoderTests {
    static let settings: [SequenceEncoder.Settings] = [
        .measured,
        .init(
            staticCompression: .zlib(level: 1), staticFilter: .up, bandCompression: .zlib(level: 1), bandFilter: .sub,
            bandBlocks: 1),
        .init(
            staticCompression: .zlib(level: 6), staticFilter: .paeth, bandCompression: .rows, bandFilter: .adaptive,
            bandBlocks: 7),
        .init(
            staticCompression: .rows, staticFilter: .average, bandCompression: .zlib(level: 2), bandFilter: .none,
            bandBlocks: 1000),
    ]

    @Test(arguments: FrameTests.cases.indices, settings.indices)
    func decodesToTheReferencePixels(caseIndex: Int, settingsIndex: Int) throws {
        let (name, scene) = FrameTests.cases[caseIndex]
        let renderer = try FrameRenderer(scene: scene, frameCount: 24)
        let encoder = try renderer.sequenceEncoder(settings: Self.settings[settingsIndex])
        for k in [0, 5, 13] {
            let bytes = try encoder.encode(frame: k)
            #expect(try bytes == encoder.referenceEncode(frame: k), "\(name) frame \(k): the cached path's bytes")
            let alone = try renderer.sequenceEncoder(frames: 1, settings: Self.settings[settingsIndex])
            #expect(try bytes == alone.encode(frame: k), "\(name) frame \(k): an encoder of one frame's bytes")
            let decoded = try PNGDecoder.decode(bytes)
            let reference = renderer.referenceFrame(k)
            let same = decoded == reference
            #expect(same, "\(name) frame \(k): \(firstDifference(decoded, reference))")
            let plain = try PNGDecoder.decode(PNGEncoder().encode(reference))
            let samePlain = decoded == plain
            #expect(samePlain)
        }
    }

    /// A full screen: the dim rows above and below the card and the card's middle rows are runs
    /// of repeated rows, each compressed as one row; the files hold the reference pixels.
    @Test func repeatedRowsOfAFullScreen() throws {
        var style = LoadingStyle.overlay
        style.dimAmount = 0.5
        let scene = Scene(
            style: style, variant: .overlay, scale: 1, screenSize: Size(width: 1000, height: 1400))
        let renderer = try FrameRenderer(scene: scene, frameCount: 12)
        let encoder = try renderer.sequenceEncoder()
        let layout = SequenceEncoder.layout(of: renderer.staticRows, band: renderer.changingRows, settings: .measured)
        #expect(layout.filter { $0.run == .repeated }.count >= 2)
        #expect(layout.map(\.rows).reduce(0) { $0 + $1.count } == renderer.height)
        // A renderer for one frame keeps no float copy of the spinner's box, and an encoder of
        // one frame nothing it shares: the same files.
        let still = try FrameRenderer(scene: scene, label: scene.makeLabel(), frameCount: 12, framesDrawn: 1)
        #expect(renderer.spinnerBase != nil && still.spinnerBase == nil)
        #expect(encoder.shared != nil)
        for k in [0, 7] {
            let alone = try still.sequenceEncoder(frames: 1)
            #expect(alone.shared == nil)
            let bytes = try encoder.encode(frame: k)
            #expect(try bytes == encoder.referenceEncode(frame: k))
            #expect(try bytes == alone.encode(frame: k))
            #expect(try PNGDecoder.decode(bytes) == renderer.referenceFrame(k))
        }
    }

    @Test func spinnerBandTouchingTopAndBottom() throws {
        // Padding 0: the band is the whole image, so both static pieces are empty.
        let renderer = try FrameRenderer(
            scene: Scene(style: FrameTests.tight, variant: .indicator, scale: 2), frameCount: 8)
        #expect(renderer.changingRows == 0..<renderer.height)
        let decoded = try PNGDecoder.decode(renderer.sequenceEncoder().encode(frame: 3))
        let same = decoded == renderer.referenceFrame(3)
        #expect(same)
    }

    @Test func noSpinnerMeansOneConstantImage() throws {
        let style = LoadingStyle(strokeWidth: 0, spinnerSize: 0)
        let renderer = try FrameRenderer(scene: Scene(style: style, variant: .indicator, scale: 1), frameCount: 4)
        #expect(renderer.changingRows.isEmpty)
        let encoder = try renderer.sequenceEncoder()
        #expect(try encoder.encode(frame: 0) == encoder.encode(frame: 3))
        let same = try PNGDecoder.decode(encoder.encode(frame: 1)) == renderer.referenceFrame(1)
        #expect(same)
    }

    /// Band blocks a frame changes that follow one another make one piece, up to
    /// `bandPieceBytes`; untouched blocks and static runs stay pieces of their own.
    @Test func changedBlocksThatFollowOneAnotherMakeOnePiece() {
        let rowBytes = 1001
        let rows = SequenceEncoder.bandPieceBytes / rowBytes / 3
        let layout: [(rows: Range<Int>, run: SequenceEncoder.Run)] =
            [(0..<10, .still)] + (0..<8).map { ((10 + $0 * rows)..<(10 + ($0 + 1) * rows), .band) }
            + [((10 + 8 * rows)..<(20 + 8 * rows), .repeated)]
        // Blocks 1 to 6 changed (layout indices 2...7): three fit in a piece.
        let touched = (10 + rows + 1)..<(10 + 6 * rows + 1)
        let parts = SequenceEncoder.parts(of: layout, touched: touched, rowBytes: rowBytes)
        #expect(parts == [0..<1, 1..<2, 2..<5, 5..<8, 8..<9, 9..<10])
        #expect(SequenceEncoder.parts(of: layout, touched: 0..<0, rowBytes: rowBytes).allSatisfy { $0.count == 1 })
    }

    @Test func zlibHeaderIsValid() {
        for level in 0...9 {
            let header = PNGContainer.zlibHeader(level: level)
            #expect((Int(header[0]) << 8 | Int(header[1])) % 31 == 0)
            #expect(header[0] == 0x78)
        }
        #expect(PNGContainer.zlibHeader(level: 6) == [0x78, 0x9C])
        #expect(PNGContainer.zlibHeader(level: 9) == [0x78, 0xDA])
    }
}
