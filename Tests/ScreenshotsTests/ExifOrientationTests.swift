import Testing

@testable import Images
@testable import Screenshots

/// EXIF orientation: a picture stored sideways with the tag that says so reads back upright,
/// from a PNG's eXIf chunk and from a JPEG's APP1 Exif segment, in both byte orders; each of the
/// eight orientations is checked pixel by pixel against the turn TIFF 6.0 describes; a broken
/// Exif structure is as stored.
@Suite struct ExifOrientationTests {
    /// A TIFF structure with one directory holding only the orientation tag.
    static func tiff(orientation: Int, littleEndian: Bool) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] {
            littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)]
        }
        func u32(_ v: Int) -> [UInt8] {
            let bytes = [24, 16, 8, 0].map { UInt8((v >> $0) & 0xFF) }
            return littleEndian ? bytes.reversed() : bytes
        }
        let header: [UInt8] = (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(8)
        let entry = u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0)
        return header + u16(1) + entry + u32(0)
    }

    /// A 5 × 3 image whose every pixel differs: red is the column, green the row.
    static func stored() throws -> RGBAImage {
        var image = try RGBAImage(width: 5, height: 3)
        for y in 0..<3 {
            for x in 0..<5 { image.pixels[y * 5 + x] = Pixmap.pack(r: UInt32(x * 40), g: UInt32(y * 90), b: 7, a: 255) }
        }
        return image
    }

    /// `image` as a PNG with an eXIf chunk of `tiff` after IHDR.
    static func png(_ image: RGBAImage, tiff: [UInt8]) throws -> [UInt8] {
        let plain = try PNGEncoder().encode(Pixmap(premultiplying: image))
        let ihdrEnd = 8 + 12 + 13
        return Array(plain[..<ihdrEnd]) + ScreenshotDecoderTests.chunk("eXIf", tiff) + plain[ihdrEnd...]
    }

    /// Where TIFF 6.0 puts the stored pixel (x, y) of a `w × h` picture on screen for each
    /// orientation: row 0 is the visual top (1, 2), bottom (3, 4), left (5, 8) or right (6, 7);
    /// column 0 the visual left (1, 4, 5, 6) or right (2, 3, 7, 8).
    static func shown(_ x: Int, _ y: Int, w: Int, h: Int, orientation: Int) -> (Int, Int) {
        switch orientation {
        case 2: return (w - 1 - x, y)
        case 3: return (w - 1 - x, h - 1 - y)
        case 4: return (x, h - 1 - y)
        case 5: return (y, x)
        case 6: return (h - 1 - y, x)
        case 7: return (h - 1 - y, w - 1 - x)
        case 8: return (y, w - 1 - x)
        default: return (x, y)
        }
    }

    @Test(arguments: 1...8, [true, false])
    func aPNGsEXIfOrientationIsApplied(orientation: Int, littleEndian: Bool) throws {
        let image = try Self.stored()
        let bytes = try Self.png(image, tiff: Self.tiff(orientation: orientation, littleEndian: littleEndian))
        let decoded = try ScreenshotDecoder.decode(bytes)
        #expect(decoded.orientation.value == orientation)
        let turned = orientation >= 5
        let (w, h) = (decoded.image.width, decoded.image.height)
        #expect((w, h) == (turned ? 3 : 5, turned ? 5 : 3))
        #expect(try ScreenshotDecoder.size(of: bytes) == (w, h))
        for y in 0..<3 {
            for x in 0..<5 {
                let (sx, sy) = Self.shown(x, y, w: 5, h: 3, orientation: orientation)
                let pixel = decoded.image.pixels[sy * w + sx]
                #expect(
                    pixel == image.pixels[y * 5 + x],
                    "orientation \(orientation): stored (\(x), \(y)) shown at (\(sx), \(sy)) is \(pixel)")
            }
        }
    }

    /// A JPEG stored turned a quarter anticlockwise with orientation 6 (as a phone held sideways
    /// stores it) reads back as the upright picture; without the tag, as stored.
    @Test func aJPEGsExifOrientationTurnsItUpright() throws {
        let upright = try ScreenshotDecoderTests.gradient()
        var stored = upright
        try ExifOrientation(value: 8).apply(to: &stored)
        let plain = try ScreenshotDecoderTests.jpeg(stored)
        let body = Array("Exif".utf8) + [0, 0] + Self.tiff(orientation: 6, littleEndian: false)
        let app1: [UInt8] = [0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        let tagged = Array(plain.prefix(2)) + app1 + plain.dropFirst(2)
        let decoded = try ScreenshotDecoder.decode(tagged)
        #expect(decoded.orientation.value == 6)
        #expect(decoded.image.width == upright.width && decoded.image.height == upright.height)
        #expect(try ScreenshotDecoder.size(of: tagged) == (upright.width, upright.height))
        var largest: UInt32 = 0
        for i in upright.pixels.indices {
            let straight = decoded.image.pixels[i]
            for shift: UInt32 in [0, 8, 16] {
                let a = (straight >> shift) & 0xFF
                let b = (upright.pixels[i] >> shift) & 0xFF
                largest = max(largest, a > b ? a - b : b - a)
            }
        }
        #expect(largest <= 8, "the upright picture differs by \(largest) levels")
        #expect(try ScreenshotDecoder.decode(plain).image.width == stored.width)
    }

    /// Broken structures are as stored: a directory past the end, an unknown byte order, a tag of
    /// another type, a value outside 1…8.
    @Test func aBrokenExifIsAsStored() {
        var pastTheEnd = Self.tiff(orientation: 6, littleEndian: true)
        pastTheEnd[4] = 0xF0
        var wrongOrder = Self.tiff(orientation: 6, littleEndian: true)
        wrongOrder[0] = 0x41
        var wrongType = Self.tiff(orientation: 6, littleEndian: true)
        wrongType[12] = 4
        for tiff in [pastTheEnd, wrongOrder, wrongType, Self.tiff(orientation: 9, littleEndian: true), []] {
            #expect(ExifOrientation.orientation(inTIFF: tiff).map { (1...8).contains($0) } != true, "\(tiff)")
        }
    }
}
