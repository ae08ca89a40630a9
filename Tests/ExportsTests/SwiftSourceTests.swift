import Testing

@testable import Exports
@testable import Raster

@Suite struct SwiftSourceTests {
    /// Every 8-bit channel value survives being written as a component and read back the way
    /// `Color(red:green:blue:)` reads it.
    @Test func everyChannelRoundsBack() throws {
        for value in 0...255 {
            let text = Color.component(UInt8(value))
            let component = try #require(Double(text), "\(text)")
            #expect(Color(red: component, green: 0, blue: 0).red == UInt8(value), "\(value) → \(text)")
            let decimals = text.split(separator: ".").last?.count ?? 0
            #expect(decimals >= 2 && decimals <= 3, "\(value) → \(text)")
        }
    }

    @Test func onlyNonDefaultArgumentsInTheDocumentationsOrder() {
        #expect(LoadingStyle().swiftSource == "LoadingStyle()")
        let style = LoadingStyle(
            spinnerColor: Color(red: 0.10, green: 0.47, blue: 0.91), trackColor: Color(red: 0.85, green: 0.92, blue: 1),
            spinnerSize: 52, textFontName: "Brand \"Sans\"", cornerRadius: 16, paddingHorizontal: 28,
            paddingVertical: 28, dimAmount: 0.5)
        #expect(
            style.swiftSource == """
                LoadingStyle(
                    spinnerColor: Color(red: 0.10, green: 0.47, blue: 0.91),
                    trackColor: Color(red: 0.85, green: 0.92, blue: 1.00),
                    spinnerSize: 52,
                    textFontName: "Brand \\"Sans\\"",
                    cornerRadius: 16,
                    paddingHorizontal: 28,
                    paddingVertical: 28,
                    dimAmount: 0.5
                )
                """)
        #expect(LoadingStyle(backgroundColor: .black).swiftSource.contains("backgroundColor: .black"))
        let translucent = Color(red8: 0, green8: 128, blue8: 255, alpha8: 128).swiftSource
        #expect(translucent == "Color(red: 0.00, green: 0.50, blue: 1.00, opacity: 0.50)")
    }

    /// Every component of a colour has the same number of decimals: the most any of them needs.
    @Test func componentsShareTheirDecimals() {
        #expect(Color(red8: 228, green8: 0, blue8: 120).swiftSource == "Color(red: 0.894, green: 0.000, blue: 0.471)")
        #expect(Color(red8: 26, green8: 0, blue8: 255).swiftSource == "Color(red: 0.10, green: 0.00, blue: 1.00)")
        for value in 0...255 {
            let text = Color(red8: UInt8(value), green8: 0, blue8: 255, alpha8: 128).swiftSource
            let components = text.split(separator: " ").filter { $0.contains(".") }
            let decimals = Set(components.map { $0.split(separator: ".")[1].filter(\.isNumber).count })
            #expect(decimals.count == 1, "\(value) → \(text)")
        }
    }
}
