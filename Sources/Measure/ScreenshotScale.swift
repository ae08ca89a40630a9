import Raster
import StrictJSON

/// How many screenshot pixels make a point, and how that was decided.
///
/// Given a scale, it is used as it is. Given a device, the scale is the image's width over the
/// device's width in points (its height in landscape), so a screenshot shared at 66 % still
/// measures in points. Otherwise the image's size is matched against the known devices
/// (`Device.all`): first at each device's own scale, then at any scale whose screen rounds to the
/// image's size (a screenshot a tool scaled keeps its proportions within a pixel). A scaled size
/// can fit screens of other proportions too (393 × 852 and 420 × 912 pt differ by 0.2 %): a
/// screen it fits at a whole scale is taken first, then the first in `Device.all`, and the other
/// screens it fits are named in `alternatives`.
public struct ScreenshotScale: Sendable, Equatable {
    /// Pixels per point.
    public let scale: Double
    /// The device the size was matched to, if any.
    public let device: Device?
    /// Whether the screenshot is not at a whole scale, so was resampled by the tool that took or
    /// shared it: its edges are softer and the measurement's tolerances wider.
    public let resampled: Bool
    /// Devices of other screen sizes that the image's size fits as well (a scaled screenshot of
    /// any of them would have this size); empty when the size names one screen.
    public var alternatives: [Device] = []

    /// A scale as it is: `scale` pixels per point, of `device`'s screen when known.
    public init(scale: Double, device: Device?, resampled: Bool) {
        self.scale = scale
        self.device = device
        self.resampled = resampled
    }

    /// A sentence for the user when the size fits other screens too (`alternatives`), else nil.
    public var ambiguity: String? {
        guard let device, !alternatives.isEmpty else { return nil }
        func named(_ device: Device) -> String {
            "\(device.name) (\(formatNumber(device.screen.width)) × \(formatNumber(device.screen.height)) pt)"
        }
        let others = alternatives.map(named).joined(separator: ", ")
        return "the image's size fits a scaled screenshot of \(named(device)) and of \(others); measured as "
            + "\(device.name) at \(formatNumber((scale * 1000).rounded() / 1000)) px/pt (give --device or --scale "
            + "if it is another)"
    }

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
        return try scaled(width: width, height: height, landscape: landscape)
    }

    /// The scale of a screenshot a tool resized: the devices whose screen, scaled to the image's
    /// width, has its height within max(1.5 px, the scale); of those whose native screenshot
    /// (points × its scale) some factor rounds to both sides of the image, the first at a whole
    /// scale (a screenshot at @2 of a @3 screen), else the first; when none rounds, the one
    /// nearest in height.
    static func scaled(width: Int, height: Int, landscape: Bool) throws(MeasureError) -> ScreenshotScale {
        func screen(_ device: Device) -> (Double, Double) {
            landscape
                ? (device.screen.height, device.screen.width) : (device.screen.width, device.screen.height)
        }
        var fits: [(device: Device, error: Double, rounds: Bool)] = []
        for device in Device.all {
            let (w, h) = screen(device)
            let scale = Double(width) / w
            let error = abs(Double(height) - h * scale)
            guard error <= max(1.5, scale) else { continue }
            // Factors that round the native width, and the native height, to the image's.
            let (nativeWidth, nativeHeight) = (w * device.scale, h * device.scale)
            let low = max((Double(width) - 0.5) / nativeWidth, (Double(height) - 0.5) / nativeHeight)
            let high = min((Double(width) + 0.5) / nativeWidth, (Double(height) + 0.5) / nativeHeight)
            fits.append((device, error, low <= high))
        }
        let rounding = fits.filter(\.rounds)
        let whole = rounding.first { isWhole(Double(width) / screen($0.device).0) }
        guard let best = whole ?? rounding.first ?? fits.min(by: { $0.error < $1.error }) else {
            throw .unknownScreenSize(width: width, height: height)
        }
        let scale = Double(width) / screen(best.device).0
        guard scale <= Scene.maxScale else { throw .scale(scale) }
        var result = ScreenshotScale(scale: scale, device: best.device, resampled: !isWhole(scale))
        for other in rounding where other.device.screen != best.device.screen {
            if !result.alternatives.contains(where: { $0.screen == other.device.screen }) {
                result.alternatives.append(other.device)
            }
        }
        return result
    }

    private static func isWhole(_ scale: Double) -> Bool {
        abs(scale - scale.rounded()) < 0.01
    }
}
