/// Heckbert's median cut: a palette of at most `size` colours for a frame with more.
///
/// Chosen because it is deterministic (the same frame always gets the same palette, so a
/// sequence does not flicker between runs), needs no library, and weighs colours by how many
/// pixels use them: the few flat colours that cover most of a frame (screen, card, track, arc)
/// stay in boxes of their own while the anti-aliased ramps between them share the rest. No
/// dithering: it would add noise to flat areas that changes from frame to frame.
/// The box with the most pixels and more than one colour is split at the weighted median of its
/// widest channel, until there are `size` boxes; each box's colour is its pixels' mean.
/// Colours are straight RGBA words (R in the low byte); 0 is the transparent colour, kept as
/// its own entry.
enum MedianCut {
    static func palette(of counts: [UInt32: Int], size: Int) -> [UInt32] {
        var boxes: [[(color: UInt32, count: Int)]] = []
        let opaque = counts.filter { $0.key != 0 }.map { (color: $0.key, count: $0.value) }
            .sorted { $0.color < $1.color }
        let slots = counts[0] == nil ? size : size - 1
        boxes.append(opaque)
        while boxes.count < slots {
            guard
                let index = boxes.indices.filter({ boxes[$0].count > 1 })
                    .max(by: { weight(boxes[$0]) < weight(boxes[$1]) })
            else { break }
            let box = boxes[index]
            let channel = (0..<3).max { range(box, $0) < range(box, $1) }!
            let sorted = box.sorted { channelValue($0.color, channel) < channelValue($1.color, channel) }
            let half = weight(sorted) / 2
            var running = 0
            var cut = 1
            for (i, entry) in sorted.enumerated() {
                running += entry.count
                if running >= half {
                    cut = min(max(i + 1, 1), sorted.count - 1)
                    break
                }
            }
            boxes[index] = Array(sorted[..<cut])
            boxes.append(Array(sorted[cut...]))
        }
        var palette = boxes.map(mean)
        if counts[0] != nil { palette.insert(0, at: 0) }
        return palette
    }

    static func weight(_ box: [(color: UInt32, count: Int)]) -> Int { box.reduce(0) { $0 + $1.count } }

    static func channelValue(_ color: UInt32, _ channel: Int) -> Int { Int((color >> (8 * UInt32(channel))) & 0xFF) }

    static func range(_ box: [(color: UInt32, count: Int)], _ channel: Int) -> Int {
        let values = box.map { channelValue($0.color, channel) }
        return (values.max() ?? 0) - (values.min() ?? 0)
    }

    static func mean(_ box: [(color: UInt32, count: Int)]) -> UInt32 {
        let total = max(1, weight(box))
        var color: UInt32 = 0xFF00_0000
        for channel in 0..<3 {
            let sum = box.reduce(0) { $0 + channelValue($1.color, channel) * $1.count }
            color |= UInt32((sum + total / 2) / total) << (8 * UInt32(channel))
        }
        return color
    }

    /// The palette entry nearest `color` (squared distance; transparent only for transparent).
    static func nearest(_ color: UInt32, in palette: [UInt32]) -> Int {
        if color == 0 { return palette.firstIndex(of: 0) ?? 0 }
        var best = 0
        var bestDistance = Int.max
        for (i, entry) in palette.enumerated() where entry != 0 {
            var distance = 0
            for channel in 0..<3 {
                let d = channelValue(color, channel) - channelValue(entry, channel)
                distance += d * d
            }
            if distance < bestDistance { (best, bestDistance) = (i, distance) }
        }
        return best
    }

    static func channelError(_ a: UInt32, _ b: UInt32) -> Int {
        (0..<4).map { abs(Int((a >> (8 * UInt32($0))) & 0xFF) - Int((b >> (8 * UInt32($0))) & 0xFF)) }.max() ?? 0
    }
}
