import CMicroHTTPD
import FramesCLI
import Images
import LibC

/// `frames studio`'s server: serves the studio on 127.0.0.1 and [::1] only, prints its address with
/// a random token, opens the default browser where there is one (through a page only this user can
/// read: `BrowserOpener`) and says whether it did, and serves until interrupted.
enum StudioServer {
    static func serve(_ options: StudioCommand.Options) throws(FramesError) -> Int32 {
        // Stops are taken by `Stop.wait` below: blocked here, before the server's threads start
        // (they inherit the mask), so they reach this thread only.
        Stop.keepForThisThread()
        let token = makeToken()
        let service = StudioService(token: token)
        let server = try HTTPServer(
            port: UInt16(options.port?.value ?? 0), maxBody: StudioBackdrops.maxBytes, gate: service.refusal,
            handler: service.respond)
        service.listen(on: server.port)
        let url = "http://127.0.0.1:\(server.port)/?token=\(token)"
        Console.print("frames studio: \(url)")
        if server.servesIPv6 { Console.print("also at http://[::1]:\(server.port)/?token=\(token)") }
        Console.printError("Press Ctrl-C to stop.")
        let opener = options.noOpen ? nil : BrowserOpener(url: url)
        if !options.noOpen { Console.printError(opener?.outcome(within: 2) ?? BrowserOpener.notStarted) }
        Stop.wait()
        // Renders end within a frame (or are not waited for past a second), then the connections'
        // threads, which no longer wait for them, are joined.
        service.stop(seconds: 1)
        server.stop()
        opener?.remove()
        Console.printError("Stopped.")
        return 0
    }

    /// 128 random bits as 32 hex digits, from the system's generator.
    static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let word = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - word.count) + word
        }.joined()
    }
}

extension StudioEntry {
    /// The studio's HTTP server (`StudioServer`), for `frames`'s main.swift to hand to `main`.
    public static let server = StudioEntry(serve: StudioServer.serve, libraries: [StudioServer.libmicrohttpd])
}

extension StudioServer {
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
