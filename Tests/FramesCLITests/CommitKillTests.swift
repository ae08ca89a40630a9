import Foundation
import LibC
import TestSupport
import Testing

@testable import FramesCLI

/// SIGKILL at every step of a commit, over an earlier run, with each kind of output: the real
/// `frames` runs under strace, whose fault injection kills it on entering the Nth call of a
/// system call (`strace -f -e inject=renameat:signal=SIGKILL:when=N`; the commit renames with
/// `renameat`). Each rename of the commit in turn, and around them: the journal flushed (`fsync`),
/// half the earlier files kept (`linkat`), and the first kept file removed once every file is in
/// place (`unlinkat`). After the kill, `frames verify` says the folder is mid-commit, exits 1 and
/// changes nothing; the next run that writes the folder (`verify --update`, or a render refused
/// once it holds the lock) leaves the folder, and the folder where a single file goes beside it,
/// byte for byte as the earlier run left them (killed before the manifest's rename) or as the
/// whole new run does (after it), hidden files included.
@Suite(.slow) struct CommitKillTests {
    /// A run over an earlier one: the options both share, the earlier run's and the new run's
    /// own, the folders made first, and how many files the new run's commit renames.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        var earlier: [String]
        var new: [String]
        var folders: [String] = []
        let renames: Int

