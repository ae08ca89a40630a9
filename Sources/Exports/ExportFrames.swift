import Images
import Raster

/// The frames an export holds, in order: what each shows (`SequenceFrame`) and the renderer that
/// draws them. A turn of the spinner, or a payment session's timeline with hidden frames.
public struct ExportFrames: AnimationFrames {
    let renderer: FrameRenderer
    /// What each frame shows, in playback order.
    let frames: [SequenceFrame]
    /// Frames per second of playback (1…240).
    public let fps: Int

    /// `frames` of `renderer`; nil means one turn, `.spinner(0)` … `.spinner(N − 1)`.
    public init(renderer: FrameRenderer, frames: [SequenceFrame]? = nil, fps: Int) {
        precondition(fps >= 1, "at least one frame a second")
        self.renderer = renderer
        self.frames = frames ?? (0..<renderer.frameCount).map(SequenceFrame.spinner)
        self.fps = fps
    }

    /// Frames, at least 1.
    public var count: Int { frames.count }
    /// The renderer's image width in pixels.
    public var width: Int { renderer.width }
    /// The renderer's image height in pixels.
    public var height: Int { renderer.height }

    /// Frame i: the spinner's frame, or the hidden screen.
    public func frame(_ index: Int) -> any ChangedRows {
        switch frames[index] {
        case .spinner(let k): return renderer.rows(ofFrame: k)
        case .hidden: return renderer.hiddenFrame()
        }
    }

    /// The window that can differ between frames i − 1 and i: the spinner's box between two
    /// spinner frames, the whole image when the overlay appears or goes.
    public func changingWindow(from previous: Int, to index: Int) -> PixelRect {
        switch (frames[previous], frames[index]) {
        case (.spinner, .spinner): return renderer.spinnerWindow
        case (.hidden, .hidden): return PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        default: return PixelRect(x0: 0, y0: 0, x1: renderer.width, y1: renderer.height)
        }
    }
}

extension FrameRenderer {
    /// What one file of a sequence shows: frame k, or the screen with the overlay hidden.
    func image(of frame: SequenceFrame) -> Pixmap {
        switch frame {
        case .spinner(let k): return self.frame(k)
        case .hidden: return hiddenFrame()
        }
    }
}
