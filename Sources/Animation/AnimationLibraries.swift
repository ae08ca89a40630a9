import CGIF
import CWebP
import Images

/// The animation encoders' libraries and their versions, each asked once (`LibraryVersion`).
package enum AnimationLibraries {
    /// libwebp's encoder version as the loaded library reports it, e.g. "1.2.4" (a byte each for
    /// major, minor and revision).
    package static let libwebp: LibraryVersion = {
        let packed = WebPGetEncoderVersion()
        return LibraryVersion(name: "libwebp", version: "\(packed >> 16 & 0xFF).\(packed >> 8 & 0xFF).\(packed & 0xFF)")
    }()

    /// giflib's version from its header: the library has no call that reports it.
    package static let giflib = LibraryVersion(
        name: "giflib", version: "\(GIFLIB_MAJOR).\(GIFLIB_MINOR).\(GIFLIB_RELEASE)",
        note: "from its header at build time")

    /// All of them, in the order `frames --version` lists them.
    package static var all: [LibraryVersion] { [libwebp, giflib] }
}
