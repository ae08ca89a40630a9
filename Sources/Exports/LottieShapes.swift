import Images
import LibC
import Raster
import StrictJSON

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
