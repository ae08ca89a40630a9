import Foundation
import Testing

@testable import FramesCLI
@testable import Studio

/// The command line the studio hands over runs as shown: it is put through `sh -c` with the built
/// `frames` first on the PATH, and writes the very bytes of the studio's still. Values that start
/// with a dash are given as `--name=value`; quotes, spaces and the shell's special characters
/// are quoted.
@Suite struct StudioCommandLineTests {
    @Test(arguments: [
        "-x y", "it's", "--help", "a\"b$c`d\\e", "#hash", "-", "--", "ünï €", "*?[!]",
    ])
    func theCopiedCommandLineRunsAsShown(text: String) throws {
        let studio = try StudioServer()
        defer { studio.stop() }
        let value = try #require(text.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let state = "token=\(studio.token)&text=\(value)&spinner-color=%23E8421A&frame=4"
        let check = try studio.get("/check?\(state)")
        #expect(check.status == 200, "\(check.body)")
        let object = try JSONSerialization.jsonObject(with: Data(check.body.utf8)) as? [String: Any]
        let command = try #require(object?["command"] as? String)
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " --frame 4 --out frames --quiet"]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = CLI.executable.deletingLastPathComponent().path + ":/usr/bin:/bin"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(command): \(stderr)")
        let written = CLI.contents(of: folder.appendingPathComponent("frames")).filter { $0.hasSuffix(".png") }
        let name = try #require(written.first, "\(command) wrote no frame")
        let file = try Data(contentsOf: folder.appendingPathComponent("frames/\(name)"))
        let still = try Browser.exchange(
            Array(
                ("GET /frame.png?\(state) HTTP/1.1\r\nHost: 127.0.0.1:\(studio.port)\r\nConnection: close\r\n\r\n").utf8
            ),
            port: studio.port)
        let split = try #require(still.firstRange(of: Array("\r\n\r\n".utf8)))
        #expect([UInt8](file) == Array(still[split.upperBound...]), "\(command): not the studio's still")
    }
}
