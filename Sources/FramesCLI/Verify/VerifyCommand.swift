import Comparison
import GoldenFolders
import LibC
import Screenshots
import StrictJSON
import Workers

/// `frames verify DIR…`: renders again what each folder's manifest describes and compares it
/// with the folder's files, frame by frame, with the thresholds and figures of `frames compare`;
/// says what changed since the folder was written; `--update` rewrites the folders.
enum VerifyCommand {
    struct Options: ComparisonOptions {
        var folders: [String] = []
        var maxChannelDelta: Given<Int>?
        var maxDifferingPixels: Given<Int>?
        var report: Given<String>?
        var update = false
        var force = false
        var backdropImage: Given<String>?
        var fontFile: Given<String>?
        var threads: Given<Int>?
        var help = false
    }

    static let parser = CommandParser<Options>(
        commandName: "frames verify",
        abstract: "Render again what each folder's manifest.json describes, and compare it with the folder's frames.",
        usage: "frames verify <folder>... [--max-channel-delta <n>] [--max-differing-pixels <n>] [--report <file>] "
            + "[--update [--force]]",
        options: Option.comparisonOptions + [
            .flag(
                "update",
                help: "Rewrite each folder from its manifest after an intended change, as a render writes it; "
                    + "refused when CI is set, unless --force.", \.update),
            .flag("force", help: "With --update: rewrite even when CI is set.", \.force),
            .value(
                "backdrop-image", "file",
                help: "The backdrop image a manifest names, if it is neither beside the manifest nor where the "
                    + "manifest says.", \.backdropImage, .nonEmpty("a file path")),
            .value(
                "font-file", "path",
                help: "The font file a manifest names, if it is neither beside the manifest nor where the manifest "
                    + "says.", \.fontFile, .nonEmpty("a file path")),
            .value(
                "threads", "n", help: "Frames compared at once, 1 to 256.", default: "the number of cores",
                \.threads, .integer(in: 1...256)),
            .flag("help", short: "h", help: "Show help information.", \.help),
        ],
        sections: [
            (
                "EXIT STATUS",
                """
                  0 every folder holds, 1 a frame differs (or is missing, or extra) or a killed run left
                  a folder mid-commit (--update finishes or undoes that commit first), 64 a usage error
                  or a folder this frames cannot honour: not a frames folder, a newer manifest version,
                  a value out of range, names --name-pattern would not give, a file the manifest names
                  that is gone.
                """
            ),
            (
                "NOTES",
                """
                  A file in the folder with the same bytes as the render holds; otherwise it is decoded
                  and compared as premultiplied 8-bit RGBA, or, when the manifest records a
                  "tolerance" ({"metric": "oklab", "threshold": 0.1, "maxDifferingPixels": 0}), judged
                  as pixelmatch judges it, as frames compare --metric does. When frames differ, verify
                  says what the manifest records that changed: fields edited since it was written, the
                  generator, library versions, font files and their checksums.
                """
            ),
        ],
        positionals: [
            .init(
                name: "folder", help: "A folder frames wrote, with its manifest.json.", variadic: true,
                completion: .directories
            ) {
                $0.folders.append($1)
            }
        ])

    static func run(_ arguments: [String]) throws(FramesError) -> Int32 {
        let options = try parser.parse(arguments, into: Options())
        if options.help {
            Console.print(parser.helpText)
            return 0
        }
        try options.checkReportPath()
        try checkInputsAndReport(options)
        if options.force, !options.update {
            throw .refused(option: "--force", message: "--force applies to --update only")
        }
        let ci = getenv("CI").map { String(cString: $0) }
        if options.update, !options.force, Manifest.isContinuousIntegration(ci) {
            throw .refused(
                option: "--update",
                message: "--update rewrites golden folders, and CI is set (CI=\(Console.shown(ci ?? ""))): refused, as "
                    + "recording is in CI; add --force to rewrite them anyway")
        }
        var status: Int32 = 0
        var sections: [ReportSection] = []
        var held = 0
        for path in options.folders {
            try Stop.check()
            let outcome = try verifyFolder(path, options)
            sections.append(outcome.section)
            status = max(status, outcome.status)
            if outcome.holds { held += 1 }
        }
        let transaction = OutputTransaction()
        do throws(FramesError) {
            try options.writeReport(command: "frames verify", sections: sections, into: transaction)
            try transaction.commit()
        } catch {
            transaction.rollback()
            throw error
        }
        if options.folders.count > 1 {
            Console.print("\(held) of \(counted(options.folders.count, "folder")) \(held == 1 ? "holds" : "hold")")
        }
        return status
    }

    /// One folder verified (and rewritten with `--update`), its result printed: its report section,
    /// the exit status it asks for (0, 1 for a difference or a folder left mid-commit, 64 for a
    /// folder it cannot read), and whether it holds.
    static func verifyFolder(_ path: String, _ options: Options) throws(FramesError) -> (
        section: ReportSection, status: Int32, holds: Bool
    ) {
        // A folder a killed run left mid-commit is read by no one: --update finishes or undoes
        // the commit first, as any run that writes the folder does; a plain verify says so.
        if FolderLock.holdsInterruptedCommit(path) {
            if options.update {
                try finishInterruptedCommit(in: path)
            } else {
                let error = FramesError.interruptedCommit(folder: path)
                Console.printError("Error: \(error)")
                return (ReportSection(title: path, notes: [], frames: [], error: "\(error)"), 1, false)
            }
        }
        let verification: FolderVerification
        do throws(FramesError) {
            verification = try verify(path, options)
        } catch {
            // A stop gives up reading the manifest: the stop ends the run, not the folder.
            try Stop.check()
            Console.printError("Error: " + Console.shown("\(error)"))
            return (ReportSection(title: path, notes: [], frames: [], error: "\(error)"), 64, false)
        }
        try Stop.check()
        try printResult(of: verification)
        if options.update {
            try VerifyUpdate.rewrite(verification, threads: options.threads?.value)
        }
        return (verification.reportSection, options.update || verification.holds ? 0 : 1, verification.holds)
    }

