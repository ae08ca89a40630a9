import Raster
import StrictJSON

/// Why a screenshot could not be measured.
public enum MeasureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No ring with an arc of another colour was found anywhere in the image.
    case noIndicator(width: Int, height: Int)
    /// The image's size is no known device's at any scale, and no scale was given.
    case unknownScreenSize(width: Int, height: Int)
    /// The scale (pixels per point) is not a finite number above 0 and at most `Scene.maxScale`.
    case scale(Double)
    /// The backdrop image does not show the screenshot's screen: the share of pixels around the
    /// card that a dim layer over it cannot explain.
    case backdropMismatch(unexplained: Double)

    public var description: String {
        switch self {
        case .noIndicator(let width, let height):
            return "no loading indicator found in the \(width) × \(height) px image (looked for a ring with an arc "
                + "of another colour, 10 to 160 pt across)"
        case .unknownScreenSize(let width, let height):
            return "an image of \(width) × \(height) px is no known device's screen at any scale; give --scale "
                + "(pixels per point) or --device (see frames --list-devices)"
        case .scale(let scale):
            return "scale \(formatNumber(scale)) is out of range; expected a number above 0, at most "
                + formatNumber(Scene.maxScale)
        case .backdropMismatch(let unexplained):
            return "the backdrop image does not show this screen: \(Int((unexplained * 100).rounded())) % of the "
                + "pixels around the card are not the backdrop under a black layer"
        }
    }
}
