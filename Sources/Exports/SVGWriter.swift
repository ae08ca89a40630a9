import LibC
import Raster

/// A `VectorScene` as one self-contained SVG: no fonts, no scripts, no external files.
///
/// The animated file turns the arc with a CSS animation (`@keyframes`, linear, one turn per
/// loop of N / fps seconds, infinite; `steps()` is not used, so a player draws the arc at any
/// time, not only at frame times). Frame k is the animation at k / fps s: paused there with
/// `animation-delay: -k/fps s; animation-play-state: paused`. The static file (`frame:`) draws
/// frame k's arc where it is, without CSS. `width`/`height` are the frames' pixels, the
/// `viewBox` their size in points.
public struct SVGWriter: Sendable {
    let scene: VectorScene
    /// Frames in one turn.
    let frameCount: Int
    let fps: Int

    /// An SVG of `scene` turning once in `frameCount` frames at `fps`.
    public init(scene: VectorScene, frameCount: Int, fps: Int) {
        precondition(frameCount >= 1 && fps >= 1, "a turn has frames")
        self.scene = scene
        self.frameCount = frameCount
        self.fps = fps
    }

    /// The file: animated, or frame k only.
    public func svg(frame: Int? = nil) -> String {
        let s = scene
        let n = vectorNumber
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(s.pixelWidth)\" height=\"\(s.pixelHeight)\" "
        out += "viewBox=\"0 0 \(n(s.viewSize.width)) \(n(s.viewSize.height))\">\n"
        if frame == nil {
            let seconds = n(Double(frameCount) / Double(fps))
            out += "<style>\n"
            out += "@keyframes turn { from { transform: rotate(0deg); } to { transform: rotate(360deg); } }\n"
            out += ".arc { transform-box: view-box; transform-origin: \(n(s.center.x))px \(n(s.center.y))px; "
            out += "animation: turn \(seconds)s linear infinite; }\n"
            out += "</style>\n"
        }
        let full = "x=\"0\" y=\"0\" width=\"\(n(s.viewSize.width))\" height=\"\(n(s.viewSize.height))\""
        if let background = s.background { out += "<rect \(full)\(SVGWriter.fill(background))/>\n" }
        if let dim = s.dimOpacity {
            out += "<rect x=\"0\" y=\"0\" width=\"\(n(s.imageSize.width))\" height=\"\(n(s.imageSize.height))\" "
            out += "fill=\"#000000\" fill-opacity=\"\(n(dim))\"/>\n"
        }
        out += "<rect x=\"\(n(s.card.minX))\" y=\"\(n(s.card.minY))\" width=\"\(n(s.card.width))\" "
        out += "height=\"\(n(s.card.height))\" rx=\"\(n(s.cornerRadius))\"\(SVGWriter.fill(s.cardColor))/>\n"
        let stroke = " fill=\"none\" stroke-width=\"\(n(s.strokeWidth))\""
        out += "<circle cx=\"\(n(s.center.x))\" cy=\"\(n(s.center.y))\" r=\"\(n(s.radius))\"\(stroke)"
        out += SVGWriter.stroke(s.trackColor) + "/>\n"
        let start = VectorScene.arcStart(frame: frame ?? 0, of: frameCount)
        out += "<path class=\"arc\" d=\"\(arcPath(from: start))\"\(stroke) stroke-linecap=\"round\""
        out += SVGWriter.stroke(s.arcColor) + "/>\n"
        if !s.label.elements.isEmpty {
            out += "<path d=\"\(SVGWriter.pathData(s.label))\" fill-rule=\"nonzero\"\(SVGWriter.fill(s.textColor))/>\n"
        }
        return out + "</svg>\n"
    }

    /// The page that shows frame k of the animated file as a browser plays it: the file inline,
    /// its animation paused at k / fps s. For checking the animation in a browser.
    func pausedPage(frame k: Int) -> String {
        let delay = vectorNumber(-Double(k) / Double(fps))
        return "<!DOCTYPE html><html><head><style>html, body { margin: 0; background: transparent; } "
            + "svg { display: block; } .arc { animation-delay: \(delay)s !important; "
            + "animation-play-state: paused !important; }</style></head><body>" + svg() + "</body></html>\n"
    }

    /// 90° of the centre line clockwise from `start` degrees, as SVG path data.
    func arcPath(from start: Double) -> String {
        let s = scene
        func point(_ degrees: Double) -> String {
            let radians = degrees * .pi / 180
            return "\(vectorNumber(s.center.x + s.radius * cos(radians))) "
                + "\(vectorNumber(s.center.y + s.radius * sin(radians)))"
        }
        return "M \(point(start)) A \(vectorNumber(s.radius)) \(vectorNumber(s.radius)) 0 0 1 \(point(start + 90))"
    }

    static func fill(_ color: Color) -> String {
        " fill=\"\(color.hexRGB)\"" + (color.alpha == 255 ? "" : " fill-opacity=\"\(opacity(color))\"")
    }

    static func stroke(_ color: Color) -> String {
        " stroke=\"\(color.hexRGB)\"" + (color.alpha == 255 ? "" : " stroke-opacity=\"\(opacity(color))\"")
    }

    /// The alpha as 0…1 with enough decimals to round back to the same 8 bits.
    static func opacity(_ color: Color) -> String { Color.component(color.alpha) }

    /// SVG path data of `path`: every contour closed.
    static func pathData(_ path: Path) -> String {
        let n = vectorNumber
        var parts: [String] = []
        var open = false
        for element in path.elements {
            switch element {
            case .move(let p):
                if open { parts.append("Z") }
                parts.append("M\(n(p.x)) \(n(p.y))")
                open = true
            case .line(let p): parts.append("L\(n(p.x)) \(n(p.y))")
            case .quadCurve(let c, let p): parts.append("Q\(n(c.x)) \(n(c.y)) \(n(p.x)) \(n(p.y))")
            case .cubicCurve(let c1, let c2, let p):
                parts.append("C\(n(c1.x)) \(n(c1.y)) \(n(c2.x)) \(n(c2.y)) \(n(p.x)) \(n(p.y))")
            case .arc(let center, let radius, let start, let sweep):
                // Halves of at most 180° each, so that every SVG arc is unambiguous.
                let pieces = max(2, Int((abs(sweep.degrees) / 180).rounded(.up)) * 2)
                func at(_ degrees: Double) -> String {
                    let r = degrees * .pi / 180
                    return "\(n(center.x + radius * cos(r))) \(n(center.y + radius * sin(r)))"
                }
                parts.append((open ? "L" : "M") + at(start.degrees))
                open = true
                for i in 1...pieces {
                    let end = start.degrees + sweep.degrees * Double(i) / Double(pieces)
                    parts.append("A\(n(radius)) \(n(radius)) 0 0 \(sweep.degrees >= 0 ? 1 : 0) \(at(end))")
                }
            }
        }
        if open { parts.append("Z") }
        return parts.joined(separator: " ")
    }
}
