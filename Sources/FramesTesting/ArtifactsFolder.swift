import Foundation
import Images

/// The artifacts folder (`FRAMES_ARTIFACTS`, default `.build/frames-artifacts` in the package):
/// the pictures of each failure, the page of the run's failures (`index.html`), and the run's
/// record (`.frames-run.json`): which run wrote there, the files and folders it made, the goldens
/// its assertions claimed and the failures the page shows.
///
/// One `swift test` starts several processes (XCTest's, Swift Testing's, one per test with
/// `--parallel`); they share the record under an exclusive lock (`flock` on
/// `.frames-run.lock`). The first assertion of a new run removes what the earlier run made
/// (the files it lists, nothing else: other tools write into `.build/frames-artifacts` too);
/// nothing is removed during a run. Where the folder cannot be written, the record is kept in
/// memory for this process.
struct ArtifactsFolder: Sendable {
    let url: URL

    /// The record's file and its lock, beside the artifacts.
    static let recordName = ".frames-run.json"
    static let lockName = ".frames-run.lock"
    /// The page of the run's failures.
    static let pageName = "index.html"

    /// Runs `body` on the run's record, locked, and keeps what it changed. The record of another
    /// run is first cleared: its files and folders removed.
    func withRecord<Result>(_ body: (inout RunRecord) -> Result) -> Result {
        guard let lock = lock() else {
            return ArtifactsFolder.memory.withLock { records in
                var record = records[url.path] ?? RunRecord(run: TestRun.id)
                defer { records[url.path] = record }
                return body(&record)
            }
        }
        defer { close(lock) }
        let file = url.appendingPathComponent(ArtifactsFolder.recordName)
        var record = (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode(RunRecord.self, from: $0) }
        if let earlier = record, earlier.run != TestRun.id {
            ContainedFiles.remove(files: earlier.files, folders: earlier.folders, in: url)
            record = nil
        }
        var current = record ?? RunRecord(run: TestRun.id)
        let before = current
        let result = body(&current)
        if current != before || record == nil, let data = try? JSONEncoder().encode(current) {
            _ = try? ContainedFiles.write([UInt8](data), to: ArtifactsFolder.recordName, in: url)
        }
        return result
    }

    /// Writes an artifact at `relative` (a checked name) and lists it in the record; its path.
    /// The file is listed first, so that an earlier run's files are gone before it is written.
    func write(_ bytes: [UInt8], at relative: String) throws(ContainedFiles.Failure) -> String {
        withRecord { record in
            if !record.files.contains(relative) { record.files.append(relative) }
        }
        let written = try ContainedFiles.write(bytes, to: relative, in: url)
        if !written.madeFolders.isEmpty {
            withRecord { record in
                for folder in written.madeFolders where !record.folders.contains(folder) {
                    record.folders.append(folder)
                }
            }
        }
        return written.path
    }

    /// The lock's descriptor, held exclusively; nil when the folder cannot be made or locked.
    private func lock() -> Int32? {
        guard (try? ContainedFiles.makeFolders([String](), in: url)) != nil else { return nil }
        let fd = open(url.appendingPathComponent(ArtifactsFolder.lockName).path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return nil }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                close(fd)
                return nil
            }
        }
        return fd
    }

    /// Records of folders that cannot be written, by path.
    private static let memory = Locked<[String: RunRecord]>([:])
}

/// What a run did in an artifacts folder (`ArtifactsFolder`).
struct RunRecord: Codable, Sendable, Equatable {
    /// The run (`TestRun.id`).
    var run: String
    /// Files the run wrote, relative to the folder.
    var files: [String] = []
    /// Folders the run made, relative to the folder.
    var folders: [String] = []
    /// The goldens claimed, by path: which assertion checks each.
    var claims: [String: Claim] = [:]
    /// The failures, in the order they came.
    var failures: [PageEntry] = []

    /// One assertion's hold on a golden file or a sequence's folder.
    struct Claim: Codable, Sendable, Equatable {
        /// The test (`RunningTest.key`).
        var test: String
        /// Where the assertion is written: "BrandTests.swift:12:9".
        var place: String
        /// How the failure names the other assertion: "BrandTests/spin() at BrandTests.swift:12".
        var shown: String
    }

    /// Claims `path` (a folder when it ends in "/") for `claim`; the earlier claim in its way,
    /// when another assertion holds the path, a folder that holds it, or a file inside it.
    mutating func claim(_ path: String, for claim: Claim) -> Claim? {
        for (held, holder) in claims where holder.test != claim.test || holder.place != claim.place {
            if held == path || (held.hasSuffix("/") && path.hasPrefix(held))
                || (path.hasSuffix("/") && held.hasPrefix(path))
            {
                return holder
            }
        }
        claims[path] = claim
        return nil
    }
}

/// Which run of the tests this process belongs to: `FRAMES_RUN` when set, else the process that
/// started it, with its start time (`swift test` starts every test process of one run, and
/// nothing else).
enum TestRun {
    static let id: String = {
        if let given = ProcessInfo.processInfo.environment["FRAMES_RUN"], !given.isEmpty { return given }
        let parent = getppid()
        return "\(parent)@\(startTime(of: parent) ?? "?")"
    }()

    /// When process `pid` started, as the system counts it (clock ticks since boot on Linux).
    static func startTime(of pid: pid_t) -> String? {
        #if os(Linux)
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return nil }
        // Fields after the command's closing parenthesis start with the third, the state; the
        // start time is the 22nd.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        return fields.count > 19 ? String(fields[19]) : nil
        #elseif canImport(Darwin)
        var info = kinfo_proc()
        var size = MemoryLayout<kinfo_proc>.stride
        var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, pid]
        guard sysctl(&name, 4, &info, &size, nil, 0) == 0 else { return nil }
        let started = info.kp_proc.p_starttime
        return "\(started.tv_sec).\(started.tv_usec)"
        #else
        return nil
        #endif
    }
}
