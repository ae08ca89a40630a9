/// Screens of real devices, in points, with their scale (pixels per point), portrait.
///
/// Where the sizes come from: Apple's Human Interface Guidelines, "Layout" › "Specifications" ›
/// "iOS, iPadOS device screen sizes" (developer.apple.com/design/human-interface-guidelines/layout),
/// which gives each model's size in points and its scale factor, and each model's Tech Specs page
/// (support.apple.com/specs, apple.com/iphone/compare, apple.com/ipad/compare), which gives the
/// display's resolution in pixels. Points × scale = the pixels the app renders into: on every
/// model here that is the display's resolution, except the iPhone 13 mini, whose 375 × 812 pt
/// at @3x (1125 × 2436 px) are shown on a 1080 × 2340 px display, scaled down by the system.
/// Each row's comment gives the display's pixels and diagonal as its Tech Specs page states them.
public struct Device: Sendable, Equatable {
    /// The device's name as people write it, e.g. "iPhone 17 Pro".
    public let name: String
    /// The screen in points, portrait.
    public let screen: Size
    /// Device pixels per point.
    public let scale: Double

    /// The devices `--device` knows, phones then tablets, each line by year, then by size. Models
    /// of one size are listed each by its own name, so that a user finds the one they hold.
    public static let all: [Device] = phones + tablets

    static let phones: [Device] = [
        Device("iPhone SE", 375, 667, scale: 2), // 3rd generation: 1334 × 750 px, 4.7"
        Device("iPhone 13 mini", 375, 812, scale: 3), // 2340 × 1080 px shown (1125 × 2436 rendered), 5.4"
        Device("iPhone 14", 390, 844, scale: 3), // 2532 × 1170 px, 6.1" (as iPhone 13, 13 Pro)
        Device("iPhone 14 Plus", 428, 926, scale: 3), // 2778 × 1284 px, 6.7"
        Device("iPhone 14 Pro", 393, 852, scale: 3), // 2556 × 1179 px, 6.1"
        Device("iPhone 14 Pro Max", 430, 932, scale: 3), // 2796 × 1290 px, 6.7"
        Device("iPhone 15", 393, 852, scale: 3), // 2556 × 1179 px, 6.1"
        Device("iPhone 15 Pro", 393, 852, scale: 3), // 2556 × 1179 px, 6.1"
        Device("iPhone 15 Plus", 430, 932, scale: 3), // 2796 × 1290 px, 6.7"
        Device("iPhone 15 Pro Max", 430, 932, scale: 3), // 2796 × 1290 px, 6.7"
        Device("iPhone 16", 393, 852, scale: 3), // 2556 × 1179 px, 6.1"
        Device("iPhone 16e", 390, 844, scale: 3), // 2532 × 1170 px, 6.1"
        Device("iPhone 16 Plus", 430, 932, scale: 3), // 2796 × 1290 px, 6.7"
        Device("iPhone 16 Pro", 402, 874, scale: 3), // 2622 × 1206 px, 6.3"
        Device("iPhone 16 Pro Max", 440, 956, scale: 3), // 2868 × 1320 px, 6.9"
        Device("iPhone 17", 402, 874, scale: 3), // 2622 × 1206 px, 6.3"
        Device("iPhone Air", 420, 912, scale: 3), // 2736 × 1260 px, 6.5"
        Device("iPhone 17 Pro", 402, 874, scale: 3), // 2622 × 1206 px, 6.3"
        Device("iPhone 17 Pro Max", 440, 956, scale: 3), // 2868 × 1320 px, 6.9"
    ]

    static let tablets: [Device] = [
        Device("iPad mini", 744, 1133, scale: 2), // 6th generation and A17 Pro: 2266 × 1488 px, 8.3"
        Device("iPad 10.9\"", 820, 1180, scale: 2), // iPad 10th generation: 2360 × 1640 px, 10.9"
        Device("iPad (A16)", 820, 1180, scale: 2), // 2360 × 1640 px, 11"
        Device("iPad Air 11\"", 820, 1180, scale: 2), // M2 and M3: 2360 × 1640 px, 11"
        Device("iPad 11\"", 834, 1194, scale: 2), // iPad Pro 11-inch, 1st to 4th generation: 2388 × 1668 px
        Device("iPad Pro 11\" (M4)", 834, 1210, scale: 2), // M4 and M5: 2420 × 1668 px, 11"
        Device("iPad 13\"", 1024, 1366, scale: 2), // iPad Pro 12.9-inch: 2732 × 2048 px
        Device("iPad Air 13\"", 1024, 1366, scale: 2), // M2 and M3: 2732 × 2048 px, 13"
        Device("iPad Pro 13\" (M4)", 1032, 1376, scale: 2), // M4 and M5: 2752 × 2064 px, 13"
    ]

    private init(_ name: String, _ width: Double, _ height: Double, scale: Double) {
        self.name = name
        self.screen = Size(width: width, height: height)
        self.scale = scale
    }

    /// A name compared without case, spaces, dashes, quotes, parentheses or the word "inch":
    /// "iphone-17-pro-max", "iPad 11\"" and "ipad 11 inch" all find their device.
    public static func key(_ name: String) -> String {
        name.lowercased().replacing("inch", with: "").filter { $0.isLetter || $0.isNumber || $0 == "." }
    }

    /// The device whose `key` equals `key(name)`, or nil.
    public static func named(_ name: String) -> Device? {
        let wanted = key(name)
        return all.first { key($0.name) == wanted }
    }
}