    /// Takes the lock of the folder at `path`, which finishes or undoes the commit a killed run
    /// left in it, says which on standard error, and lets the lock go.
    static func finishInterruptedCommit(in path: String) throws(FramesError) {
        let transaction = OutputTransaction()
        let finished: Bool?
        do throws(FramesError) {
            let folder = try transaction.folder(path, creating: false)
            try transaction.lockFrames(folder)
            finished = folder.lock?.finishedInterruptedCommit
        } catch {
            transaction.rollback()
            throw error
        }
        transaction.rollback()
        guard let finished else { return }
        Console.printError(
            "note: an interrupted run had left \(Console.shown(path)) mid-commit: "
                + (finished ? "its commit is finished" : "the earlier run is put back"))
    }

    /// The folder at `path` verified, its frames checked on the worker pool; its names checked
    /// first as `--update` checks them (`SequencePlan(replaying:)`).
    static func verify(_ path: String, _ options: Options) throws(FramesError) -> FolderVerification {
        let folder: FramesFolder
        do {
            // Nothing is staged while a folder is opened (its backdrop image decoded).
            folder = try Stop.endingAtOnce { () throws(ManifestError) in
                try FramesFolder(
                    path: path, fontFile: options.fontFile?.value, backdropImage: options.backdropImage?.value,
                    readBackdrop: { try ScreenshotDecoder.decode($0, shouldStop: Stop.asked).image })
            }
        } catch {
            throw .manifest(error)
        }
        _ = try SequencePlan(replaying: folder)
        let workers = options.threads?.value ?? WorkerPool.processorCount
        do {
            return try FolderVerification(
                folder, maxChannelDelta: options.allowedChannelDelta,
                maxDifferingPixels: options.allowedDifferingPixels
            ) { count, check in
                // A stop leaves the frames not yet checked; `run` then ends by it (within a frame).
                WorkerPool.map(count, workers: workers) { Stop.requested == nil ? check($0) : .unmatched("stopped") }
            }
        } catch {
            throw .manifest(error)
        }
    }

    /// The files given as options are regular files (a FIFO would block the run), and the report
    /// lands in no folder it verifies nor on a file it reads.
    static func checkInputsAndReport(_ options: Options) throws(FramesError) {
        for given in [options.fontFile, options.backdropImage].compactMap({ $0 }) {
            do {
                try FileInput.checkRegularFile(given.value)
            } catch {
                throw .unusableInput(
                    option: given.option, value: given.text, expected: "a readable file", cause: .file(error))
            }
        }
        if let report = options.report {
            // The report never lands in a folder it verifies (or rewrites), nor on a file it reads.
            let inputs =
                options.folders.map { NamedPath.folder("<folder>", $0) }
                + [options.fontFile, options.backdropImage].compactMap {
                    $0.map { NamedPath.file($0.option, $0.value) }
                }
            try PathCollisions.check(outputs: [.file(report.option, report.value)], inputs: inputs)
        }
    }

    /// A FAIL line per frame that fails (the figures `frames compare` prints), then the folder's
    /// line and what explains it.
    static func printResult(of verification: FolderVerification) throws(FramesError) {
        let path = verification.folder.path
        for check in verification.failures {
            Console.print(Console.shown("FAIL \(path)/\(check.name): \(check.outcome.summary)"))
        }
        let count = verification.frames.count
        let failing = verification.failures.count
        if verification.holds {
            Console.print(
                "PASS \(Console.shown(path)): \(counted(count, "frame")) \(count == 1 ? "holds" : "hold") (\(howTheyHold(verification)))"
            )
        } else {
            Console.print(
                "FAIL \(Console.shown(path)): \(failing) of \(counted(count, "frame")) \(failing == 1 ? "differs" : "differ")"
            )
        }
        for line in verification.explanations { Console.print(Console.shown("  \(line)")) }
    }

    /// "8 byte for byte", "2 byte for byte, 6 pixel for pixel in other bytes, 1 within the
    /// thresholds": files the encoder wrote the same, files another encoder wrote, and files that
    /// pass only because of the thresholds.
    static func howTheyHold(_ verification: FolderVerification) -> String {
        var sameBytes = 0
        var samePixels = 0
        var within = 0
        for check in verification.frames {
            switch check.outcome {
            case .identical: sameBytes += 1
            case .compared(let comparison) where comparison.isIdentical: samePixels += 1
            case .compared(let comparison) where comparison.passes: within += 1
            default: break
            }
        }
        return [
            sameBytes > 0 ? "\(sameBytes) byte for byte" : nil,
            samePixels > 0 ? "\(samePixels) pixel for pixel in other bytes" : nil,
            within > 0 ? "\(within) within the thresholds" : nil,
        ].compactMap { $0 }.joined(separator: ", ")
    }
}
