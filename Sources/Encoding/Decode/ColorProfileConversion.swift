import CLittleCMS

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
                UInt32(cmsFLAGS_COPY_ALPHA))
        else { throw .unreadable }
        defer { cmsDeleteTransform(transform) }
        let count = image.pixels.count
        // In runs of at most 64 Ki pixels: Little CMS counts pixels in 32 bits.
        image.pixels.withUnsafeMutableBytes { raw in
            var start = 0
            while start < count {
                let n = min(1 << 16, count - start)
                let base = raw.baseAddress! + 4 * start
                cmsDoTransform(transform, base, base, UInt32(n))
                start += n
            }
        }
    }
}
