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

/// The studio as a user starts it: it opens the browser with `xdg-open` (or `open`) when one is on
/// the PATH, says when its port is taken, and refuses a bad port.
@Suite struct StudioCommandTests {
    @Test func itOpensTheBrowserWithItsAddress() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let opened = folder.appendingPathComponent("opened.txt")
        for opener in ["xdg-open", "open"] {
            let script = folder.appendingPathComponent(opener)
            try "#!/bin/sh\necho \"$1\" > '\(opened.path)'\n".write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        }
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["studio"]
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = folder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let printed = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
        var text = ""
        for _ in 0..<100 where text.isEmpty {
            text = (try? String(contentsOf: opened, encoding: .utf8)) ?? ""
            usleep(50_000)
        }
        let address = try #require(printed.firstMatch(of: /http:\/\/127\.0\.0\.1:[0-9]+\/\?token=[0-9a-f]{32}/))
        #expect(text.trimmingCharacters(in: .newlines) == String(address.0), "\(text) / \(printed)")
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
