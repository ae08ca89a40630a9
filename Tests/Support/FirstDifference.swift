import Images

/// "pixel (x, y): actual …, expected …" for the first differing pixel, and the count.
public func firstDifference(_ actual: Pixmap, _ expected: Pixmap) -> String {
    guard actual.width == expected.width, actual.height == expected.height else {
        return "size \(actual.width)×\(actual.height), expected \(expected.width)×\(expected.height)"
    }
    var count = 0
    var first: String? = nil
    for i in actual.pixels.indices where actual.pixels[i] != expected.pixels[i] {
        count += 1
        if first == nil {
            let x = i % actual.width
            let y = i / actual.width
            first = "pixel (\(x), \(y)): actual \(actual.rgba(x: x, y: y)), expected \(expected.rgba(x: x, y: y))"
        }
    }
    return first.map { "\($0); \(count) pixels differ" } ?? "identical"
}
