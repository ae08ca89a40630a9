/// Screens of real devices, in points, with their scale (pixels per point), portrait.
public struct Device: Sendable, Equatable {
    /// The device's name as people write it, e.g. "iPhone 15".
    public let name: String
    /// The screen in points, portrait.
    public let screen: Size
    /// Device pixels per point.
    public let scale: Double

    /// The devices `--device` knows, phones then tablets, smaller screens first.
    public static let all: [Device] = [
        Device(name: "iPhone SE", screen: Size(width: 375, height: 667), scale: 2),
        Device(name: "iPhone 13 mini", screen: Size(width: 375, height: 812), scale: 3),
        Device(name: "iPhone 14", screen: Size(width: 390, height: 844), scale: 3),
        Device(name: "iPhone 15", screen: Size(width: 393, height: 852), scale: 3),
        Device(name: "iPhone 15 Pro", screen: Size(width: 393, height: 852), scale: 3),
        Device(name: "iPhone 15 Plus", screen: Size(width: 430, height: 932), scale: 3),
        Device(name: "iPhone 15 Pro Max", screen: Size(width: 430, height: 932), scale: 3),
        Device(name: "iPad mini", screen: Size(width: 744, height: 1133), scale: 2),
        Device(name: "iPad 10.9\"", screen: Size(width: 820, height: 1180), scale: 2),
        Device(name: "iPad 11\"", screen: Size(width: 834, height: 1194), scale: 2),
        Device(name: "iPad 13\"", screen: Size(width: 1024, height: 1366), scale: 2),
    ]

    /// A name compared without case, spaces, dashes, quotes or the word "inch":
    /// "iphone-15-pro-max", "iPad 11\"" and "ipad 11 inch" all find their device.
    public static func key(_ name: String) -> String {
        name.lowercased().replacing("inch", with: "").filter { $0.isLetter || $0.isNumber || $0 == "." }
    }

    /// The device whose `key` equals `key(name)`, or nil.
    public static func named(_ name: String) -> Device? {
        let wanted = key(name)
        return all.first { key($0.name) == wanted }
    }
}
