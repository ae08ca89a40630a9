import TestSupport
import Testing

@testable import Images
@testable import Raster
@testable import TestSupport

@Suite struct PNGTests {
    @Test(arguments: PNGFilter.allCases)
    func encodeDecodeRoundTrips(filter: PNGFilter) throws {
        var style = LoadingStyle.overlay
        style.dimAmount = 0.37
        let scene = Scene(style: style, variant: .overlay, scale: 1, screenSize: Size(width: 120, height: 110))
        let frame = try FrameRenderer(scene: scene, frameCount: 8).frame(3)
        let bytes = try PNGEncoder(compression: .zlib(level: 6), filter: filter).encode(frame)
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let decoded = try PNGDecoder.decode(bytes)
        let same = decoded == frame
        #expect(same, "\(firstDifference(decoded, frame))")
    }

    @Test(arguments: ["libpng", "pieces"])
    func chunksAreIHDRsRGBIDATIENDWithoutTime(encoder: String) throws {
        let renderer = try FrameRenderer(scene: Scene(variant: .indicator, scale: 1), frameCount: 4)
        let bytes =
            encoder == "libpng"
            ? try PNGEncoder().encode(renderer.frame(1))
            : try renderer.sequenceEncoder().encode(frame: 1)
        var chunks: [String] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            chunks.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
            offset += 12 + length
        }
        #expect(offset == bytes.count)
        #expect(chunks.first == "IHDR")
        #expect(chunks.contains("sRGB"))
        #expect(!chunks.contains("tIME"))
        #expect(chunks.last == "IEND")
        // IHDR: width, height, bit depth 8, colour type 6 (RGBA).
        #expect(Array(bytes[16..<26]) == [0, 0, 0, 80, 0, 0, 0, 88, 8, 6])
    }

    @Test func garbageIsAnErrorNotACrash() {
        #expect(throws: PNGError.self) { try PNGDecoder.decode([]) }
        #expect(throws: PNGError.self) { try PNGDecoder.decode(Array("not a png at all".utf8)) }
        let valid = try! PNGEncoder().encode(try! Pixmap(width: 3, height: 3))
        #expect(throws: PNGError.self) { try PNGDecoder.decode(Array(valid.prefix(valid.count - 20))) }
        // A header that claims 4294967295 × 4294967295 px is refused before anything is allocated.
        var huge = valid
        huge.replaceSubrange(16..<24, with: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        #expect(throws: PNGError.tooLarge(width: 4_294_967_295, height: 4_294_967_295)) { try PNGDecoder.decode(huge) }
        var wide = valid
        wide.replaceSubrange(16..<24, with: [0, 0x01, 0, 0, 0, 0x01, 0, 0])
        #expect(throws: PNGError.self) { try PNGDecoder.decode(wide) }
    }
}
