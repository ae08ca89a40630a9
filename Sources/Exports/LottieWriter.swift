import LibC
import Raster
import StrictJSON

/// A `VectorScene` as a Lottie animation (Bodymovin JSON, the subset every player supports:
/// shape layers with rectangles, ellipses, paths, fills, strokes and trim paths; no
/// expressions, no masks, no fonts).
///
/// `fr` is fps and `op` the frame count. Shapes are in points; `w` × `h` is the frames' size in
/// pixels (players need whole numbers there, and points × scale are rarely whole), and every
/// layer's transform scales points by the export's scale about the spinner's centre, so a player
/// drawing the file at its own size draws each frame as our PNG frame. Layers, top first: label (glyph outlines, non-zero fill), arc (the track's
/// ellipse stroked with round caps and trimmed to its first 25 %, i.e. 90° from 12 o'clock,
/// the ellipse's first point, clockwise), track, card, dim, background. The arc's layer turns
/// about the centre with linear keyframes, 360° per turn. With a timeline the overlay's layers
/// exist from the first to the last frame of each processing phase (`ip`, and `op` a quarter of
/// a frame after the last, since players differ on whether frame `op` shows), the arc
/// starting at 12 o'clock in each; only the background is drawn in other frames.
public struct LottieWriter: Sendable {
    /// Frames where the overlay shows, and the frames of one turn of its spinner.
    struct Span: Sendable, Equatable {
        let frames: Range<Int>
        let turnFrames: Int
    }

    let scene: VectorScene
    let fps: Int
    let frameCount: Int
    let spans: [Span]

    /// One turn of `turnFrames` frames, or the spans of `frames` (a timeline's).
    public init(scene: VectorScene, frames: ExportFrames) {
        self.scene = scene
        fps = frames.fps
        frameCount = frames.count
        var spans: [Span] = []
        var index = 0
        while index < frames.count {
            guard case .spinner(let first) = frames.frames[index] else {
                index += 1
                continue
            }
            // A span runs while frames follow each other one turn-frame apart.
            var end = index + 1
            while end < frames.count, case .spinner(let k) = frames.frames[end],
                k == (first + end - index) % frames.renderer.frameCount
            {
                end += 1
            }
            precondition(first == 0, "every span starts at 12 o'clock")
            spans.append(Span(frames: index..<end, turnFrames: frames.renderer.frameCount))
            index = end
        }
        self.spans = spans
    }

    /// The file, compact JSON.
    public func json() -> String {
        let s = scene
        var layers: [JSONValue] = []
        for span in spans {
            // Players disagree on `op`: lottie-web shows frames t < op, rlottie rounds op to a
            // whole frame and shows it too. Three quarters of a frame before the next frame both
            // show exactly the span's frames.
            let ip = Double(span.frames.lowerBound)
            let op = span.frames.upperBound == frameCount ? Double(frameCount) : Double(span.frames.upperBound) - 0.75
            if !s.label.elements.isEmpty {
                let shapes = LottieWriter.contours(of: s.label).map { LottieWriter.pathShape($0) }
                layers.append(layer("label", ip, op, shapes + [fill(s.textColor)]))
            }
            let arc = layer(
                "arc", ip, op,
                [
                    ellipse(), stroke(s.arcColor, round: true),
                    .object(["ty": .string("tm"), "s": value(0), "e": value(25), "o": value(0), "m": .number(1)]),
                ], rotation: rotation(span))
            layers.append(arc)
            layers.append(layer("track", ip, op, [ellipse(), stroke(s.trackColor, round: false)]))
            layers.append(layer("card", ip, op, [rectangle(s.card, radius: s.cornerRadius), fill(s.cardColor)]))
            if let dim = s.dimOpacity {
                let rect = Rect(origin: .zero, size: s.imageSize)
                layers.append(layer("dim", ip, op, [rectangle(rect, radius: 0), fill(.black, opacity: dim)]))
            }
        }
        if let background = s.background {
            let rect = Rect(origin: .zero, size: s.viewSize)
            layers.append(layer("background", 0, Double(frameCount), [rectangle(rect, radius: 0), fill(background)]))
        }
        layers = layers.enumerated().map { LottieWriter.indexed($1, $0 + 1) }
        let root: JSONValue = .object([
            "v": .string("5.7.4"), "fr": .number(Double(fps)), "ip": .number(0), "op": .number(Double(frameCount)),
            "w": .number(Double(s.pixelWidth)), "h": .number(Double(s.pixelHeight)), "nm": .string("loading indicator"),
            "ddd": .number(0), "assets": .array([]), "layers": .array(layers),
        ])
        return LottieWriter.compact(root)
    }

