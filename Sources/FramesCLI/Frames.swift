import LibC

/// A subcommand of `frames`: its name, its usage line for errors, its declarations, and how it
/// runs.
struct Subcommand: Sendable {
    let name: String
    /// The usage line and the help command named under a usage error: made when needed, so that
    /// a run builds only its own command's parser.
    let usage: @Sendable () -> String
    /// The command's options, for the man page and the completion scripts (nil: `help`, which
    /// has none).
    let reference: (@Sendable () -> CommandReference)?
    package let run: @Sendable ([String], StudioEntry) throws(FramesError) -> Int32
}

/// The subcommands, by the word that follows `frames`; options render, and any other word is an
/// unknown command.
let subcommands: [Subcommand] = [
    Subcommand(
        name: "compare", usage: { CompareCommand.parser.usage }, reference: { CompareCommand.parser.reference },
        run: { (arguments, _) throws(FramesError) in try CompareCommand.run(arguments) }),
    Subcommand(
        name: "verify", usage: { VerifyCommand.parser.usage }, reference: { VerifyCommand.parser.reference },
        run: { (arguments, _) throws(FramesError) in try VerifyCommand.run(arguments) }),
    Subcommand(
        name: "lint", usage: { LintCommand.parser.usage }, reference: { LintCommand.parser.reference },
        run: { (arguments, _) throws(FramesError) in try LintCommand.run(arguments) }),
    Subcommand(
        name: "studio", usage: { StudioCommand.parser.usage }, reference: { StudioCommand.parser.reference },
        run: { (arguments, studio) throws(FramesError) in try StudioCommand.run(arguments, studio: studio) }),
    Subcommand(
        name: "measure", usage: { MeasureCommand.parser.usage }, reference: { MeasureCommand.parser.reference },
        run: { (arguments, _) throws(FramesError) in try MeasureCommand.run(arguments) }),
    Subcommand(
        name: "help", usage: { HelpCommand.usage }, reference: nil,
        run: { (arguments, studio) throws(FramesError) in try HelpCommand.run(arguments, studio: studio) }),
]

/// The process's `frames`, with `studio` as `frames studio`'s server: installs the stop signals' handler (`Stop`), refuses an argument that is
/// not UTF-8 (paths and texts are taken byte for byte or refused, never rewritten), runs, and
/// returns the exit code.
public func main(studio: StudioEntry) -> Int32 {
    Stop.install()
    var arguments: [String] = []
    for index in 1..<Int(CommandLine.argc) {
        guard let pointer = CommandLine.unsafeArgv[index] else { continue }
        let bytes = Array(
            UnsafeBufferPointer(
                start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
        guard let argument = String(validating: bytes, as: UTF8.self) else {
            let option =
                bytes.starts(with: Array("--".utf8))
                ? String(decoding: bytes.prefix { $0 != UInt8(ascii: "=") }, as: UTF8.self)
                : argumentName(after: arguments) ?? "argument \(index)"
            let error = FramesError.notUTF8(option: option, bytes: bytes)
            Console.printError("Error: \(error)")
            return error.exitCode
        }
        arguments.append(argument)
    }
    return run(arguments, studio: studio)
}

/// What the argument after `arguments` is, by the command's declarations: the option it is the
/// value of ("--out"), or the positional argument it is ("<actual>"); nil when neither is known.
private func argumentName(after arguments: [String]) -> String? {
    let subcommand = subcommands.first { $0.name == arguments.first }
    guard let reference = subcommand.map({ $0.reference?() }) ?? RenderCommand.parser.reference else { return nil }
    func takesValue(_ word: String) -> Bool {
        guard word.hasPrefix("-"), !word.contains("=") else { return false }
        let name = word.drop { $0 == "-" }
        return reference.options.contains {
            $0.valueName != nil && (word.hasPrefix("--") ? $0.name == name : name.count == 1 && $0.short == name.first)
        }
    }
    if let last = arguments.last, takesValue(last) { return last }
    var positionals = 0
    var words = arguments.dropFirst(subcommand == nil ? 0 : 1)[...]
    while let word = words.popFirst() {
        if takesValue(word) {
            _ = words.popFirst()
        } else if !word.hasPrefix("-") || word == "-" {
            positionals += 1
        }
    }
    guard let last = reference.arguments.last else { return nil }
    let argument = positionals < reference.arguments.count ? reference.arguments[positionals] : last
    return positionals < reference.arguments.count || last.variadic ? "<\(argument.name)>" : nil
}

/// Runs `frames` with `arguments` (without the program name) and returns the exit code: the whole
/// command line tool, apart from `main.swift`, so that tests and the fuzzer can call it.
public func run(_ arguments: [String], studio: StudioEntry) -> Int32 {
    let subcommand = subcommands.first { $0.name == arguments.first }
    let command = subcommand.map { "frames " + $0.name } ?? "frames"
    do throws(FramesError) {
        let status: Int32
        if arguments.isEmpty {
            // Bare `frames` writes nothing: it says what it is and how to start.
            Console.print(RenderHelp.shortHelp)
            status = 0
        } else if let subcommand {
            status = try subcommand.run(Array(arguments.dropFirst()), studio)
        } else if let word = arguments.first, !word.isEmpty, !word.hasPrefix("-") {
            throw HelpCommand.unknownCommand(word)
        } else {
            status = try RenderCommand.run(arguments, studio: studio)
        }
        // Standard output that could not be written ended the printing, not the files.
        if let failure = Console.outputFailure {
            Console.printError("Error: \(failure)")
            return status == 0 ? failure.exitCode : status
        }
        return status
    } catch {
        // A failure once a stop was asked for is the stop's (a style file's parse it cut short,
        // say): what the run made is taken back either way, and the process ends by the signal.
        if let signal = Stop.requested {
            Console.printError("\(FramesError.stopped(signal: signal))")
            Stop.end(by: signal)
        }
        Console.printError("Error: \(error)")
        if error.isCommandLineError {
            Console.printError("Usage: \(shortUsage(subcommand?.usage() ?? RenderCommand.parser.usage))")
            Console.printError("See '\(command) --help' for more information.")
        }
        return error.exitCode
    }
}

/// A command's usage as an error shows it, in one line of at most 90 characters: the first line
/// of `usage`, and when that is longer, its words up to the first optional one and
/// "[<options>]" ("frames compare <expected> <actual> [<options>]").
func shortUsage(_ usage: String) -> String {
    let first = usage.prefix { $0 != "\n" }
    guard first.count > 90 else { return String(first) }
    let words = first.split(separator: " ").prefix { !$0.hasPrefix("[") }
    return words.joined(separator: " ") + " [<options>]"
}

extension String {
    /// The text followed by spaces up to `width` characters (at least one space).
    func padding(to width: Int) -> String {
        self + String(repeating: " ", count: max(1, width - count))
    }
}
