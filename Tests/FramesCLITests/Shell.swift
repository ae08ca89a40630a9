import Foundation

@testable import FramesCLI

/// Runs a shell script with `bash`, `zsh`, `fish` or `sh`, the built `frames` first on the PATH
/// and as `$FRAMES`, and returns what it printed.
enum Shell {
    static func run(
        _ shell: String, _ script: String, in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> CLI.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [shell, "-c", script]
        if let directory { process.currentDirectoryURL = directory }
        var variables = ProcessInfo.processInfo.environment
        let folder = CLI.executable.deletingLastPathComponent().path
        variables["PATH"] = folder + ":" + (variables["PATH"] ?? "/usr/bin:/bin")
        variables["FRAMES"] = CLI.executable.path
        for (name, value) in environment { variables[name] = value }
        process.environment = variables
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let (outData, errData) = CLI.readBoth(out, err)
        process.waitUntilExit()
        return CLI.Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// `text` in single quotes for a POSIX shell.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
