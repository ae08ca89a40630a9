import Foundation
import Testing

@testable import FramesCLI
@testable import Studio

/// The studio's server probed from outside a page: the token, the Host header (DNS rebinding),
/// no CORS, bounded and malformed requests, and many requests at once.
@Suite struct StudioServerTests {
    @Test func requestsWithoutTheTokenOrFromAnotherHostAreRefused() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let token = studio.token
        #expect(try studio.get("/").status == 403)
        #expect(try studio.get("/check").status == 403)
        #expect(try studio.get("/?token=\(String(token.reversed()))").status == 403)
        #expect(try studio.get("/?token=\(token.prefix(31))").status == 403)
        #expect(try studio.get("/frame.png?token=\(token)", host: "evil.example:\(studio.port)").status == 403)
        #expect(try studio.get("/?token=\(token)", host: "127.0.0.1.evil.example").status == 403)
        #expect(try studio.get("/?token=\(token)", host: "127.0.0.1:\(studio.port + 1)").status == 403)
        #expect(try studio.raw("GET /?token=\(token) HTTP/1.0\r\n\r\n").status == 403)
        for host in ["127.0.0.1:\(studio.port)", "localhost:\(studio.port)", "[::1]:\(studio.port)"] {
            #expect(try studio.get("/?token=\(token)", host: host).status == 200, "\(host)")
        }
        let response = try studio.raw(
            "GET /check?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(studio.port)\r\nOrigin: http://evil.example\r\n"
                + "Connection: close\r\n\r\n")
        #expect(response.status == 200)
        let head = try Browser.exchange(
            Array(
                ("GET /fonts?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(studio.port)\r\nOrigin: http://evil.example\r\n"
                    + "Connection: close\r\n\r\n").utf8), port: studio.port)
        #expect(!String(decoding: head, as: UTF8.self).lowercased().contains("access-control-"))
    }

    @Test func oversizedAndMalformedRequestsAreRefused() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let host = "Host: 127.0.0.1:\(studio.port)\r\n"
        let target = "/backdrop?token=\(studio.token)"
        // A body over 8 MiB, announced: refused before it is read.
        let big = try studio.raw(
            "POST \(target) HTTP/1.1\r\n\(host)Content-Length: 9000000\r\nConnection: close\r\n\r\n")
        #expect(big.status == 413)
        // A URL of 100 kB.
        let long = String(repeating: "a", count: 100_000)
        #expect(![0, 200].contains(try studio.get("/check?token=\(studio.token)&text=\(long)").status))
        // Not a PNG.
        let junk = Array("not a png".utf8)
        let bad = try studio.raw(
            "POST \(target) HTTP/1.1\r\n\(host)Content-Length: \(junk.count)\r\nConnection: close\r\n\r\n", body: junk)
        #expect(bad.status == 400 && bad.body.contains("--backdrop-image"), "\(bad)")
        // Garbage, an unknown method, an unknown parameter, a repeated one.
        #expect(try studio.raw("\u{1}\u{2} nonsense\r\n\r\n").status != 200)
        #expect(
            try studio.raw("DELETE /?token=\(studio.token) HTTP/1.1\r\n\(host)Connection: close\r\n\r\n").status == 405)
        let unknown = try studio.get("/check?token=\(studio.token)&spiner-color=red")
        #expect(unknown.status == 400 && unknown.body.contains("Did you mean '--spinner-color'"), "\(unknown)")
        let twice = try studio.get("/check?token=\(studio.token)&scale=2&scale=3")
        #expect(twice.status == 400 && twice.body.contains("--scale"), "\(twice)")
        let huge = try studio.get("/frame.png?token=\(studio.token)&scale=16&spinner-size=9000")
        #expect(huge.status == 400 && huge.body.contains("100 megapixels"), "\(huge)")
        #expect(try studio.get("/?token=\(studio.token)").status == 200)
    }

    @Test func anUploadedBackdropIsUsedByItsId() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try CLI.run(["--backdrop-color", "#336699", "--frame", "0", "--out", "b", "--quiet"], in: folder)
        #expect(made.status == 0)
        let png = [UInt8](try Data(contentsOf: folder.appendingPathComponent("b/frame_0000.png")))
        let host = "Host: 127.0.0.1:\(studio.port)\r\n"
        let uploaded = try studio.raw(
            "POST /backdrop?token=\(studio.token)&name=b.png HTTP/1.1\r\n\(host)Content-Length: \(png.count)\r\n"
                + "Connection: close\r\n\r\n", body: png)
        #expect(uploaded.status == 200, "\(uploaded)")
        let id = try #require(uploaded.body.firstMatch(of: /"id" ?: ?"([0-9]+)"/)?.1, "\(uploaded.body)")
        let check = try studio.get("/check?token=\(studio.token)&style=overlay&backdrop-image=\(id)")
        #expect(check.status == 200 && check.body.contains("--backdrop-image b.png"), "\(check)")
        #expect(try studio.get("/frame.png?token=\(studio.token)&style=overlay&backdrop-image=\(id)").status == 200)
        let missing = try studio.get("/frame.png?token=\(studio.token)&backdrop-image=99")
        #expect(missing.status == 400 && missing.body.contains("--backdrop-image"), "\(missing)")
        // Without the token, the body is not read.
        let refused = try studio.raw(
            "POST /backdrop HTTP/1.1\r\n\(host)Content-Length: \(png.count)\r\nConnection: close\r\n\r\n", body: png)
        #expect(refused.status == 403)
    }

    /// A page's edit gives up the renders of its earlier edits: a loop of 10 000 full-screen frames
    /// (seconds of work) is answered 409 once the same page has asked for a newer render, whether
    /// that came while the loop was being made or before it started; other pages, and requests
    /// without a ticket, are not touched.
    @Test func aNewerEditSupersedesThePagesEarlierRenders() async throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let state = "token=\(studio.token)&style=overlay&device=iphone-15&frames=10000"
        let loop = Task { try studio.get("/loop.png?\(state)&view=a1&render=1") }
        usleep(200_000)
        let newer = try studio.get("/check?\(state)&view=a1&render=2")
        #expect(newer.status == 200, "\(newer)")
        let given = try await loop.value
        // Refused before its first byte, or cut: never a whole picture.
        #expect(
            (given.status == 409 && given.body.contains("superseded"))
                || (given.status == 200 && !given.body.contains("IEND")),
            "\(given.status) \(given.body.prefix(200))")
        // Older than the newest: refused before any work.
        #expect(try studio.get("/frame.png?\(state)&view=a1&render=1").status == 409)
        #expect(try studio.get("/frame.png?\(state)&view=a1&render=2").status == 200)
        // Another page, and a request of no page (a download link), are answered.
        #expect(try studio.get("/frame.png?\(state)&view=b2&render=1").status == 200)
        #expect(try studio.get("/frame.png?\(state)").status == 200)
        // A number that is not one is no ticket; the state is still checked.
        #expect(try studio.get("/frame.png?\(state)&view=a1&render=x").status == 200)
        #expect(try studio.get("/frame.png?\(state)&view=a1&render=3&scale=0").status == 400)
    }

    @Test func manyRequestsAtOnceAreAllAnswered() async throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let statuses = await withTaskGroup(of: Int.self) { group in
            for k in 0..<40 {
                group.addTask {
                    (try? studio.get("/frame.png?token=\(studio.token)&frame=\(k % 60)").status) ?? 0
                }
            }
            var all: [Int] = []
            for await status in group { all.append(status) }
            return all
        }
        #expect(statuses.allSatisfy { $0 == 200 || $0 == 503 }, "\(statuses)")
        #expect(statuses.filter { $0 == 200 }.count >= 20, "\(statuses)")
        #expect(try studio.get("/?token=\(studio.token)").status == 200)
    }
}