    /// The arc layer's rotation: 0° at the span's first frame, +360° every turn, linear.
    func rotation(_ span: Span) -> JSONValue {
        let turns = (span.frames.count + span.turnFrames - 1) / span.turnFrames
        var keys: [JSONValue] = []
        for turn in 0...max(1, turns) {
            let t = Double(span.frames.lowerBound + turn * span.turnFrames)
            var key: [String: JSONValue] = ["t": .number(t), "s": .array([.number(360 * Double(turn))])]
            if turn < max(1, turns) {
                key["e"] = .array([.number(360 * Double(turn + 1))])
                key["i"] = .object(["x": .array([.number(1)]), "y": .array([.number(1)])])
                key["o"] = .object(["x": .array([.number(0)]), "y": .array([.number(0)])])
            }
            keys.append(.object(key))
        }
        return .object(["a": .number(1), "k": .array(keys)])
    }

    func layer(_ name: String, _ ip: Double, _ op: Double, _ shapes: [JSONValue], rotation: JSONValue? = nil)
        -> JSONValue
    {
        // Points to pixels about the centre: p + scale · (x − a) with a = c, p = scale · c.
        let (c, k) = (scene.center, scene.scale)
        let transform: JSONValue = .object([
            "o": value(100), "r": rotation ?? value(0), "p": vector([c.x * k, c.y * k, 0]), "a": vector([c.x, c.y, 0]),
            "s": vector([100 * k, 100 * k, 100]),
        ])
        let group: JSONValue = .object([
            "ty": .string("gr"), "nm": .string(name),
            "it": .array(
                shapes + [
                    .object([
                        "ty": .string("tr"), "p": vector([0, 0]), "a": vector([0, 0]), "s": vector([100, 100]),
                        "r": value(0), "o": value(100), "sk": value(0), "sa": value(0),
                    ])
                ]),
        ])
        return .object([
            "ddd": .number(0), "ty": .number(4), "nm": .string(name), "sr": .number(1), "ks": transform,
            "ao": .number(0), "shapes": .array([group]), "ip": .number(ip), "op": .number(op),
            "st": .number(0), "bm": .number(0),
        ])
    }

    static func indexed(_ layer: JSONValue, _ index: Int) -> JSONValue {
        guard case .object(var members) = layer else { return layer }
        members["ind"] = .number(Double(index))
        return .object(members)
    }

    func value(_ number: Double) -> JSONValue { .object(["a": .number(0), "k": .number(number)]) }
    func vector(_ numbers: [Double]) -> JSONValue {
        .object(["a": .number(0), "k": .array(numbers.map(JSONValue.number))])
    }

    /// Components c / 255 rounded up at the sixth decimal, and written with all their digits: a
    /// player that rounds and one that truncates × 255 both get back c.
    func color(_ color: Color) -> JSONValue {
        func component(_ c: UInt8) -> JSONValue {
            .number((Double(c) / 255 * 1e6).rounded(.up) / 1e6)
        }
        return .object([
            "a": .number(0),
            "k": .array([component(color.red), component(color.green), component(color.blue), .number(1)]),
        ])
    }

    func fill(_ color: Color, opacity: Double = 1) -> JSONValue {
        .object([
            "ty": .string("fl"), "c": self.color(color), "o": value(100 * opacity * Double(color.alpha) / 255),
            "r": .number(1),
        ])
    }

    func stroke(_ color: Color, round: Bool) -> JSONValue {
        .object([
            "ty": .string("st"), "c": self.color(color), "o": value(100 * Double(color.alpha) / 255),
            "w": value(scene.strokeWidth), "lc": .number(round ? 2 : 1), "lj": .number(round ? 2 : 1),
            "ml": .number(4),
        ])
    }

    func ellipse() -> JSONValue {
        .object([
            "ty": .string("el"), "d": .number(1), "s": vector([2 * scene.radius, 2 * scene.radius]),
            "p": vector([scene.center.x, scene.center.y]),
        ])
    }

    func rectangle(_ rect: Rect, radius: Double) -> JSONValue {
        .object([
            "ty": .string("rc"), "d": .number(1), "s": vector([rect.width, rect.height]),
            "p": vector([rect.center.x, rect.center.y]), "r": value(radius),
        ])
    }
}

/// Lottie's path shapes (`sh`): vertices with in and out tangents relative to them, cubic
/// segments only; and the compact JSON the file is written as.
extension LottieWriter {
    /// One closed contour: vertices, in-tangents and out-tangents (relative), in points.
    struct Contour {
        var vertices: [Point] = []
        var inTangents: [Point] = []
        var outTangents: [Point] = []

