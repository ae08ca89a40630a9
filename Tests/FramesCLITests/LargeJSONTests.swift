import Foundation
import LibC
import TestSupport
import Testing

@testable import FramesCLI
@testable import Images

/// A `frames` process started with `posix_spawn`, so that its CPU time can be read when it is
/// waited for (`wait4`).
struct SpawnedCLI {
    let pid: pid_t

    /// Starts `frames` with `arguments`, standard output thrown away and standard error to
    /// `stderr` (or thrown away).
    init(_ arguments: [String], stderr: URL? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderr?.path ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([CLI.executable.path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, CLI.executable.path, &actions, nil, argv, environ) == 0 else {
            throw Browser.Failure(description: "cannot start \(CLI.executable.path)")
        }
        self.pid = pid
    }

    /// The CPU seconds (user and system) the process has used so far, and whether it has ended
    /// (`/proc/PID/stat`).
    func progress() -> (cpuSeconds: Double, ended: Bool) {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return (0, true) }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
        return (ticks / Double(sysconf(Int32(_SC_CLK_TCK))), fields[0] == "Z")
    }

    /// Waits for the end: the exit status, or the signal that ended it, and the CPU seconds it
    /// used (its own accounting).
    func wait() -> (status: Int32?, signal: Int32?, cpuSeconds: Double) {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        let cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime)
        return status & 0x7F == 0 ? ((status >> 8) & 0xFF, nil, cpu) : (nil, status & 0x7F, cpu)
    }
}

extension CLI {
    /// Runs `frames` with `arguments`, its output thrown away, and returns its exit status and the
    /// CPU seconds it used (user and system, its own accounting from `wait4`): what other
    /// processes on the machine move little.
    static func cpuSeconds(_ arguments: [String]) throws -> (status: Int32, seconds: Double) {
        let run = try SpawnedCLI(arguments).wait()
        return (run.status ?? -(run.signal ?? 0), run.cpuSeconds)
    }
}

