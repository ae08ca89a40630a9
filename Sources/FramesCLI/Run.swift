import Raster

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `run` would answer before rendering anything: 0 for a valid command line, 64 or 1 for
/// one that would be refused. Prints nothing and writes nothing (the fuzzer calls it).
public func validate(_ arguments: [String]) -> Int32 {
    if arguments.first == "compare" {
        do {
            _ = try CompareCommand.parser.parse(Array(arguments.dropFirst()))
            return 0
        } catch {
            return error.exitCode
        }
    }
    do {
        let parsed = try RenderCommand.parser.parse(arguments)
        _ = try RenderCommand.job(from: parsed)
        return 0
    } catch {
        return error.exitCode
    }
}

/// Reads a style file's bytes as `--style-file` does: 0 when it is a valid style, 64 when not.
public func validateStyleFile(_ bytes: [UInt8]) -> Int32 {
    do {
        let file = try StyleFile(bytes: bytes, path: "fuzz.json")
        var style = LoadingStyle.indicator
        try file.apply(to: &style)
        _ = try? style.validated()
        return 0
    } catch {
        return error.exitCode
    }
}

/// Prints to standard error.
func printError(_ text: String) {
    let line = Array((text + "\n").utf8)
    line.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
}

/// Runs `frames` with `arguments` (without the program name) and returns the exit code: the whole
/// command line tool, apart from `main.swift`, so that tests and the fuzzer can call it.
public func run(_ arguments: [String]) -> Int32 {
    let isCompare = arguments.first == "compare"
    let parser = isCompare ? CompareCommand.parser : RenderCommand.parser
    do {
        if isCompare { return try CompareCommand.run(Array(arguments.dropFirst())) }
        let parsed = try parser.parse(arguments)
        if parsed.has("help") {
            print(parser.helpText)
            return 0
        }
        if parsed.has("version") {
            print(RenderCommand.version)
            return 0
        }
        if parsed.has("list-devices") {
            for device in Device.all {
                let name = device.name + String(repeating: " ", count: max(1, 20 - device.name.count))
                print(
                    "\(name)\(formatNumber(device.screen.width)) × \(formatNumber(device.screen.height)) pt @\(formatNumber(device.scale))x"
                )
            }
            return 0
        }
        if parsed.has("list-languages") {
            for translation in Translation.all {
                let code = translation.languageCode
                let name =
                    translation.languageName
                    + String(repeating: " ", count: max(1, 13 - translation.languageName.count))
                print("\(code)  \(name)\(translation.loadingProcessingText)")
            }
            return 0
        }
        let job = try RenderCommand.job(from: parsed)
        if parsed.has("print-style") {
            print(StyleFile.json(for: job.scene.style, variant: job.scene.variant), terminator: "")
            return 0
        }
        if job.scene.variant == .indicator, parsed.values["dim-amount"] != nil {
            printError("warning: --dim-amount has no effect on --style indicator (the inline view has no dim layer)")
        }
        return try render(job)
    } catch let error as FramesError {
        printError("Error: \(error)")
        if error.isUsageError {
            printError("Usage: \(parser.usage)")
            printError("See '\(parser.commandName) --help' for more information.")
        }
        return error.exitCode
    } catch {
        printError("Error: \(error)")
        return 1
    }
}

