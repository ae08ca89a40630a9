/// What one file of a sequence shows.
public enum SequenceFrame: Sendable, Equatable {
    /// Frame k of the renderer's sequence.
    case spinner(Int)
    /// The screen without the overlay: background and backdrop only (`FrameRenderer.hiddenFrame`).
    case hidden
}
