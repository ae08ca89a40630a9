/// A width and a height, both finite and non-negative, in points or pixels as named by the caller.
public struct Size: Sendable, Equatable, Hashable {
    /// Horizontal extent, in the caller's unit (points or pixels).
    public var width: Double
    /// Vertical extent, in the caller's unit (points or pixels).
    public var height: Double

    /// A size of `width` × `height`.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Both dimensions multiplied by `factor`.
    public func scaled(by factor: Double) -> Size {
        Size(width: width * factor, height: height * factor)
    }
}
