/// The overlay bound to a payment session over a span of frames (`frames --timeline`): phases of
/// the session, each a number of seconds, at `fps`. The overlay shows exactly while the session
/// processes (instantly: the documentation names no transition), and its spinner turns once a
/// second from the first frame of each processing phase; with `loadingEnabled` false it never
/// shows (isLoadingEnabled).
public struct SessionTimeline: Sendable, Equatable {
    /// One phase of the session and the frames of the span that fall in it.
    public struct Segment: Sendable, Equatable {
        /// "idle", "processing" or "done".
        package let phase: String
        package let seconds: Double
        package var frames: Range<Int>

        /// A phase named `phase` of `seconds` s, shown by frames `frames`.
        public init(phase: String, seconds: Double, frames: Range<Int>) {
            self.phase = phase
            self.seconds = seconds
            self.frames = frames
        }
    }

    /// The phases a session goes through.
    public static let phases = ["idle", "processing", "done"]

    package let segments: [Segment]
    let fps: Int
    let loadingEnabled: Bool
    /// What each frame of the span shows: in a processing segment, frame j after its first shows
    /// the spinner's frame j mod fps (one turn a second); every other frame is hidden.
    public let frames: [SequenceFrame]

    /// The span of `frameCount` frames at `fps`, cut into `segments`.
    public init(segments: [Segment], frameCount: Int, fps: Int, loadingEnabled: Bool) {
        self.segments = segments
        self.fps = fps
        self.loadingEnabled = loadingEnabled
        var frames = [SequenceFrame](repeating: .hidden, count: frameCount)
        if loadingEnabled {
            for segment in segments where segment.phase == "processing" {
                for i in segment.frames where i < frameCount {
                    frames[i] = .spinner((i - segment.frames.lowerBound) % fps)
                }
            }
        }
        self.frames = frames
    }

    /// Whether the overlay shows in each frame.
    package var overlayVisible: [Bool] { frames.map { $0 != .hidden } }
}