func render(_ job: RenderCommand.Job) throws -> Int32 {
    let started = monotonicSeconds()
    let renderer: FrameRenderer
    do {
        renderer = try FrameRenderer(scene: job.scene, label: job.label, frameCount: job.turnFrames)
    } catch {
        throw FramesError.runtime("\(error)")
    }
    for warning in renderer.label?.warnings ?? [] {
        printError("warning: \(warning)")
    }
    if let apng = job.apng {
        let bytes = try APNGEncoder(renderer: renderer, fps: job.fps).encode()
        try OutputFile.write(bytes, to: apng)
        if !job.quiet {
            print(
                "Wrote \(apng): \(job.frameCount) frames of \(renderer.width)×\(renderer.height) px looping at "
                    + "\(job.fps) fps, \(formatBytes(bytes.count))")
        }
    }
    if let sheet = job.sheet {
        let tiles = (job.frameCount + job.sheetEvery - 1) / job.sheetEvery
        let columns = job.sheetColumns ?? Int(Double(tiles).squareRoot().rounded(.up))
        let image: Pixmap
        do {
            image = try ContactSheet.render(renderer, columns: columns, every: job.sheetEvery)
        } catch let error as RasterError {
            guard case .invalidSize(let width, let height) = error else { throw FramesError.runtime("\(error)") }
            throw FramesError.invalidValue(
                option: "--sheet", value: sheet,
                expected: "a sheet of at most 100 megapixels (it would be \(width) × \(height) px; "
                    + "use --every, --columns or a smaller --scale)")
        }
        let bytes = try PNGEncoder().encode(image)
        try OutputFile.write(bytes, to: sheet)
        if !job.quiet {
            print(
                "Wrote \(sheet): \(tiles) frames in \(columns) columns, \(image.width)×\(image.height) px, \(formatBytes(bytes.count))"
            )
        }
    }
    guard job.writesFolder else { return 0 }
    let created = try OutputFolder.prepare(job.directory, force: job.force)
    let indices = job.still.map { [$0] } ?? Array(0..<job.frameCount)
    let frames = indices.map { job.timeline?.frames[$0] ?? .spinner($0) }
    let fileNames = indices.map { job.namePattern.name(for: $0) }
    let manifestPath = job.directory + "/manifest.json"
    // The files an earlier run listed in its manifest: those this run does not rewrite go once it
    // has succeeded, so the folder holds one run. Files no manifest lists are never touched.
    let earlier = EarlierRun.files(listedIn: manifestPath)
    let progress = Progress(total: frames.count, enabled: !job.quiet && isatty(2) != 0, started: started)
    // An interruption removes this run's temporary files, and the frames it creates where none
    // stood before (a new folder goes too).
    let fresh = fileNames.filter { !FileInput.exists(job.directory + "/" + $0) }
    Interruption.protect(
        fileNames.map { job.directory + "/" + SequenceWriter.temporaryName(for: $0) }
            + fresh.map { job.directory + "/" + $0 }
            + [job.directory + "/.manifest.json.partial"],
        folder: created ? job.directory : nil)
    defer { Interruption.release() }
    do {
        // The old manifest goes before the first frame is replaced, so no manifest ever lists
        // frames of another run; the new one is written last.
        let sizes = try SequenceWriter(threads: job.threads).write(
            renderer, to: job.directory, fileNames: fileNames, frames: frames,
            progress: { progress.update($0) },
            beforeRenaming: {
                if unlink(manifestPath) != 0, errno != ENOENT {
                    throw FileError(operation: "remove", path: manifestPath, errno: errno)
                }
            })
        progress.finish()
        let manifest = Manifest.json(job: job, renderer: renderer, fileNames: fileNames)
        try FileOutput.write(manifest, to: job.directory + "/.manifest.json.partial")
        try FileOutput.rename(job.directory + "/.manifest.json.partial", to: manifestPath)
        for name in earlier where !fileNames.contains(name) {
            FileOutput.remove(job.directory + "/" + name)
        }
        let seconds = monotonicSeconds() - started
        let total = sizes.reduce(0, +)
        let scene = job.scene
        let what =
            job.still.map { "frame \($0) of \(job.frameCount)" }
            ?? (job.frameCount == 1 ? "1 frame" : "\(job.frameCount) frames")
        if !job.quiet {
            print(
                "Wrote \(what) of \(renderer.width)×\(renderer.height) px "
                    + "(\(scene.variant.rawValue) @\(formatNumber(scene.scale))x, \(job.fps) fps, "
                    + "\(formatBytes(total))) and manifest.json to \(job.directory) in "
                    + "\(formatNumber((seconds * 100).rounded() / 100)) s")
        }
        return 0
    } catch {
        progress.finish()
        FileOutput.remove(job.directory + "/.manifest.json.partial")
        if created { rmdir(job.directory) }
        throw FramesError.runtime("\(error)")
    }
}

func formatBytes(_ count: Int) -> String {
    if count < 10_000 { return "\(count) bytes" }
    if count < 10_000_000 { return "\((count + 500) / 1000) kB" }
    return "\((count + 500_000) / 1_000_000) MB"
}

