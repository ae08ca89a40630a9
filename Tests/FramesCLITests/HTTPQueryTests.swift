import Testing

@testable import FramesCLI
@testable import Studio

/// The studio's query as libmicrohttpd hands it over (each name and value decoded, with its
/// size): every parameter once, no NUL, UTF-8 only; otherwise the first problem, named as the
/// command line names its option.
@Suite struct HTTPQueryTests {
    func query(_ pairs: [(String, String?)]) -> HTTPQuery {
        HTTPQuery(pairs.map { (Array($0.0.utf8), $0.1.map { Array($0.utf8) }) })
    }

    @Test func everyParameterInOrderAndNothingBetweenTwoAmpersands() {
        let parsed = query([("token", "abc"), ("", nil), ("text", nil), ("spinner-color", "#E8421A")])
        #expect(parsed.problem == nil)
        #expect(parsed.pairs.map(\.name) == ["token", "text", "spinner-color"])
        #expect(parsed.pairs.map(\.value) == ["abc", "", "#E8421A"])
    }

    @Test func aRepeatANulAndBytesThatAreNotUTF8AreRefusedByName() {
        #expect(query([("frame", "1"), ("frame", "2")]).problem == .repeated(name: "frame"))
        #expect(query([("token", "a"), ("text", "x"), ("token", "a")]).problem == .repeated(name: "token"))
        #expect(query([("text", "a\u{0}b")]).problem == .nul(name: "text", value: "a\u{0}b"))
        #expect(query([("te\u{0}xt", "a")]).problem == .nul(name: "te\u{0}xt", value: "a"))
        let notUTF8 = HTTPQuery([(Array("text".utf8), [0xFF])])
        #expect(notUTF8.problem == .notUTF8(name: "text", bytes: [0xFF]))
        #expect(notUTF8.error?.option == "--text")
        #expect(
            query([("frame", "1"), ("frame", "2")]).error?.description.hasPrefix(
                "option '--frame' given more than once") == true)
        // The first problem is the one named.
        #expect(
            query([("text", "a\u{0}"), ("frame", "1"), ("frame", "2")]).problem == .nul(name: "text", value: "a\u{0}"))
    }

    /// A name or value left as sent for a `%` without two hex digits: the first parameter with one
    /// is named, with the text as sent.
    @Test func aNameOrValueLeftUndecodedIsRefusedByName() {
        let left = [Array("50%zz".utf8)]
        let value = HTTPQuery(
            [(Array("frame".utf8), Array("1".utf8)), (Array("text".utf8), Array("50%zz".utf8))], undecoded: left)
        #expect(value.problem == .badEscape(name: "text", text: "50%zz"))
        #expect(value.error?.description.contains("'%' followed by two hex digits") == true, "\(value.error!)")
        let name = HTTPQuery([(Array("50%zz".utf8), Array("1".utf8))], undecoded: left)
        #expect(name.problem == .badEscape(name: "50%zz", text: "50%zz"))
        #expect(HTTPQuery([(Array("text".utf8), Array("50%".utf8))], undecoded: left).problem == nil)
    }
}
