import CFontconfig
import CFreeType
import CFriBidi
import CHarfBuzz
import CUnibreak
import Images

/// The libraries behind text and their versions, each asked once (`LibraryVersion`).
package enum TextLibraries {
    /// FreeType's version from a library opened and closed for the question.
    package static let freeType: LibraryVersion = {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            return LibraryVersion(name: "FreeType", version: "unknown")
        }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0
        var minor: FT_Int = 0
        var patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return LibraryVersion(name: "FreeType", version: "\(major).\(minor).\(patch)")
    }()

    /// HarfBuzz's version as the loaded library reports it, e.g. "6.0.0".
    package static let harfBuzz = LibraryVersion(name: "HarfBuzz", version: String(cString: hb_version_string()))

    /// FriBidi's version from the first line of `fribidi_version_info`, e.g. "1.0.8".
    package static let friBidi: LibraryVersion = {
        let version = String(cString: frames_fribidi_version()).split(separator: "\n").first.map {
            String($0.split(separator: " ").last ?? "")
        }
        return LibraryVersion(name: "FriBidi", version: version ?? "unknown")
    }()

    /// libunibreak's `linebreak_version` (the Unicode line breaking data it holds, e.g. "2.2"):
    /// the library reports no release number.
    package static let libunibreak = LibraryVersion(
        name: "libunibreak", version: "\(linebreak_version >> 8).\(linebreak_version & 0xFF)",
        note: "linebreak_version: the library reports no release number")

    /// fontconfig's version as the loaded library reports it (21401 is "2.14.1").
    package static let fontconfig: LibraryVersion = {
        let number = Int(FcGetVersion())
        return LibraryVersion(
            name: "fontconfig", version: "\(number / 10000).\(number / 100 % 100).\(number % 100)")
    }()

    /// All of them, in the order `frames --version` lists them.
    package static var all: [LibraryVersion] { [freeType, harfBuzz, friBidi, libunibreak, fontconfig] }
}
