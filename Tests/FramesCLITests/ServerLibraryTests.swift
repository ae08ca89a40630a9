import Foundation
import Testing

@testable import FramesCLI

#if os(Linux)
/// Every library is linked as usual except the studio's HTTP server: libmicrohttpd, and GnuTLS
/// behind it, are opened by `frames studio` alone (Sources/CMicroHTTPD/shim.h; BENCHMARKS.md has
/// what that saves every other command). The loader says which libraries a run initialises
/// (`LD_DEBUG=libs`).
@Suite struct ServerLibraryTests {
    static let server = ["libmicrohttpd", "libgnutls"]

    /// The libraries among `server` that the run initialised.
    static func loaded(_ arguments: [String], in folder: URL) throws -> (status: Int32, libraries: [String]) {
        let result = try CLI.run(arguments, in: folder, environment: ["LD_DEBUG": "libs"])
        let initialised = result.stderr.split(separator: "\n").filter { $0.contains("calling init:") }
        return (result.status, server.filter { name in initialised.contains { $0.contains("/" + name) } })
    }

    @Test(arguments: [
        ["--style", "indicator", "--no-text", "--frames", "4", "--out", "a"],
        [
            "--style", "overlay", "--dim-amount", "0.5", "--text", "שלום hello", "--frames", "2", "--out", "b",
            "--gif", "b.gif", "--gif-matte", "#ffffff", "--webp", "b.webp",
        ],
        ["lint", "--style", "overlay"],
        ["--version"],
    ])
    func onlyTheStudioOpensTheServer(arguments: [String]) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ServerLibraryTests.loaded(arguments, in: folder)
        #expect(run.status == 0 || arguments.first == "lint")
        #expect(run.libraries == [], "\(arguments)")
    }

    /// The default label in the default family, whose file has its characters, is drawn without
    /// asking fontconfig: the manifest does not record fontconfig (FreeType it does); Hebrew is
    /// set in the script's font, which fontconfig finds, and then the manifest records it.
    @Test func theManifestRecordsFontconfigWhenItWasAsked() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CLI.run(["--style", "overlay", "--frames", "2", "--out", "c"], in: folder).status == 0)
        let plain = try String(contentsOf: folder.appendingPathComponent("c/manifest.json"), encoding: .utf8)
        #expect(plain.contains("\"FreeType\"") && !plain.contains("\"fontconfig\""))
        #expect(
            try CLI.run(["--style", "overlay", "--text", "שלום", "--frames", "2", "--out", "d"], in: folder).status == 0
        )
        let hebrew = try String(contentsOf: folder.appendingPathComponent("d/manifest.json"), encoding: .utf8)
        #expect(hebrew.contains("\"fontconfig\""))
    }
}
#endif
