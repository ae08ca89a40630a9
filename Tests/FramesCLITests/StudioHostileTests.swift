import Foundation
import TestSupport
import Testing

@testable import Studio

/// The studio against clients that do not play by the rules, each scripted over raw sockets;
/// every test asserts what happened (status codes, who was served, whether the process ended),
/// never how long it took (a generous deadline only keeps a broken build from hanging).
@Suite struct StudioHostileTests {
    /// 64 connections without the token that send a header line every second never complete a
    /// request; the token holder is served all the while, and the dribblers are cut off once their
    /// header deadline (5 s) has passed.
    @Test func clientsDribblingHeadersDoNotLockOutTheTokenHolder() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        var dribblers: [RawClient] = []
        for _ in 0..<64 {
            let client = try RawClient(port: studio.port)
            client.write("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(studio.port)\r\n")
            dribblers.append(client)
        }
        for round in 0..<8 {
            for client in dribblers { client.write("X-Slow-\(round): 1\r\n") }
            let served = try studio.get("/check?token=\(studio.token)")
            #expect(served.status == 200, "round \(round): \(served.status) \(served.body.prefix(200))")
            usleep(1_000_000)
        }
        let cut = dribblers.filter { $0.isClosedByServer(within: 10) }.count
        #expect(cut == dribblers.count, "\(cut) of \(dribblers.count) dribbling connections were ended")
    }

    /// Connections opened without sending anything, more than the server lets wait: the oldest
    /// are ended as new ones come, so the token holder's next connection always gets its turn.
    @Test func silentConnectionsMakeRoomForNewOnes() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let silent = try (0..<300).map { _ in try RawClient(port: studio.port) }
        for _ in 0..<5 {
            #expect(try studio.get("/?token=\(studio.token)").status == 200)
        }
        #expect(silent.prefix(200).allSatisfy { $0.isClosedByServer(within: 10) })
    }

    /// Both workers busy with loops of 10 000 full-screen frames, one for each of two pages; an
    /// edit of the first page is answered at once and ends that page's loop, and so does the
    /// second page's.
    @Test func anEditEndsALongLoopWhileBothWorkersAreBusy() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let state = "token=\(studio.token)&style=overlay&device=iphone-15&frames=10000"
        let loops = try ["a1", "b2"].map { view in
            let client = try RawClient(port: studio.port)
            client.write(
                "GET /loop.png?\(state)&view=\(view)&render=1 HTTP/1.1\r\nHost: 127.0.0.1:\(studio.port)\r\n"
                    + "Connection: close\r\n\r\n")
            #expect(client.read(atLeast: 4096).count >= 4096, "the loop of \(view) streams")
            return client
        }
        let edit = try studio.get("/frame.png?\(state)&view=a1&render=2")
        #expect(edit.status == 200, "\(edit.status) \(edit.body.prefix(200))")
        let other = try studio.get("/check?\(state)&view=b2&render=2")
        #expect(other.status == 200, "\(other.status) \(other.body.prefix(200))")
        for loop in loops {
            let rest = loop.readAll()
            // Cut: no PNG end chunk, no closing empty chunk of the chunked body.
            #expect(!String(decoding: rest.suffix(64), as: UTF8.self).contains("IEND"))
        }
    }

    /// SIGTERM and SIGINT while both workers make loops of 10 000 frames and a third waits: the
    /// process ends (within the test's generous deadline), and the clients see their streams cut.
    @Test(.slow, arguments: [SIGTERM, SIGINT])
    func aStopEndsTheStudioDuringLongLoops(signal: Int32) throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let state = "token=\(studio.token)&style=overlay&device=iphone-15&frames=10000"
        let clients = try (0..<3).map { k in
            let client = try RawClient(port: studio.port)
            client.write(
                "GET /loop.png?\(state)&spinner-color=%2300000\(k) HTTP/1.1\r\nHost: 127.0.0.1:\(studio.port)\r\n"
                    + "Connection: close\r\n\r\n")
            return client
        }
        #expect(clients[0].read(atLeast: 4096).count >= 4096)
        kill(studio.process.processIdentifier, signal)
        var waited = 0
        while studio.process.isRunning && waited < 300 {
            usleep(100_000)
            waited += 1
        }
        #expect(!studio.process.isRunning, "the studio still runs 30 s after signal \(signal)")
        for client in clients {
            #expect(!String(decoding: client.readAll().suffix(64), as: UTF8.self).contains("IEND"))
        }
    }

    /// Every parameter at most once and no NUL: 400 naming the parameter, as the command line
    /// names its option; text from outside is shown with its control characters escaped.
    @Test func repeatedParametersNulAndControlCharactersAreRefusedByName() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let base = "token=\(studio.token)"
        for (query, option) in [
            ("frame=1&frame=2", "--frame"), ("backdrop-image=1&backdrop-image=2", "--backdrop-image"),
            ("text=a%00b", "--text"), ("spinner-color=%23fff%00", "--spinner-color"),
            ("scale=2&scale=2", "--scale"), ("text=%FF", "--text"),
        ] {
            for path in ["/check", "/frame.png", "/frame.rgba", "/loop.png", "/loop.rgba", "/style.json"] {
                let answer = try studio.get("\(path)?\(base)&\(query)")
                #expect(answer.status == 400, "\(path)?\(query): \(answer.status)")
                #expect(answer.body.contains("\"option\": \"\(option)\""), "\(path)?\(query): \(answer.body)")
            }
        }
        let escaped = try studio.get("/check?\(base)&spinner-color=%1B%5B2J%0Ared")
        #expect(escaped.status == 400)
        #expect(!escaped.body.contains("\u{1B}") && escaped.body.contains("\\\\u{1B}"), "\(escaped.body)")
    }

    /// A `%` not followed by two hex digits, in a name or a value, is refused naming the parameter,
    /// on every path; `%25` is a percent sign, `+` a space and `%2B` a plus.
    @Test func aPercentWithoutTwoHexDigitsIsRefusedByName() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let answer = try studio.get("/check?token=\(studio.token)&text=50%25+off%2B")
        #expect(answer.status == 200, "\(answer.body.prefix(200))")
        #expect(answer.body.contains("--text '50% off+'"), "\(answer.body)")
        for (query, option) in [
            ("text=50%zz", "--text"), ("text=ab%4", "--text"), ("spinner-color=%23E8421A%", "--spinner-color"),
            ("sp%zzinner-color=1", "--sp%zzinner-color"),
        ] {
            for path in ["/check", "/frame.rgba", "/frame.png", "/style.json"] {
                let refused = try studio.get("\(path)?token=\(studio.token)&\(query)")
                #expect(refused.status == 400, "\(path)?\(query): \(refused.status)")
                #expect(refused.body.contains("\"option\": \"\(option)\""), "\(path)?\(query): \(refused.body)")
                #expect(refused.body.contains("two hex digits"), "\(path)?\(query): \(refused.body)")
            }
        }
    }

    /// The token once too, on every path (the page, the font list, the pictures, the uploads),
    /// whatever the second copy holds: 400 naming it, and a POST's body is not read. A first copy
    /// that is not the token is 403, as without one; so is a repeated parameter before the token.
    @Test func theTokenAndEveryParameterAreTakenOnceOnEveryPath() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let token = studio.token
        let host = "Host: 127.0.0.1:\(studio.port)\r\n"
        for path in [
            "/", "/fonts", "/check", "/frame.png", "/frame.rgba", "/loop.png", "/loop.rgba", "/sheet.png",
            "/style.json",
        ] {
            for (query, status, option) in [
                ("token=\(token)&token=\(token)", 400, "--token"), ("token=\(token)&token=0", 400, "--token"),
                ("token=\(token)&text=a&token=\(token)", 400, "--token"),
                ("token=\(token)&view=a&view=b", 400, "--view"),
                ("token=\(token)&style=overlay&style=overlay", 400, "--style"), ("token=0&token=\(token)", 403, nil),
                ("style=overlay&style=overlay&token=\(token)", 403, nil),
            ] as [(String, Int, String?)] {
                let answer = try studio.get("\(path)?\(query)")
                #expect(answer.status == status, "\(path)?\(query): \(answer.status) \(answer.body.prefix(200))")
                if let option {
                    #expect(answer.body.contains("\"option\": \"\(option)\""), "\(path)?\(query): \(answer.body)")
                    #expect(answer.body.contains("given more than once"), "\(path)?\(query): \(answer.body)")
                }
            }
        }
        for path in ["/backdrop", "/measure"] {
            let client = try RawClient(port: studio.port)
            client.write(
                "POST \(path)?token=\(token)&name=a.png&token=\(token) HTTP/1.1\r\n\(host)Content-Length: 1000000\r\n\r\n"
            )
            let answer = String(decoding: client.readAll(), as: UTF8.self)
            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(path): \(answer.prefix(200))")
            #expect(answer.contains("\"option\": \"--token\""), "\(path): \(answer)")
        }
        #expect(try studio.get("/?token=\(token)").status == 200)
        #expect(try studio.get("/check?token=\(token)&style=overlay").status == 200)
    }
}
