import Images
import Raster
import StrictJSON
extension Manifest {
    /// Which frames were written, and under which names.
    static let sequenceFields: [Field] = [
        Field(
            "fps", describes: true, write: { .number(Double($0.fps)) },
            read: { m, value, r in
                m.fps = try r.value(value, "fps") { try r.integer($0, "fps", in: 1...240) }
            }),
        Field(
            "frameCount", describes: true, write: { .number(Double($0.frameCount)) },
            read: { m, value, r in
                m.frameCount = try r.value(value, "frameCount") {
                    try r.integer($0, "frameCount", in: 1...Scene.maxFrameCount)
                }
            }),
        Field(
            "timeline", describes: true, write: \.timelineJSON,
            read: { m, value, r in
                guard let value else { return }
                guard case .array(let items) = value, !items.isEmpty else {
                    throw r.invalid("timeline", value, "an array of phases")
                }
                let segments = try items.map { try r.segment($0, frameCount: m.frameCount) }
                m.timeline = SessionTimeline(
                    segments: segments, frameCount: m.frameCount, fps: m.fps, loadingEnabled: true)
            }),
        // Written from the timeline; read to tell whether loading was enabled.
        Field(
            "overlayVisible", describes: true,
            write: { $0.timeline.map { .array($0.overlayVisible.map(JSONValue.bool)) } },
            read: {
                m, value, r in
                guard let timeline = m.timeline else {
                    if let value { throw r.invalid("overlayVisible", value, "no value without a timeline") }
                    return
                }
                let visible = try r.value(value, "overlayVisible") { value in
                    guard case .array(let items) = value else {
                        throw r.invalid("overlayVisible", value, "an array of booleans")
                    }
                    return try items.map { try r.bool($0, "overlayVisible") }
                }
                if visible == timeline.overlayVisible { return }
                let disabled = SessionTimeline(
                    segments: timeline.segments, frameCount: m.frameCount, fps: m.fps, loadingEnabled: false)
                guard visible == disabled.overlayVisible else {
                    throw r.invalid(
                        "overlayVisible", value!,
                        "\(m.frameCount) booleans, true exactly in the timeline's processing frames, or none true")
                }
                m.timeline = disabled
            }),
    ]

    /// How many frames one turn has, and which files hold which frames.
    static let fileFields: [Field] = [
        Field(
            "turnFrames", describes: true, write: { .number(Double($0.turnFrames)) },
            read: { m, value, r in
                // Version 1: one turn is the sequence, or a second with a timeline.
                m.turnFrames = try r.value(value, "turnFrames", version1: m.timeline == nil ? m.frameCount : m.fps) {
                    try r.integer($0, "turnFrames", in: 1...Scene.maxFrameCount)
                }
            }),
        Field(
            "files", describes: true, write: { .array($0.files.map(JSONValue.string)) },
            read: { m, value, r in
                m.files = try r.value(value, "files") { try r.strings($0, "files") }
                for name in m.files where !Manifest.isFrameFileName(name) {
                    throw r.invalid("files", .string(name), "plain .png file names in the folder")
                }
                if Set(m.files).count != m.files.count { throw r.invalid("files", value!, "file names that differ") }
            }),
        Field(
            "still", describes: true, write: { $0.still.map { .number(Double($0)) } },
            read: { m, value, r in
                if let value {
                    m.still = try r.integer(value, "still", in: 0...(m.frameCount - 1))
                } else if r.version == 1, m.files.count == 1, m.frameCount > 1 {
                    // Version 1 did not record `--frame K`: K is the last number in the file's name.
                    let digits = m.files[0].split { !$0.isASCII || !$0.isNumber }.last
                    guard let digits, let k = Int(digits), k < m.frameCount else {
                        throw r.invalid(
                            "files", .string(m.files[0]), "the name of one frame of \(m.frameCount), with its number")
                    }
                    m.still = k
                }
                let expected = m.still == nil ? m.frameCount : 1
                if m.files.count != expected {
                    throw r.invalid(
                        "files", .array(m.files.map(JSONValue.string)), "\(expected) names, one a frame written")
                }
            }),
        Field(
            "namePattern", describes: true, write: { $0.namePattern.map(JSONValue.string) },
            read: { m, value, r in
                m.namePattern = try value.map { try r.string($0, "namePattern") }
            }),
    ]

    var timelineJSON: JSONValue? {
        timeline.map { timeline in
            .array(
                timeline.segments.map { segment in
                    .object([
                        "phase": .string(segment.phase), "seconds": .number(segment.seconds),
                        "firstFrame": .number(Double(segment.frames.lowerBound)),
                        "frameCount": .number(Double(segment.frames.count)),
                    ])
                })
        }
    }
}

extension ManifestReader {
    /// One phase of "timeline", within the sequence's `frameCount` frames.
    func segment(_ value: JSONValue, frameCount: Int) throws -> SessionTimeline.Segment {
        let members = try object(value, "timeline", keys: ["phase", "seconds", "firstFrame", "frameCount"])
        let phase = try self.value(members["phase"], "timeline.phase") { value in
            guard case .string(let name) = value, SessionTimeline.phases.contains(name) else {
                throw invalid("timeline.phase", value, SessionTimeline.phases.joined(separator: ", "))
            }
            return name
        }
        let seconds = try self.value(members["seconds"], "timeline.seconds") {
            try number($0, "timeline.seconds", expected: "seconds above 0") { $0.isFinite && $0 > 0 }
        }
        let first = try self.value(members["firstFrame"], "timeline.firstFrame") {
            try integer($0, "timeline.firstFrame", in: 0...frameCount)
        }
        let count = try self.value(members["frameCount"], "timeline.frameCount") {
            try integer($0, "timeline.frameCount", in: 0...(frameCount - first))
        }
        return SessionTimeline.Segment(phase: phase, seconds: seconds, frames: first..<(first + count))
    }
}