        mutating func add(_ p: Point, inTangent: Point = .zero) {
            vertices.append(p)
            inTangents.append(inTangent)
            outTangents.append(.zero)
        }

        /// A cubic from the last vertex to `p`.
        mutating func curve(_ c1: Point, _ c2: Point, _ p: Point) {
            let last = vertices[vertices.count - 1]
            outTangents[outTangents.count - 1] = Point(x: c1.x - last.x, y: c1.y - last.y)
            add(p, inTangent: Point(x: c2.x - p.x, y: c2.y - p.y))
        }

        /// Closed implicitly: a last vertex on the first one becomes the first.
        mutating func close() {
            guard vertices.count > 1, let first = vertices.first, let last = vertices.last,
                abs(first.x - last.x) < 1e-9, abs(first.y - last.y) < 1e-9
            else { return }
            inTangents[0] = inTangents.removeLast()
            vertices.removeLast()
            outTangents.removeLast()
        }
    }

    /// The contours of `path`, quadratic curves raised to cubics, arcs as cubics of at most 45°.
    static func contours(of path: Path) -> [Contour] {
        var contours: [Contour] = []
        var current = Contour()
        func finish() {
            current.close()
            if !current.vertices.isEmpty { contours.append(current) }
            current = Contour()
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                finish()
                current.add(p)
            case .line(let p): current.add(p)
            case .quadCurve(let c, let p):
                guard let p0 = current.vertices.last else {
                    current.add(p)
                    continue
                }
                current.curve(
                    Point(x: p0.x + 2 * (c.x - p0.x) / 3, y: p0.y + 2 * (c.y - p0.y) / 3),
                    Point(x: p.x + 2 * (c.x - p.x) / 3, y: p.y + 2 * (c.y - p.y) / 3), p)
            case .cubicCurve(let c1, let c2, let p):
                if current.vertices.isEmpty { current.add(c1) }
                current.curve(c1, c2, p)
            case .arc(let center, let radius, let start, let sweep):
                let pieces = max(1, Int((abs(sweep.degrees) / 45).rounded(.up)))
                let step = sweep.degrees / Double(pieces) * .pi / 180
                let k = 4.0 / 3 * tan(step / 4) * radius
                var angle = start.degrees * .pi / 180
                func at(_ a: Double) -> Point { Point(x: center.x + radius * cos(a), y: center.y + radius * sin(a)) }
                current.add(at(angle))
                for _ in 0..<pieces {
                    let next = angle + step
                    let p0 = at(angle)
                    let p1 = at(next)
                    current.curve(
                        Point(x: p0.x - k * sin(angle), y: p0.y + k * cos(angle)),
                        Point(x: p1.x + k * sin(next), y: p1.y - k * cos(next)), p1)
                    angle = next
                }
            }
        }
        finish()
        return contours
    }

    static func pathShape(_ contour: Contour) -> JSONValue {
        func points(_ list: [Point]) -> JSONValue {
            .array(list.map { .array([.number($0.x), .number($0.y)]) })
        }
        return .object([
            "ty": .string("sh"),
            "ks": .object([
                "a": .number(0),
                "k": .object([
                    "i": points(contour.inTangents), "o": points(contour.outTangents), "v": points(contour.vertices),
                    "c": .bool(true),
                ]),
            ]),
        ])
    }

    /// JSON without spaces, numbers to 1e-6 (points, percent, degrees, colour components), keys sorted but "ty"
    /// first: streaming parsers (rlottie's) read an object's type before its properties.
    static func compact(_ value: JSONValue) -> String {
        var out = ""
        func write(_ value: JSONValue) {
            switch value {
            case .null: out += "null"
            case .bool(let flag): out += flag ? "true" : "false"
            case .number(let number):
                let rounded = (number * 1e6).rounded() / 1e6
                out += formatNumber(rounded == 0 ? 0 : rounded)
            case .string(let text): JSONValue.quote(text, into: &out)
            case .array(let items):
                out += "["
                for (i, item) in items.enumerated() {
                    if i > 0 { out += "," }
                    write(item)
                }
                out += "]"
            case .object(let members):
                out += "{"
                let keys = members.keys.sorted { ($0 == "ty" ? 0 : 1, $0) < ($1 == "ty" ? 0 : 1, $1) }
                for (i, key) in keys.enumerated() {
                    if i > 0 { out += "," }
                    JSONValue.quote(key, into: &out)
                    out += ":"
                    write(members[key]!)
                }
                out += "}"
            }
        }
        write(value)
        return out + "\n"
    }
}
