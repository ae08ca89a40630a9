import Raster

/// Which frames a run renders, at what rate, and under which names: a turn of the spinner, a
/// payment session's timeline, or one still of either.
package struct SequencePlan: Sendable {
    package let fps: Int
    /// Frames in the whole sequence (a timeline's span, or one turn).
    package let frameCount: Int
    /// Frames of one turn of the spinner: the renderer's sequence (`fps` with a timeline: one
    /// turn a second).
    package let turnFrames: Int
    let timeline: SessionTimeline?
    /// The one frame to write, for `--frame K`.
    package let still: Int?
    let namePattern: NamePattern
    /// `--name-pattern` as given, for messages.
    var namePatternOption: (option: String, text: String)? = nil

    /// What frame i of the sequence shows.
    func frame(_ index: Int) -> SequenceFrame {
        timeline?.frames[index] ?? .spinner(index)
    }

    /// The indices of the frames written: all of them, or the still.
    var writtenIndices: [Int] {
        still.map { [$0] } ?? Array(0..<frameCount)
    }

    /// The names of the frame files written, in the order of `writtenIndices`.
    var fileNames: [String] {
        writtenIndices.map(namePattern.name(for:))
    }

    static func resolve(_ options: RenderOptions, variant: Variant) throws(FramesError) -> SequencePlan {
        let fps = options.fps?.value ?? 60
        var frameCount = options.frames?.value ?? fps
        var timeline: SessionTimeline? = nil
        if let given = options.timeline {
            guard variant == .overlay else {
                throw .invalidValue(
                    option: given.option, value: given.text,
                    expected: "--style overlay (the session binding is the overlay's)")
            }
            let exclusive: [(String, String)?] = [
                options.frames.map { ($0.option, $0.text) }, options.visible.map { ($0.option, $0.text) },
            ]
            if let (option, text) = exclusive.compactMap({ $0 }).first {
                throw .invalidValue(
                    option: option, value: text, expected: "no value with --timeline (the timeline sets the frames)")
            }
            timeline = try SessionTimeline(
                parsing: given.text, fps: fps, loadingEnabled: options.loadingEnabled?.value ?? true)
        } else if let enabled = options.loadingEnabled {
            throw .invalidValue(option: enabled.option, value: enabled.text, expected: "no value without --timeline")
        } else if options.visible?.value == false {
            timeline = try SessionTimeline(
                parsing: "idle:\(Double(frameCount) / Double(fps))", fps: fps, loadingEnabled: false)
        }
        let turnFrames = timeline == nil ? frameCount : fps
        frameCount = timeline?.frames.count ?? frameCount
        if let still = options.frame, still.value >= frameCount {
            throw .invalidValue(
                option: still.option, value: still.text,
                expected: "a frame number from 0 to \(frameCount - 1) (of --frames \(frameCount))")
        }
        return SequencePlan(
            fps: fps, frameCount: frameCount, turnFrames: turnFrames, timeline: timeline, still: options.frame?.value,
            namePattern: options.namePattern?.value ?? .default(frameCount: frameCount),
            namePatternOption: options.namePattern.map { ($0.option, $0.text) })
    }
}
