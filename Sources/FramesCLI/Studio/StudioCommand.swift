import LibC

/// `frames studio [--port N] [--no-open]`: its declarations and help. The server it starts is the
/// Studio target's (`StudioEntry`), which `frames`'s main.swift hands to `main`.
package enum StudioCommand {
    package struct Options {
        package var port: Given<Int>?
        package var noOpen = false
        var help = false
    }

    static let parser = CommandParser<Options>(
        commandName: "frames studio",
        abstract: "Preview and tune a style live in the browser, with the checks of frames lint beside it.",
        usage: "frames studio [--port <n>] [--no-open]",
        options: [
            .value(
                "port", "n", help: "The port on 127.0.0.1 and [::1], 1 to 65535.", default: "one that is free",
                \.port, .integer(in: 1...65535)),
            .flag("no-open", help: "Print the address only; do not open a browser.", \.noOpen),
            .flag("help", short: "h", help: "Show help information.", \.help),
        ],
        sections: [
            (
                "NOTES",
                """
                  The address carries a random token; requests without it, or naming another host,
                  get 403. Press Ctrl-C to stop.
                """
            )
        ])

    static func run(_ arguments: [String], studio: StudioEntry) throws(FramesError) -> Int32 {
        let options = try parser.parse(arguments, into: Options())
        if options.help {
            Console.print(parser.helpText)
            return 0
        }
        return try studio.serve(options)
    }
}
