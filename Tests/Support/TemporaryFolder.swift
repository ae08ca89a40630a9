import Foundation

/// Folders the tests work in, each under one folder of this test process
/// (`$TMPDIR/frames-tests-PID`) that is removed with everything in it when the process exits: a run
/// leaves nothing in the temporary directory, whichever test made a folder and whether or not it
/// removed it (a suite's `init` cannot).
public enum TemporaryFolder {
    /// This process's folder, its removal at exit registered on first use.
    static let root: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("frames-tests-\(getpid())")
        // A folder of an earlier process with this number, killed before it could remove it.
        try? FileManager.default.removeItem(at: url)
        atexit { try? FileManager.default.removeItem(at: TemporaryFolder.root) }
        return url
    }()

    /// A new, empty folder named `prefix-UUID`.
    public static func make(_ prefix: String) throws -> URL {
        let url = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
