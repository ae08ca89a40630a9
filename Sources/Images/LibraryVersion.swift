import CZlib
import PNGBridge

/// A C library this package links, and its version: what the loaded library reports, except
/// where a library has no call for it (then `note` says where the figure comes from).
///
/// Each library's version is asked in one place, the target that links it: libpng and zlib here
/// (`ImageLibraries`), FreeType, HarfBuzz, FriBidi, libunibreak and fontconfig in `Raster`
/// (`TextLibraries`), libwebp and giflib in `Animation` (`AnimationLibraries`), Little CMS and
/// libjpeg-turbo in `Screenshots` (`ScreenshotLibraries`), libmicrohttpd in `Studio`. Each is
/// asked the first time it is wanted, so asking opens nothing the process has not loaded.
/// `frames --version` lists them all; a manifest records those that decide a render's bytes.
public struct LibraryVersion: Sendable, Equatable {
    /// The library's name as its project writes it, e.g. "libpng".
    public let name: String
    /// Its version, e.g. "1.6.39", or "unknown".
    public let version: String
    /// Where the figure comes from when the library cannot say ("from its header at build
    /// time"), or "".
    public let note: String

    package init(name: String, version: String, note: String = "") {
        self.name = name
        self.version = version
        self.note = note
    }
}

/// The image libraries and their versions, each asked once (`LibraryVersion`).
package enum ImageLibraries {
    /// libpng's version as the loaded library reports it, e.g. "1.6.39".
    package static let libpng = LibraryVersion(name: "libpng", version: String(cString: png_bridge_libpng_version()))

    /// zlib's version as the loaded library reports it, e.g. "1.2.13".
    package static let zlib = LibraryVersion(name: "zlib", version: String(cString: zlibVersion()))

    /// All of them, in the order `frames --version` lists them.
    package static var all: [LibraryVersion] { [libpng, zlib] }
}
