import Foundation
import TestSupport
import Testing

@testable import FramesTesting

/// Every Swift snippet in docs/golden-kit.md and docs/library.md compiles as written: each is
/// type-checked by `swiftc` against this build's modules (a `Package.swift` against the manifest
/// API), with the page's helpers (a snippet that starts "// The page's helpers.") beside it.
@Suite(.slow, .developersEnvironment) struct DocsSnippetTests {
    static let root = Golden.packageRoot(of: #filePath)
    /// The folder of this build's products (`.build/<triple>/<configuration>`).
    static let build = ChildRun.binary.deletingLastPathComponent()
    static let helpersMark = "// The page's helpers."

    /// The ```swift blocks of `page`, in order.
    static func snippets(of page: String) throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]? = nil
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// `swiftc`, from the PATH.
    static let swiftc: URL? = {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let url = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }()

    /// What `swiftc -typecheck` says of `files` (empty when they compile), with the modules of
    /// this build, or the manifest API for a `Package.swift`.
    static func typecheck(_ files: [URL], manifest toolsVersion: String?) throws -> String {
        let swiftc = try #require(swiftc, "swiftc is on the PATH")
        var arguments = ["-typecheck"]
        if let toolsVersion {
            let api = swiftc.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("lib/swift/pm/ManifestAPI")
            arguments += ["-I", api.path, "-package-description-version", toolsVersion]
        } else {
            arguments += ["-I", build.appendingPathComponent("Modules").path]
            arguments += try systemLibraryFlags().flatMap { ["-Xcc", $0] }
            let sources = root.appendingPathComponent("Sources")
            let fileManager = FileManager.default
            for target in try fileManager.contentsOfDirectory(atPath: sources.path).sorted() {
                let map = sources.appendingPathComponent(target + "/module.modulemap")
                if fileManager.fileExists(atPath: map.path) { arguments += ["-Xcc", "-fmodule-map-file=" + map.path] }
                let include = sources.appendingPathComponent(target + "/include")
                if fileManager.fileExists(atPath: include.path) { arguments += ["-Xcc", "-I" + include.path] }
                let built = build.appendingPathComponent(target + ".build/module.modulemap")
                if fileManager.fileExists(atPath: built.path) {
                    arguments += ["-Xcc", "-fmodule-map-file=" + built.path]
                }
            }
        }
        let process = Process()
        process.executableURL = swiftc
        process.arguments = arguments + files.map(\.path)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? "" : output
    }

    /// The C flags of the system libraries `Package.swift` names (`pkgConfig: "…"`), as SwiftPM
    /// asks pkg-config for them: FreeType's headers, for one, are not on the default path.
    static func systemLibraryFlags() throws -> [String] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"pkgConfig: "([^"]+)""#)
        let names = pattern.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)).map {
            String(manifest[Range($0.range(at: 1), in: manifest)!])
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config", "--cflags"] + names
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "pkg-config knows \(names.joined(separator: " "))")
        return output.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    @Test(arguments: ["docs/golden-kit.md", "docs/library.md"])
    func everySwiftSnippetCompiles(page: String) throws {
        let snippets = try Self.snippets(of: page)
        #expect(!snippets.isEmpty)
        let helpers = snippets.filter { $0.hasPrefix(Self.helpersMark) }
        let folder = try ChildRun.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, snippet) in snippets.enumerated() where !snippet.hasPrefix(Self.helpersMark) {
            let manifest = snippet.split(separator: "\n").first.flatMap { line in
                line.hasPrefix("// swift-tools-version:")
                    ? String(line.dropFirst("// swift-tools-version:".count)) : nil
            }
            let snippetFolder = folder.appendingPathComponent("\(index)")
            try FileManager.default.createDirectory(at: snippetFolder, withIntermediateDirectories: true)
            var files = [snippetFolder.appendingPathComponent(manifest != nil ? "Package.swift" : "main.swift")]
            try Data(snippet.utf8).write(to: files[0])
            if manifest == nil && !helpers.isEmpty {
                files.append(snippetFolder.appendingPathComponent("Helpers.swift"))
                try Data(helpers.joined(separator: "\n").utf8).write(to: files[1])
            }
            let said = try Self.typecheck(files, manifest: manifest)
            #expect(said.isEmpty, "\(page), Swift snippet \(index + 1):\n\(snippet)\n\(said)")
        }
    }
}
