import CGIF
import CLittleCMS
import CTurboJPEG
import CWebP
import CZlib
import PNGBridge

/// The versions of the C libraries that encode and decode images, for `frames --version` and manifests:
/// what the process runs with where the library can say so, else what it was built against.
package enum EncoderLibraries {
    /// libpng's version as the loaded library reports it, e.g. "1.6.39".
    package static var libpng: String { String(cString: png_bridge_libpng_version()) }

    /// zlib's version as the loaded library reports it, e.g. "1.2.13".
    package static var zlib: String { String(cString: zlibVersion()) }

    /// libwebp's encoder version as the loaded library reports it, e.g. "1.2.4".
    package static var libwebp: String { dotted(WebPGetEncoderVersion()) }

    /// giflib's version from its header: the library has no call that reports it.
    package static var giflib: String { "\(GIFLIB_MAJOR).\(GIFLIB_MINOR).\(GIFLIB_RELEASE)" }

    /// Little CMS's version as the loaded library reports it, e.g. "2.14" (from 2140).
    package static var littleCMS: String {
        let packed = Int(cmsGetEncodedCMMversion())
        return "\(packed / 1000).\(packed / 10 % 100)"
    }

    /// libjpeg-turbo's version from jconfig.h, e.g. "2.1.5" (from 2001005), or "unknown" where the
    /// header is missing: the TurboJPEG API has no call that reports it.
    package static var libjpegTurbo: String {
        let packed = Int(frames_libjpeg_turbo_version)
        return packed == 0 ? "unknown" : "\(packed / 1_000_000).\(packed / 1000 % 1000).\(packed % 1000)"
    }

    /// 0x010204 as "1.2.4" (libwebp's packing: a byte each for major, minor and revision).
    static func dotted(_ packed: Int32) -> String {
        "\(packed >> 16 & 0xFF).\(packed >> 8 & 0xFF).\(packed & 0xFF)"
    }
}
