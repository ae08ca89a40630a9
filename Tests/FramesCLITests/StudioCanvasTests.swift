import Foundation
import TestSupport
import Testing

@testable import FramesCLI
@testable import Images
@testable import Studio

/// The preview's canvas in headless Chromium, driven through its fields: after each edit it holds
/// the bytes `frames --frame K` writes for the same state (read back from the canvas, and from
/// the straight RGBA the page keeps), an edit of the card is sent as the card's box and not the
/// screen, the loop's frames over the still are the command line's frames, and every edit is
/// recorded as the User Timing measures `edit-to-paint` and `edit-to-loop`. Nothing here is timed:
/// bench/studio-latency.py measures.
@Suite(.serialized, .slow) struct StudioCanvasTests {
    let tests = StudioBrowserTests()

    /// Bytes the page's script returns as base64 (a Uint8Array or Uint8ClampedArray expression).
    func bytes(_ browser: Browser, _ expression: String) throws -> [UInt8] {
        let text = try #require(
            try browser.execute(
                """
                const bytes = \(expression);
                let text = "";
                for (let i = 0; i < bytes.length; i += 32768) text += String.fromCharCode(...bytes.subarray(i, i + 32768));
                return btoa(text);
                """) as? String)
        return [UInt8](try #require(Data(base64Encoded: text)))
    }

    /// The straight RGBA bytes of frame `k` as `frames` writes it with `arguments` (the PNG's
    /// samples: the decoded pixels demultiplied again, which gives them back exactly).
    func file(_ arguments: [String], frame k: Int) throws -> (width: Int, height: Int, bytes: [UInt8]) {
        let image = try tests.rendered(arguments, frame: k)
        var out: [UInt8] = []
        out.reserveCapacity(image.pixels.count * 4)
        for pixel in image.pixels {
            let alpha = UInt8(pixel >> 24)
            for shift in [0, 8, 16] as [UInt32] {
                out.append(Alpha.demultiply(UInt8(truncatingIfNeeded: pixel >> shift), alpha: alpha))
            }
            out.append(alpha)
        }
        return (image.width, image.height, out)
    }

    /// Types `value` into the field `id`, as a person does: one input event.
    func type(_ browser: Browser, _ id: String, _ value: String) throws {
        _ = try browser.execute(
            """
            document.body.dataset.state = "busy";
            const input = document.getElementById("\(id)");
            input.value = "\(value)";
            input.dispatchEvent(new Event("input"));
            """)
        try tests.settle(browser)
    }

    /// The canvas and the page's held still, each compared byte for byte with the file.
    func expectCanvas(_ browser: Browser, equals arguments: [String], frame k: Int, _ label: String) throws {
        let expected = try file(arguments, frame: k)
        let size = try browser.execute("return [preview.width, preview.height]") as? [Int]
        #expect(size == [expected.width, expected.height], "\(label): the canvas is \(size ?? [])")
        let held = try bytes(browser, "held.image.data")
        #expect(held == expected.bytes, "\(label): the page's still is not the file's bytes")
        let canvas = try bytes(browser, "pen.getImageData(0, 0, preview.width, preview.height).data")
        if let first = canvas.indices.first(where: { canvas[$0] != expected.bytes[$0] }) {
            let pixel = first / 4
            let (x, y) = (pixel % expected.width, pixel / expected.width)
            let (actual, wanted) = (
                canvas[(pixel * 4)..<(pixel * 4 + 4)], expected.bytes[(pixel * 4)..<(pixel * 4 + 4)]
            )
            Issue.record(
                "\(label): the canvas differs from the file at (\(x), \(y)): \(Array(actual)) for \(Array(wanted))")
        }
    }

