/// How many screenshot pixels make a point, and how that was decided.
///
/// Given a scale, it is used as it is. Given a device, the scale is the image's width over the
/// device's width in points (its height in landscape), so a screenshot shared at 66 % still
/// measures in points. Otherwise the image's size is matched against the known devices
/// (`Device.all`): first at each device's own scale, then at any scale whose screen rounds to the
/// image's size (a screenshot a tool scaled keeps its proportions within a pixel).
public struct ScreenshotScale: Sendable, Equatable {
    /// Pixels per point.
    public let scale: Double
    /// The device the size was matched to, if any.
    public let device: Device?
    /// Whether the screenshot is not at a whole scale, so was resampled by the tool that took or
    /// shared it: its edges are softer and the measurement's tolerances wider.
    public let resampled: Bool

    /// The scale of an image of `width` × `height` px; `scale` or `device` when given.
    public static func resolve(
        width: Int, height: Int, scale given: Double? = nil, device: Device? = nil
    ) throws(MeasureError) -> ScreenshotScale {
        if let given {
            guard given.isFinite, given > 0, given <= Scene.maxScale else { throw .scale(given) }
            return ScreenshotScale(scale: given, device: device, resampled: !isWhole(given))
        }
        let landscape = width > height
        if let device {
            let points = landscape ? device.screen.height : device.screen.width
            let scale = Double(width) / points
            guard scale <= Scene.maxScale else { throw .scale(scale) }
            return ScreenshotScale(scale: scale, device: device, resampled: !isWhole(scale))
        }
        func screen(_ device: Device) -> (Double, Double) {
            landscape
                ? (device.screen.height, device.screen.width) : (device.screen.width, device.screen.height)
        }
        for device in Device.all {
            let (w, h) = screen(device)
            if Int((w * device.scale).rounded()) == width, Int((h * device.scale).rounded()) == height {
                return ScreenshotScale(scale: device.scale, device: device, resampled: false)
            }
        }
        var best: (device: Device, error: Double)? = nil
        for device in Device.all {
            let (w, h) = screen(device)
            let scale = Double(width) / w
            let error = abs(Double(height) - h * scale)
            if error <= max(1.5, scale), error < (best?.error ?? .infinity) { best = (device, error) }
        }
        guard let best else { throw .unknownScreenSize(width: width, height: height) }
        let scale = Double(width) / screen(best.device).0
        return ScreenshotScale(scale: scale, device: best.device, resampled: !isWhole(scale))
    }

    private static func isWhole(_ scale: Double) -> Bool {
        abs(scale - scale.rounded()) < 0.01
    }
}
