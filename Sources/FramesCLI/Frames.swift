import Raster

/// A subcommand of `frames`: its name, its usage line for errors, and how it runs.
struct Subcommand: Sendable {
    let name: String
    /// The usage line and the help command named under a usage error: made when needed, so that
    /// a run builds only its own command's parser.
    let usage: @Sendable () -> String
    let run: @Sendable ([String]) throws -> Int32
}

/// The subcommands, by the word that follows `frames`; anything else renders.
let subcommands: [Subcommand] = [
    Subcommand(name: "compare", usage: { CompareCommand.parser.usage }, run: CompareCommand.run),
    Subcommand(name: "verify", usage: { VerifyCommand.parser.usage }, run: VerifyCommand.run),
    Subcommand(name: "lint", usage: { LintCommand.parser.usage }, run: LintCommand.run),
    Subcommand(name: "studio", usage: { StudioCommand.parser.usage }, run: StudioCommand.run),
    Subcommand(name: "measure", usage: { MeasureCommand.parser.usage }, run: MeasureCommand.run),
]

/// Runs `frames` with `arguments` (without the program name) and returns the exit code: the whole
/// command line tool, apart from `main.swift`, so that tests and the fuzzer can call it.
public func run(_ arguments: [String]) -> Int32 {
    let subcommand = subcommands.first { $0.name == arguments.first }
    let command = subcommand.map { "frames " + $0.name } ?? "frames"
    do {
        let status = try subcommand?.run(Array(arguments.dropFirst())) ?? RenderCommand.run(arguments)
        try OutputFile.commit()
        return status
    } catch let error as FramesError {
        OutputFile.discard()
        Console.printError("Error: \(error)")
        if error.isUsageError {
            Console.printError("Usage: \(subcommand?.usage() ?? RenderCommand.parser.usage)")
            Console.printError("See '\(command) --help' for more information.")
        }
        return error.exitCode
    } catch {
        OutputFile.discard()
        Console.printError("Error: \(error)")
        return 1
    }
}

extension RenderCommand {
    /// `frames [options]`: the listings, `--print-style`, or a render.
    static func run(_ arguments: [String]) throws(FramesError) -> Int32 {
        let started = monotonicSeconds()
        let options = try parser.parse(arguments, into: RenderOptions())
        if options.help {
            try Console.print(parser.helpText)
            return 0
        }
        if options.version {
            try Console.print(version)
            return 0
        }
        if options.listDevices {
            for device in Device.all {
                let name = device.name.padding(to: 20)
                try Console.print(
                    "\(name)\(formatNumber(device.screen.width)) × \(formatNumber(device.screen.height)) pt "
                        + "@\(formatNumber(device.scale))x")
            }
            return 0
        }
        if options.listLanguages {
            for translation in Translation.all {
                try Console.print(
                    "\(translation.languageCode)  \(translation.languageName.padding(to: 13))"
                        + translation.loadingProcessingText)
            }
            return 0
        }
        let (job, preparation) = try resolve(options)
        if options.printStyle {
            if options.format?.value == .swift {
                try Console.print(job.scene.style.swiftSource)
            } else {
                try Console.write(StyleFile.json(for: job.scene.style, variant: job.scene.variant, label: job.label))
            }
            return 0
        }
        if let format = options.format {
            throw .invalidValue(option: format.option, value: format.text, expected: "no value without --print-style")
        }
        if job.scene.variant == .indicator, case .flag = job.style.source(of: .dimAmount) {
            Console.printError(
                "warning: --dim-amount has no effect on --style indicator (the inline view has no dim layer)")
        }
        let scene = job.scene
        // Said only when images are written (not for `--swift` alone).
        let writesImages = job.outputs.folder != nil || job.outputs.files.contains { $0.option != "--swift" }
        if scene.variant == .overlay, scene.style.dimAmount == 0, scene.background.alpha == 0,
            scene.backdropImage == nil, writesImages,
            !job.quiet
        {
            Console.printError(
                "note: the overlay's screen is transparent (dim amount 0, no backdrop), so viewers show their own "
                    + "background around the card; --dim-amount 0.5, --backdrop-color or --backdrop-image show a screen"
            )
        }
        try RenderRun(job, started: started, preparation: preparation).run()
        return 0
    }

    /// The job of `options` and, for a run that writes, its preparation (checks, folder,
    /// journal: `RunPreparation`), begun as soon as the outputs are known, while the label is
    /// made; taken back if resolving the rest fails.
    static func resolve(_ options: RenderOptions) throws(FramesError) -> (
        RenderJob, BackgroundWork<Result<RunPreparation, FramesError>>?
    ) {
        var preparation: BackgroundWork<Result<RunPreparation, FramesError>>? = nil
        do {
            let job = try RenderJob.resolve(options) { targets in
                guard !options.printStyle && options.format == nil else { return }
                preparation = BackgroundWork { RunPreparation.make(targets) }
            }
            return (job, preparation)
        } catch {
            RunPreparation.abandon(preparation)
            throw error
        }
    }
}

extension String {
    /// The text followed by spaces up to `width` characters (at least one space).
    func padding(to width: Int) -> String {
        self + String(repeating: " ", count: max(1, width - count))
    }
}
