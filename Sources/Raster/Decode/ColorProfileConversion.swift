import CLittleCMS

/// Converts pixels from an embedded ICC profile to sRGB with Little CMS (relative colorimetric
/// intent, as displays show screenshots; for matrix-shaper profiles such as Display P3 it is the
/// same as perceptual). Each call makes its own Little CMS context and frees it, so nothing is
/// shared between threads. Translucent pixels are demultiplied, converted and premultiplied
/// again; opaque ones are converted as they are.
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
        guard let context = frames_cmsCreateContext(nil, nil) else { return nil }
        defer { frames_cmsDeleteContext(context) }
        let handle = profile.withUnsafeBytes {
            frames_cmsOpenProfileFromMemTHR(context, $0.baseAddress, UInt32($0.count))
        }
        guard let handle else { return nil }
        defer { _ = frames_cmsCloseProfile(handle) }
        var buffer = [CChar](repeating: 0, count: 256)
        let count = frames_cmsGetProfileInfoASCII(
            handle, frames_cms_info_description, "en", "US", &buffer, UInt32(buffer.count))
        guard count > 1 else { return nil }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? nil : text
    }

    /// `pixmap` converted from `profile` to sRGB, in place.
    static func convert(_ pixmap: inout Pixmap, from profile: [UInt8]) throws(Refusal) {
        guard let context = frames_cmsCreateContext(nil, nil) else { throw .unreadable }
        defer { frames_cmsDeleteContext(context) }
        let source = profile.withUnsafeBytes {
            frames_cmsOpenProfileFromMemTHR(context, $0.baseAddress, UInt32($0.count))
        }
        guard let source else { throw .unreadable }
        defer { _ = frames_cmsCloseProfile(source) }
        guard frames_cmsGetColorSpace(source).rawValue == frames_cms_rgb_space else { throw .notRGB }
        guard let target = frames_cmsCreate_sRGBProfileTHR(context) else { throw .unreadable }
        defer { _ = frames_cmsCloseProfile(target) }
        guard
            let transform = frames_cmsCreateTransformTHR(
                context, source, frames_cms_rgba_8, target, frames_cms_rgba_8, frames_cms_intent_relative,
                frames_cms_copy_alpha)
        else { throw .unreadable }
        defer { frames_cmsDeleteTransform(transform) }
        demultiplyTranslucent(&pixmap)
        let count = pixmap.pixels.count
        // In rows of at most 64 Ki pixels: Little CMS counts pixels in 32 bits.
        pixmap.pixels.withUnsafeMutableBytes { raw in
            var start = 0
            while start < count {
                let n = min(1 << 16, count - start)
                let base = raw.baseAddress! + 4 * start
                frames_cmsDoTransform(transform, base, base, UInt32(n))
                start += n
            }
        }
        premultiplyTranslucent(&pixmap)
    }

    private static func demultiplyTranslucent(_ pixmap: inout Pixmap) {
        pixmap.pixels.withUnsafeMutableBufferPointer { p in
            for i in p.indices where p[i] >> 24 != 255 {
                let a = UInt8(p[i] >> 24)
                guard a > 0 else { continue }
                func channel(_ shift: UInt32) -> UInt32 {
                    UInt32(Alpha.demultiply(UInt8((p[i] >> shift) & 0xFF), alpha: a))
                }
                p[i] = Pixmap.pack(r: channel(0), g: channel(8), b: channel(16), a: UInt32(a))
            }
        }
    }

    private static func premultiplyTranslucent(_ pixmap: inout Pixmap) {
        pixmap.pixels.withUnsafeMutableBufferPointer { p in
            for i in p.indices where p[i] >> 24 != 255 {
                let a = UInt8(p[i] >> 24)
                func channel(_ shift: UInt32) -> UInt32 {
                    UInt32(Alpha.premultiply(UInt8((p[i] >> shift) & 0xFF), alpha: a))
                }
                p[i] = Pixmap.pack(r: channel(0), g: channel(8), b: channel(16), a: UInt32(a))
            }
        }
    }
}
