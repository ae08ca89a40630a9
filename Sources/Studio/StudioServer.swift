import CMicroHTTPD
import FramesCLI
import Images
import LibC

/// `frames studio`'s server: serves the studio on 127.0.0.1 and [::1] only, prints its address with
/// a random token, opens the default browser where there is one, and serves until interrupted.
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
        if !options.noOpen { openBrowser(url) }
        Stop.wait()
        // Renders end within a frame (or are not waited for past a second), then the connections'
        // threads, which no longer wait for them, are joined.
        service.stop(seconds: 1)
        server.stop()
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

    /// Opens `url` with `open` (macOS) or `xdg-open`, when one is on the PATH; quietly nothing
    /// otherwise (the address is printed).
    static func openBrowser(_ url: String) {
        #if os(macOS)
        let opener = "open"
        #else
        let opener = "xdg-open"
        #endif
        let path = (getenv("PATH").map { String(cString: $0) } ?? "").split(separator: ":")
        guard path.contains(where: { access("\($0)/\(opener)", X_OK) == 0 }) else { return }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(opener), strdup(url), nil]
        defer { for pointer in argv { free(pointer) } }
        _ = posix_spawnp(&pid, opener, &actions, nil, argv, environ)
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
