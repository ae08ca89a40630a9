import Images
/// The single files a run wrote beside its frames (`--apng`, `--sheet`, `--webp`, `--gif`,
/// `--lottie`, `--svg`, `--swift`), listed in manifest.json under "exports".
extension Manifest {
    /// One file written beside the frames.
    public struct Export: Sendable, Equatable {
        /// The option that asked for it, without dashes: "webp", "apng".
        var format: String
        /// Its name in the frame folder when it lies there (`inFolder`), else its path as given.
        public var path: String
        /// Whether the file lies in the frame folder: then `frames verify` does not count it as
        /// an unlisted frame.
        public var inFolder: Bool
        /// The file's size in bytes.
        var bytes: Int

        /// A file of `format` at `path` (a name in the folder when `inFolder`), `bytes` long.
        public init(format: String, path: String, inFolder: Bool, bytes: Int) {
            self.format = format
            self.path = path
            self.inFolder = inFolder
            self.bytes = bytes
        }
    }

    static let exportFields: [Field] = [
        Field(
            "exports",
            write: { m in
                m.exports.isEmpty
                    ? nil
                    : .array(
                        m.exports.map { export in
                            .object([
                                "format": .string(export.format), "path": .string(export.path),
                                "inFolder": .bool(export.inFolder), "bytes": .number(Double(export.bytes)),
                            ])
                        })
            },
            read: { m, value, r in
                guard let value else { return }
                guard case .array(let items) = value else { throw r.invalid("exports", value, "an array of files") }
                m.exports = try items.map { item in
                    let members = try r.object(item, "exports", keys: ["format", "path", "inFolder", "bytes"])
                    return Export(
                        format: try r.value(members["format"], "exports.format") { try r.string($0, "exports.format") },
                        path: try r.value(members["path"], "exports.path") { try r.string($0, "exports.path") },
                        inFolder: try r.value(members["inFolder"], "exports.inFolder") {
                            try r.bool($0, "exports.inFolder")
                        },
                        bytes: try r.value(members["bytes"], "exports.bytes") {
                            try r.integer($0, "exports.bytes", in: 0...Int(Int32.max))
                        })
                }
            })
    ]
}