    /// Paused on frame 9 of an overlay on an iPhone SE: the canvas is the file after the first
    /// render and after each edit; the card's colour comes as a box inside the card, the
    /// spinner's as one inside the spinner; the dim changes the whole screen.
    @Test func theCanvasIsTheCommandLinesFrameAfterEveryEdit() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let browser = try Browser(width: 1440, height: 900)
        defer { browser.quit() }
        let style = ["--style", "overlay", "--device", "iPhone SE", "--scale", "2", "--backdrop-color", "#F2F4F7"]
        try browser.open(studio.url("style=overlay&device=iPhone%20SE&scale=2&backdrop-color=%23F2F4F7&frame=9"))
        try tests.settle(browser)
        try expectCanvas(browser, equals: style, frame: 9, "first render")
        let image = 750 * 1334
        let card = try #require(try browser.execute("return lastCheck.card") as? [String: Double])
        func box() throws -> [Int] {
            try #require(try browser.execute("return lastBox") as? [Int])
        }
        try type(browser, "f-background-color", "#FFF4CE")
        try expectCanvas(browser, equals: style + ["--background-color", "#FFF4CE"], frame: 9, "card colour")
        let cardBox = try box()
        // The card and the pixels its anti-aliased edge touches, at most one a side.
        let cardArea = Int((card["width"]! + 2) * (card["height"]! + 2))
        #expect(cardBox[2] * cardBox[3] <= cardArea, "card colour: \(cardBox) for \(card)")
        try type(browser, "f-spinner-color", "#E8421A")
        try expectCanvas(
            browser, equals: style + ["--background-color", "#FFF4CE", "--spinner-color", "#E8421A"], frame: 9,
            "spinner colour")
        let arcBox = try box()
        #expect(arcBox[2] * arcBox[3] < cardBox[2] * cardBox[3] / 2, "spinner colour: \(arcBox)")
        try type(browser, "f-dim-amount", "0.5")
        try expectCanvas(
            browser,
            equals: style + ["--background-color", "#FFF4CE", "--spinner-color", "#E8421A", "--dim-amount", "0.5"],
            frame: 9, "dim")
        let dimBox = try box()
        #expect(dimBox[2] * dimBox[3] == image, "dim: \(dimBox)")
        let paints =
            try browser.execute(
                "return performance.getEntriesByName('edit-to-paint').map((m) => m.duration)") as? [Double] ?? []
        #expect(paints.count == 3 && paints.allSatisfy { $0 > 0 }, "edit-to-paint: \(paints)")
    }

    /// Playing, over a transparent screen: the still of frame 0 and frame 23 of the loop (the
    /// still with the spinner's box of that frame) are the files', and each edit records when its
    /// still was painted and when its loop began to play.
    @Test func theLoopPlaysTheCommandLinesFramesOverTheStill() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let browser = try Browser(width: 1440, height: 900)
        defer { browser.quit() }
        try browser.open(studio.url("scale=2"))
        try tests.settle(browser)
        try type(browser, "f-spinner-color", "#1A7F37")
        let style = ["--scale", "2", "--spinner-color", "#1A7F37"]
        let still = try file(style, frame: 0)
        #expect(try bytes(browser, "held.image.data") == still.bytes, "the still of frame 0")
        try browser.waitUntil("player && player.ready === player.count")
        let frame = try bytes(
            browser,
            """
            (() => {
              const whole = new Uint8ClampedArray(held.image.data), p = player, size = p.w * p.h * 4;
              const box = p.bytes.subarray(23 * size, 24 * size);
              for (let r = 0; r < p.h; r++) whole.set(box.subarray(r * p.w * 4, (r + 1) * p.w * 4), ((p.y + r) * preview.width + p.x) * 4);
              return whole;
            })()
            """)
        #expect(frame == (try file(style, frame: 23)).bytes, "frame 23 of the loop")
        let measures =
            try browser.execute(
                """
                return ["edit-to-paint", "edit-to-loop"].map((n) => performance.getEntriesByName(n).length);
                """) as? [Int]
        #expect(measures == [1, 1], "\(measures ?? [])")
    }

    /// The page reads the server's runs back into the pixels (`unrun`), and refuses runs cut
    /// short, past their box or short of it, rather than paint a wrong still.
    @Test func thePageReadsTheRunsAndRefusesRunsThatDoNotFit() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let browser = try Browser(width: 1440, height: 900)
        defer { browser.quit() }
        try browser.open(studio.url("scale=1"))
        try tests.settle(browser)
        // Runs, a short literal between them and a long one (copied in one piece by the page).
        let pixels: [UInt32] =
            [0xFF00_00FF, 7, 7, 7, 7, 7, 0x8000_0001, 0x8000_0001, 0x8000_0001, 0x8000_0001, 3]
            + (0..<20).map { 0xFF00_0000 | UInt32($0) }
        let runs = pixels.withUnsafeBufferPointer(PixelRuns.encode)
        let read = try bytes(
            browser, "new Uint8Array(unrun(new Uint8Array(\(runs)), new Uint32Array(\(pixels.count))).buffer)")
        #expect(read == PixelRunsTests.bytes(pixels))
        let refusals =
            try browser.execute(
                """
                const runs = new Uint8Array(\(runs));
                const refused = (bytes, count) => { try { unrun(bytes, new Uint32Array(count)); return "read"; } catch (e) { return e.message; } };
                return [refused(runs.subarray(0, runs.length - 4), \(pixels.count)), refused(runs, \(pixels.count - 1)),
                  refused(runs, \(pixels.count + 1)), refused(runs.subarray(0, runs.length - 1), \(pixels.count)),
                  refused(new Uint8Array([0, 0, 0, 0]), 1)];
                """) as? [String]
        #expect(
            refusals == [
                "a still cut short", "a still that does not fit its box", "a still cut short", "a still cut short",
                "a still that does not fit its box",
            ], "\(refusals ?? [])")
    }

    /// The studio's answer on its own: the whole frame without a base, the box that changed with
    /// one, and nothing for the same state again; each row the file's, read from its runs.
    @Test func theServerSendsThePixelsThatDifferFromTheBase() throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        func get(_ query: String) throws -> (image: String?, words: [Int], pixels: [UInt8]) {
            let answer = try Browser.exchange(
                Array(
                    ("GET /frame.rgba?token=\(studio.token)&backdrop-color=%23F2F4F7&frame=5&\(query) HTTP/1.1\r\n"
                        + "Host: 127.0.0.1:\(studio.port)\r\nConnection: close\r\n\r\n").utf8), port: studio.port)
            let split = try #require(answer.firstRange(of: Array("\r\n\r\n".utf8)))
            let head = String(decoding: answer[..<split.lowerBound], as: UTF8.self)
            #expect(head.hasPrefix("HTTP/1.1 200"), "\(head)")
            let body = StudioCanvasTests.unchunked(Array(answer[split.upperBound...]))
            let words = (0..<6).map { i in (0..<4).reduce(0) { $0 | Int(body[4 * i + $1]) << (8 * $1) } }
            let image = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("x-studio-image:") }
                .map { String($0.dropFirst("x-studio-image:".count)).trimmingCharacters(in: .whitespaces) }
            let pixels = try #require(
                PixelRunsTests.decode(Array(body.dropFirst(24)), count: words[4] * words[5]),
                "the runs do not fill the box")
            return (image, words, pixels)
        }
        let first = try get("")
        let expected = try file(["--backdrop-color", "#F2F4F7"], frame: 5)
        #expect(first.words == [expected.width, expected.height, 0, 0, expected.width, expected.height])
        #expect(first.pixels == expected.bytes)
        let base = try #require(first.image)
        let same = try get("base=\(base)")
        #expect(same.words == [expected.width, expected.height, 0, 0, 0, 0], "\(same.words)")
        let edited = try get("base=\(base)&track-color=%23E8421A")
        let changed = try file(["--backdrop-color", "#F2F4F7", "--track-color", "#E8421A"], frame: 5)
        let (x, y, w, h) = (edited.words[2], edited.words[3], edited.words[4], edited.words[5])
        #expect(w > 0 && h > 0 && w * h < expected.width * expected.height / 4, "\(edited.words)")
        var rebuilt = expected.bytes
        for row in 0..<h {
            let target = ((y + row) * expected.width + x) * 4
            rebuilt.replaceSubrange(target..<(target + w * 4), with: edited.pixels[(row * w * 4)..<((row + 1) * w * 4)])
        }
        #expect(rebuilt == changed.bytes, "the base with the box is not the new frame")
        // A base the studio does not know: the whole frame.
        #expect(try get("base=nonsense&track-color=%23E8421A").words[4] == expected.width)
    }

    /// A chunked HTTP body, its chunks joined.
    static func unchunked(_ body: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while let line = body[index...].firstRange(of: Array("\r\n".utf8)) {
            let size = Int(String(decoding: body[index..<line.lowerBound], as: UTF8.self), radix: 16) ?? 0
            if size == 0 { break }
            out += body[line.upperBound..<(line.upperBound + size)]
            index = line.upperBound + size + 2
        }
        return out
    }
}
