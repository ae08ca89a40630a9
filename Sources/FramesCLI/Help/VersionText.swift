import Animation
import Images
import Raster
import Screenshots

/// `frames --version`, in the manner of `curl --version`: the name and version, then each C
/// library and its version, so that a bug report says what the tool ran with.
enum VersionText {
    /// "frames 0.2.0 (x86_64, Linux)", then one line a library: the renderer's, the animations',
    /// the screenshots' and `studio`'s.
    static func text(studio: StudioEntry) -> String {
        let libraries =
            ImageLibraries.all + TextLibraries.all + AnimationLibraries.all + ScreenshotLibraries.all
            + studio.libraries
        let width = libraries.map(\.name.count).max() ?? 0
        var lines = ["frames \(RenderCommand.version) (\(platform))", "Libraries:"]
        for library in libraries {
            let padded = library.name + String(repeating: " ", count: width - library.name.count)
            lines.append("  \(padded)  \(library.version)" + (library.note.isEmpty ? "" : " (\(library.note))"))
        }
        return lines.joined(separator: "\n")
    }

    static var platform: String {
        #if arch(x86_64)
        let arch = "x86_64"
        #elseif arch(arm64)
        let arch = "arm64"
        #else
        let arch = "unknown architecture"
        #endif
        #if os(Linux)
        return arch + ", Linux"
        #elseif os(macOS)
        return arch + ", macOS"
        #else
        return arch
        #endif
    }
}
