import FrameFiles
import Raster

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A subcommand of `frames`: its name, its usage line for errors, and how it runs.
struct Subcommand: Sendable {
    let name: String
    /// The usage line and the help command named under a usage error: made when needed, so that
    /// a run builds only its own command's parser.
    let usage: @Sendable () -> String
    let run: @Sendable ([String]) throws(FramesError) -> Int32
}

/// The subcommands, by the word that follows `frames`; anything else renders.
let subcommands: [Subcommand] = [
    Subcommand(name: "compare", usage: { CompareCommand.parser.usage }, run: CompareCommand.run),
    Subcommand(name: "verify", usage: { VerifyCommand.parser.usage }, run: VerifyCommand.run),
    Subcommand(name: "lint", usage: { LintCommand.parser.usage }, run: LintCommand.run),
    Subcommand(name: "studio", usage: { StudioCommand.parser.usage }, run: StudioCommand.run),
]

/// The process's `frames`: installs the stop signals' handler (`Stop`), refuses an argument that is
/// not UTF-8 (paths and texts are taken byte for byte or refused, never rewritten), runs, and
/// returns the exit code.
public func main() -> Int32 {
    Stop.install()
    var arguments: [String] = []
    for index in 1..<Int(CommandLine.argc) {
        guard let pointer = CommandLine.unsafeArgv[index] else { continue }
        let bytes = Array(
            UnsafeBufferPointer(
                start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
        guard let argument = String(validating: bytes, as: UTF8.self) else {
            let previous = arguments.last ?? ""
            let option =
                bytes.starts(with: Array("--".utf8))
                ? String(decoding: bytes.prefix { $0 != UInt8(ascii: "=") }, as: UTF8.self)
                : previous.hasPrefix("-") ? previous : "argument \(index)"
            let error = FramesError.notUTF8(option: option, bytes: bytes)
            Console.printError("Error: \(error)")
            return error.exitCode
        }
        arguments.append(argument)
    }
    return run(arguments)
}

/// Runs `frames` with `arguments` (without the program name) and returns the exit code: the whole
/// command line tool, apart from `main.swift`, so that tests and the fuzzer can call it.
public func run(_ arguments: [String]) -> Int32 {
    let subcommand = subcommands.first { $0.name == arguments.first }
    let command = subcommand.map { "frames " + $0.name } ?? "frames"
    do throws(FramesError) {
        if let subcommand { return try subcommand.run(Array(arguments.dropFirst())) }
        return try RenderCommand.run(arguments)
    } catch {
        if case .stopped(let signal) = error {
            Console.printError("\(error)")
            Stop.end(by: signal)
        }
        Console.printError("Error: \(error)")
        if error.isUsageError {
            Console.printError("Usage: \(subcommand?.usage() ?? RenderCommand.parser.usage)")
            Console.printError("See '\(command) --help' for more information.")
        }
        return error.exitCode
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
        let job = try RenderJob.resolve(options)
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
        try RenderRun.run(job, started: started)
        return 0
    }
}

extension String {
    /// The text followed by spaces up to `width` characters (at least one space).
    func padding(to width: Int) -> String {
        self + String(repeating: " ", count: max(1, width - count))
    }
}
