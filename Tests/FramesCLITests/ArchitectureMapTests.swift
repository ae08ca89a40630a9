import Foundation
import Testing

/// docs/architecture.md's table of targets is the package as `Package.swift` declares it: every
/// library and executable target has a row, its "may import" column lists exactly the target's
/// dependencies, and its size in lines is within a quarter of what its sources hold.
@Suite struct ArchitectureMapTests {
    struct Target: CustomStringConvertible, Sendable {
        let name: String
        let dependencies: [String]
        let path: String
        var description: String { name }
    }

    /// The targets of `Package.swift`, read from its text (SwiftPM's lock is held while the tests
    /// run, so `swift package dump-package` would wait for it): the library and executable targets
    /// under Sources/, not the system-library ones (a module map each), nor the tests'.
    static let targets: [Target] = {
        let url = DocsTests.root.appendingPathComponent("Package.swift")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        let pattern = try! NSRegularExpression(
            pattern: #"\.(?:target|executableTarget)\(\s*name: "([^"]+)"(?:,\s*dependencies: \[([^\]]*)\])?"#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            let name = String(text[Range(match.range(at: 1), in: text)!])
            let list = Range(match.range(at: 2), in: text).map { String(text[$0]) } ?? ""
            let dependencies = list.split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(
                    in: CharacterSet(charactersIn: "\""))
            }.filter { !$0.isEmpty }
            let path = "Sources/" + name
            guard FileManager.default.fileExists(atPath: DocsTests.root.appendingPathComponent(path).path) else {
                return nil
            }
            return Target(name: name, dependencies: dependencies, path: path)
        }
    }()

    /// The table's rows: the target's name, then its columns.
    static let rows: [String: [String]] = {
        let url = DocsTests.root.appendingPathComponent("docs/architecture.md")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var rows: [String: [String]] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard let first = cells.first, first.hasPrefix("`"), first.hasSuffix("`") else { continue }
            rows[String(first.dropFirst().dropLast())] = Array(cells.dropFirst())
        }
        return rows
    }()

    /// Lines of Swift and C in a folder.
    static func lines(in path: String) -> Int {
        let root = DocsTests.root.appendingPathComponent(path)
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".swift") || $0.hasSuffix(".c") || $0.hasSuffix(".h") }.reduce(0) {
            let text = (try? String(contentsOf: root.appendingPathComponent($1), encoding: .utf8)) ?? ""
            return $0 + text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        }
    }

    @Test func thePackageHasTargets() {
        #expect(Self.targets.count >= 15, "\(Self.targets)")
    }

    @Test(arguments: targets)
    func everyTargetIsPlacedWithWhatItMayImportAndItsSize(_ target: Target) throws {
        let row = try #require(Self.rows[target.name], "docs/architecture.md has no row for `\(target.name)`")
        try #require(row.count == 3, "\(target.name): \(row)")
        let documented = row[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        #expect(
            Set(documented) == Set(target.dependencies),
            "\(target.name) may import \(target.dependencies.sorted()); the map says \(documented.sorted())")
        let size = Self.lines(in: target.path)
        let shown = try #require(Int(row[2].replacingOccurrences(of: " ", with: "")), "\(target.name): \(row[2])")
        #expect(
            abs(shown - size) <= max(20, size / 4),
            "\(target.name) holds \(size) lines; the map says \(shown)")
    }
}
