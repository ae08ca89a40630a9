import Raster
import Synchronization

/// The studio's answers. Every request must name the studio's host (`127.0.0.1`, `[::1]` or
/// `localhost` with its port: a page on another site that rebinds its DNS name to 127.0.0.1 still
/// sends its own name) and carry the token (`?token=`); otherwise 403. Then:
///
/// - `GET /` the page; `GET /fonts` the installed families (JSON);
/// - `GET /check?<state>` the size, lint findings, Swift code and command line (JSON);
/// - `GET /frame.png?<state>&frame=K` one frame; `GET /loop.png?<state>` the loop as an animated
///   PNG; `GET /sheet.png?<state>` a contact sheet; `GET /style.json?<state>` the style file;
/// - `POST /backdrop?name=N` a PNG body (at most 8 MiB) kept as a backdrop; its id in JSON;
/// - `POST /measure?name=N` a PNG or JPEG screenshot (at most 8 MiB) measured (`StudioMatch`).
///
/// A state the command line would refuse gets 400 with `{"option": "--…", "message": "…"}`. A
/// still, loop or check of the page's (`view=`, `render=`) that a newer edit has superseded gets
/// 409 (`StudioRenders`): before it starts, or between two of the loop's frames.
final class StudioService: Sendable {
    let token: String
    let backdrops = StudioBackdrops()
    let renders = StudioRenders()
    private let port: Mutex<UInt16> = Mutex(0)
    /// The last few renderers, by state, so that scrubbing frames does not redo the static layers.
    private let renderers = Mutex<[(key: String, renderer: FrameRenderer)]>([])

    init(token: String) {
        self.token = token
    }

    func listen(on port: UInt16) {
        self.port.withLock { $0 = port }
    }

    /// Whether `host` (the Host header) names this studio: a loopback name with its port.
    func allows(host: String?) -> Bool {
        let port = self.port.withLock { $0 }
        guard let host else { return false }
        return ["127.0.0.1", "[::1]", "localhost"].contains { host.lowercased() == "\($0):\(port)" }
    }

    /// 403 for a request that does not name the studio's host or lacks the token; nil otherwise.
    func refusal(_ request: HTTPRequest) -> HTTPResponse? {
        guard allows(host: request.host) else { return .text(403, "forbidden: this host is not the studio's\n") }
        guard let given = request.value("token"), StudioService.equal(given, token) else {
            return .text(403, "forbidden: the studio's address has a token; open the URL it printed\n")
        }
        return nil
    }

    func respond(_ request: HTTPRequest) -> HTTPResponse {
        if let refusal = refusal(request) { return refusal }
        let ticket = renders.begin(request)
        if renders.superseded(ticket) { return superseded }
        do {
            switch (request.method, request.path) {
            case ("GET", "/"):
                return HTTPResponse(
                    status: 200, contentType: "text/html; charset=utf-8",
                    headers: [("Content-Security-Policy", StudioService.contentPolicy)],
                    body: Array(StudioPage.html.utf8))
            case ("GET", "/fonts"):
                return json(.array(FontLocator.families().map(JSONValue.string)))
            case ("GET", "/check"): return try check(StudioState(request))
            case ("GET", "/frame.png"): return try frame(StudioState(request))
            case ("GET", "/loop.png"):
                return try loop(StudioState(request)) { [renders] in renders.superseded(ticket) }
            case ("GET", "/sheet.png"): return try sheet(StudioState(request))
            case ("GET", "/style.json"):
                let job = try StudioState(request).resolve(backdrops: backdrops)
                return HTTPResponse(
                    status: 200, contentType: "application/json",
                    body: Array(StyleFile.json(for: job.scene.style, variant: job.scene.variant).utf8))
            case ("POST", "/backdrop"):
                let (id, image) = try backdrops.add(request.body, name: request.value("name") ?? "backdrop.png")
                return json(
                    .object([
                        "id": .string(id), "width": .number(Double(image.width)),
                        "height": .number(Double(image.height)),
                    ]))
            case ("POST", "/measure"):
                return json(try StudioMatch.answer(request))
            case (_, "/"), (_, "/fonts"), (_, "/check"), (_, "/frame.png"), (_, "/loop.png"), (_, "/sheet.png"),
                (_, "/style.json"), (_, "/backdrop"), (_, "/measure"):
                return .text(405, "method not allowed\n")
            default:
                return .text(404, "not found\n")
            }
        } catch {
            var object: [String: JSONValue] = ["message": .string(error.description)]
            object["option"] = error.option.map(JSONValue.string) ?? .null
            var response = json(.object(object))
            response.status = error.isUsageError ? 400 : 500
            return response
        }
    }

