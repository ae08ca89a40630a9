import Comparison
import GoldenFolders
import Images
import Workers

/// What `frames compare` checks and reads before it writes anything: the outputs against the
/// inputs and each other, every file of the pairs as a PNG whose size (read from IHDR, before any
/// image is decoded) the regions, the mask and the diffs fit, and the images themselves.
extension CompareCommand {
    /// Outputs (`--diff`, `--diff-mask`, `--report`) against the inputs (the two sides and
    /// `--mask`) and each other; for two folders, the diff folders' names are the compared PNGs'.
    static func checkOutputs(_ options: Options, folders: Bool, names: Set<String>) throws(FramesError) {
        if folders { try checkDiffFolders(options, names: names) }
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

    /// The diff folders of two folders (`--diff`, `--diff-mask`): folders, not files, and every
    /// diff's path in them within NAME_MAX and PATH_MAX in bytes.
    static func checkDiffFolders(_ options: Options, names: Set<String>) throws(FramesError) {
        for diff in [options.diff, options.diffMask].compactMap({ $0 }) {
            if FileInput.exists(diff.value), !FileInput.isDirectory(diff.value) {
                throw .invalidValue(
                    option: diff.option, value: diff.text,
                    expected: "a folder for the diffs of two folders (this is a file)")
            }
            for name in names.sorted() {
                if let refusal = OutputNames.refusal(of: FileInput.path(name, in: diff.value)) {
                    throw .invalidValue(option: diff.option, value: diff.text, expected: refusal)
                }
            }
        }
    }

    /// The settings with `--mask` read, every file of the pairs checked to start as a PNG, and
    /// every region and the mask checked against the size each pair's expected image declares.
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
            for (path, role) in [(expected, "<expected>"), (actual, "<actual>")] where pngSize(path) == nil {
                throw FramesError.invalidValue(
                    option: role, value: path, expected: "a readable PNG file (not a PNG file)")
            }
            if let size = pngSize(expected) {
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

    /// With the channel figures, whose diff is expected | actual | difference side by side and
    /// whose report draws a difference panel as large as the larger image each way: refuses,
    /// before comparing, a pair whose diff (`--diff`) or panel (`--report`) would be over the
    /// pixel limit.
    static func checkDiffSizes(_ options: Options, pairs: [(String, String)]) throws(FramesError) {
        guard options.diff != nil || options.report != nil else { return }
        for (expected, actual) in pairs {
            guard let e = pngSize(expected), let a = pngSize(actual) else { continue }
            let panel = ImageComparison.Size2D(width: max(e.width, a.width), height: max(e.height, a.height))
            if let report = options.report, !panel.fits {
                throw .invalidValue(
                    option: report.option, value: report.value,
                    expected: "images whose difference panel fits in \(Pixmap.maxPixelCount / 1_000_000) megapixels "
                        + "(for \(actual) it would be \(panel.width) × \(panel.height) px); compare without --report")
            }
            let size = DifferencePicture.sideBySideSize(expected: e, actual: a)
            if let diff = options.diff, !size.fits {
                throw .invalidValue(
                    option: diff.option, value: diff.value,
                    expected: "images whose diff fits in \(Pixmap.maxPixelCount / 1_000_000) megapixels "
                        + "(the diff of \(actual) would be \(size.width) × \(size.height) px: expected, actual and "
                        + "difference side by side); compare without --diff, or --report to see them apart")
            }
        }
    }

    /// A PNG file's width and height from its IHDR; nil when it is not a readable PNG.
    static func pngSize(_ path: String) -> ImageComparison.Size2D? {
        guard let head = try? FileInput.head(path, count: 24), head.count == 24,
            head.starts(with: [0x89, 0x50, 0x4E, 0x47])
        else { return nil }
        let width = head[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = head[20..<24].reduce(0) { $0 << 8 | Int($1) }
        return ImageComparison.Size2D(width: width, height: height)
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

    /// A file's image premultiplied, for a report's panels; nil when it cannot be read.
    static func premultiplied(_ path: String) -> Pixmap? {
        (try? load(path)).map { Pixmap(premultiplying: $0) }
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
