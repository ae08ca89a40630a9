import Raster

/// What `frames compare` checks and reads for a judged comparison: the outputs against the
/// inputs and each other, the regions and the mask against each pair's size (read from IHDR,
/// before any image is decoded), and the images themselves.
extension JudgedCompare {
    /// Outputs (`--diff`, `--diff-mask`, `--report`) against the inputs (the two sides and
    /// `--mask`) and each other.
    static func checkOutputs(_ options: Options, folders: Bool, names: Set<String>) throws(FramesError) {
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
    ) throws -> ComparisonSettings {
        var settings = base
        if let mask = options.mask {
            do {
                settings.ignored.mask = try load(mask.value)
            } catch let error as PNGError {
                throw FramesError.invalidValue(
                    option: mask.option, value: mask.text, expected: "a readable PNG file (\(error))")
            } catch let error as FileError {
                throw FramesError.invalidValue(
                    option: mask.option, value: mask.text, expected: "a readable PNG file (\(error.reason))")
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
    static func pngs(_ folder: String) throws -> [String] {
        do {
            return try FileInput.names(in: folder).filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") }
        } catch {
            throw FramesError.runtime("\(error)")
        }
    }

    /// A PNG file's straight samples, read in pieces (no copy of the file is kept).
    static func load(_ path: String) throws -> RGBAImage {
        let reader = PNGReader()
        var failure: PNGError? = nil
        try FileInput.forEachChunk(path) { chunk in
            guard failure == nil else { return }
            do throws(PNGError) {
                try reader.read(chunk)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return try reader.image()
    }

    /// Both images of a pair, the expected one decoded on a second thread meanwhile; unreadable
    /// or non-PNG input is a usage error naming the side. The expected image is taken out of
    /// the thread's hands (`Handoff`), so that the caller holds the only reference to each
    /// buffer and may change it in place without a copy.
    static func loadPair(_ expectedPath: String, _ actualPath: String) throws -> (RGBAImage, RGBAImage) {
        let expected = BackgroundWork { () -> Handoff in
            Handoff(Swift.Result { () throws(FramesError) in try load(expectedPath, as: "<expected>") })
        }
        let actual = try load(actualPath, as: "<actual>")
        return (try expected.value.take().get(), actual)
    }

    /// An image made on another thread, taken by the caller once that thread has handed it over.
    final class Handoff: @unchecked Sendable {
        private var image: Swift.Result<RGBAImage, FramesError>?

        init(_ image: Swift.Result<RGBAImage, FramesError>) { self.image = image }

        func take() -> Swift.Result<RGBAImage, FramesError> {
            defer { image = nil }
            return image!
        }
    }

    static func load(_ path: String, as role: String) throws(FramesError) -> RGBAImage {
        do {
            return try load(path)
        } catch let error as FileError {
            throw .invalidValue(option: role, value: path, expected: "a readable PNG file (\(error.reason))")
        } catch {
            throw .invalidValue(option: role, value: path, expected: "a readable PNG file (\(error))")
        }
    }
}
