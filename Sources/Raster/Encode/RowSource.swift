#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An image whose rows are made on demand: what the encoders read instead of a whole `Pixmap`,
/// so that a renderer hands over only the rows an encoder needs.
package protocol RowSource: Sendable {
    var width: Int { get }
    var height: Int { get }
    /// Writes rows `rows` (inside 0..<height) as premultiplied pixels, `Pixmap`'s layout, into
    /// `pixels` (`rows.count × width` values, row after row).
    func write(rows: Range<Int>, into pixels: UnsafeMutableBufferPointer<UInt32>)
}

/// One frame of a `FrameSource`: its rows, and which of them differ from the source's still image.
package protocol ChangedRows: RowSource {
    /// The pixels where this frame may differ from `FrameSource.staticRows`; every other pixel
    /// is equal.
    var changedRegion: PixelRect { get }
    /// Writes the pixels of `region` (inside the image) as premultiplied pixels into `pixels`
    /// (`region.width × region.height` values, row after row).
    func write(region: PixelRect, into pixels: UnsafeMutableBufferPointer<UInt32>)
}

extension ChangedRows {
    /// The rows of `changedRegion`: every other row equals the still image.
    package var changedRows: Range<Int> {
        changedRegion.isEmpty ? 0..<0 : changedRegion.y0..<changedRegion.y1
    }
}

/// A sequence of images that differ only in some rows: what `SequenceEncoder` encodes.
package protocol FrameSource: Sendable {
    var frameCount: Int { get }
    /// The image every frame equals outside its `changedRows`.
    var staticRows: RowImage { get }
    /// Rows any frame may change (each frame's `changedRows` lie inside).
    var changingRows: Range<Int> { get }
    /// Frame k, 0 ≤ k < frameCount.
    func rows(ofFrame k: Int) -> any ChangedRows
}

extension Pixmap: RowSource {
    package func write(rows: Range<Int>, into target: UnsafeMutableBufferPointer<UInt32>) {
        pixels.withUnsafeBufferPointer { source in
            target.baseAddress!.update(from: source.baseAddress! + rows.lowerBound * width, count: rows.count * width)
        }
    }

    /// Whether rows `a` and `b` have the same pixels.
    package func rowsEqual(_ a: Int, _ b: Int) -> Bool {
        pixels.withUnsafeBufferPointer { p in
            memcmp(p.baseAddress! + a * width, p.baseAddress! + b * width, width * 4) == 0
        }
    }
}
