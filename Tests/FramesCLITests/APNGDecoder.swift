import CZlib

@testable import Images

/// A small animated-PNG reader for the tests, written from the APNG specification and
/// independent of the encoder: chunks, zlib inflate, the five row filters, and frame regions
/// composed with blend SOURCE and dispose NONE (what `frames` writes; anything else is refused).
struct APNGDecoder {
    struct Failure: Error, CustomStringConvertible { let description: String }

    let width: Int
    let height: Int
    let loops: Int
    /// Each frame's delay as (numerator, denominator) seconds, and the whole canvas after it.
    let frames: [(delay: (Int, Int), image: Pixmap)]
    /// The regions stored after the first frame (to check that only changes are stored).
    let regions: [PixelRect]

    init(_ bytes: [UInt8]) throws {
        func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        guard bytes.count > 8, Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw Failure(description: "no PNG signature")
        }
        var offset = 8
        var width = 0
        var height = 0
        var loops = -1
        var expectedFrames = 0
        var control: (w: Int, h: Int, x: Int, y: Int, delay: (Int, Int))? = nil
        var data: [UInt8] = []
        var canvas: [UInt8] = []
        var sequence = 0
        var frames: [(delay: (Int, Int), image: Pixmap)] = []
        var regions: [PixelRect] = []
        func finishFrame() throws {
            guard let c = control else { return }
            let rows = try APNGDecoder.unfilter(APNGDecoder.inflate(data), width: c.w, height: c.h)
            for y in 0..<c.h {
                for x in 0..<c.w {
                    for i in 0..<4 { canvas[((c.y + y) * width + c.x + x) * 4 + i] = rows[(y * c.w + x) * 4 + i] }
                }
            }
            frames.append(
                (c.delay, try PNGDecoder.decode(PNGEncoder(compressionLevel: 0).encodeStraight(canvas, width, height))))
            if frames.count > 1 { regions.append(PixelRect(x0: c.x, y0: c.y, x1: c.x + c.w, y1: c.y + c.h)) }
            control = nil
            data = []
        }
        while offset + 12 <= bytes.count {
            let length = u32(offset)
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let body = Array(bytes[offset + 8..<offset + 8 + length])
            let crc = UInt32(truncatingIfNeeded: u32(offset + 8 + length))
            let computed = UInt32(
                bytes[offset + 4..<offset + 8 + length].withContiguousStorageIfAvailable {
                    CZlib.crc32(0, $0.baseAddress, UInt32($0.count))
                } ?? 0)
            guard crc == computed else { throw Failure(description: "bad CRC in \(type)") }
            func b32(_ at: Int) -> Int { body[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            switch type {
            case "IHDR":
                width = b32(0)
                height = b32(4)
                guard body[8] == 8, body[9] == 6 else { throw Failure(description: "not 8-bit RGBA") }
                canvas = [UInt8](repeating: 0, count: width * height * 4)
            case "acTL":
                expectedFrames = b32(0)
                loops = b32(4)
            case "fcTL":
                try finishFrame()
                guard b32(0) == sequence else {
                    throw Failure(description: "fcTL sequence \(b32(0)), expected \(sequence)")
                }
                sequence += 1
                guard body[24] == 0, body[25] == 0 else {
                    throw Failure(description: "dispose/blend other than NONE/SOURCE")
                }
                control = (
                    b32(4), b32(8), b32(12), b32(16),
                    (Int(body[20]) << 8 | Int(body[21]), Int(body[22]) << 8 | Int(body[23]))
                )
            case "IDAT":
                data += body
            case "fdAT":
                guard b32(0) == sequence else {
                    throw Failure(description: "fdAT sequence \(b32(0)), expected \(sequence)")
                }
                sequence += 1
                data += body[4...]
            case "IEND":
                try finishFrame()
            default:
                break
            }
            offset += 12 + length
        }
        guard frames.count == expectedFrames else {
            throw Failure(description: "\(frames.count) frames, acTL says \(expectedFrames)")
        }
        self.width = width
        self.height = height
        self.loops = loops
        self.frames = frames
        self.regions = regions
    }

    static func inflate(_ data: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure(description: "inflateInit failed")
        }
        defer { inflateEnd(&stream) }
        var out: [UInt8] = []
        var input = data
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var status: Int32 = Z_OK
        input.withUnsafeMutableBufferPointer { inBuffer in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = UInt32(inBuffer.count)
            repeat {
                chunk.withUnsafeMutableBufferPointer { outBuffer in
                    stream.next_out = outBuffer.baseAddress
                    stream.avail_out = UInt32(outBuffer.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                out += chunk[0..<(chunk.count - Int(stream.avail_out))]
            } while status == Z_OK
        }
        guard status == Z_STREAM_END else { throw Failure(description: "inflate returned \(status)") }
        return out
    }

    /// Undoes the row filters: returns width × height × 4 bytes.
    static func unfilter(_ data: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        let stride = width * 4
        guard data.count == height * (stride + 1) else { throw Failure(description: "\(data.count) bytes of rows") }
        var out = [UInt8](repeating: 0, count: height * stride)
        for y in 0..<height {
            let filter = data[y * (stride + 1)]
            for i in 0..<stride {
                let raw = data[y * (stride + 1) + 1 + i]
                let a = i >= 4 ? Int(out[y * stride + i - 4]) : 0
                let b = y > 0 ? Int(out[(y - 1) * stride + i]) : 0
                let c = i >= 4 && y > 0 ? Int(out[(y - 1) * stride + i - 4]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = abs(p - a)
                    let pb = abs(p - b)
                    let pc = abs(p - c)
                    predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: throw Failure(description: "filter type \(filter)")
                }
                out[y * stride + i] = UInt8((Int(raw) + predicted) & 0xFF)
            }
        }
        return out
    }
}

extension PNGEncoder {
    /// Straight RGBA bytes as a PNG (for turning a decoded canvas into a Pixmap through libpng).
    func encodeStraight(_ rgba: [UInt8], _ width: Int, _ height: Int) throws -> [UInt8] {
        var pixmap = try Pixmap(width: width, height: height)
        for i in 0..<(width * height) {
            let a = rgba[4 * i + 3]
            pixmap.pixels[i] = Pixmap.pack(
                r: UInt32(Alpha.premultiply(rgba[4 * i], alpha: a)),
                g: UInt32(Alpha.premultiply(rgba[4 * i + 1], alpha: a)),
                b: UInt32(Alpha.premultiply(rgba[4 * i + 2], alpha: a)), a: UInt32(a))
        }
        return try encode(pixmap)
    }
}
