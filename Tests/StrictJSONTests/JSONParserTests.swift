import Foundation
import LibC
import Synchronization
import Testing

@testable import Raster

/// The JSON reader: every escape and character read back, refusals named with their place, and a
/// caller's stop asked after every 64 KiB of any text. Its time: `JSONParserTimeTests`.
@Suite struct JSONParserTests {
    static func parse(_ text: String) throws(JSONError) -> JSONValue { try JSONValue.parse(Array(text.utf8)) }

    @Test(arguments: [
        (#""plain""#, "plain"),
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
        (#""\u00e9\u00C9\u0000\u007f""#, "éÉ\u{0}\u{7F}"),
        (#""\ud83d\ude00 and \uD83D\uDE00""#, "😀 and 😀"),
        ("\"é😀 ünïcode\"", "é😀 ünïcode"),
        (#""a\nb\u0041c\\""#, "a\nbAc\\"),
        (#""""#, ""),
    ])
    func stringsReadEveryEscape(text: String, expected: String) throws {
        #expect(try Self.parse(text) == .string(expected), "\(text)")
    }

    /// Strings of random characters (ASCII, control characters, two- to four-byte UTF-8), written
    /// with `JSONValue.quote` and again with every character as `\u` escapes, read back.
    @Test func generatedStringsReadBackToThemselves() throws {
        var generator = SplitMix(seed: 7)
        let pools: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0x00...0x1F, 0xA0...0x7FF, 0x800...0xD7FF, 0x1_0000...0x1_FFFF,
        ]
        for round in 0..<300 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...60, using: &generator) {
                let pool = pools.randomElement(using: &generator)!
                scalars.append(Unicode.Scalar(UInt32.random(in: pool, using: &generator))!)
            }
            let string = String(scalars)
            var quoted: [UInt8] = []
            JSONValue.quote(string, into: &quoted)
            #expect(try JSONValue.parse(quoted) == .string(string), "round \(round): \(quoted)")
            let escaped = string.utf16.map { unit in
                let hex = String(unit, radix: 16)
                return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }.joined()
            #expect(try Self.parse("\"\(escaped)\"") == .string(string), "round \(round): \(escaped)")
        }
    }

    @Test(arguments: [
        ("\"ab\u{1}\"", "a control character inside a string (write it as an escape) at line 1, column 4"),
        (#""ab"#, "unexpected end of the text inside a string at line 1, column 4"),
        (#""ab\"#, "unexpected end of the text inside a string at line 1, column 5"),
        (#""\x""#, "unknown escape '\\x' at line 1, column 3"),
        (#""\u+041""#, "expected four hex digits after \\u at line 1, column 4"),
        (#""\u-000""#, "expected four hex digits after \\u at line 1, column 4"),
        (#""\u12""#, "expected four hex digits after \\u at line 1, column 4"),
        (#""\ud83d""#, "a lone surrogate in \\u escape at line 1, column 8"),
        (#""\ud83d\u0041""#, "a lone surrogate in \\u escape at line 1, column 14"),
        (#""\ude00""#, "a lone surrogate in \\u escape at line 1, column 8"),
        ("[1,\n \"x\", 01]", "a number with a leading zero at line 2, column 9"),
        (#"{"a": 1, "a": 2}"#, "key 'a' given twice at line 1, column 10"),
        ("[tru]", "unexpected text, expected true at line 1, column 2"),
        ("[1] x", "unexpected text after the JSON value at line 1, column 5"),
    ])
    func badTextIsRefusedWhereItGoesWrong(text: String, message: String) {
        #expect(throws: JSONError.self, "\(text)") { try Self.parse(text) }
        do {
            _ = try Self.parse(text)
        } catch {
            #expect(error.description == message, "\(text)")
        }
    }

    @Test func invalidUTF8IsRefusedAtTheEndOfItsRun() {
        for (bytes, column) in [
            ([0x22, 0x61, 0xFF, 0x62, 0x22], 5), ([0x22, 0xC3, 0x5C, 0x6E, 0x22], 3),
            ([0x22, 0xED, 0xA0, 0x80, 0x22], 3),
        ] as [([UInt8], Int)] {
            #expect(throws: JSONError.self, "\(bytes)") { try JSONValue.parse(bytes) }
            do {
                _ = try JSONValue.parse(bytes)
            } catch {
                #expect(error.description == "invalid UTF-8 in a string at line 1, column \(column)", "\(bytes)")
            }
        }
    }

    /// Texts of about `size` bytes, each holding one kind of content many times over.
    static let kinds: [(name: String, make: @Sendable (Int) -> String)] = [
        ("one long string", { #"{"text": ""# + String(repeating: "a", count: $0) + #""}"# }),
        ("an escape after every two characters", { "[\"" + String(repeating: #"ab\n"#, count: $0 / 4) + "\"]" }),
        (
            "\\u escapes and surrogate pairs",
            { "\"" + String(repeating: #"\u00e9\ud83d\ude00"#, count: $0 / 18) + "\"" }
        ),
        ("two- and four-byte UTF-8", { "\"" + String(repeating: "é😀", count: $0 / 6) + "\"" }),
        ("many short strings", { "[" + String(repeating: #""frame_0001.png","#, count: $0 / 17) + "\"\"]" }),
        ("many keys", { n in "{" + (0..<(n / 12)).map { "\"k\($0)\":1" }.joined(separator: ",") + "}" }),
        (
            "every kind of value",
            { "[" + String(repeating: #"[null,true,false,-1.5e-3,0,"s\t",{"a":[{}]},[]],"#, count: $0 / 48) + "[]]" }
        ),
        ("numbers", { "[" + String(repeating: "123456.789e-2,", count: $0 / 14) + "0]" }),
        ("one long number", { "0." + String(repeating: "1", count: $0) }),
        ("a long key", { #"{""# + String(repeating: "k", count: $0) + #"": 1}"# }),
        ("whitespace", { String(repeating: " \n\t\r", count: $0 / 4) + "[]" }),
    ]

    /// `shouldStop` is asked at least once for each 64 KiB of any text, and its first true ends the
    /// parse with `JSONError.stopped`.
    @Test(arguments: kinds.map(\.name)) func aStopIsAskedEvery64KiB(kind: String) throws {
        let make = try #require(Self.kinds.first { $0.name == kind }).make
        let text = Array(make(1_000_000).utf8)
        let asked = Atomic<Int>(0)
        _ = try JSONValue.parse(text) {
            asked.add(1, ordering: .relaxed)
            return false
        }
        let count = asked.load(ordering: .relaxed)
        #expect(count >= text.count / 65536, "\(kind): \(text.count) bytes, asked \(count) times")
        for k in [1, 3, text.count / 65536] {
            asked.store(0, ordering: .relaxed)
            #expect(throws: JSONError.stopped, "\(kind): stop at question \(k)") {
                try JSONValue.parse(text) { asked.add(1, ordering: .relaxed).newValue == k }
            }
            #expect(asked.load(ordering: .relaxed) == k, "\(kind)")
        }
    }
}

/// The reader's time against the text's size, one size after the other (so that the runs of
/// one test do not share the processors): four times the text takes at most eight times the time,
/// for a style file's size (the limit is 1 MB) and a manifest's (16 MiB), whatever the text
/// holds. Linear is four, quadratic sixteen (the reader that copied a string at each escape); a
/// dictionary of 320 000 keys against one of 80 000 took 6.6 times on a busy machine.
@Suite(.serialized) struct JSONParserTimeTests {
    /// The least CPU time of this thread `body` took in `runs` runs: what another process on the
    /// machine moves little.
    static func cpuSeconds(runs: Int = 2, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            var start = timespec()
            var end = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
            try body()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
            best = min(best, Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9)
        }
        return best
    }

    @Test(arguments: JSONParserTests.kinds.map(\.name)) func aStyleFilesSize(kind: String) throws {
        let make = try #require(JSONParserTests.kinds.first { $0.name == kind }).make
        let (small, large) = (Array(make(240_000).utf8), Array(make(960_000).utf8))
        let times = try [small, large].map { text in try Self.cpuSeconds(runs: 3) { _ = try JSONValue.parse(text) } }
        #expect(
            times[1] <= 8 * max(times[0], 0.002),
            "\(kind): \(small.count) bytes \(times[0]) s, \(large.count) bytes \(times[1]) s")
    }

    /// Every kind in one text.
    @Test func aManifestsSize() throws {
        func mixed(_ size: Int) -> [UInt8] {
            let parts = JSONParserTests.kinds.filter { $0.name != "one long number" }.enumerated().map { (i, kind) in
                "\"k\(i)\": " + kind.make(size / 10)
            }
            return Array(("{" + parts.joined(separator: ", ") + "}").utf8)
        }
        let (small, large) = (mixed(4_000_000), mixed(16_000_000))
        #expect(large.count < 16 << 20)
        let times = try [small, large].map { text in try Self.cpuSeconds(runs: 1) { _ = try JSONValue.parse(text) } }
        #expect(times[1] <= 8 * times[0], "\(small.count) bytes \(times[0]) s, \(large.count) bytes \(times[1]) s")
    }
}