        var testDescription: String { name }
    }

    static let common = ["--no-text", "--scale", "1", "--out", "d"]
    static let red = ["--spinner-color", "red"]

    static let cases: [Case] = [
        Case(name: "frames only", earlier: ["--frames", "3"], new: ["--frames", "3"] + red, renames: 4),
        Case(
            name: "--apng inside the folder", earlier: ["--frames", "3", "--apng", "d/anim.png"],
            new: ["--frames", "3", "--apng", "d/anim.png"] + red, renames: 5),
        Case(
            name: "--sheet inside the folder", earlier: ["--frames", "3", "--sheet", "d/sheet.png"],
            new: ["--frames", "3", "--sheet", "d/sheet.png"] + red, renames: 5),
        Case(
            name: "--apng beside the folder", earlier: ["--frames", "3", "--apng", "a.png"],
            new: ["--frames", "3", "--apng", "a.png"] + red, renames: 5),
        Case(
            name: "--apng in another folder, --webp beside",
            earlier: ["--frames", "3", "--apng", "x/a.png", "--webp", "a.webp"],
            new: ["--frames", "3", "--apng", "x/a.png", "--webp", "a.webp"] + red, folders: ["x"], renames: 6),
        Case(
            name: "exports the earlier run did not write",
            earlier: ["--frames", "3"],
            new: ["--frames", "3", "--apng", "d/anim.png", "--gif", "a.gif", "--gif-matte", "white"] + red,
            renames: 6),
        Case(
            name: "fewer frames than the earlier run, a stale one to remove",
            earlier: ["--frames", "4", "--sheet", "d/sheet.png"],
            new: ["--frames", "3", "--sheet", "d/sheet.png"] + red, renames: 5),
    ]

    /// Where a run is killed: the Nth call of a system call, and whether the commit is then in
    /// place (the manifest renamed).
    struct KillPoint: CustomStringConvertible {
        let call: String
        let n: Int
        let committed: Bool

        var description: String { "\(call) #\(n)" }
    }

    static func killPoints(_ renames: Int) -> [KillPoint] {
        [KillPoint(call: "fsync", n: 1, committed: false), KillPoint(call: "linkat", n: 2, committed: false)]
            + (1...renames).map { KillPoint(call: "renameat", n: $0, committed: false) }
            + [KillPoint(call: "unlinkat", n: 1, committed: true)]
    }

    /// strace, which CI installs (.ci/run); nil when it is not on the PATH.
    static let strace: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { $0 + "/strace" }.first { access($0, X_OK) == 0 }
    }()

    @Test(arguments: cases) func killedAtEveryStepOfTheCommit(_ run: Case) throws {
        let strace = try #require(
            CommitKillTests.strace, "strace is not installed (apt-get install strace): the kill points need it")
        let root = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let complete = try CommitKillTests.prepare(run, in: root.appendingPathComponent("complete"))
        try expectRun(run.new, in: complete, "\(run.name): the new run")
        let whole = try CommitKillTests.files(complete)
        // One call past the commit's renames: the run is not killed (the count is the commit's).
        let beyond = KillPoint(call: "renameat", n: run.renames + 1, committed: true)
        for (index, point) in (CommitKillTests.killPoints(run.renames) + [beyond]).enumerated() {
            let label = "\(run.name), killed at \(point)"
            let work = try CommitKillTests.prepare(run, in: root.appendingPathComponent("k\(index)"))
            let earlier = try CommitKillTests.files(work)
            let killed = try CommitKillTests.run(
                strace,
                ["-f", "-o", "/dev/null", "-e", "inject=\(point.call):signal=SIGKILL:when=\(point.n)", "--"]
                    + [CLI.executable.path] + CommitKillTests.common + run.new, in: work)
            if point.n > run.renames, point.call == "renameat" {
                #expect(!killed.signalled && killed.status == 0, "\(label): \(killed.stderr)")
                #expect(try CommitKillTests.files(work) == whole, "\(label): the whole new run")
                continue
            }
            #expect(killed.signalled && killed.status == SIGKILL, "\(label): exit \(killed.status) \(killed.stderr)")
            // A reader in between says what happened and touches nothing.
            let left = try CommitKillTests.files(work)
            let verify = try CLI.run(["verify", "d"], in: work)
            #expect(verify.status == 1, "\(label): verify exit \(verify.status) \(verify.stdout)")
            #expect(
                verify.stderr.hasPrefix("Error: an interrupted frames run left 'd' mid-commit")
                    && verify.stderr.contains("finishes or undoes"), "\(label): \(verify.stderr)")
            #expect(verify.stdout.isEmpty, "\(label): verify printed \(verify.stdout)")
            #expect(try CommitKillTests.files(work) == left, "\(label): verify changed the folder")
            // The next run that writes the folder finishes or undoes the commit.
            if index % 2 == 0 {
                let update = try CLI.run(["verify", "--update", "d"], in: work, environment: ["CI": nil])
                #expect(update.status == 0, "\(label): verify --update exit \(update.status) \(update.stderr)")
                #expect(
                    update.stderr.contains(point.committed ? "its commit is finished" : "the earlier run is put back"),
                    "\(label): \(update.stderr)")
            } else {
                let refused = try CLI.run(StopTests.refusedAfterTheLock + ["--out", "d"], in: work)
                #expect(refused.status == 64, "\(label): \(refused.stderr)")
            }
            let after = try CommitKillTests.files(work)
            let expected = point.committed ? whole : earlier
            let wanted = point.committed ? "the whole new run" : "the earlier run"
            #expect(CommitKillTests.differences(after, expected) == [], "\(label): not \(wanted)")
            let again = try CLI.run(["verify", "d"], in: work)
            #expect(again.status == 0, "\(label): verify after the next run: \(again.stdout)\(again.stderr)")
        }
    }

    /// A folder with the case's earlier run in it (run from that folder: every path is relative).
    static func prepare(_ run: Case, in folder: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in run.folders {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        let result = try CLI.run(common + run.earlier, in: folder)
        #expect(result.status == 0, "\(run.name): the earlier run: \(result.stderr)")
        return folder
    }

    func expectRun(_ arguments: [String], in folder: URL, _ label: String) throws {
        let result = try CLI.run(CommitKillTests.common + arguments, in: folder)
        #expect(result.status == 0, "\(label): \(result.stderr)")
    }

    /// Every file under `folder`, hidden ones included, by its path in it, with its bytes.
    static func files(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let base = folder.path + "/"
        guard let walk = FileManager.default.enumerator(atPath: folder.path) else { return [:] }
        for case let path as String in walk {
            let url = URL(fileURLWithPath: base + path)
            var info = stat()
            guard lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else { continue }
            files[path] = try Data(contentsOf: url)
        }
        return files
    }

    /// The paths where two sets of files differ: missing, extra, or other bytes.
    static func differences(_ a: [String: Data], _ b: [String: Data]) -> [String] {
        Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
    }

    /// Runs `executable` with `arguments` in `folder`: its exit status (the signal's number when
    /// `signalled`) and what it said on standard error.
    static func run(_ executable: String, _ arguments: [String], in folder: URL) throws
        -> (status: Int32, signalled: Bool, stderr: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let (_, errData) = CLI.readBoth(out, err)
        process.waitUntilExit()
        return (
            process.terminationStatus, process.terminationReason == .uncaughtSignal,
            String(decoding: errData, as: UTF8.self)
        )
    }
}
