import Foundation
import Testing

/// The code stays easy to read: no function in `Sources/` over 60 lines unless the comment above
/// it says why ("longer than 60 lines because …"), and every public declaration documented. A
/// file holds a type and what belongs to it, however long.
@Suite struct SourceShapeTests {
    struct SourceFile: CustomStringConvertible, Sendable {
        let path: String
        let lines: [String]
        var description: String { path }
    }

    static let files: [SourceFile] = {
        let root = DocsTests.root.appendingPathComponent("Sources")
        let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".swift") }.sorted().compactMap { path in
            guard let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) else {
                return nil
            }
            return SourceFile(path: path, lines: text.components(separatedBy: "\n"))
        }
    }()

    @Test func sourcesAreFound() {
        #expect(Self.files.count > 50)
    }

    @Test(arguments: files)
    func functionsAreShort(_ file: SourceFile) {
        for (start, length) in Self.functions(in: file.lines) where length > 60 {
            let above = file.lines[max(0, start - 6)..<start]
            #expect(
                above.contains { $0.contains("longer than 60 lines because") },
                "\(file.path):\(start + 1) is a function of \(length) lines with no comment saying why")
        }
    }

    /// Every public declaration of the libraries other packages use (the Raster product's
    /// modules Raster and Images, FramesTesting) has a doc comment, enum cases of public enums included
    /// (conformances' `description`, `id` and `==` inherit theirs).
    @Test(arguments: files.filter { ["Raster/", "Images/", "FramesTesting/"].contains(where: $0.path.hasPrefix) })
    func publicDeclarationsAreDocumented(_ file: SourceFile) {
        let inherited = ["public var description", "public var id", "public static func =="]
        for (index, line) in file.lines.enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            let isCase = SourceShapeTests.isPublicEnumCase(at: index, in: file.lines)
            guard code.hasPrefix("public ") || isCase, !inherited.contains(where: code.hasPrefix) else { continue }
            let above = file.lines[..<index].reversed().first {
                !$0.trimmingCharacters(in: .whitespaces).hasPrefix("@")
            }
            #expect(
                above?.trimmingCharacters(in: .whitespaces).hasPrefix("///") == true,
                "\(file.path):\(index + 1) is public with no doc comment: \(code)")
        }
    }

    /// Whether line `index` declares a case of a public enum (`case name` or `case name(…)`, not
    /// a `case` of a switch, which has a colon outside its parentheses).
    static func isPublicEnumCase(at index: Int, in lines: [String]) -> Bool {
        let line = lines[index]
        let code = line.trimmingCharacters(in: .whitespaces)
        guard code.range(of: #"^case [A-Za-z_]"#, options: .regularExpression) != nil,
            !code.replacingOccurrences(of: #"\([^)]*\)"#, with: "", options: .regularExpression).contains(":")
        else { return false }
        let indent = line.prefix { $0 == " " }.count
        let enclosing = lines[..<index].reversed().first { other in
            !other.trimmingCharacters(in: .whitespaces).isEmpty && other.prefix { $0 == " " }.count < indent
        }
        return enclosing?.trimmingCharacters(in: .whitespaces).range(
            of: #"^public (indirect )?enum "#, options: .regularExpression) != nil
    }

    /// The first line and the length of every function, initializer and closure-free body, by
    /// counting braces outside string and character literals and comments.
    static func functions(in lines: [String]) -> [(start: Int, length: Int)] {
        let declaration = try! NSRegularExpression(
            pattern: #"^\s*(@[\w()]+\s+)*((public|package|private|fileprivate|internal|static|mutating|"#
                + #"override|final|nonisolated)\s+)*(func\s|init[?(<]|deinit\b|subscript\s*\()"#)
        var found: [(Int, Int)] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            guard declaration.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil else {
                index += 1
                continue
            }
            var depth = 0
            var opened = false
            var end = index
            scan: while end < lines.count {
                for character in code(of: lines[end]) {
                    if character == "{" {
                        depth += 1
                        opened = true
                    } else if character == "}" {
                        depth -= 1
                        if opened, depth == 0 { break scan }
                    }
                }
                // A declaration without a body (a protocol requirement) ends at its line.
                if !opened, end > index + 8 { break }
                end += 1
            }
            if opened { found.append((index, end - index + 1)) }
            index = opened ? end + 1 : index + 1
        }
        return found
    }

    /// The line without string literals, character literals and a trailing comment.
    static func code(of line: String) -> String {
        var out = ""
        var inString = false
        var previous: Character = " "
        for character in line {
            if inString {
                if character == "\"", previous != "\\" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "/", previous == "/" {
                out.removeLast()
                break
            } else {
                out.append(character)
            }
            previous = character == "\\" && previous == "\\" ? " " : character
        }
        return out
    }
}
