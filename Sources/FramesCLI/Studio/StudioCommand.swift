import FrameFiles
import Raster

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `frames studio [--port N] [--no-open]`: serves the studio on 127.0.0.1 and [::1] only, prints
/// its address with a random token, opens the default browser where there is one (through a page
/// only this user can read: `BrowserOpener`), and serves until interrupted.
enum StudioCommand {
    struct Options {
        var port: Given<Int>?
        var noOpen = false
        var help = false
    }

    static let parser = CommandParser<Options>(
        commandName: "frames studio",
        abstract: "Preview and tune a style live in the browser, with the checks of frames lint beside it.",
        usage: "frames studio [--port <n>] [--no-open]",
        options: [
            .value(
                "port", "n", help: "The port on 127.0.0.1 and [::1], 1 to 65535.", default: "one that is free",
                \.port, .integer(in: 1...65535)),
            .flag("no-open", help: "Print the address only; do not open a browser.", \.noOpen),
            .flag("help", short: "h", help: "Show help information.", \.help),
        ],
        sections: [
            (
                "NOTES",
                """
                  The address carries a random token; requests without it, or naming another host,
                  get 403. Press Ctrl-C to stop.
                """
            )
        ])

    static func run(_ arguments: [String]) throws(FramesError) -> Int32 {
        let options = try parser.parse(arguments, into: Options())
        if options.help {
            Console.print(parser.helpText)
            return 0
        }
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
