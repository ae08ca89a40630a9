import FramesCLI
import Raster

/// What the studio's page asks for: its query parameters, named as the options of `frames`
/// without dashes (`spinner-color=#E8421A`, `device=iPhone 15`), resolved by the same parser and
/// the same resolvers as the command line, so a value is refused exactly as `frames` refuses it
/// and the error names the option (the page shows it beside that control).
struct StudioState: Sendable {
    /// The options the page may set: the scene's, the label's, and every style property's.
    static let names: Set<String> = Set<String>(
        ["style", "device", "lang", "text", "backdrop-color", "scale", "fps", "frames", "width", "height"]
    ).union(StyleProperty.all.map(\.flag))

    /// The query's options, in the query's order: name without dashes, value.
    let options: [(name: String, value: String)]
    /// The options as `frames` arguments (`--name=value`, so that a value starting with a dash
    /// stays a value).
    var arguments: [String] { options.map { "--\($0.name)=\($0.value)" } }
    /// The uploaded backdrop's id (`backdrop-image=`), if any.
    let backdrop: String?
    /// `frame=K`: the still asked for.
    let frame: String?

    /// The state in `request`'s query; the token, `frame`, the page's render ticket (`view`,
    /// `render`: `StudioRenders`) and the image it holds (`base`: `StudioShown`) are not options
    /// of the scene. A parameter given twice, a NUL or
    /// a value that is not UTF-8 is refused as the command line refuses it (`HTTPQuery`).
    init(_ request: HTTPRequest) throws(FramesError) {
        if let error = request.query.error { throw error }
        var options: [(name: String, value: String)] = []
        var backdrop: String? = nil
        var frame: String? = nil
        for (name, value) in request.query.pairs where !["token", "view", "render", "base"].contains(name) {
            switch name {
            case "backdrop-image": backdrop = value
            case "frame": frame = value
            case _ where StudioState.names.contains(name): options.append((name, value))
            default:
                let suggestion = closestName(to: name, among: Array(StudioState.names)).map { "--" + $0 }
                throw .unknownOption("--" + name, suggestion: suggestion)
            }
        }
        self.options = options
        self.backdrop = backdrop
        self.frame = frame
    }

    /// The run these options describe, resolved as `frames` resolves it (with `--frame K` when a
    /// still is asked for), and the uploaded backdrop it names (decoded only when a renderer is
    /// built: `StudioImages`).
    func resolve(backdrops: StudioBackdrops) throws(FramesError) -> (RenderJob, StudioBackdrops.Upload?) {
        let still = frame.map { ["--frame", $0] } ?? []
        let options = try RenderCommand.parser.parse(arguments + still, into: RenderOptions())
        let job = try RenderJob.resolve(options)
        guard let backdrop else { return (job, nil) }
        guard let upload = backdrops.upload(backdrop) else {
            throw .invalidValue(
                option: "--backdrop-image", value: backdrop, expected: "an image uploaded to this studio")
        }
        return (job, upload)
    }

    /// The command line that renders the same frames: `frames` with the page's options, each
    /// value quoted for a POSIX shell where it needs it, and given as `--name=value` when it starts
    /// with a dash (which `--name value` would read as an option).
    func commandLine(backdropName: String?) -> String {
        var pairs = options
        if let backdropName { pairs.append(("backdrop-image", backdropName)) }
        let words = pairs.flatMap { name, value in
            value.hasPrefix("-")
                ? ["--" + name + "=" + StudioState.shellQuoted(value)] : ["--" + name, StudioState.shellQuoted(value)]
        }
        return (["frames"] + words).joined(separator: " ")
    }

    /// `word` as one word for a POSIX shell: as it is when it holds only characters no shell
    /// treats specially (not `#`, which starts a comment), otherwise in single quotes.
    static func shellQuoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy {
            ($0.properties.isAlphabetic && $0.isASCII) || ("0"..."9").contains($0)
                || "%+,-./:=@_".unicodeScalars.contains($0)
        }
        if plain && !word.isEmpty { return word }
        return "'" + word.replacing("'", with: "'\\''") + "'"
    }
}
