import CLittleCMS
import CTurboJPEG
import CZlib
import Foundation
import Testing

@testable import Images
@testable import Screenshots

/// The screenshot reader on files made here with the libraries themselves: JPEGs libjpeg-turbo
/// encodes, ICC profiles Little CMS writes (sRGB, and Display P3 from its primaries), embedded
/// in a PNG's iCCP chunk and in a JPEG's APP2 segments. Colours converted from Display P3 are
/// checked against the published sRGB red; a conversion run by run is held against one pixel at
/// a time; files cut short are refused as truncated.
@Suite struct ScreenshotDecoderTests {
    /// A 64 × 48 opaque image of smooth gradients (JPEG keeps them within a few levels).
    static func gradient() throws -> RGBAImage {
        var image = try RGBAImage(width: 64, height: 48)
        for y in 0..<48 {
            for x in 0..<64 {
                image.pixels[y * 64 + x] = Pixmap.pack(r: UInt32(x * 4), g: UInt32(y * 5), b: 128, a: 255)
            }
        }
        return image
    }

    /// `image` as a JPEG of quality 95 without chroma subsampling, by TurboJPEG.
    static func jpeg(_ image: RGBAImage) throws -> [UInt8] {
        let handle = try #require(tjInitCompress())
        defer { _ = tjDestroy(handle) }
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let status = image.pixels.withUnsafeBytes { raw in
            tjCompress2(
                handle, raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(image.width), 0,
                Int32(image.height), Int32(TJPF_RGBA.rawValue), &buffer, &size, Int32(TJSAMP_444.rawValue), 95, 0)
        }
        defer { tjFree(buffer) }
        #expect(status == 0)
        return Array(UnsafeBufferPointer(start: try #require(buffer), count: Int(size)))
    }

    /// An ICC profile: sRGB, or Display P3 (P3's primaries, D65, sRGB's curve) as Little CMS
    /// writes it.
    static func profile(displayP3: Bool) throws -> [UInt8] {
        let handle: cmsHPROFILE?
        if displayP3 {
            var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
            var primaries = cmsCIExyYTRIPLE(
                Red: cmsCIExyY(x: 0.680, y: 0.320, Y: 1), Green: cmsCIExyY(x: 0.265, y: 0.690, Y: 1),
                Blue: cmsCIExyY(x: 0.150, y: 0.060, Y: 1))
            var parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
            let curve = cmsBuildParametricToneCurve(nil, 4, &parameters)
            defer { cmsFreeToneCurve(curve) }
            var curves: [OpaquePointer?] = [curve, curve, curve]
            handle = cmsCreateRGBProfile(&white, &primaries, &curves)
            _ = "Display P3".withCString { text in
                let mlu = cmsMLUalloc(nil, 1)
                defer { cmsMLUfree(mlu) }
                cmsMLUsetASCII(mlu, "en", "US", text)
                return cmsWriteTag(handle, cmsSigProfileDescriptionTag, UnsafeRawPointer(mlu))
            }
        } else {
            handle = cmsCreate_sRGBProfile()
        }
        let profile = try #require(handle)
        defer { cmsCloseProfile(profile) }
        var size: UInt32 = 0
        #expect(cmsSaveProfileToMem(profile, nil, &size) != 0)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        #expect(cmsSaveProfileToMem(profile, &bytes, &size) != 0)
        return bytes
    }

    /// A PNG chunk: length, type, data, CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = UInt32(body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }

    /// `image` as a PNG whose sRGB chunk is replaced by an iCCP chunk holding `profile`.
    static func png(_ image: RGBAImage, profile: [UInt8]) throws -> [UInt8] {
        let plain = try PNGEncoder().encode(Pixmap(premultiplying: image))
        var compressed = [UInt8](repeating: 0, count: profile.count + 1024)
        var compressedLength = uLongf(compressed.count)
        #expect(compress(&compressed, &compressedLength, profile, uLong(profile.count)) == Z_OK)
        var out = Array(plain.prefix(8))
        var offset = 8
        while offset + 12 <= plain.count {
            let length = Int(plain[offset..<(offset + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            let type = String(decoding: plain[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let whole = plain[offset..<(offset + 12 + length)]
            offset += 12 + length
            if type == "sRGB" { continue }
            out += whole
            if type == "IHDR" {
                out += chunk("iCCP", Array("ICC Profile".utf8) + [0, 0] + compressed.prefix(Int(compressedLength)))
            }
        }
        return out
    }

    /// `jpeg` with `profile` in two APP2 "ICC_PROFILE" segments after SOI, the second first.
    static func jpeg(_ jpeg: [UInt8], profile: [UInt8]) -> [UInt8] {
        let half = profile.count / 2
        func segment(_ sequence: UInt8, _ piece: ArraySlice<UInt8>) -> [UInt8] {
            let body = Array("ICC_PROFILE".utf8) + [0, sequence, 2] + piece
            return [0xFF, 0xE2, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        }
        return Array(jpeg.prefix(2)) + segment(2, profile[half...]) + segment(1, profile[..<half]) + jpeg.dropFirst(2)
    }

    @Test func aJPEGReadsBackWithinAFewLevelsAndItsSizeFromTheHeader() throws {
        let image = try Self.gradient()
        let bytes = try Self.jpeg(image)
        #expect(try ScreenshotDecoder.size(of: bytes) == (64, 48))
        let decoded = try ScreenshotDecoder.decode(bytes)
        #expect(decoded.format == .jpeg && decoded.convertedFrom == nil && decoded.skippedProfile == nil)
        var largest = 0
        for (p, q) in zip(decoded.image.pixels, image.pixels) {
            for shift in [UInt32(0), 8, 16] {
                largest = max(largest, abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)))
            }
            #expect(p >> 24 == 255)
        }
        #expect(largest <= 4, "largest channel difference \(largest)")
    }

    @Test(arguments: [1, 2, 3])
    func aJPEGCutShortIsTruncated(thirds: Int) throws {
        let bytes = try Self.jpeg(try Self.gradient())
        let cut = Array(bytes.prefix(bytes.count * thirds / 4))
        #expect {
            try ScreenshotDecoder.decode(cut)
        } throws: { error in
            guard case ImageDecodeError.truncated(format: "JPEG", _) = error else { return false }
            return true
        }
    }

    @Test func aJPEGHeaderOverOneHundredMegapixelsIsRefusedBeforeDecoding() throws {
        var bytes = try Self.jpeg(try Self.gradient())
        // The frame header (SOF0): FF C0, length, precision, then height and width (20 000 each).
        let sof = try #require(bytes.indices.first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes.replaceSubrange((sof + 5)..<(sof + 9), with: [0x4E, 0x20, 0x4E, 0x20])
        #expect(throws: ImageDecodeError.tooLarge(width: 20000, height: 20000)) {
            try ScreenshotDecoder.size(of: bytes)
        }
        #expect(throws: ImageDecodeError.tooLarge(width: 20000, height: 20000)) { try ScreenshotDecoder.decode(bytes) }
    }

    @Test func displayP3IsConvertedToSRGBFromAPNGAndFromAJPEG() throws {
        // sRGB's red is (234, 51, 35) in Display P3; mid grey is the same in both (a JPEG's own
        // error aside). Each in whole 8 × 8 blocks.
        var image = try RGBAImage(width: 16, height: 16)
        for i in image.pixels.indices {
            image.pixels[i] =
                i < 128 ? Pixmap.pack(r: 234, g: 51, b: 35, a: 255) : Pixmap.pack(r: 128, g: 128, b: 128, a: 255)
        }
        let profile = try Self.profile(displayP3: true)
        for (bytes, format) in [
            (try Self.png(image, profile: profile), DecodedScreenshot.Format.png),
            (Self.jpeg(try Self.jpeg(image), profile: profile), .jpeg),
        ] {
            let decoded = try ScreenshotDecoder.decode(bytes)
            #expect(decoded.format == format && decoded.convertedFrom == "Display P3", "\(format)")
            let red = decoded.image.rgba(x: 8, y: 2)
            let grey = decoded.image.rgba(x: 8, y: 12)
            #expect(red.r >= 252 && red.g <= 4 && red.b <= 4, "\(format): red \(red)")
            #expect(abs(Int(grey.r) - 128) <= 2 && abs(Int(grey.b) - 128) <= 2, "\(format): grey \(grey)")
        }
    }

    @Test func anSRGBProfileLeavesThePixelsAndABrokenOneIsNamed() throws {
        let image = try Self.gradient()
        let decoded = try ScreenshotDecoder.decode(try Self.png(image, profile: try Self.profile(displayP3: false)))
        #expect(decoded.convertedFrom != nil)
        for (p, q) in zip(decoded.image.pixels, image.pixels) {
            for shift in [UInt32(0), 8, 16] { #expect(abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)) <= 1) }
        }
        let broken = try ScreenshotDecoder.decode(try Self.png(image, profile: Array(repeating: 7, count: 200)))
        #expect(broken.convertedFrom == nil && broken.skippedProfile?.contains("cannot be read") == true)
        #expect(broken.image == Pixmap(premultiplying: image))
    }

    @Test func aConversionRunByRunEqualsOnePixelAtATime() throws {
        // Runs of every length from 1 to 9, over three batches of run heads.
        var pixels: [UInt32] = []
        var value: UInt32 = 0xFF00_0000
        while pixels.count < 700_000 {
            value = value &* 1_664_525 &+ 1_013_904_223
            pixels += Array(repeating: value | 0xFF00_0000, count: Int(value >> 8) % 9 + 1)
        }
        let convert: (UnsafeMutableRawPointer, Int) -> Void = { raw, count in
            let p = raw.assumingMemoryBound(to: UInt32.self)
            for i in 0..<count { p[i] = (p[i] &* 2_654_435_761) | 0xFF00_0000 }
        }
        var byRuns = pixels
        ColorProfileConversion.convertRuns(&byRuns, convert)
        var each = pixels
        each.withUnsafeMutableBytes { convert($0.baseAddress!, pixels.count) }
        #expect(byRuns == each)
    }
}
