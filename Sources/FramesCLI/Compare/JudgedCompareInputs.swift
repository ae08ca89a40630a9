import Comparison
import GoldenFolders
import Images

/// What `frames compare` checks and reads for a judged comparison: the outputs against the
/// inputs and each other, the regions and the mask against each pair's size (read from IHDR,
/// before any image is decoded), and the images themselves.
extension JudgedCompare {
    /// Outputs (`--diff`, `--diff-mask`, `--report`) against the inputs (the two sides and
    /// `--mask`) and each other.
    static func checkOutputs(_ options: Options, folders: Bool, names: Set<String>) throws(FramesError) {
        if folders { try CompareCommand.checkDiffFolders(options, names: names) }
        var inputs: [NamedPath] =
            folders
            ? [.folder("<expected>", options.expected), .folder("<actual>", options.actual)]
            : [.file("<expected>", options.expected), .file("<actual>", options.actual)]
        if let mask = options.mask { inputs.append(.file(mask.option, mask.value)) }
        var outputs: [NamedPath] = []
        for given in [options.diff, options.diffMask].compactMap({ $0 }) {
            outputs.append(
                folders ? .folder(given.option, given.value, names: names) : .file(given.option, given.value))
        }
        if let report = options.report { outputs.append(.file(report.option, report.value)) }
        try PathCollisions.check(outputs: outputs, inputs: inputs)
    }

    /// The settings with `--mask` read, every region and the mask checked against the size each
    /// pair's expected image declares (its IHDR), and every file of the pairs checked to start as
    /// a PNG, before any image is decoded or anything written.
    static func settingsWithMask(
        _ options: Options, _ base: ComparisonSettings, sizes pairs: [(String, String)]
    ) throws(FramesError) -> ComparisonSettings {
        var settings = base
        if let mask = options.mask {
            do {
                settings.ignored.mask = try load(mask.value)
            } catch {
                throw Stop.stopping(
                    instead: .unusableInput(
                        option: mask.option, value: mask.text, expected: "a readable PNG file", cause: error))
            }
        }
        for (expected, actual) in pairs {
            // A file that is not a PNG at all is refused before anything is written.
            for (path, role) in [(expected, "<expected>"), (actual, "<actual>")]
            where CompareCommand.pngSize(path) == nil {
                throw FramesError.invalidValue(
                    option: role, value: path, expected: "a readable PNG file (not a PNG file)")
            }
            if let size = CompareCommand.pngSize(expected) {
                try check(settings.ignored, options, width: size.width, height: size.height)
            }
        }
        return settings
    }

    /// A usage error naming the region or the mask that does not fit a `width` × `height` image.
    static func check(_ ignored: IgnoredPixels, _ options: Options, width: Int, height: Int) throws(FramesError) {
        do {
            try ignored.check(width: width, height: height)
        } catch {
            switch error {
            case .regionOutside(let region, _, _):
                let given = options.ignore.first { $0.value == region }!
                throw .invalidValue(
                    option: given.option, value: given.text,
                    expected: "a region x,y,width,height inside the \(width) × \(height) px image")
            case .maskSize(let maskWidth, let maskHeight, _, _):
                throw .invalidValue(
                    option: "--mask", value: options.mask?.text ?? "",
                    expected:
                        "a PNG of the images' size, \(width) × \(height) px (it is \(maskWidth) × \(maskHeight) px)")
            }
        }
    }

    /// The PNG files of a folder (not hidden).
    static func pngs(_ folder: String) throws(FramesError) -> [String] {
        do {
            return try FileInput.names(in: folder).filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") }
        } catch {
            throw .file(error)
        }
    }

    /// A PNG file's straight samples, read in pieces (no copy of the file is kept).
    static func load(_ path: String) throws(InputFault) -> RGBAImage {
        let reader = PNGReader(shouldStop: Stop.asked)
        var failure: PNGError? = nil
        do {
            try FileInput.forEachChunk(path) { chunk in
                guard failure == nil else { return }
                do throws(PNGError) {
                    try reader.read(chunk)
                } catch {
                    failure = error
                }
            }
        } catch {
            throw .file(error)
        }
        if let failure { throw .png(failure) }
        do {
            return try reader.image()
        } catch {
            throw .png(error)
        }
    }

    /// Both images of a pair, decoded at once on the worker pool (two threads); unreadable or
    /// non-PNG input is a usage error naming the side. When the pool returns, the caller holds
    /// the only reference to each buffer, so it may change them in place without a copy.
    static func loadPair(_ expectedPath: String, _ actualPath: String) throws(FramesError) -> (RGBAImage, RGBAImage) {
        let sides = [(expectedPath, "<expected>"), (actualPath, "<actual>")]
        var images = WorkerPool.map(2, workers: 2) { index in
            Swift.Result { () throws(FramesError) in try load(sides[index].0, as: sides[index].1) }
        }
        let actual = try images.removeLast().get()
        return (try images.removeLast().get(), actual)
    }

    static func load(_ path: String, as role: String) throws(FramesError) -> RGBAImage {
        do {
            return try load(path)
        } catch {
            throw Stop.stopping(
                instead: .unusableInput(option: role, value: path, expected: "a readable PNG file", cause: error))
        }
    }
}
