import Raster
import StrictJSON

/// `--timeline idle:0.5,processing:2,done:0.5`: the overlay bound to a payment session over a
/// span of time (`SessionTimeline`), read from the command line.
extension SessionTimeline {
    /// The span at `fps`: frame i shows time i / fps; a segment holds the frames whose time falls
    /// in it. Boundaries are exact: each duration is taken to the microsecond (every duration
    /// written with up to six decimals exactly), and each frame's phase is decided once, in
    /// integers, so `idle:0.1,processing:0.2,done:0.1` at 10 fps is frame 0 idle, frames 1 and 2
    /// processing, frame 3 done.
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
        // In microseconds from here: the span is at most 10 000 frames at 1 fps or more.
        let micro = 1_000_000
        let durations = parsed.map { Int(($0.1 * Double(micro)).rounded()) }
        let count = (durations.reduce(0, +) * fps + micro / 2) / micro
        guard count >= 1 else { throw invalid("the span is shorter than one frame") }
        var segments: [Segment] = []
        var start = 0
        for ((name, seconds), duration) in zip(parsed, durations) {
            // Frames whose time i/fps lies in [start, start + duration): the first i with
            // i · 10⁶ ≥ start · fps.
            let first = (start * fps + micro - 1) / micro
            let end = min(count, ((start + duration) * fps + micro - 1) / micro)
            segments.append(Segment(phase: name, seconds: seconds, frames: first..<max(first, end)))
            start += duration
        }
        self.init(segments: segments, frameCount: count, fps: fps, loadingEnabled: loadingEnabled)
    }
}
