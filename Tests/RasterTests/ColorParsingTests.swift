import Testing

@testable import Raster

/// Colours as designers type them: every form `Color(parsing:)` documents, normalised to one
/// 8-bit value a channel with the documented rounding, and the refusals.
@Suite struct ColorParsingTests {
    @Test(arguments: [
        ("#F80", "#FF8800"), ("f80", "#FF8800"), ("#F808", "#FF880088"), ("#0000", "#00000000"),
        ("#1a78e8", "#1A78E8"), ("#1A78E880", "#1A78E880"), ("rebeccapurple", "#663399"),
        ("RebeccaPurple", "#663399"), ("red", "#FF0000"), ("grey", "#808080"), ("gray", "#808080"),
        ("aqua", "#00FFFF"), ("cyan", "#00FFFF"), ("transparent", "#00000000"), ("clear", "#00000000"),
        (" white ", "#FFFFFF"), ("rgb(26, 120, 232)", "#1A78E8"), ("rgb(26,120,232)", "#1A78E8"),
        ("RGB(26 120 232)", "#1A78E8"), ("rgba(26, 120, 232, 0.5)", "#1A78E880"),
        ("rgba(26, 120, 232, 50%)", "#1A78E880"), ("rgb(26 120 232 / 0.5)", "#1A78E880"),
        ("rgb(26 120 232 / 50%)", "#1A78E880"), ("rgba(26 120 232)", "#1A78E8"),
        ("rgb(10% 47% 91%)", "#1A78E8"), ("rgb(10%, 47%, 91%, .5)", "#1A78E880"),
        ("rgb(50% 0 0)", "#800000"), ("rgb(0.5 1.5 254.5)", "#0102FF"), ("rgba(0 0 0 / 0.3)", "#0000004D"),
        ("rgb(100% 100% 100% / 0)", "#FFFFFF00"), ("rgb( 1 , 2 , 3 )", "#010203"),
    ])
    func readsTheForm(text: String, hex: String) {
        #expect(Color(parsing: text)?.hex == hex, "\(text)")
    }

    @Test(arguments: [
        "#12", "#12345", "#1234567", "rgb(256, 0, 0)", "rgb(-1, 0, 0)", "rgb(101% 0 0)", "rgb(1 2 3 / 1.01)",
        "rgb(1 2 3 / 101%)", "rgb(10%, 0, 0)", "rgb(1, 2)", "rgb(1 2 3 4)", "rgb(1, 2, 3, 4, 5)", "rgb(1 2 3 / 4 / 5)",
        "rgb(1, 2 3)", "rgb(1 2 3", "rgb 1 2 3", "rgb()", "rgb(1e2 0 0)", "rgb(+1 0 0)", "rgb(1. 0 0)",
        "rgb(. 0 0)", "rgb(1 % 0 0)", "hsl(0 0% 0%)", "rebecca purple", "reddish", "rgb(٣ 0 0)",
    ])
    func refuses(text: String) {
        #expect(Color(parsing: text) == nil, "'\(text)' should not parse")
    }

    @Test func theNamesAreCSSColor4s() {
        #expect(Color.cssNames.count == 148)
        #expect(Set(Color.cssNames.map(\.name)).count == 148)
        #expect(Color.cssNames.map(\.name) == Color.cssNames.map(\.name).sorted())
        for (name, rgb) in Color.cssNames {
            #expect(
                Color(parsing: name)
                    == Color(red8: UInt8(rgb >> 16), green8: UInt8(rgb >> 8 & 0xFF), blue8: UInt8(rgb & 0xFF)))
            #expect(Color(parsing: name.uppercased()) != nil)
        }
        #expect(Color.names.count == 150)
    }

    /// Every percentage with up to one decimal, as a channel and as alpha: p × 255 / 100,
    /// rounded to the nearest integer with halves up, computed here in integers.
    @Test func percentagesRoundToTheNearestValue() {
        for tenths in 0...1000 {
            let text = "\(tenths / 10).\(tenths % 10)%"
            let expected = UInt8((2 * tenths * 255 + 1000) / 2000)
            let color = Color(parsing: "rgb(\(text) 0 0 / \(text))")
            #expect(color?.red == expected && color?.alpha == expected, "\(text): \(String(describing: color))")
        }
    }

    /// Every alpha with two decimals: a × 255 rounded, halves up (0.3 is 76.5 → 77, where binary
    /// floating point would give 76.4999… → 76).
    @Test func alphaNumbersRoundToTheNearestValue() {
        for hundredths in 0...100 {
            let text = hundredths == 100 ? "1" : "0.\(hundredths < 10 ? "0" : "")\(hundredths)"
            let expected = UInt8((2 * hundredths * 255 + 100) / 200)
            #expect(Color(parsing: "rgba(0, 0, 0, \(text))")?.alpha == expected, "\(text)")
        }
        #expect(Color(parsing: "rgba(0, 0, 0, 0.3)")?.alpha == 77)
    }

    /// Every channel value 0…255 in each form reads back to itself; `hex` writes `#RRGGBB[AA]`.
    @Test func everyChannelValueRoundTrips() {
        for value in 0...255 {
            let color = Color(red8: UInt8(value), green8: UInt8(255 - value), blue8: 7, alpha8: UInt8(value))
            #expect(Color(parsing: color.hex) == color)
            #expect(Color(parsing: "rgba(\(value), \(255 - value), 7, \(value)/255)") == nil)
            #expect(Color(parsing: "rgb(\(value) \(255 - value) 7 / \(Double(value) / 255 * 100)%)") == color)
        }
    }
}
