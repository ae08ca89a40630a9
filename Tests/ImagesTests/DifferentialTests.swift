import CZlib
import TestSupport
import Testing

@testable import Images
@testable import Raster

/// Every PNG the encoders write, held against two independent readers: zlib's `uncompress`
/// inflates the image data (a valid zlib stream, its Adler-32 checked, exactly height scanlines of
/// the filter types asked for) and libpng decodes the file to the same pixels. Over random images
/// and real frames, with this package's row deflate and with zlib, and every filter type.
@Suite(.slow) struct DifferentialTests {
    /// A premultiplied image of random pixels (every channel at most its alpha), with runs and
    /// repeated rows mixed in so that the deflaters' matches are exercised too.
    static func randomImage(width: Int, height: Int, seed: UInt64) -> Pixmap {
        var state = seed
        func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 33)
        }
        var image = try! Pixmap(width: width, height: height)
        for y in 0..<height {
            if y > 0, next() % 4 == 0 {
                for x in 0..<width { image.pixels[y * width + x] = image.pixels[(y - 1) * width + x] }
                continue
            }
            var x = 0
            while x < width {
                let a = next() % 256
                let pixel = Pixmap.pack(r: next() % (a + 1), g: next() % (a + 1), b: next() % (a + 1), a: a)
                let run = next() % 3 == 0 ? Int(next() % 40) + 1 : 1
                for _ in 0..<run where x < width {
                    image.pixels[y * width + x] = pixel
                    x += 1
                }
            }
        }
        return image
    }

    /// Frames drawn by the renderer: the overlay with a label at @2x over a dim layer, and the
    /// inline indicator at @3x.
    static let frames: [Pixmap] = {
        let overlay = try! FrameRenderer(
            scene: Scene(variant: .overlay, scale: 2, text: "Zpracování platby…"), frameCount: 12)
        let indicator = try! FrameRenderer(scene: Scene(variant: .indicator, scale: 3), frameCount: 8)
        return [overlay.frame(5), indicator.frame(3)]
    }()

    static let images: [(String, Pixmap)] =
        [
            ("random 1×1", randomImage(width: 1, height: 1, seed: 1)),
            ("random 97×61", randomImage(width: 97, height: 61, seed: 2)),
            ("random 700×300", randomImage(width: 700, height: 300, seed: 3)),
            ("random 9000×5", randomImage(width: 9000, height: 5, seed: 4)),
        ] + frames.enumerated().map { ("frame \($0.offset)", $0.element) }

    /// The concatenated IDAT data of a PNG file.
    static func imageData(_ file: [UInt8]) -> [UInt8] {
        var data: [UInt8] = []
        var offset = 8
        while offset + 8 <= file.count {
            let length = file[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: file[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if type == "IDAT" { data += file[(offset + 8)..<(offset + 8 + length)] }
            offset += 12 + length
        }
        return data
    }

    /// The zlib stream inflated by zlib (its checksum checked), or nil when zlib refuses it.
    static func inflate(_ stream: [UInt8], expecting count: Int) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: count + 1)
        var length = UInt(output.count)
        let status = output.withUnsafeMutableBufferPointer { out in
            stream.withUnsafeBufferPointer { uncompress(out.baseAddress, &length, $0.baseAddress, UInt($0.count)) }
        }
        return status == Z_OK ? Array(output[0..<Int(length)]) : nil
    }

    /// The file decoded by libpng (not the package's own reader of 8-bit files), as straight RGBA
    /// bytes, or nil when libpng refuses it.
    static func libpngPixels(_ file: [UInt8]) -> [UInt8]? {
        let reader = PNGReader(readers: .libpng)
        guard (try? file.withUnsafeBufferPointer { (bytes) throws(PNGError) in try reader.read(bytes) }) != nil,
            let image = try? reader.image()
        else { return nil }
        return image.pixels.flatMap { p in (0..<4).map { UInt8(truncatingIfNeeded: p >> (8 * $0)) } }
    }

    static let compressions: [Compression] = [.rows, .zlib(level: 6), .zlib(level: 1)]

    @Test(arguments: images.indices, PNGFilter.allCases)
    func bothReadersAgree(index: Int, filter: PNGFilter) throws {
        let (name, image) = Self.images[index]
        for compression in Self.compressions {
            let file = try PNGEncoder(compression: compression, filter: filter).encode(image)
            let rowBytes = image.width * 4 + 1
            let scanlines = Self.inflate(Self.imageData(file), expecting: image.height * rowBytes)
            #expect(scanlines?.count == image.height * rowBytes, "\(name), \(compression), \(filter): zlib inflates")
            if let scanlines {
                let types = Set(stride(from: 0, to: scanlines.count, by: rowBytes).map { scanlines[$0] })
                let allowed: Set<UInt8> =
                    switch filter {
                    case .none: [0]
                    case .sub: [1]
                    case .up: [0, 2]
                    case .average: [0, 3]
                    case .paeth: [0, 4]
                    case .adaptive: [0, 1, 2, 3, 4]
                    }
                #expect(types.isSubset(of: allowed), "\(name), \(compression), \(filter): filter types \(types)")
            }
            #expect(Self.libpngPixels(file) == image.straightRGBA, "\(name), \(compression), \(filter): libpng")
        }
    }

    /// Each frame of a sequence, encoded with the cached pieces, inflates and decodes to the
    /// frame the renderer draws.
    @Test func sequenceFramesReadBack() throws {
        let renderer = try FrameRenderer(
            scene: Scene(variant: .overlay, scale: 1.5, text: "Processing payment…"), frameCount: 10)
        let encoder = try renderer.sequenceEncoder()
        for k in 0..<renderer.frameCount {
            let file = try encoder.encode(frame: k)
            let frame = renderer.frame(k)
            let rowBytes = frame.width * 4 + 1
            #expect(
                Self.inflate(Self.imageData(file), expecting: frame.height * rowBytes)?.count
                    == frame.height * rowBytes, "frame \(k): zlib inflates")
            #expect(Self.libpngPixels(file) == frame.straightRGBA, "frame \(k): libpng")
        }
    }
}
