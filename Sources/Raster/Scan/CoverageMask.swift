/// How much of each pixel of a window a shape covers: 0 (none) … 1 (all), one `Float` a pixel.
///
/// `window` places the mask on the pixel grid; values are stored row by row, `window.width`
/// per row. Float carries coverage to about 1e-7, far below one 8-bit step (1/255).
package struct CoverageMask: Sendable, Equatable {
    package let window: PixelRect
    package var values: [Float]

    package init(window: PixelRect, values: [Float]) {
        precondition(values.count == window.width * window.height, "mask size mismatch")
        self.window = window
        self.values = values
    }

    /// Coverage of pixel (x, y) in image coordinates; 0 outside the window.
    package func coverage(x: Int, y: Int) -> Float {
        guard x >= window.x0, x < window.x1, y >= window.y0, y < window.y1 else { return 0 }
        return values[(y - window.y0) * window.width + (x - window.x0)]
    }

    /// The total covered area in square pixels.
    package var area: Double {
        values.reduce(0.0) { $0 + Double($1) }
    }
}
