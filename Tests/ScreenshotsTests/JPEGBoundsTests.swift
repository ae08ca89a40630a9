import CTurboJPEG
import Foundation
import Testing

@testable import Images
@testable import Screenshots

/// JPEG bombs and damaged JPEGs, made here from files TurboJPEG encodes: progressive files whose
/// scans repeat (few bytes each, a pass over every block each), a small file whose header claims
/// a large picture, files cut short and closed with EOI. Each is refused before or as it is
/// decoded, never read as grey rows.
@Suite struct JPEGBoundsTests {
    /// A `width` × `height` picture of gradients as a JPEG of quality 90, progressive or not,
    /// 4:4:4 or 4:2:0.
    static func jpeg(width: Int, height: Int, progressive: Bool, subsampling: TJSAMP = TJSAMP_444) throws -> [UInt8] {
        var image = try RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image.pixels[y * width + x] = Pixmap.pack(
                    r: UInt32(x * 5 % 256), g: UInt32(y * 3 % 256), b: UInt32((x + y) % 256), a: 255)
            }
        }
        let handle = try #require(tjInitCompress())
        defer { _ = tjDestroy(handle) }
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let flags = progressive ? Int32(TJFLAG_PROGRESSIVE) : 0
        let status = image.pixels.withUnsafeBytes { raw in
            tjCompress2(
                handle, raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(width), 0, Int32(height),
                Int32(TJPF_RGBA.rawValue), &buffer, &size, Int32(subsampling.rawValue), 90, flags)
        }
        defer { tjFree(buffer) }
        #expect(status == 0)
        return Array(UnsafeBufferPointer(start: try #require(buffer), count: Int(size)))
    }

    /// Where each scan (its SOS segment and entropy-coded data) starts and ends.
    static func scans(_ bytes: [UInt8]) -> [Range<Int>] {
        var scans: [Range<Int>] = []
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF, bytes[i + 1] != 0xD9 {
            var end = i + 2 + (Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]))
            if bytes[i + 1] == 0xDA {
                while !(bytes[end] == 0xFF && bytes[end + 1] != 0 && !(0xD0...0xD7).contains(bytes[end + 1])) {
                    end += 1
                }
                scans.append(i..<end)
            }
            i = end
        }
        return scans
    }

    /// `bytes` with its last scan repeated `times` more times.
    static func repeatingTheLastScan(_ bytes: [UInt8], times: Int) -> [UInt8] {
        let last = scans(bytes).last!
        var out = Array(bytes[..<last.upperBound])
        for _ in 0..<times { out += bytes[last] }
        return out + bytes[last.upperBound...]
    }

    static func refusal(_ bytes: [UInt8]) -> ImageDecodeError? {
        do {
            _ = try ScreenshotDecoder.decode(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func theScansOfLibjpegsProgressiveScriptAreCountedAndWeighed() throws {
        let progressive = JPEGScans(try Self.jpeg(width: 64, height: 48, progressive: true))
        let baseline = JPEGScans(try Self.jpeg(width: 64, height: 48, progressive: false))
        // libjpeg's script: 10 scans (DC, then bands and refinements); 3 passes of the luma's
        // coefficients and 2 of each chroma's, 7/3 passes over all of them at 4:4:4.
        #expect(progressive.count == 10 && abs(progressive.passes - 7.0 / 3) < 0.02, "\(progressive)")
        #expect(baseline.count == 1 && baseline.passes == 1, "\(baseline)")
        let empty = JPEGScans([0xFF, 0xD8, 0xFF, 0xD9])
        #expect(empty.count == 0 && empty.passes == 0)
    }

    /// A progressive JPEG whose last scan repeats (each a pass over every block): 190 kB of it took
    /// 7 s. Over 64 scans it is refused before decoding; fewer repeats are refused by libjpeg's
    /// warning (an inconsistent progression) as soon as the first is read.
    @Test(arguments: [1, 4, 54, 55, 200, 3000])
    func repeatedScansAreRefused(times: Int) throws {
        let bytes = Self.repeatingTheLastScan(try Self.jpeg(width: 320, height: 240, progressive: true), times: times)
        let scans = JPEGScans(bytes)
        #expect(scans.count == 10 + times)
        switch Self.refusal(bytes) {
        case .tooMuchWork(format: "JPEG", let reason):
            #expect(scans.count > JPEGScans.maxCount || scans.passes > JPEGScans.maxPasses, "\(times): \(reason)")
        case .unreadable(format: "JPEG", let reason):
            #expect(
                scans.count <= JPEGScans.maxCount && reason.contains("Inconsistent progression"), "\(times): \(reason)")
        case let other:
            Issue.record("\(times) repeats: \(String(describing: other))")
        }
    }

    /// Under 64 scans, a file whose scans visit every coefficient more than 16 times (here the
    /// luma's full band, a third of 4:4:4's coefficients, repeated) is refused by its weight.
    @Test func scansOverTheWorkBoundAreRefusedBeforeDecoding() throws {
        let bytes = Self.repeatingTheLastScan(try Self.jpeg(width: 320, height: 240, progressive: true), times: 45)
        let scans = JPEGScans(bytes)
        #expect(scans.count <= JPEGScans.maxCount && scans.passes > JPEGScans.maxPasses, "\(scans)")
        guard case .tooMuchWork(format: "JPEG", let reason) = Self.refusal(bytes) else {
            Issue.record("45 repeats: \(String(describing: Self.refusal(bytes)))")
            return
        }
        #expect(reason.contains("visit every coefficient"), "\(reason)")
    }

    /// A baseline and a progressive JPEG whose header claims 8000 × 6000 px over the data of
    /// 64 × 48: libjpeg runs out of data at once and the file is refused (it was 48 megapixels of
    /// grey, exit 0).
    @Test(arguments: [false, true])
    func aSmallFileClaimingALargePictureIsRefused(progressive: Bool) throws {
        var bytes = try Self.jpeg(width: 64, height: 48, progressive: progressive)
        let frame = try #require(
            bytes.indices.first { bytes[$0] == 0xFF && (bytes[$0 + 1] & 0xF0) == 0xC0 && bytes[$0 + 1] != 0xC4 })
        bytes.replaceSubrange((frame + 5)..<(frame + 9), with: [0x17, 0x70, 0x1F, 0x40])
        #expect(try ScreenshotDecoder.size(of: bytes) == (8000, 6000))
        let refusal = Self.refusal(bytes)
        guard case .truncated(format: "JPEG", _)? = refusal else {
            Issue.record("progressive \(progressive): \(String(describing: refusal))")
            return
        }
    }

    /// Scan data cut short and closed with the end-of-image marker: libjpeg warns that the data
    /// ended early and fills the rest with grey; the file is refused, baseline and progressive,
    /// wherever it is cut (as truncated where the cut is in scan data, as the baseline's always is;
    /// a progressive file's cut may fall in a table between its scans).
    @Test(arguments: [false, true], [0.3, 0.5, 0.8, 0.95])
    func aFileCutShortAndClosedWithEOIIsRefused(progressive: Bool, fraction: Double) throws {
        let whole = try Self.jpeg(width: 160, height: 120, progressive: progressive, subsampling: TJSAMP_420)
        let scans = Self.scans(whole)
        let data = scans.first!.lowerBound..<scans.last!.upperBound
        let cut = data.lowerBound + Int(Double(data.count) * fraction)
        let bytes = Array(whole[..<cut]) + [0xFF, 0xD9]
        switch Self.refusal(bytes) {
        case .truncated(format: "JPEG", let reason)?:
            #expect(reason.lowercased().contains("premature end"), "cut at \(fraction): \(reason)")
        case .unreadable(format: "JPEG", let reason)? where progressive:
            #expect(!reason.isEmpty)
        case let other:
            Issue.record("progressive \(progressive), cut at \(fraction): \(String(describing: other))")
        }
    }

    /// A warning about the file's labels, not its data (a JFIF revision 2.1 libjpeg does not know)
    /// stops the strict decode; the file is decoded again to its end and read.
    @Test func aWarningAboutLabelsOnlyIsRead() throws {
        var bytes = try Self.jpeg(width: 64, height: 48, progressive: false)
        let jfif = try #require(bytes.indices.first { bytes[$0...].starts(with: Array("JFIF".utf8) + [0]) })
        bytes[jfif + 5] = 2
        bytes[jfif + 6] = 1
        let decoded = try ScreenshotDecoder.decode(bytes)
        #expect(decoded.image.width == 64 && decoded.image.height == 48)
        #expect(
            decoded.image.pixels
                == (try ScreenshotDecoder.decode(try Self.jpeg(width: 64, height: 48, progressive: false)).image.pixels)
        )
    }

    /// A corrupt byte in the scan data (a bad Huffman code, a marker where none belongs) is
    /// refused; the whole file reads.
    @Test func corruptScanDataIsRefused() throws {
        let whole = try Self.jpeg(width: 160, height: 120, progressive: false)
        #expect(Self.refusal(whole) == nil)
        let scan = Self.scans(whole)[0]
        var refused = 0
        var tried = 0
        for at in stride(from: scan.lowerBound + 20, to: scan.upperBound - 2, by: 97) {
            var bytes = whole
            bytes[at] = 0xFF
            bytes[at + 1] = 0xD3 // a restart marker where none is expected
            tried += 1
            if Self.refusal(bytes) != nil { refused += 1 }
        }
        #expect(refused == tried, "\(refused) of \(tried) corrupt files refused")
    }
}
