import CMicroHTTPD
import FramesCLI
import Images

extension StudioEntry {
    /// The studio's HTTP server (`StudioServer`), for `frames`'s main.swift to hand to `main`.
    public static let server = StudioEntry(serve: StudioServer.serve, libraries: [.libmicrohttpd])
}

extension LibraryVersion {
    /// The header's MHD_VERSION, 0x00097500 as "0.9.75": asking the library would load it.
    static let libmicrohttpd: LibraryVersion = {
        let packed = UInt32(MHD_VERSION)
        let parts = [packed >> 24, packed >> 16 & 0xFF, packed >> 8 & 0xFF].map { String($0, radix: 16) }
        #if os(Linux)
        let note = "from its header at build time; loaded by frames studio only"
        #else
        let note = "from its header at build time"
        #endif
        return LibraryVersion(name: "libmicrohttpd", version: parts.joined(separator: "."), note: note)
    }()
}
