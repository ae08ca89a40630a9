/// A width and a height, both finite and non-negative, in points or pixels as named by the caller.
public struct Size: Sendable, Equatable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public func scaled(by factor: Double) -> Size {
        Size(width: width * factor, height: height * factor)
    }
}
