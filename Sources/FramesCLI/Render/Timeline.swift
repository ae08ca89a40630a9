import FrameFiles
import Raster

/// `--timeline idle:0.5,processing:2,done:0.5`: the overlay bound to a payment session over a
/// span of time (`SessionTimeline`), read from the command line.
extension SessionTimeline {
    /// The span at `fps`: frame i shows time i / fps; a segment holds the frames whose time falls
    /// in it.
    init(parsing text: String, fps: Int, loadingEnabled: Bool) throws(FramesError) {
        func invalid(_ why: String) -> FramesError {
            .invalidValue(
                option: "--timeline", value: text,
                expected: "phase:seconds pairs separated by commas, phases "
                    + "\(SessionTimeline.phases.joined(separator: ", ")), seconds above 0 (\(why))")
        }
        var parsed: [(String, Double)] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            guard pieces.count == 2 else { throw invalid("'\(part)' is not phase:seconds") }
            let name = String(pieces[0]).lowercased()
            guard SessionTimeline.phases.contains(name) else { throw invalid("unknown phase '\(pieces[0])'") }
            guard let seconds = parseDecimal(String(pieces[1])), seconds.isFinite, seconds > 0 else {
                throw invalid("'\(pieces[1])' is not a duration in seconds")
            }
            parsed.append((name, seconds))
        }
        let total = parsed.reduce(0) { $0 + $1.1 }
        // Checked as a Double first: a duration of 10^22 s must not overflow an Int.
        let exactCount = (total * Double(fps)).rounded()
        guard exactCount >= 1 else { throw invalid("the span is shorter than one frame") }
        guard exactCount <= Double(RenderCommand.maxFrames) else {
            throw invalid(
                "the span is \(formatNumber(exactCount)) frames at \(fps) fps; at most \(RenderCommand.maxFrames)")
        }
        let count = Int(exactCount)
        var segments: [Segment] = []
        var start = 0.0
        for (name, seconds) in parsed {
            // Frames whose time i/fps lies in [start, start + seconds).
            let first = Int((start * Double(fps)).rounded(.up))
            let end = min(count, Int(((start + seconds) * Double(fps)).rounded(.up)))
            segments.append(Segment(phase: name, seconds: seconds, frames: first..<max(first, end)))
            start += seconds
        }
        self.init(segments: segments, frameCount: count, fps: fps, loadingEnabled: loadingEnabled)
    }
}