/// The studio as a user starts it: it opens the browser through a page only the user can read,
/// so the token is on no command line, and waits for the opener; it says when its port is taken,
/// and refuses a bad port.
@Suite struct StudioCommandTests {
    /// A process's parent and state (`/proc/PID/stat`; the name in parentheses may hold spaces).
    static func parentAndState(_ pid: Int32) -> (parent: Int32, state: String)? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 2, let parent = Int32(fields[1]) else { return nil }
        return (parent, String(fields[0]))
    }

    /// Every process on the machine: its pid, and its command line with NULs as spaces.
    static func commandLines() -> [(pid: Int32, line: String)] {
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }
        return pids.compactMap { pid in
            (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))).map {
                (pid, String(decoding: $0.map { $0 == 0 ? 32 : $0 }, as: UTF8.self))
            }
        }
    }

    /// The processes whose parent is `pid`, zombies included.
    static func children(of pid: Int32) -> [Int32] {
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }
        return pids.filter { parentAndState($0)?.parent == pid }
    }

    /// The processes descended from `root`.
    static func descendants(of root: Int32) -> [Int32] {
        var found: [Int32] = []
        var frontier = [root]
        while let pid = frontier.popLast() {
            let children = children(of: pid)
            found += children
            frontier += children
        }
        return found
    }

    /// A fake opener first on the PATH (`xdg-open`, and `open` for macOS) records its arguments,
    /// the page it is given and the modes of the page and its folder, starts a "browser" with the
    /// page's URL that outlives it, and stays two seconds. Meanwhile no command line on the
    /// machine, nor the environment of any process the studio started, holds the token; the page
    /// (mode 0600, in a new folder of mode 0700 in $XDG_RUNTIME_DIR, or in $TMPDIR without one)
    /// sends the browser to the printed address. The opener is reaped when it ends (no zombie),
    /// and the page and its folder are gone once the studio stops.
    @Test(arguments: [true, false]) func itOpensTheBrowserThroughAPrivatePage(runtimeFolder: Bool) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = folder.appendingPathComponent(runtimeFolder ? "runtime" : "tmp")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: base.path)
        let out = folder.appendingPathComponent("seen")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        let script = """
            #!/bin/sh
            out=\(Shell.quoted(out.path))
            page=$(printf '%s' "$1" | sed 's|^file://||')
            cat "$page" > "$out/page"
            stat -c '%a %u' "$page" "$(dirname "$page")" > "$out/modes"
            sh -c 'sleep 3' browser "$1" &
            printf '%s\\n' "$@" > "$out/args.partial" && mv "$out/args.partial" "$out/args"
            sleep 2

            """
        for opener in ["xdg-open", "open"] {
            let url = folder.appendingPathComponent(opener)
            try script.write(to: url, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["studio"]
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = folder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["XDG_RUNTIME_DIR"] = runtimeFolder ? base.path : nil
        environment["TMPDIR"] = runtimeFolder ? folder.appendingPathComponent("none").path : base.path
        process.environment = environment
        let printed = Pipe()
        process.standardOutput = printed
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        let first = String(decoding: printed.fileHandleForReading.availableData, as: UTF8.self)
        let address = try #require(first.firstMatch(of: /http:\/\/127\.0\.0\.1:[0-9]+\/\?token=([0-9a-f]{32})/))
        let token = String(address.1)
        let args = out.appendingPathComponent("args")
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: args.path) { usleep(50_000) }
        // The opener and the browser it started are running now.
        let studio = process.processIdentifier
        let started = Self.descendants(of: studio)
        #expect(started.count >= 2, "the studio started \(started)")
        for pid in started {
            let line = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            let environ = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))) ?? Data()
            #expect(!line.isEmpty, "the command line of \(pid) cannot be read")
            #expect(line.range(of: Data(token.utf8)) == nil, "\(pid): \(String(decoding: line, as: UTF8.self))")
            #expect(environ.range(of: Data(token.utf8)) == nil, "the environment of \(pid) holds the token")
        }
        for (pid, line) in Self.commandLines() where pid != studio {
            #expect(!line.contains(token), "\(pid): \(line)")
        }
        let given = try String(contentsOf: args, encoding: .utf8).split(separator: "\n")
        #expect(given.count == 1, "\(given)")
        let pagePath = String(given.first?.dropFirst("file://".count) ?? "")
        #expect(given.first?.hasPrefix("file://" + base.path + "/frames-studio-") == true, "\(given)")
        #expect(pagePath.hasSuffix("/studio.html"), "\(given)")
        let page = try String(contentsOf: out.appendingPathComponent("page"), encoding: .utf8)
        #expect(page.contains("http-equiv=\"refresh\" content=\"0; url=\(address.0)\""), "\(page)")
        let uid = getuid()
        let modes = try String(contentsOf: out.appendingPathComponent("modes"), encoding: .utf8)
        #expect(modes == "600 \(uid)\n700 \(uid)\n", "page and folder: \(modes)")
        // The opener ends after two seconds: it is reaped, not left a zombie.
        let opener = Self.children(of: studio)
        #expect(opener.count == 1, "the studio's children: \(opener)")
        var left = opener
        for _ in 0..<100 where !left.isEmpty {
            usleep(100_000)
            left = Self.children(of: studio)
        }
        #expect(left.isEmpty, "not reaped: \(left.map { ($0, Self.parentAndState($0)?.state ?? "?") })")
        process.terminate()
        process.waitUntilExit()
        #expect(!FileManager.default.fileExists(atPath: pagePath), "\(pagePath) is left")
        #expect(CLI.contents(of: base).isEmpty, "left in \(base.path): \(CLI.contents(of: base))")
    }

    /// A start without `--no-open` says whether a browser opened: a fake opener that ends well,
    /// one that fails as `xdg-open` does without a desktop (status 3), and none on the PATH.
    @Test(
        arguments: [
            ("exit 0", "opened the default browser (\(BrowserOpener.program))"),
            ("exit 3", "no browser found (\(BrowserOpener.program) exited with status 3); open the address yourself"),
            (nil, "no browser found (no \(BrowserOpener.program) on the PATH); open the address yourself"),
        ] as [(String?, String)])
    func aStartSaysWhetherABrowserOpened(opener: String?, said: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        if let opener {
            let url = folder.appendingPathComponent(BrowserOpener.program)
            try "#!/bin/sh\n\(opener)\n".write(to: url, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["studio"]
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = folder.path
        environment["TMPDIR"] = folder.path
        environment["XDG_RUNTIME_DIR"] = nil
        process.environment = environment
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        defer {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        var text = ""
        while !text.contains("yourself") && !text.contains("opened") {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        #expect(text.split(separator: "\n").contains { $0 == said }, "\(text)")
    }

    /// The page and the token page carry their icon, so the browser asks for no /favicon.ico
    /// (which, without the token, would be refused in its console).
    @Test func thePagesCarryTheirIcon() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        for target in ["/?token=\(studio.token)", "/"] {
            let page = try studio.get(target)
            #expect(page.body.contains("<link rel=\"icon\" href=\"data:image/svg+xml,"), "\(target)")
        }
    }

    @Test func aTakenPortAndABadPortAreRefused() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let taken = try CLI.run(["studio", "--no-open", "--port", "\(studio.port)"])
        #expect(taken.status == 1, "\(taken.stderr)")
        #expect(taken.stderr.hasPrefix("Error: cannot listen on 127.0.0.1:\(studio.port)"), "\(taken.stderr)")
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.expectRefusal(["studio", "--port", "0"], in: folder, mentions: ["--port", "'0'"])
        try CLI.expectRefusal(["studio", "--port", "70000"], in: folder, mentions: ["--port"])
    }
}