/// Style files near their limit (1 MB) and manifests near theirs (16 MiB), of each kind that
/// once took time out of proportion (a string with an escape every few bytes, a key of megabytes
/// for which a suggestion was looked for: about 11 minutes for 16 MB, a long value quoted in a
/// message), read by the real `frames`. Four times the file takes at most eight times the
/// process's CPU time (linear is four, quadratic sixteen), and the large file at most twenty
/// times the time of one as large that holds a plain string: CPU time, so that a busy machine
/// does not fail the test.
@Suite(.serialized, .slow) struct LargeJSONTests {
    /// A style file's kinds at about `size` bytes, and the exit status of `frames --print-style`
    /// with them.
    static let styleFiles: [(name: String, make: @Sendable (Int) -> String, status: Int32)] = [
        (
            "an escape every few bytes",
            { #"{"resolvedText": ""# + String(repeating: #"ab\n"#, count: $0 / 4) + "\"}" }, 0
        ),
        ("an unknown key", { #"{""# + String(repeating: "k", count: $0) + #"": 1}"# }, 64),
        ("a font name of escapes", { #"{"textFontName": ""# + String(repeating: #"a\t"#, count: $0 / 3) + "\"}" }, 64),
        ("a long colour", { ##"{"spinnerColor": "#"## + String(repeating: "f", count: $0) + "\"}" }, 64),
        ("a long number", { #"{"textSize": 1"# + String(repeating: "0", count: $0) + "}" }, 64),
    ]

    /// A style file as large as the largest above, of one plain string.
    static let plainStyle = #"{"resolvedText": ""# + String(repeating: "a", count: 960_000) + "\"}"

    @Test(arguments: styleFiles.map(\.name)) func styleFilesNearTheLimit(kind: String) throws {
        let file = try #require(Self.styleFiles.first { $0.name == kind })
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var times: [Double] = []
        for (size, text) in [(240_000, file.make(240_000)), (960_000, file.make(960_000)), (0, Self.plainStyle)] {
            let url = folder.appendingPathComponent("\(size).json")
            try Data(text.utf8).write(to: url)
            let run = try CLI.cpuSeconds(["--style-file", url.path, "--print-style"])
            #expect(run.status == (size == 0 ? 0 : file.status), "\(kind), \(size) bytes: exit \(run.status)")
            times.append(run.seconds)
        }
        #expect(times[1] <= 8 * max(times[0], 0.05), "\(kind): 240 kB \(times[0]) s, 960 kB \(times[1]) s of CPU")
        #expect(times[1] <= 20 * max(times[2], 0.05), "\(kind): 960 kB \(times[1]) s, a plain string \(times[2]) s")
    }

    /// A folder of one frame whose manifest.json has `value` in place of the key `key`'s value
    /// (or added, for a key the manifest lacks).
    static func folder(in parent: URL, named name: String, key: String, value: String) throws -> URL {
        let folder = parent.appendingPathComponent(name)
        #expect(try CLI.run(["--no-text", "--frames", "1", "--out", folder.path]).status == 0)
        let manifest = folder.appendingPathComponent("manifest.json")
        var text = try String(contentsOf: manifest, encoding: .utf8)
        if let range = text.range(of: "\n  \"\(key)\": ") {
            let end = text[range.upperBound...].firstIndex(of: "\n")!
            let comma = text[text.index(before: end)] == "," ? "," : ""
            text.replaceSubrange(range.upperBound..<end, with: value + comma)
        } else {
            text.replaceSubrange(text.range(of: "{\n")!, with: "{\n  \"\(key)\": \(value),\n")
        }
        try Data(text.utf8).write(to: manifest)
        return folder
    }

    /// A manifest's kinds at about `size` bytes: a key and its value, each refused.
    static let manifests: [(name: String, make: @Sendable (Int) -> (key: String, value: String))] = [
        ("a text of escapes", { ("text", "\"" + String(repeating: #"ab\n"#, count: $0 / 4) + "\"") }),
        ("an unknown key", { (String(repeating: "k", count: $0), "1") }),
        (
            "every kind of value",
            {
                (
                    "timeline",
                    "[" + String(repeating: #"[null,true,-1.5e-3,"s\t",{"a":[{}]},[]],"#, count: $0 / 40) + "[]]"
                )
            }
        ),
    ]

    @Test(arguments: manifests.map(\.name)) func manifestsNearTheLimit(kind: String) throws {
        let manifest = try #require(Self.manifests.first { $0.name == kind })
        let parent = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        var times: [Double] = []
        let plain = { (size: Int) in ("generator", "\"" + String(repeating: "a", count: size) + "\"") }
        for (size, make, status) in [
            (4_000_000, manifest.make, 64), (16_000_000, manifest.make, 64), (16_000_000, plain, 0),
        ]
            as [(Int, (Int) -> (key: String, value: String), Int32)]
        {
            let (key, value) = make(size)
            let folder = try Self.folder(in: parent, named: "\(times.count)", key: key, value: value)
            let run = try CLI.cpuSeconds(["verify", folder.path])
            #expect(run.status == status, "\(kind), \(size) bytes: exit \(run.status)")
            times.append(run.seconds)
        }
        #expect(times[1] <= 8 * max(times[0], 0.05), "\(kind): 4 MB \(times[0]) s, 16 MB \(times[1]) s of CPU")
        #expect(times[1] <= 20 * max(times[2], 0.05), "\(kind): 16 MB \(times[1]) s, a plain string \(times[2]) s")
    }
}

/// A stop while a large manifest is read: `frames verify` of a folder whose manifest.json is
/// near 16 MiB (a valid one: unstopped, the folder holds, in a few seconds of a debug build,
/// most of it reading) gets a real SIGTERM at a random moment of its reading, and ends by it, saying "Stopped; nothing written", its report not written,
/// having used little CPU after the signal (the reader asks every 64 KiB) and within a second.
@Suite(.serialized, .slow) struct ParseStopTests {
    @Test func verifyStopsWhileItReadsANearLimitManifest() throws {
        let parent = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        // A string under "fingerprints", which verify reads and names but does not print.
        let folder = parent.appendingPathComponent("v")
        #expect(try CLI.run(["--no-text", "--frames", "1", "--out", folder.path]).status == 0)
        let manifest = folder.appendingPathComponent("manifest.json")
        let note = "\"note\": \"" + String(repeating: #"ab\n"#, count: 16_000_000 / 4) + "\",\n    "
        var text = try String(contentsOf: manifest, encoding: .utf8)
        text.replaceSubrange(text.range(of: "\"fingerprints\": {\n    ")!, with: "\"fingerprints\": {\n    " + note)
        try Data(text.utf8).write(to: manifest)
        #expect(text.utf8.count > 15_000_000 && text.utf8.count < 16 << 20, "manifest.json: \(text.utf8.count) bytes")
        let report = parent.appendingPathComponent("r.html")
        let whole = try SpawnedCLI(["verify", folder.path]).wait()
        #expect(whole.status == 0, "unstopped: exit \(whole.status ?? -1), signal \(whole.signal ?? 0)")
        let log = parent.appendingPathComponent("stderr")
        for attempt in 0..<5 {
            // The moment is taken in the process's own CPU time (most of which is reading the
            // manifest), so that a busy machine does not move it past the reading.
            let moment = Double.random(in: 0.05...0.5) * whole.cpuSeconds
            let run = try SpawnedCLI(["verify", folder.path, "--report", report.path], stderr: log)
            var before = run.progress()
            while before.cpuSeconds < moment && !before.ended {
                usleep(5_000)
                before = run.progress()
            }
            #expect(!before.ended, "attempt \(attempt): ended before \(moment) s of CPU")
            let signalled = Date()
            kill(run.pid, SIGTERM)
            let result = run.wait()
            let wall = Date().timeIntervalSince(signalled)
            let stderr = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            #expect(result.signal == SIGTERM, "attempt \(attempt): exit \(result.status ?? -1): \(stderr)")
            #expect(stderr == "Stopped; nothing written\n", "attempt \(attempt): \(stderr)")
            #expect(!FileManager.default.fileExists(atPath: report.path), "attempt \(attempt): the report was written")
            #expect(
                result.cpuSeconds - before.cpuSeconds < 0.25,
                "attempt \(attempt): \(result.cpuSeconds - before.cpuSeconds) s of CPU after SIGTERM")
            #expect(wall < 1, "attempt \(attempt): ended \(wall) s after SIGTERM")
            try? FileManager.default.removeItem(at: report)
        }
        #expect(CLI.contents(of: parent) == ["stderr", "v"], "\(CLI.contents(of: parent))")
    }
}