func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// What an earlier run wrote into a folder, from its manifest.
enum EarlierRun {
    /// The frame files the manifest at `path` lists: plain names in that folder only (never a
    /// path, never the manifest); none when there is no readable manifest.
    static func files(listedIn path: String) -> [String] {
        guard let bytes = try? FileInput.read(path), bytes.count <= 16 << 20,
            case .object(let manifest)? = try? JSONValue.parse(bytes),
            case .array(let files)? = manifest["files"]
        else { return [] }
        return files.compactMap { value in
            guard case .string(let name) = value, !name.isEmpty, !name.contains("/"), !name.hasPrefix("."),
                name != "manifest.json", name.lowercased().hasSuffix(".png")
            else { return nil }
            return name
        }
    }
}

/// A single output file (an animated PNG, a contact sheet): written under a temporary name beside
/// it and renamed into place.
enum OutputFile {
    static func write(_ bytes: [UInt8], to path: String) throws(FramesError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = (folder.isEmpty ? "" : folder + "/") + "." + name + ".partial"
        do {
            try FileOutput.write(bytes, to: temporary)
            try FileOutput.rename(temporary, to: path)
        } catch {
            FileOutput.remove(temporary)
            throw .runtime("\(error)")
        }
    }
}

/// The output folder: created when missing (its parent must exist); an existing path must be a
/// folder.
enum OutputFolder {
    /// A folder for diff images: created when missing; a runtime error when that fails.
    static func prepareForDiffs(_ path: String) throws(FramesError) {
        if mkdir(path, 0o755) != 0, errno != EEXIST {
            throw .runtime("cannot create the diff folder '\(path)': \(String(cString: strerror(errno)))")
        }
    }

    /// Returns whether this run created the folder. An existing folder must be empty or hold a
    /// manifest.json (an earlier run of frames), unless `force`: a folder of other files is not
    /// written into by accident.
    static func prepare(_ path: String, force: Bool) throws(FramesError) -> Bool {
        if mkdir(path, 0o755) == 0 { return true }
        let code = errno
        var info = stat()
        if code == EEXIST, stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw .runtime("cannot use '\(path)' as the output folder: \(String(cString: strerror(ENOTDIR)))")
            }
            if !force {
                // Temporary files an interrupted run of ours may have left do not count.
                let names = ((try? FileInput.names(in: path)) ?? []).filter {
                    !($0.hasPrefix(".") && $0.hasSuffix(".partial"))
                }
                if !names.isEmpty, !names.contains("manifest.json") {
                    throw .invalidValue(
                        option: "--out", value: path,
                        expected: "an empty folder or one an earlier run wrote (with a manifest.json); "
                            + "it holds \(names.count) other file\(names.count == 1 ? "" : "s") (use --force to write there anyway)"
                    )
                }
            }
            return false
        }
        throw .runtime("cannot create the output folder '\(path)': \(String(cString: strerror(code)))")
    }
}

/// A progress bar on stderr, for a terminal and a run that takes more than half a second.
final class Progress: @unchecked Sendable {
    let total: Int
    let enabled: Bool
    let started: Double
    private var shown = false
    private var lastDraw = 0.0
    private let lock = NSLockLike()

    init(total: Int, enabled: Bool, started: Double) {
        self.total = total
        self.enabled = enabled
        self.started = started
    }

    func update(_ done: Int) {
        guard enabled else { return }
        lock.withLock {
            let now = monotonicSeconds()
            guard now - started > 0.5, now - lastDraw > 0.1 || done == total else { return }
            lastDraw = now
            shown = true
            let width = 30
            let filled = width * done / max(1, total)
            printErrorRaw(
                "\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
                    + "] \(done)/\(total) frames")
        }
    }

    func finish() {
        lock.withLock {
            if shown { printErrorRaw("\r" + String(repeating: " ", count: 60) + "\r") }
            shown = false
        }
    }
}

/// A mutex from pthreads, for the CLI (which does not load Foundation).
final class NSLockLike: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    func withLock<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }
}

func printErrorRaw(_ text: String) {
    let bytes = Array(text.utf8)
    bytes.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
}
