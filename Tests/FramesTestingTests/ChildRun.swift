import Foundation
import TestSupport

@testable import Images

/// Runs this test binary again as a child process, to watch what a whole run does with a failure
/// that no test records (a detached task, a class-level tearDown): its exit status and output.
/// The child tests are disabled unless `FRAMES_KIT_CHILD` names them.
enum ChildRun {
    struct Result {
        let status: Int32
        let output: String
    }

    /// The test binary (`.build/<configuration>/<package>PackageTests.xctest`).
    static let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()

    /// Runs the child tests `arguments` select with `FRAMES_KIT_CHILD=child`, goldens in `folder`
    /// (compared only) and artifacts in `folder/artifacts`, so that the child's run leaves this
    /// run's artifacts alone.
    static func run(_ arguments: [String], child: String, folder: URL) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var environment = KitEnvironment.developers
        environment["FRAMES_KIT_CHILD"] = child
        environment["FRAMES_KIT_FOLDER"] = folder.path
        environment["FRAMES_RECORD"] = "never"
        environment["FRAMES_ARTIFACTS"] = folder.appendingPathComponent("artifacts").path
        environment["FRAMES_RUN"] = UUID().uuidString
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// The child's name in this process, if it is one.
    static var current: String? { ProcessInfo.processInfo.environment["FRAMES_KIT_CHILD"] }

    /// The child's golden folder.
    static var folder: String { ProcessInfo.processInfo.environment["FRAMES_KIT_FOLDER"] ?? "/nonexistent" }

    static func temporaryFolder() throws -> URL {
        try TemporaryFolder.make("frames-kit")
    }
}
