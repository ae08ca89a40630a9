import CFontconfig
import CFreeType
import CFriBidi
import CHarfBuzz
import CUnibreak
import Encoding

/// The C libraries the renderer uses and their versions, in the order `frames --version` lists
/// them: what the loaded library reports, except where a library has no call for it (then the
/// note says where the figure comes from). Asking opens nothing the process has not loaded.
package enum LibraryVersions {
    /// One library: its name, its version, and a note ("from its header") or "".
    package struct Entry: Sendable, Equatable {
        package let name: String
        package let version: String
        package let note: String
    }

    /// libpng, zlib, FreeType, HarfBuzz, FriBidi, libunibreak, fontconfig, libwebp, giflib, Little CMS,
    /// libjpeg-turbo.
    package static var all: [Entry] {
        let fontconfig = Int(FcGetVersion()) // 21401 is 2.14.1
        let friBidi = String(cString: frames_fribidi_version()).split(separator: "\n").first.map {
            String($0.split(separator: " ").last ?? "")
        }
        return [
            Entry(name: "libpng", version: EncoderLibraries.libpng, note: ""),
            Entry(name: "zlib", version: EncoderLibraries.zlib, note: ""),
            Entry(name: "FreeType", version: freeType, note: ""),
            Entry(name: "HarfBuzz", version: String(cString: hb_version_string()), note: ""),
            Entry(name: "FriBidi", version: friBidi ?? "unknown", note: ""),
            Entry(
                name: "libunibreak", version: "\(linebreak_version >> 8).\(linebreak_version & 0xFF)",
                note: "linebreak_version: the library reports no release number"),
            Entry(
                name: "fontconfig", version: "\(fontconfig / 10000).\(fontconfig / 100 % 100).\(fontconfig % 100)",
                note: ""),
            Entry(name: "libwebp", version: EncoderLibraries.libwebp, note: ""),
            Entry(name: "giflib", version: EncoderLibraries.giflib, note: "from its header at build time"),
            Entry(name: "Little CMS", version: EncoderLibraries.littleCMS, note: ""),
            Entry(name: "libjpeg-turbo", version: EncoderLibraries.libjpegTurbo, note: "from its header at build time"),
        ]
    }

    /// FreeType's version from a library opened and closed for the question.
    private static var freeType: String {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return "unknown" }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0
        var minor: FT_Int = 0
        var patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }
}
