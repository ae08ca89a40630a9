/// Why the studio does not render a request: it could never fit the memory budget, or its task
/// was cancelled (superseded by a newer edit of its page, or the studio stopping).
enum StudioRefusal: Error {
    case tooLarge(bytes: Int)
    case cancelled(RenderTask.Reason)
}

/// What a render may take at most, in bytes, for `StudioMemory`: each figure is an upper bound of
/// the memory the request's work adds to the process, from peaks measured on 100-megapixel frames
/// whose spinner fills them (the worst case: no row repeats) and rounded up (docs/reliability.md,
/// "The studio"). `pixels` is the frame's width × height; `backdrop` the uploaded image's, decoded.
enum StudioCosts {
    static let mebibyte = 1 << 20

    /// Building a renderer and keeping it: measured 870 MB for a 100-megapixel frame with its
    /// still (8.7 bytes a pixel), 375 MB more with a 100-megapixel backdrop (decoded, fitted to
    /// the frame, the decoded one let go).
    static func build(pixels: Int, backdrop: Int) -> Int {
        9 * pixels + 4 * backdrop + 64 * mebibyte
    }

    /// One still of a renderer built: 33 MB measured at 100 megapixels (the frame is encoded a
    /// band at a time).
    static func still(pixels: Int) -> Int {
        pixels + 16 * mebibyte
    }

    /// The loop, streamed: 130 MB measured at 100 megapixels beyond the renderer (frame 0 a band
    /// at a time, the spinner's box of two frames, at most 64 MiB each), a chunk of at most 8 MiB
    /// being made and `HTTPStream.limit` bytes waiting for the client.
    static func loop(pixels: Int) -> Int {
        pixels + 2 * 64 * mebibyte + 8 * mebibyte + HTTPStream.limit + 16 * mebibyte
    }

    /// A still as the pixels that differ from another (`StudioPixels`), streamed: as the loop,
    /// two frames' arcs at once, bands of rows and the stream's buffer.
    static func region(pixels: Int) -> Int {
        loop(pixels: pixels)
    }

    /// A contact sheet of `sheet` pixels with bands of `band` pixels: the band, and the PNG
    /// made in memory (at most about 4 bytes a pixel).
    static func sheet(sheet: Int, band: Int) -> Int {
        4 * sheet + 4 * band + 32 * mebibyte
    }

    /// Measuring a screenshot of `pixels` ("Match a screenshot"): the decoded image (4 bytes a
    /// pixel) and the re-render of the card over it, about 29 bytes a pixel of the card's region
    /// (its masks, the float canvas, the crop and the render): 1.43 GB measured for an 85.7
    /// megapixel screenshot at @16x whose card covers 37 megapixels. The card's region is at
    /// most the image, so 34 bytes a pixel bound it (45 megapixels fit the budget).
    static func measure(pixels: Int) -> Int {
        34 * pixels + 64 * mebibyte
    }

    /// Decoding an upload of `pixels` to check it: 764 MB measured at 100 megapixels.
    static func decode(pixels: Int) -> Int {
        8 * pixels + 16 * mebibyte
    }
}