    /// The answer to a render a newer edit of its page has superseded: 409, shaped as the errors.
    var superseded: HTTPResponse {
        var response = json(.object(["message": .string("superseded by a newer edit"), "option": .null]))
        response.status = 409
        return response
    }

    static let contentPolicy =
        "default-src 'none'; img-src 'self' blob: data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
        + "connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'"

    /// Compares every character, so the time taken says nothing about where a guess goes wrong.
    static func equal(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    func json(_ value: JSONValue) -> HTTPResponse {
        HTTPResponse(status: 200, contentType: "application/json", body: Array(value.text.utf8))
    }

    func png(_ bytes: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: 200, contentType: "image/png", body: bytes)
    }

    /// The renderer of `state` (one turn of the sequence), from the cache when it is there.
    func renderer(_ state: StudioState) throws(FramesError) -> (RenderJob, FrameRenderer) {
        let job = try state.resolve(backdrops: backdrops)
        let key = state.arguments.joined(separator: "\u{0}") + "\u{0}" + (state.backdrop ?? "")
        if let cached = renderers.withLock({ list in list.first { $0.key == key }?.renderer }) { return (job, cached) }
        let renderer: FrameRenderer
        do {
            renderer = try FrameRenderer(scene: job.scene, label: job.label, frameCount: job.sequence.turnFrames)
        } catch {
            throw .runtime("\(error)")
        }
        renderers.withLock { list in
            list.append((key, renderer))
            if list.count > 3 { list.removeFirst() }
        }
        return (job, renderer)
    }

    func frame(_ state: StudioState) throws(FramesError) -> HTTPResponse {
        let (job, renderer) = try self.renderer(state)
        do {
            // The bytes `frames --frame K` writes.
            return png(try SequenceEncoder.encode(frame: job.sequence.still ?? 0, of: renderer))
        } catch {
            throw .runtime("\(error)")
        }
    }

    /// The loop as an animated PNG, or 409 as soon as `givenUp` says so after a frame.
    func loop(_ state: StudioState, givenUp: () -> Bool) throws(FramesError) -> HTTPResponse {
        let (job, renderer) = try self.renderer(state)
        var bytes: [UInt8] = []
        do {
            try APNGEncoder(renderer: renderer, fps: job.sequence.fps).encode { (chunk) throws(Superseded) in
                if givenUp() { throw Superseded() }
                bytes += chunk
            }
        } catch .sink {
            return superseded
        } catch {
            throw .runtime("\(error)")
        }
        return png(bytes)
    }

    func sheet(_ state: StudioState) throws(FramesError) -> HTTPResponse {
        let (job, renderer) = try self.renderer(state)
        let columns = Int(Double(job.sequence.frameCount).squareRoot().rounded(.up))
        do {
            return png(
                try PNGEncoder().encode(
                    ContactSheet.render(
                        ExportFrames(renderer: renderer, fps: job.sequence.fps), columns: columns, every: 1)))
        } catch {
            throw .invalidValue(
                option: "--scale", value: formatNumber(job.scene.scale),
                expected: "a contact sheet of at most 100 megapixels (\(error))")
        }
    }

    /// What the page shows beside the preview: the image's size, the lint's findings, the Swift
    /// code and the command line.
    func check(_ state: StudioState) throws(FramesError) -> HTTPResponse {
        let job = try state.resolve(backdrops: backdrops)
        let scene = job.scene
        let (width, height) = Layout(scene: scene, label: job.label).pixelSize(scale: scene.scale)
        let screen = scene.background.alpha == 255 ? scene.background : .white
        let findings: [LintFinding]
        do {
            findings = try StyleLint(screenColor: screen).findings(for: scene.style, variant: scene.variant)
        } catch {
            throw .runtime("\(error)")
        }
        let lint = findings.map { finding -> JSONValue in
            .object([
                "check": .string(finding.check.rawValue), "passed": .bool(finding.passed),
                "measured": .string(finding.measured), "required": .string(finding.required),
                "option": .string("--" + finding.property.flag),
                "fix": finding.fix.map { .string(finding.property.text(for: $0)) } ?? .null,
            ])
        }
        let warnings = (job.label?.warnings ?? []).map { JSONValue.string("\($0)") }
        return json(
            .object([
                "width": .number(Double(width)), "height": .number(Double(height)),
                "scale": .number(scene.scale), "fps": .number(Double(job.sequence.fps)),
                "frames": .number(Double(job.sequence.frameCount)), "variant": .string(scene.variant.rawValue),
                "lint": .array(lint), "warnings": .array(warnings), "swift": .string(scene.style.swiftSource),
                "command": .string(state.commandLine(backdropName: state.backdrop.flatMap(backdrops.name))),
            ]))
    }
}
