import FrameFiles
import Raster

/// Why the studio does not render a request: it could never fit the memory budget, or its task
/// was cancelled (superseded by a newer edit of its page, or the studio stopping).
enum StudioRefusal: Error {
    case tooLarge(bytes: Int)
    case cancelled(RenderTask.Reason)
}

/// What a render may take at most, in bytes, for `StudioMemory`: each figure is an upper bound
/// of the memory the render allocates, measured (docs/reliability.md, "The studio") and rounded
/// up. `pixels` is the frame's width × height; `backdrop` the uploaded image's, decoded.
enum StudioCosts {
    static let mebibyte = 1 << 20

    /// Building a renderer and keeping it: its image without the arc (4 bytes a pixel, each row
    /// that repeats held once), the backdrop fitted to the frame (4 a pixel) and, while it is
    /// built, the backdrop as uploaded (4 a pixel) and a strip of float layers; the spinner's
    /// box as floats (at most 64 MiB) and its masks.
    static func build(pixels: Int, backdrop: Int) -> Int {
        let fitted = backdrop > 0 ? 4 * pixels + 4 * backdrop : 0
        return 5 * pixels + fitted + 96 * mebibyte
    }

    /// One still: the frame (4 bytes a pixel) and its PNG (at most about as much again).
    static func still(pixels: Int) -> Int {
        9 * pixels + 16 * mebibyte
    }

    /// The loop, streamed: frame 0 a band at a time, the spinner's box of two frames (at most
    /// 64 MiB each), a chunk of at most 8 MiB being made and `HTTPStream.limit` bytes waiting
    /// for the client.
    static func loop(pixels: Int) -> Int {
        pixels + 2 * 64 * mebibyte + 8 * mebibyte + HTTPStream.limit + 32 * mebibyte
    }

    /// A contact sheet of `sheet` pixels with bands of `band` pixels: the band, and the PNG
    /// made in memory (at most about 4 bytes a pixel).
    static func sheet(sheet: Int, band: Int) -> Int {
        4 * sheet + 4 * band + 32 * mebibyte
    }
}
