import StrictJSON

/// `frames compare --json`: one object, `{"images": [...], "pass": ...}`, each image with its
/// keys always in the same order (`expected`, `actual`, `width`, `height`, `differingPixels`, …,
/// `pass`), then `psnr` (dB, null when the images are equal) and `ssim`;
/// for a size mismatch `expectedWidth` and `expectedHeight` follow, and a frame missing on one
/// side has null figures and a `note`.
enum CompareJSON {
    static func text(_ results: [CompareCommand.Result]) -> String {
        let images = results.map(object).joined(separator: ", ")
        return "{\"images\": [\(images)], \"pass\": \(results.allSatisfy(\.passes))}"
    }

    static func object(_ result: CompareCommand.Result) -> String {
        var members: [(String, String)] = [("expected", string(result.expected)), ("actual", string(result.actual))]
        if let c = result.comparison {
            members += [
                ("width", "\(c.actualSize.width)"), ("height", "\(c.actualSize.height)"),
                ("differingPixels", "\(c.differingPixels)"), ("antialiasedPixels", "\(c.antialiasedPixels)"),
                ("maxChannelDelta", "\(c.maxChannelDelta)"), ("largestCluster", "\(c.largestCluster)"),
                ("shift", c.shift.map { "[\($0.dx), \($0.dy)]" } ?? "null"), ("pass", "\(c.passes)"),
                ("psnr", number(result.psnr, places: 4)), ("ssim", number(result.ssim, places: 6)),
            ]
            if !c.sizesMatch {
                members += [
                    ("expectedWidth", "\(c.expectedSize.width)"), ("expectedHeight", "\(c.expectedSize.height)"),
                ]
            }
        } else {
            members += [
                "width", "height", "differingPixels", "antialiasedPixels", "maxChannelDelta", "largestCluster", "shift",
            ]
            .map { ($0, "null") }
            members += [("pass", "false"), ("psnr", "null"), ("ssim", "null"), ("note", string(result.note))]
        }
        return "{" + members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    static func string(_ text: String?) -> String {
        guard let text else { return "null" }
        var out = ""
        JSONValue.quote(text, into: &out)
        return out
    }

    /// A finite number rounded to `places` decimals, or null.
    static func number(_ value: Double?, places: Int) -> String {
        guard let value, value.isFinite else { return "null" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        return rounded == rounded.rounded() ? "\(Int(rounded))" : "\(rounded)"
    }
}
