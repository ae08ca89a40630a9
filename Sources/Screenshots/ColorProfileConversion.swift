import CLittleCMS
import Images

/// Converts straight pixels from an embedded ICC profile to sRGB with Little CMS (relative
/// colorimetric intent, as displays show screenshots; for matrix-shaper profiles such as
/// Display P3 it is the same as perceptual), alpha copied as it is. Each call makes its own
/// Little CMS context and frees it, so nothing is shared between threads or calls.
enum ColorProfileConversion {
    /// Why a profile was not applied.
    enum Refusal: Error, Equatable {
        /// Little CMS cannot parse the bytes as an ICC profile.
        case unreadable
        /// A profile of another colour space than RGB (greyscale, CMYK).
        case notRGB
    }

    /// The profile's description (its `desc` tag, e.g. "Display P3"), or nil.
    static func description(of profile: [UInt8]) -> String? {
        guard let context = cmsCreateContext(nil, nil) else { return nil }
        defer { cmsDeleteContext(context) }
        let handle = profile.withUnsafeBytes { cmsOpenProfileFromMemTHR(context, $0.baseAddress, UInt32($0.count)) }
        guard let handle else { return nil }
        defer { _ = cmsCloseProfile(handle) }
        var buffer = [CChar](repeating: 0, count: 256)
        let count = cmsGetProfileInfoASCII(handle, cmsInfoDescription, "en", "US", &buffer, UInt32(buffer.count))
        guard count > 1 else { return nil }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? nil : text
    }

    /// `image` converted from `profile` to sRGB, in place.
    static func convert(_ image: inout RGBAImage, from profile: [UInt8]) throws(Refusal) {
        guard let context = cmsCreateContext(nil, nil) else { throw .unreadable }
        defer { cmsDeleteContext(context) }
        let source = profile.withUnsafeBytes { cmsOpenProfileFromMemTHR(context, $0.baseAddress, UInt32($0.count)) }
        guard let source else { throw .unreadable }
        defer { _ = cmsCloseProfile(source) }
        guard cmsGetColorSpace(source) == cmsSigRgbData else { throw .notRGB }
        guard let target = cmsCreate_sRGBProfileTHR(context) else { throw .unreadable }
        defer { _ = cmsCloseProfile(target) }
        guard
            let transform = cmsCreateTransformTHR(
                context, source, frames_cms_rgba_8, target, frames_cms_rgba_8, UInt32(INTENT_RELATIVE_COLORIMETRIC),
                0)
        else { throw .unreadable }
        defer { cmsDeleteTransform(transform) }
        convertRuns(&image.pixels) { buffer, count in cmsDoTransform(transform, buffer, buffer, UInt32(count)) }
    }

    /// Converts `pixels` with `convert` (which converts `count` RGBA pixels at a pointer in place),
    /// each run of equal pixels once: screenshots repeat a colour along a row (a background, a
    /// card), three pixels in four on the test screenshots, and the conversion is the costly part
    /// (Little CMS takes about 50 ms for 3 megapixels here). The heads of the runs are gathered
    /// at most 64 Ki at a time (Little CMS counts pixels in 32 bits), converted, and spread back
    /// over their runs: the same pixels as converting each one.
    static func convertRuns(_ pixels: inout [UInt32], _ convert: (UnsafeMutableRawPointer, Int) -> Void) {
        let capacity = 1 << 16
        var heads = [UInt32](repeating: 0, count: capacity)
        var lengths = [Int](repeating: 0, count: capacity)
        pixels.withUnsafeMutableBufferPointer { p in
            var index = 0
            while index < p.count {
                // One batch: runs from `start` until `capacity` heads are gathered.
                let start = index
                var runs = 0
                while index < p.count, runs < capacity {
                    let value = p[index]
                    var end = index + 1
                    while end < p.count, p[end] == value { end += 1 }
                    heads[runs] = value
                    lengths[runs] = end - index
                    runs += 1
                    index = end
                }
                heads.withUnsafeMutableBytes { convert($0.baseAddress!, runs) }
                var at = start
                for run in 0..<runs {
                    for i in at..<(at + lengths[run]) { p[i] = heads[run] }
                    at += lengths[run]
                }
            }
        }
    }
}
