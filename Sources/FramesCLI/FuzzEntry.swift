import Raster

/// What `run` would answer before rendering anything: 0 for a valid command line, 64 or 1 for
/// one that would be refused. Prints nothing and writes nothing (the fuzzer calls it).
public func validate(_ arguments: [String]) -> Int32 {
    do {
        if let subcommand = arguments.first, subcommand == "compare" {
            _ = try CompareCommand.parser.parse(Array(arguments.dropFirst()), into: CompareCommand.Options())
        } else if let subcommand = arguments.first, subcommand == "verify" {
            _ = try VerifyCommand.parser.parse(Array(arguments.dropFirst()), into: VerifyCommand.Options())
        } else if let subcommand = arguments.first, subcommand == "lint" {
            let options = try LintCommand.parser.parse(Array(arguments.dropFirst()), into: LintCommand.Options())
            _ = try ResolvedStyle.resolve(options.render)
        } else if let subcommand = arguments.first, subcommand == "measure" {
            let options = try MeasureCommand.parser.parse(Array(arguments.dropFirst()), into: MeasureCommand.Options())
            _ = try MeasurePlan.expectedStyle(options.against)
        } else if let subcommand = arguments.first, subcommand == "studio" {
            _ = try StudioCommand.parser.parse(Array(arguments.dropFirst()), into: StudioCommand.Options())
        } else {
            _ = try RenderJob.resolve(RenderCommand.parser.parse(arguments, into: RenderOptions())).readBackdrop()
        }
        return 0
    } catch {
        return error.exitCode
    }
}

/// Reads a style file's bytes as `--style-file` does: 0 when it is a drawable style (alone, over
/// the `.indicator` preset), 64 when not.
public func validateStyleFile(_ bytes: [UInt8]) -> Int32 {
    do {
        let file = try StyleFile(bytes: bytes, path: "fuzz.json")
        var style = LoadingStyle.preset(for: file.preset ?? .indicator)
        file.apply(to: &style)
        _ = try style.validated()
        return 0
    } catch {
        return 64
    }
}
