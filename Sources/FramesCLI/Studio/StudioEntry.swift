import Images

/// The studio as `frames studio` runs it: its server and the library behind it, made by the Studio
/// target (`StudioEntry.server`) and handed to `main` by `frames`'s main.swift, so that the command
/// line lists, documents and parses `frames studio` without linking the HTTP server.
public struct StudioEntry: Sendable {
    /// Serves until a stop, after the options were parsed and `--help` answered; the exit code.
    package let serve: @Sendable (StudioCommand.Options) throws(FramesError) -> Int32
    /// For `frames --version`: libmicrohttpd.
    package let libraries: [LibraryVersion]

    package init(
        serve: @escaping @Sendable (StudioCommand.Options) throws(FramesError) -> Int32, libraries: [LibraryVersion]
    ) {
        self.serve = serve
        self.libraries = libraries
    }
}
