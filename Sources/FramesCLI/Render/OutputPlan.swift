import Raster

/// Where a run writes: the frame folder (with its manifest), an animated PNG, a contact sheet.
struct OutputPlan: Sendable {
    /// The contact sheet's file and layout.
    struct Sheet: Sendable {
        let path: String
        /// Tiles in a row; nil = the square root of the tile count, rounded up.
        let columns: Int?
        /// Every k-th frame is a tile.
        let every: Int
    }

    /// The frame folder; nil when only `--apng` or `--sheet` is written.
    let folder: String?
    let apng: String?
    let sheet: Sheet?
    /// Write into a folder of other files.
    let force: Bool

    static func resolve(_ options: RenderOptions) throws(FramesError) -> OutputPlan {
        for file in [options.apng, options.sheet].compactMap({ $0 }) where FileInput.isDirectory(file.value) {
            throw .invalidValue(option: file.option, value: file.text, expected: "a file name, not a folder")
        }
        if options.sheet == nil {
            for given in [options.columns, options.every].compactMap({ $0 }) {
                throw .invalidValue(
                    option: given.option, value: given.text,
                    expected: "no value without --sheet (it lays out the sheet)")
            }
        }
        let alone = options.out == nil && (options.apng != nil || options.sheet != nil)
        return OutputPlan(
            folder: alone ? nil : options.out?.value ?? "frames", apng: options.apng?.value,
            sheet: options.sheet.map {
                Sheet(path: $0.value, columns: options.columns?.value, every: options.every?.value ?? 1)
            },
            force: options.force)
    }
}
