import Foundation
import Testing

@testable import FramesCLI
@testable import Raster

/// A did-you-mean for every near miss: a single-dash spelling of a long option, and a value of
/// every closed set (styles, languages, devices by edit distance and by number, colour names,
/// metrics).
@Suite struct SuggestionTests {
    /// A value of a closed set one edit away from `word`: its last character dropped, or for a
    /// word of two characters, replaced.
    static func nearMiss(of word: String, among words: [String]) -> String {
        if word.count > 2 { return String(word.dropLast()) }
        let replaced = "zqxj".map { String(word.dropLast()) + String($0) }.first { !words.contains($0) }
        return replaced ?? word + "z"
    }

    /// Every option of every command whose values are a closed set (the words a shell
    /// completes), with a near miss of its first long enough word: the error names a word of the
    /// set one edit from the near miss.
    static var closedSets: [(command: [String], option: String, miss: String, words: [String])] {
        let commands: [([String], [(String, ValueCompletion)])] = [
            ([], RenderCommand.parser.options.map { ($0.spelled, $0.completion) }),
            (["compare", "e.png", "a.png"], CompareCommand.parser.options.map { ($0.spelled, $0.completion) }),
            (["lint"], LintCommand.parser.options.map { ($0.spelled, $0.completion) }),
            (["measure", "e.png"], MeasureCommand.parser.options.map { ($0.spelled, $0.completion) }),
        ]
        return commands.flatMap { command, options in
            options.compactMap { option, completion in
                guard case .words(let words) = completion, option != "--device" else { return nil }
                let word = words.first { $0.count >= 2 && $0.count <= 12 } ?? words[0]
                return (command, option, nearMiss(of: word, among: words), words)
            }
        }
    }

    @Test func everyClosedSetSuggests() throws {
        let sets = Self.closedSets
        #expect(sets.count >= 10, "\(sets.map(\.option))")
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for set in sets {
            let arguments = set.command + [set.option, set.miss]
            let result = try CLI.run(arguments, in: folder)
            let label = arguments.joined(separator: " ")
            #expect(result.status == 64, "\(label): \(result.stderr)")
            let suggested = result.stderr.firstMatch(of: /Did you mean '([^']*)'\?/).map { String($0.1) }
            let word = try #require(suggested, "\(label): no suggestion in \(result.stderr)")
            #expect(set.words.contains(word), "\(label): '\(word)' is not a value")
            #expect(editDistance(word, set.miss) <= 1, "\(label): '\(word)' is far from '\(set.miss)'")
        }
    }

    /// The issue's near misses, each with the value meant.
    @Test(arguments: [
        (["--lang", "cz"], "Did you mean 'cs'?"),
        (["--spinner-color", "blu"], "Did you mean 'blue'?"),
        (["--backdrop-color", "whte"], "Did you mean 'white'?"),
        (["--style", "overlya"], "Did you mean 'overlay'?"),
        (["--style", "Overlay"], "Did you mean 'overlay'?"),
        (["--device", "iPhone 99"], "Did you mean 'iPhone 17'?"),
        (["--device", "iPhone 12 Pro"], "Did you mean 'iPhone 14 Pro'?"),
        (["--device", "iPhone 15 Pro Maxx"], "Did you mean 'iPhone 15 Pro Max'?"),
        (["compare", "e.png", "a.png", "--metric", "oklb"], "Did you mean 'oklab'?"),
        (["-style", "overlay"], "Did you mean '--style'?"),
        (["-style=overlay"], "Did you mean '--style'?"),
        (["-stlye", "overlay"], "Did you mean '--style'?"),
        (["-o", "out"], "Did you mean '--out'?"),
        (["compare", "e.png", "a.png", "-report", "r.html"], "Did you mean '--report'?"),
        (["measure", "s.png", "-json"], "Did you mean '--json'?"),
    ])
    func theIssuesNearMisses(arguments: [String], suggestion: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.expectRefusal(arguments, in: folder, mentions: [suggestion])
    }
}
