import FramesCLI
import Lint
import Raster
import StrictJSON
import Synchronization

/// The studio's answers. Every request must name the studio's host (`127.0.0.1`, `[::1]` or
/// `localhost` with its port: a page on another site that rebinds its DNS name to 127.0.0.1 still
/// sends its own name) and carry the token (`?token=`); otherwise 403. Every parameter, the token
/// included, may be given once; otherwise 400 naming it. Then:
///
/// - `GET /` the page; `GET /fonts` the installed families (JSON);
/// - `GET /check?<state>` the size, lint findings, Swift code and command line (JSON);
/// - `GET /frame.rgba?<state>&frame=K&base=ID` the pixels of one frame that differ from an image
///   the page holds; `GET /loop.rgba?<state>` the loop's frames over it (`StudioPixels`);
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
    let memory = StudioMemory()
    let backdrops: StudioBackdrops
    let renders = StudioRenders()
    let workers = StudioWorkers()
    let shown = StudioShown()
    private let port: Mutex<UInt16> = Mutex(0)
    /// The fit findings of the last styles checked (`StyleLint`).
    private let fitMemo = FitMemo()

    init(token: String) {
        self.token = token
        backdrops = StudioBackdrops(memory: memory)
    }

    func listen(on port: UInt16) {
        self.port.withLock { $0 = port }
    }

    /// Cancels every render under way or asked for, and lets the workers go (joined if they end
    /// within `seconds`).
    func stop(seconds: Double) {
        renders.stopAll()
        workers.stop(seconds: seconds)
    }

    /// Whether `host` (the Host header) names this studio: a loopback name with its port.
    func allows(host: String?) -> Bool {
        let port = self.port.withLock { $0 }
        guard let host else { return false }
        return ["127.0.0.1", "[::1]", "localhost"].contains { host.lowercased() == "\($0):\(port)" }
    }

    /// 403 for a request that does not name the studio's host or lacks the token; 400 for one
    /// whose query the studio will not take (`HTTPQuery`: a parameter given twice, the token
    /// included, a NUL, a value not in UTF-8), on every path, before any body is read; nil
    /// otherwise.
    func refusal(_ request: HTTPRequest) -> HTTPResponse? {
        guard allows(host: request.host) else { return .text(403, "forbidden: this host is not the studio's\n") }
        guard let given = request.value("token"), StudioService.equal(given, token) else {
            if request.method == "GET" && request.path == "/" {
                return HTTPResponse(
                    status: 403, contentType: "text/html; charset=utf-8",
                    headers: [("Content-Security-Policy", StudioService.contentPolicy)],
                    body: Array(StudioTokenPage.html.utf8))
            }
            return .text(403, "forbidden: the studio's address has a token; open the URL it printed\n")
        }
        if let error = request.query.error { return failure(error) }
        return nil
    }

    func respond(_ request: HTTPRequest) -> HTTPResponse {
        if let refusal = refusal(request) { return refusal }
        do throws(FramesError) {
            switch (request.method, request.path) {
            case ("GET", "/"):
                return HTTPResponse(
                    status: 200, contentType: "text/html; charset=utf-8",
                    headers: [("Content-Security-Policy", StudioService.contentPolicy)],
                    body: Array(StudioPage.html.utf8))
            case ("GET", "/fonts"):
                return json(.array(FontLocator.families().map(JSONValue.string)))
            case ("GET", "/check"), ("GET", "/frame.rgba"), ("GET", "/loop.rgba"), ("GET", "/frame.png"),
                ("GET", "/loop.png"), ("GET", "/sheet.png"):
                return try render(request)
            case ("GET", "/style.json"):
                let (job, _) = try StudioState(request).resolve(backdrops: backdrops)
                return HTTPResponse(
                    status: 200, contentType: "application/json",
                    body: Array(StyleFile.json(for: job.scene.style, variant: job.scene.variant).utf8))
            case ("POST", "/backdrop"):
                if let error = request.query.error { throw error }
                let upload = try backdrops.add(request.body, name: request.value("name") ?? "backdrop.png")
                return json(
                    .object([
                        "id": .string(upload.id), "width": .number(Double(upload.width)),
                        "height": .number(Double(upload.height)),
                    ]))
            case ("POST", "/measure"):
                do {
                    return json(try StudioMatch.answer(request, memory: memory))
                } catch .measurement(let option, let value, .noIndicator(let width, let height)) {
                    // A picture read whole that holds no indicator: 422, as a request understood
                    // and not done.
                    var response = failure(
                        .measurement(option: option, value: value, .noIndicator(width: width, height: height)))
                    response.status = 422
                    return response
                }
            case (_, "/"), (_, "/fonts"), (_, "/check"), (_, "/frame.rgba"), (_, "/loop.rgba"), (_, "/frame.png"),
                (_, "/loop.png"), (_, "/sheet.png"), (_, "/style.json"), (_, "/backdrop"), (_, "/measure"):
                return .text(405, "method not allowed\n")
            default:
                return .text(404, "not found\n")
            }
        } catch {
            return failure(error)
        }
    }

    /// A check or a picture, under its page's ticket: refused when superseded before it starts.
    /// A streamed picture's task ends with its stream (`StudioLoop`), not with this answer.
    private func render(_ request: HTTPRequest) throws(FramesError) -> HTTPResponse {
        let task = renders.begin(request)
        var streaming = false
        defer { if !streaming { renders.end(task) } }
        if let reason = task.cancelled { return refusal(.cancelled(reason)) }
        let state = try StudioState(request)
        switch request.path {
        case "/check": return try check(state)
        case "/frame.png": return try frame(state, task: task)
        case "/frame.rgba":
            let prepared = try prepare(state)
            streaming = true
            return region(prepared, base: request.value("base"), task: task)
        case "/loop.rgba":
            let prepared = try prepare(state)
            streaming = true
            return loopPixels(prepared, task: task)
        case "/loop.png":
            let prepared = try prepare(state)
            streaming = true
            return loop(prepared, task: task)
        default: return try sheet(state, task: task)
        }
    }

    /// An error as JSON: the option it names (for the page to mark that control) and the message,
    /// its control characters escaped; 400 for a value the command line would refuse, else 500.
    func failure(_ error: FramesError) -> HTTPResponse {
        var object: [String: JSONValue] = ["message": .string(Console.shown(error.description))]
        object["option"] = error.option.map(JSONValue.string) ?? .null
        var response = json(.object(object))
        response.status = error.isUsageError ? 400 : 500
        return response
    }

    /// The answer to a render not made: 409 when a newer edit of its page superseded it, 503 when
    /// the studio is stopping or it could never fit the memory budget; shaped as the errors.
    func refusal(_ refusal: StudioRefusal) -> HTTPResponse {
        let (status, message): (UInt32, String)
        switch refusal {
        case .cancelled(.superseded): (status, message) = (409, "superseded by a newer edit")
        case .cancelled(.stopping): (status, message) = (503, "the studio is stopping")
        case .tooLarge(let bytes):
            (status, message) = (
                503,
                "this needs about \(formatBytes(bytes)) of memory, more than the studio's budget of "
                    + "\(formatBytes(StudioMemory.budget)); make it smaller (--scale, --frames)"
            )
        }
        var response = json(.object(["message": .string(message), "option": .null]))
        response.status = status
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

    /// What the page shows beside the preview: the image's size, the lint's findings, the Swift
    /// code and the command line.
    func check(_ state: StudioState) throws(FramesError) -> HTTPResponse {
        let (job, upload) = try state.resolve(backdrops: backdrops)
        let scene = job.scene
        let (width, height) = Layout(scene: scene, label: job.label).pixelSize(scale: scene.scale)
        let screen = scene.background.alpha == 255 ? scene.background : .white
        let findings: [LintFinding]
        do {
            findings = try StyleLint(screenColor: screen, memo: fitMemo).findings(
                for: scene.style, variant: scene.variant)
        } catch {
            throw .font(option: "--text-font-name", error)
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
                "card": cardBox(Layout(scene: scene, label: job.label), scale: scene.scale),
                "frames": .number(Double(job.sequence.frameCount)), "variant": .string(scene.variant.rawValue),
                "lint": .array(lint), "warnings": .array(warnings), "swift": .string(scene.style.swiftSource),
                "command": .string(state.commandLine(backdropName: upload?.name)),
            ]))
    }

    /// The card's box in the image, pixels: where the page zooms to show the card.
    func cardBox(_ layout: Layout, scale: Double) -> JSONValue {
        let card = layout.card
        return .object([
            "x": .number(card.origin.x * scale), "y": .number(card.origin.y * scale),
            "width": .number(card.size.width * scale), "height": .number(card.size.height * scale),
        ])
    }
}
