import LibC

/// An image whose rows are made on demand: what the encoders read instead of a whole `Pixmap`,
/// so that a renderer hands over only the rows an encoder needs.
public protocol RowSource: Sendable {
    /// Columns, at least 1.
    var width: Int { get }
    /// Rows, at least 1.
    var height: Int { get }
    /// Writes rows `rows` (inside 0..<height) as premultiplied pixels, `Pixmap`'s layout, into
    /// `pixels` (`rows.count × width` values, row after row).
    func write(rows: Range<Int>, into pixels: UnsafeMutableBufferPointer<UInt32>)
}

/// An image that can also write any rectangle of itself, and says where it may differ from the
/// still image of the sequence it belongs to: one frame of a `FrameSource` or of
/// `AnimationFrames`.
public protocol ChangedRows: RowSource {
    /// The pixels where this frame may differ from the sequence's still image
    /// (`FrameSource.staticRows`); every other pixel is equal. The whole image for a frame that
    /// stands alone.
    var changedRegion: PixelRect { get }
    /// Writes the pixels of `region` (inside the image) as premultiplied pixels into `pixels`
    /// (`region.width × region.height` values, row after row).
    func write(region: PixelRect, into pixels: UnsafeMutableBufferPointer<UInt32>)
}

extension ChangedRows {
    /// The rows of `changedRegion`: every other row equals the still image.
    public var changedRows: Range<Int> {
        changedRegion.isEmpty ? 0..<0 : changedRegion.y0..<changedRegion.y1
    }

    /// The whole frame as a pixmap.
    public var pixmap: Pixmap {
        var image = try! Pixmap.overwritten(width: width, height: height)
        image.pixels.withUnsafeMutableBufferPointer { write(rows: 0..<height, into: $0) }
        return image
    }
}

/// A sequence of images that differ only in some rows: what `SequenceEncoder` encodes.
package protocol FrameSource: Sendable {
    /// Frames in the sequence, at least 1.
    var frameCount: Int { get }
    /// The image every frame equals outside its `changedRows`.
    var staticRows: RowImage { get }
    /// Rows any frame may change (each frame's `changedRows` lie inside).
    var changingRows: Range<Int> { get }
    /// Frame k, 0 ≤ k < frameCount.
    func rows(ofFrame k: Int) -> any ChangedRows
}

/// The frames of an animation, in playback order, at a constant rate: what the animated PNG,
/// GIF and WebP encoders read.
public protocol AnimationFrames: Sendable {
    /// Columns of every frame, at least 1.
    var width: Int { get }
    /// Rows of every frame, at least 1.
    var height: Int { get }
    /// Frames, at least 1.
    var count: Int { get }
    /// Frames per second of playback, 1…240.
    var fps: Int { get }
    /// Frame i, 0 ≤ i < count.
    func frame(_ index: Int) -> any ChangedRows
    /// The pixels that can differ between frames `previous` and `index` (empty when the two are
    /// the same image).
    func changingWindow(from previous: Int, to index: Int) -> PixelRect
}

extension AnimationFrames {
    /// Frame i as a whole pixmap.
    public func image(_ index: Int) -> Pixmap {
        frame(index).pixmap
    }
}

extension Pixmap: ChangedRows {
    /// The whole image: a pixmap stands alone.
    public var changedRegion: PixelRect { bounds }

    /// Copies rows `rows` into `target`.
    public func write(rows: Range<Int>, into target: UnsafeMutableBufferPointer<UInt32>) {
        pixels.withUnsafeBufferPointer { source in
            target.baseAddress!.update(from: source.baseAddress! + rows.lowerBound * width, count: rows.count * width)
        }
    }

    /// Copies the pixels of `region` into `target`, row after row.
    public func write(region: PixelRect, into target: UnsafeMutableBufferPointer<UInt32>) {
        pixels.withUnsafeBufferPointer { source in
            for y in region.y0..<region.y1 {
                (target.baseAddress! + (y - region.y0) * region.width).update(
                    from: source.baseAddress! + y * width + region.x0, count: region.width)
            }
        }
    }

    /// Whether rows `a` and `b` have the same pixels.
    func rowsEqual(_ a: Int, _ b: Int) -> Bool {
        pixels.withUnsafeBufferPointer { p in
            memcmp(p.baseAddress! + a * width, p.baseAddress! + b * width, width * 4) == 0
        }
    }
}
