/// The frames an export holds, in order: what each shows (`SequenceFrame`) and the renderer that
/// draws them. A turn of the spinner, or a payment session's timeline with hidden frames.
package struct ExportFrames: AnimationFrames {
    package let renderer: FrameRenderer
    /// What each frame shows, in playback order.
    package let frames: [SequenceFrame]
    /// Frames per second of playback (1…240).
    package let fps: Int

    /// `frames` of `renderer`; nil means one turn, `.spinner(0)` … `.spinner(N − 1)`.
    package init(renderer: FrameRenderer, frames: [SequenceFrame]? = nil, fps: Int) {
        precondition(fps >= 1, "at least one frame a second")
        self.renderer = renderer
        self.frames = frames ?? (0..<renderer.frameCount).map(SequenceFrame.spinner)
        self.fps = fps
    }

    package var count: Int { frames.count }
    package var width: Int { renderer.width }
    package var height: Int { renderer.height }

    /// Frame i: the spinner's frame, or the hidden screen.
    package func frame(_ index: Int) -> any ChangedRows {
        switch frames[index] {
        case .spinner(let k): return renderer.rows(ofFrame: k)
        case .hidden: return renderer.hiddenFrame()
        }
    }

    /// The window that can differ between frames i − 1 and i: the spinner's box between two
    /// spinner frames, the whole image when the overlay appears or goes.
    package func changingWindow(from previous: Int, to index: Int) -> PixelRect {
        switch (frames[previous], frames[index]) {
        case (.spinner, .spinner): return renderer.spinnerWindow
        case (.hidden, .hidden): return PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        default: return PixelRect(x0: 0, y0: 0, x1: renderer.width, y1: renderer.height)
        }
    }
}

extension FrameRenderer {
    /// What one file of a sequence shows: frame k, or the screen with the overlay hidden.
    package func image(of frame: SequenceFrame) -> Pixmap {
        switch frame {
        case .spinner(let k): return self.frame(k)
        case .hidden: return hiddenFrame()
        }
    }
}
