import Raster

/// `frames compare EXPECTED ACTUAL`: compares two PNG files, or two folders of PNG frames
/// matched by name, and reports every image's figures, pass or fail.
enum CompareCommand {
    static let parser = CommandParser(
        commandName: "frames compare",
        abstract: "Compare two PNG files, or two folders of PNG frames matched by name.",
        usage:
            "frames compare <expected> <actual> [--max-channel-delta <n>] [--max-differing-pixels <n>] [--diff <path>]",
        options: [
            .option(
                "max-channel-delta", "n", help: "Largest difference allowed in a channel of a pixel, 0 to 255.",
                default: "0"),
            .option(
                "max-differing-pixels", "n", help: "Pixels allowed to differ by more than that, per image.",
                default: "0"),
            .option(
                "diff", "path",
                help: "Write expected | actual | difference for each image that differs: a PNG "
                    + "file for two files, a folder of PNGs named as the frames for two folders."),
            .flag("help", short: "h", help: "Show help information."),
        ],
        sections: [
            (
                "EXIT STATUS",
                """
                  0 every image passes, 1 an image differs (or a frame is missing or extra), 64 a usage
                  error or an input that cannot be read as PNG.
                """
            ),
            (
                "NOTES",
                """
                  Pixels are compared as premultiplied 8-bit RGBA, so colour under zero alpha never
                  counts. A size mismatch is a difference no threshold passes.
                """
            ),
        ],
        positionalNames: [
            ("expected", "The reference PNG file or folder."), ("actual", "The PNG file or folder to check."),
        ])

    struct Options {
        var expected: String
        var actual: String
        var maxChannelDelta: Int
        var maxDifferingPixels: Int
        var diff: String?
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try parser.parse(arguments)
        if parsed.has("help") {
            print(parser.helpText)
            return 0
        }
        let options = Options(
            expected: parsed.positionals[0], actual: parsed.positionals[1],
            maxChannelDelta: try parsed.integer(
                "max-channel-delta", in: 0...255, expected: "a whole number from 0 to 255") ?? 0,
            maxDifferingPixels: try parsed.integer(
                "max-differing-pixels", in: 0...Pixmap.maxPixelCount,
                expected: "a whole number from 0 to \(Pixmap.maxPixelCount)") ?? 0,
            diff: parsed.values["diff"])
        for path in [options.expected, options.actual] where !FileInput.exists(path) {
            throw FramesError.invalidValue(
                option: path == options.expected ? "<expected>" : "<actual>", value: path,
                expected: "an existing PNG file or folder")
        }
        let folders = (FileInput.isDirectory(options.expected), FileInput.isDirectory(options.actual))
        switch folders {
        case (false, false):
            return try compareFiles(options)
        case (true, true):
            return try compareFolders(options)
        default:
            throw FramesError.invalidValue(
                option: "<actual>", value: options.actual,
                expected: folders.0 ? "a folder, as <expected> is" : "a file, as <expected> is")
        }
    }

    /// A PNG read for comparison; unreadable or non-PNG input is a usage error (exit 64).
    static func load(_ path: String, as role: String) throws -> Pixmap {
        do {
            return try PNGDecoder.decode(FileInput.read(path))
        } catch let error as FileError {
            throw FramesError.invalidValue(option: role, value: path, expected: "a readable PNG file (\(error.reason))")
        } catch {
            throw FramesError.invalidValue(option: role, value: path, expected: "a readable PNG file (\(error))")
        }
    }

    static func compareFiles(_ options: Options) throws -> Int32 {
        let expected = try load(options.expected, as: "<expected>")
        let actual = try load(options.actual, as: "<actual>")
        let comparison = ImageComparison(
            expected: expected, actual: actual, maxChannelDelta: options.maxChannelDelta,
            maxDifferingPixels: options.maxDifferingPixels)
        print("\(comparison.passes ? "PASS" : "FAIL") \(options.actual): \(comparison.summary)")
        if let diff = options.diff, !comparison.isIdentical {
            try writeDiff(expected: expected, actual: actual, to: diff)
            print("diff: \(diff)")
        }
        return comparison.passes ? 0 : 1
    }

    static func compareFolders(_ options: Options) throws -> Int32 {
        func pngs(_ folder: String) throws -> [String] {
            do {
                return try FileInput.names(in: folder).filter {
                    $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".")
                }
            } catch {
                throw FramesError.runtime("\(error)")
            }
        }
        let expectedNames = try pngs(options.expected)
        let actualNames = try pngs(options.actual)
        let all = Set(expectedNames).union(actualNames).sorted()
        if all.isEmpty {
            throw FramesError.invalidValue(
                option: "<expected>", value: options.expected, expected: "a folder with PNG files")
        }
        if let diff = options.diff, !FileInput.isDirectory(diff) {
            try OutputFolder.prepareForDiffs(diff)
        }
        var failed = 0
        for name in all {
            let inExpected = expectedNames.contains(name)
            let inActual = actualNames.contains(name)
            guard inExpected, inActual else {
                failed += 1
                print("FAIL \(name): \(inExpected ? "missing from" : "extra in") \(options.actual)")
                continue
            }
            let expected = try load(options.expected + "/" + name, as: "<expected>")
            let actual = try load(options.actual + "/" + name, as: "<actual>")
            let comparison = ImageComparison(
                expected: expected, actual: actual, maxChannelDelta: options.maxChannelDelta,
                maxDifferingPixels: options.maxDifferingPixels)
            if !comparison.passes { failed += 1 }
            print("\(comparison.passes ? "PASS" : "FAIL") \(name): \(comparison.summary)")
            if let diff = options.diff, !comparison.isIdentical {
                try writeDiff(expected: expected, actual: actual, to: diff + "/" + name)
            }
        }
        print(
            "\(all.count - failed) of \(all.count) images pass"
                + (options.diff != nil && failed > 0 ? "; diffs in \(options.diff!)" : ""))
        return failed == 0 ? 0 : 1
    }

    static func writeDiff(expected: Pixmap, actual: Pixmap, to path: String) throws {
        try OutputFile.write(
            PNGEncoder().encode(ImageComparison.diffImage(expected: expected, actual: actual)), to: path)
    }
}
