import Testing

@testable import Images
@testable import Raster

@Suite struct ColorTests {
    @Test(arguments: [
        ("#4287F5", Color(red8: 0x42, green8: 0x87, blue8: 0xF5)),
        ("4287f5", Color(red8: 0x42, green8: 0x87, blue8: 0xF5)),
        ("#E0E0E080", Color(red8: 0xE0, green8: 0xE0, blue8: 0xE0, alpha8: 0x80)),
        ("white", Color.white), ("Black", Color.black), ("clear", Color.clear),
    ])
    func parses(text: String, expected: Color) {
        #expect(Color(parsing: text) == expected)
    }

    @Test(arguments: [
        "", "#", "#12", "#12345", "#1234567", "#GGGGGG", "#123456789", "reddish", "# 12345",
        "#+12345", "#12_345", "0x123456", "#１２３４５６",
    ])
    func refuses(text: String) {
        #expect(Color(parsing: text) == nil, "'\(text)' should not parse")
    }

    @Test func hexRoundTrips() {
        #expect(Color(parsing: "#4287F5")!.hex == "#4287F5")
        #expect(Color(parsing: "#01020304")!.hex == "#01020304")
    }

    @Test func componentsRoundToNearest() {
        // The documentation's example: Color(red: 0.10, green: 0.47, blue: 0.91).
        let color = Color(red: 0.10, green: 0.47, blue: 0.91)
        #expect(color == Color(red8: 26, green8: 120, blue8: 232))
        #expect(Color(red: 0.85, green: 0.92, blue: 1.00) == Color(red8: 217, green8: 235, blue8: 255))
        #expect(Color(red: 2, green: -1, blue: .nan, opacity: 0.5).alpha == 128)
    }

    @Test func presetsMatchTheDocumentation() {
        let indicator = LoadingStyle.indicator
        #expect(indicator.spinnerColor.hex == "#4287F5")
        #expect(indicator.trackColor.hex == "#E0E0E0")
        #expect(indicator.textColor.hex == "#666666")
        #expect(indicator.backgroundColor == .white)
        #expect(
            [
                indicator.strokeWidth, indicator.spinnerSize, indicator.textSize, indicator.textGap,
                indicator.cornerRadius, indicator.paddingHorizontal, indicator.paddingVertical,
                indicator.dimAmount,
            ] == [4, 48, 14, 8, 12, 16, 20, 0])
        #expect(indicator.textFontName == nil)
        var overlay = indicator
        overlay.cornerRadius = 16
        overlay.paddingHorizontal = 24
        overlay.paddingVertical = 24
        #expect(LoadingStyle.overlay == overlay)
        #expect(StyleProperty.all.map(\.name).count == 13)
    }

    @Test func validationNamesTheProperty() {
        #expect(throws: StyleError.self) { try LoadingStyle(strokeWidth: -1).validated() }
        #expect(throws: StyleError.self) { try LoadingStyle(strokeWidth: 30).validated() }
        #expect(throws: StyleError.self) { try LoadingStyle(dimAmount: 1.5).validated() }
        #expect(throws: StyleError.self) { try LoadingStyle(cornerRadius: .infinity).validated() }
        #expect(throws: StyleError.self) { try LoadingStyle(textSize: 0).validated() }
        do {
            _ = try LoadingStyle(paddingVertical: .nan).validated()
            Issue.record("NaN padding accepted")
        } catch {
            #expect(error.description.hasPrefix("paddingVertical nan"))
        }
    }
}

@Suite struct AlphaTests {
    /// Every premultiplied pair survives demultiplying to straight alpha and back.
    @Test func demultiplyThenPremultiplyIsIdentityForAllPairs() {
        for alpha in 0...255 {
            for value in 0...alpha {
                let straight = Alpha.demultiply(UInt8(value), alpha: UInt8(alpha))
                let back = Alpha.premultiply(straight, alpha: UInt8(alpha))
                if alpha == 0 {
                    #expect(straight == 0)
                } else if back != UInt8(value) {
                    Issue.record("premultiplied \(value) at alpha \(alpha) → straight \(straight) → \(back)")
                }
            }
        }
    }

    /// Both conversions round to nearest (halves up), checked against exact rationals.
    @Test func conversionsRoundToNearestForAllPairs() {
        for alpha in 0...255 {
            for value in 0...255 {
                let p = Int(Alpha.premultiply(UInt8(value), alpha: UInt8(alpha)))
                // |p − v·a/255| ≤ 1/2  ⇔  |510p − 2va| ≤ 255
                if abs(510 * p - 2 * value * alpha) > 255 {
                    Issue.record("premultiply(\(value), \(alpha)) = \(p)")
                }
                if alpha > 0, value <= alpha {
                    let s = Int(Alpha.demultiply(UInt8(value), alpha: UInt8(alpha)))
                    if abs(2 * s * alpha - 510 * value) > alpha {
                        Issue.record("demultiply(\(value), \(alpha)) = \(s)")
                    }
                }
                let reciprocal = Alpha.demultiplyReciprocals[alpha]
                if alpha > 0,
                    Alpha.demultiply(UInt32(value), reciprocal: reciprocal, alpha: UInt32(alpha))
                        != UInt32(Alpha.demultiply(UInt8(value), alpha: UInt8(alpha)))
                {
                    Issue.record("the reciprocal differs at \(value), \(alpha)")
                }
            }
        }
    }

    @Test func quantizeRoundsToNearestTiesToEven() {
        #expect(quantize(0) == 0)
        #expect(quantize(1) == 255)
        #expect(quantize(2) == 255)
        #expect(quantize(-1) == 0)
        #expect(quantize(0.5) == 128) // 127.5 → 128 (even)
        #expect(quantize(Float(126.5) / 255) == 126) // a tie rounds to the even neighbour
        for i in 0...255 {
            #expect(quantize(Float(i) / 255) == UInt32(i))
            #expect(quantize((Float(i) + 0.3) / 255) == UInt32(i))
            if i < 255 { #expect(quantize((Float(i) + 0.7) / 255) == UInt32(i + 1)) }
        }
    }

    @Test func sourceOverComposites() {
        var canvas = Canvas(window: PixelRect(x0: 0, y0: 0, x1: 2, y1: 1), background: Color.white.premultiplied())
        canvas.draw(
            Layer(
                coverage: .rect(Rect(x: 0, y: 0, width: 1.5, height: 1)),
                color: Color.black.premultiplied(opacity: 0.5)))
        var pixmap = try! Pixmap(width: 2, height: 1)
        canvas.write(into: &pixmap)
        #expect(pixmap.rgba(x: 0, y: 0) == (128, 128, 128, 255)) // 1 − 0.5 = 127.5 → 128
        #expect(pixmap.rgba(x: 1, y: 0) == (191, 191, 191, 255)) // 1 − 0.25 = 191.25
    }

    @Test func pixmapRefusesBadSizes() {
        #expect(throws: RasterError.invalidSize(width: 0, height: 5)) { try Pixmap(width: 0, height: 5) }
        #expect(throws: RasterError.self) { try Pixmap(width: 10_001, height: 10_000) }
    }
}
