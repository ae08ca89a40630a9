import Images
extension FrameRenderer {
    /// The screen with the overlay hidden: the background colour and the backdrop image only.
    public func hiddenFrame() -> Pixmap {
        // A backdrop of the frame's size over a transparent background is its own image: each
        // pixel goes over zero and is rounded back to itself (no second copy of a
        // 100-megapixel picture; `composedHiddenFrame` is the plain way, tested against).
        if background == .transparent, backdropLayers.count == 1, case .image(let image) = backdropLayers[0].coverage,
            image.width == width, image.height == height
        {
            return image
        }
        return composedHiddenFrame()
    }

    /// `hiddenFrame()` composited the plain way.
    func composedHiddenFrame() -> Pixmap {
        // Every pixel is composited.
        var image = try! Pixmap.overwritten(width: width, height: height)
        Compositor.composite(backdropLayers, background: background, into: &image)
        return image
    }

    /// The backdrop image's layer, or none.
    private var backdropLayers: [Layer] {
        underLayers.filter { if case .image = $0.coverage { return true } else { return false } }
    }
}

extension FrameRenderer {
    /// The PNG file of the hidden frame as a sequence writes it: its rows deflated as the
    /// frames' are (`Compression.rows`).
    package func hiddenFrameFile() throws(PNGError) -> [UInt8] {
        try PNGEncoder(compression: .rows).encode(hiddenFrame())
    }
}
