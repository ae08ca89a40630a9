import CLittleCMS
import CTurboJPEG
import Images

/// The screenshot decoders' libraries and their versions, each asked once (`LibraryVersion`).
package enum ScreenshotLibraries {
    /// Little CMS's version as the loaded library reports it, e.g. "2.14" (from 2140).
    package static let littleCMS: LibraryVersion = {
        let packed = Int(cmsGetEncodedCMMversion())
        return LibraryVersion(name: "Little CMS", version: "\(packed / 1000).\(packed / 10 % 100)")
    }()

    /// libjpeg-turbo's version from jconfig.h, e.g. "2.1.5" (from 2001005), or "unknown" where the
    /// header is missing: the TurboJPEG API has no call that reports it.
    package static let libjpegTurbo: LibraryVersion = {
        let packed = Int(frames_libjpeg_turbo_version)
        let version = packed == 0 ? "unknown" : "\(packed / 1_000_000).\(packed / 1000 % 1000).\(packed % 1000)"
        return LibraryVersion(name: "libjpeg-turbo", version: version, note: "from its header at build time")
    }()

    /// All of them, in the order `frames --version` lists them.
    package static var all: [LibraryVersion] { [littleCMS, libjpegTurbo] }
}
