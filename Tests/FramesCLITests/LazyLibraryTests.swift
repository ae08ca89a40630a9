import Foundation
import Testing

#if os(Linux)
/// The text and export libraries are opened when first called (Sources/LibraryLoader): a run
/// without a label, a GIF or a WebP never loads them, and one with them loads each it needs and
/// writes what it did before. The loader says which libraries it opens (`LD_DEBUG=libs`).
@Suite struct LazyLibraryTests {
    static let lazy = ["libfontconfig", "libharfbuzz", "libfribidi", "libunibreak", "libwebp", "libgif"]

    /// The libraries among `lazy` that the run initialised.
    static func loaded(_ arguments: [String], in folder: URL) throws -> (status: Int32, libraries: [String]) {
        let result = try CLI.run(arguments, in: folder, environment: ["LD_DEBUG": "libs"])
        let initialised = result.stderr.split(separator: "\n").filter { $0.contains("calling init:") }
        return (result.status, lazy.filter { name in initialised.contains { $0.contains("/" + name) } })
    }

    @Test func aRunWithoutLabelOrExportsLoadsNone() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try LazyLibraryTests.loaded(
            ["--style", "indicator", "--no-text", "--frames", "4", "--out", "a"], in: folder)
        #expect(run.status == 0)
        #expect(run.libraries == [])
        #expect(CLI.contents(of: folder.appendingPathComponent("a")).count == 5)
    }

    /// The default label in the default family, whose file has its characters, is drawn without
    /// fontconfig: it is not loaded, and the manifest does not record it (FreeType it does).
    @Test func theDefaultLabelLoadsNoFontconfig() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try LazyLibraryTests.loaded(["--style", "overlay", "--frames", "2", "--out", "c"], in: folder)
        #expect(run.status == 0)
        #expect(run.libraries == ["libharfbuzz", "libfribidi", "libunibreak"])
        let manifest = try String(contentsOf: folder.appendingPathComponent("c/manifest.json"), encoding: .utf8)
        #expect(manifest.contains("\"FreeType\""))
        #expect(!manifest.contains("\"fontconfig\""))
    }

    @Test func aLabelAndExportsLoadWhatTheyNeed() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try LazyLibraryTests.loaded(
            [
                "--style", "overlay", "--dim-amount", "0.5", "--text", "שלום hello", "--frames", "4", "--out", "b",
                "--gif", "b.gif", "--gif-matte", "#ffffff", "--webp", "b.webp",
            ], in: folder)
        #expect(run.status == 0)
        #expect(run.libraries == LazyLibraryTests.lazy)
        // Hebrew is set in the script's font, which fontconfig finds.
        let manifest = try String(contentsOf: folder.appendingPathComponent("b/manifest.json"), encoding: .utf8)
        #expect(manifest.contains("\"fontconfig\""))
        let gif = try Data(contentsOf: folder.appendingPathComponent("b.gif"))
        let webp = try Data(contentsOf: folder.appendingPathComponent("b.webp"))
        #expect(gif.prefix(6) == Data("GIF89a".utf8))
        #expect(webp.prefix(4) == Data("RIFF".utf8) && webp.dropFirst(8).prefix(4) == Data("WEBP".utf8))
    }
}
#endif
