import Foundation
import Testing

@testable import Raster

/// Glyph ids and positions against HarfBuzz's own `hb-shape`, run by run with the same font,
/// direction, script, language and context; and the order of runs on a line.
@Suite struct ShapingTests {
    struct Case: Sendable, CustomStringConvertible {
        let text: String
        /// nil = the default family; "Noto Sans" has GPOS kerning and no `kern` table.
        let family: String?
        let language: String?
        var description: String { text }
    }

    static let cases: [Case] =
        [
            // Latin with ligatures (DejaVu Sans: ffi, fl, ff).
            "Office fluff", "fi fl ffi ffl", "Affinity", "Waffle shuffle", "Processing payment…",
        ].map { Case(text: $0, family: nil, language: "en") }
        // Noto Sans: kerning only in GPOS.
        + ["AVATAR Wave", "Tomorrow, Yesterday", "LT AV To Ty", "office afflict", "Vývoj Tržba"].map {
            Case(text: $0, family: "Noto Sans", language: "cs")
        }
        + ["جارٍ معالجة الدفع…", "مرحبا بالعالم", "السلام عليكم", "الدفع ١٢٣", "لا إله إلا"].map {
            Case(text: $0, family: nil, language: "ar")
        }
        + ["שלום עולם", "מעבד תשלום…", "תודה רבה!", "(שלום)"].map { Case(text: $0, family: nil, language: "he") }
        // Mixed directions with digits.
        + ["Total: 120 ש״ח", "מחיר 99.90 ₪", "Pay 100 دولار now", "abc אבג 123 def", "الدفع 2024 Visa"].map {
            Case(text: $0, family: nil, language: nil)
        }
        + ["भुगतान संसाधित हो रहा है…", "नमस्ते", "क्षत्रिय", "हिन्दी", "प्रक्रिया"].map {
            Case(text: $0, family: nil, language: "hi")
        }
        + ["กำลังดำเนินการชำระเงิน", "สวัสดีครับ", "ภาษาไทย"].map { Case(text: $0, family: nil, language: "th") }
        + ["正在处理付款…", "支付成功", "你好，世界"].map { Case(text: $0, family: nil, language: "zh") }
        // Vietnamese: stacked marks, composed and decomposed.
        + ["Tiếng Việt", "Đang xử lý thanh toán…", "Ngưỡng cửa", "ẫ ậ ặ ể", "a\u{302}\u{303} e\u{323}\u{302}"].map {
            Case(text: $0, family: nil, language: "vi")
        }
        + ["Platba 💳", "OK 👍🏽", "👨‍👩‍👧", "🇨🇿 Česko"].map { Case(text: $0, family: nil, language: "cs") }

    @Test func thereAreFortyCases() {
        #expect(Self.cases.count >= 40)
    }

    @Test(arguments: cases)
    func glyphsAndPositionsAreHarfBuzzs(_ testCase: Case) throws {
        guard NotoFonts.require(NotoFonts.all) else { return }
        let size = 14.0
        let label = try TextLabel(
            text: testCase.text, font: .family(testCase.family), size: size, language: testCase.language)
        #expect(label.warnings.isEmpty, "\(label.warnings)")
        let line = try #require(label.lines.first)
        var checked = 0
        var total = 0.0
        for run in line.runs {
            let font = label.fonts[run.font]
            let unit = size / font.unitsPerEm
            let expected = try HBShape.shape(
                run.text, font: font, rightToLeft: run.rightToLeft, script: run.script, language: testCase.language,
                before: run.textBefore, after: run.textAfter)
            total += expected.reduce(0.0) { $0 + Double($1.ax) * unit }
            let glyphs = Array(line.glyphs[run.glyphs])
            #expect(glyphs.map(\.glyph) == expected.map(\.glyph), "'\(run.text)' (\(run.script)) in \(font.familyName)")
            // Positions: the pen from the run's start plus HarfBuzz's offsets, in font units.
            let start = run.glyphs.lowerBound < line.glyphs.count ? line.glyphs[run.glyphs.lowerBound].x : 0
            let startPen = start / unit - Double(expected.first?.dx ?? 0)
            var pen = 0
            for (glyph, want) in zip(glyphs, expected) {
                let x = glyph.x / unit - startPen
                let y = -glyph.y / unit
                #expect(
                    abs(x - Double(pen + want.dx)) < 1e-6 && abs(y - Double(want.dy)) < 1e-6,
                    "'\(run.text)' glyph \(glyph.glyph): (\(x), \(y)) units, hb-shape (\(pen + want.dx), \(want.dy))")
                pen += want.ax
                checked += 1
            }
        }
        #expect(checked == line.glyphs.count)
        #expect(abs(line.width - total) < 1e-9, "width \(line.width) pt, hb-shape \(total) pt")
    }

    /// The line's characters in visual order: runs left to right, right-to-left runs reversed.
    static func visual(_ line: TextLabel.Line) -> String {
        line.runs.map { $0.rightToLeft ? String($0.text.reversed()) : $0.text }.joined()
    }

    @Test func runsAreOrderedByTheBidirectionalAlgorithm() throws {
        guard NotoFonts.require(["Noto Sans Hebrew", "Noto Sans Arabic"]) else { return }
        func line(_ text: String) throws -> TextLabel.Line {
            try #require(try TextLabel(text: text, font: .family(nil), size: 14).lines.first)
        }
        #expect(Self.visual(try line("abc אבג 123 def")) == "abc 123 גבא def")
        let hebrew = try line("שלום.")
        #expect(hebrew.rightToLeft)
        #expect(Self.visual(hebrew) == ".םולש")
        #expect(Self.visual(try line("מחיר 99.90 ₪")) == "₪ 99.90 ריחמ")
        #expect(Self.visual(try line("Pay 100 دولار now")) == "Pay 100 رالود now")
        // Brackets are mirrored in a right-to-left run: the leftmost glyph of "(שלום)" is "(".
        let label = try TextLabel(text: "(שלום)", font: .family(nil), size: 14)
        let first = try #require(label.lines[0].glyphs.first)
        #expect(first.glyph == label.fonts[first.font].glyph(for: "("))
        #expect(label.lines[0].rightToLeft)
    }

    @Test func scriptsAreSetInNotoWhenTheDefaultFamilyIsUsed() throws {
        guard NotoFonts.require(NotoFonts.all) else { return }
        for (text, family) in [
            ("مرحبا", "Noto Sans Arabic"), ("שלום", "Noto Sans Hebrew"), ("नमस्ते", "Noto Sans Devanagari"),
            ("สวัสดี", "Noto Sans Thai"), ("你好", "Noto Sans CJK SC"), ("💳", "Noto Color Emoji"),
        ] {
            let label = try TextLabel(text: text, font: .family(nil), size: 14)
            let fonts = Set(label.lines[0].glyphs.map { label.fonts[$0.font].familyName })
            #expect(fonts == [family], "'\(text)': \(fonts)")
        }
        // A font chosen by name sets every character it has.
        let dejavu = try TextLabel(text: "שלום", font: .family("DejaVu Sans"), size: 14)
        #expect(dejavu.fontFiles.count == 1)
    }
}
