import CMicroHTTPD
import Raster

/// `frames --version`, in the manner of `curl --version`: the name and version, then each C
/// library and its version, so that a bug report says what the tool ran with.
enum VersionText {
    /// "frames 0.2.0 (x86_64, Linux)", then one line a library.
    static var text: String {
        var rows = LibraryVersions.all.map { ($0.name, $0.version, $0.note) }
        rows.append(("libmicrohttpd", microHTTPDVersion, microHTTPDNote))
        let width = rows.map(\.0.count).max() ?? 0
        var lines = ["frames \(RenderCommand.version) (\(platform))", "Libraries:"]
        for (name, version, note) in rows {
            let padded = name + String(repeating: " ", count: width - name.count)
            lines.append("  \(padded)  \(version)" + (note.isEmpty ? "" : " (\(note))"))
        }
        return lines.joined(separator: "\n")
    }

    /// The header's MHD_VERSION, 0x00097500 as "0.9.75": asking the library would load it.
    static var microHTTPDVersion: String {
        let packed = UInt32(MHD_VERSION)
        let parts = [packed >> 24, packed >> 16 & 0xFF, packed >> 8 & 0xFF].map { String($0, radix: 16) }
        return parts.joined(separator: ".")
    }

    #if os(Linux)
    static let microHTTPDNote = "from its header at build time; loaded by frames studio only"
    #else
    static let microHTTPDNote = "from its header at build time"
    #endif

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
