import Raster

/// `frames help [<command>]`, in the manner of `git help`: the help of `frames`, or of one of its
/// commands (the same text as `frames <command> --help`).
enum HelpCommand {
    static let usage = "frames help [<command>]"

    static func run(_ arguments: [String], studio: StudioEntry) throws(FramesError) -> Int32 {
        guard let name = arguments.first else {
            Console.print(RenderCommand.parser.helpText)
            return 0
        }
        if arguments.count > 1 { throw .unexpectedArgument(arguments[1]) }
        if ["help", "--help", "-h"].contains(name) {
            Console.print(
                "OVERVIEW: \(CommandReference.helpAbstract)\n\nUSAGE: \(usage)\n\n"
                    + "COMMANDS: \(commandNames.joined(separator: ", "))")
            return 0
        }
        guard let command = subcommands.first(where: { $0.name == name }), command.name != "help" else {
            throw unknownCommand(name)
        }
        return try command.run(["--help"], studio)
    }

    /// The words `frames` takes as a command.
    static var commandNames: [String] { subcommands.map(\.name) }

    /// The error for a first argument that is neither an option nor a command, with the closest
    /// command's name when one is close.
    static func unknownCommand(_ name: String) -> FramesError {
        .unknownCommand(name, suggestion: closestName(to: name, among: commandNames))
    }
}
