import Raster
import StrictJSON

/// The style of a run: the preset, then the style file, then the flags, with where each
/// property's value came from, so that an error names the flag or the file's key the user wrote.
package struct ResolvedStyle: Sendable {
    /// Where a property's value came from.
    enum Source: Sendable {
        case preset(Variant)
        case file(path: String, StyleFile.Entry)
        case flag(Given<StyleProperty.Value>)

        /// How specific the user was: a flag over a file over a preset.
        var rank: Int {
            switch self {
            case .preset: return 0
            case .file: return 1
            case .flag: return 2
            }
        }
    }

    let style: LoadingStyle
    let variant: Variant
    /// By property name (`source(of:)`).
    let sources: [String: Source]

    /// Where `property`'s value came from.
    func source(of property: StyleProperty) -> Source {
        sources[property.name] ?? .preset(variant)
    }

    /// Resolves and validates the style `options` describe.
    static func resolve(_ options: RenderOptions) throws(FramesError) -> ResolvedStyle {
        let file: StyleFile?
        do {
            file = try options.styleFile.map { (given: Given<String>) throws(StyleFileError) in
                try StyleFile(path: given.value, shouldStop: Stop.asked)
            }
        } catch {
            throw FramesError(error)
        }
        let variant = options.style?.value ?? file?.preset ?? .indicator
        let base = file?.preset ?? variant
        var style = LoadingStyle.preset(for: base)
        var sources: [String: Source] = [:]
        for property in StyleProperty.all {
            if let given = options.flag(for: property) {
                property.set(given.value, in: &style)
                sources[property.name] = .flag(given)
            } else if let file, let entry = file.entry(for: property) {
                property.set(entry.value, in: &style)
                sources[property.name] = .file(path: file.path, entry)
            } else {
                sources[property.name] = .preset(base)
            }
        }
        let resolved = ResolvedStyle(style: style, variant: variant, sources: sources)
        do {
            _ = try style.validated()
        } catch {
            throw resolved.attribute(error)
        }
        return resolved
    }

    /// The usage error for a style that cannot be drawn, naming the flag or file key behind it.
    func attribute(_ error: StyleError) -> FramesError {
        switch error {
        case .outOfRange(let name, _):
            let property = StyleProperty.named(name)!
            return refusal(property, expected: { _ in property.expected })
        case .strokeWiderThanHalfTheSpinner(let strokeWidth, let spinnerSize):
            let stroke = StyleProperty.strokeWidth
            let size = StyleProperty.spinnerSize
            // Blame the one of the two the user gave most specifically (the stroke on a tie).
            if source(of: stroke).rank >= source(of: size).rank {
                return refusal(stroke) { "at most half of \($0(size)) (\(formatNumber(spinnerSize / 2)) pt)" }
            }
            return refusal(size) { "at least twice \($0(stroke)) (\(formatNumber(2 * strokeWidth)) pt)" }
        }
    }

    /// The error for `property`'s value, where it came from. `expected` gets a function that names
    /// another property as the same source would (a flag, or a key).
    private func refusal(
        _ property: StyleProperty, expected: ((StyleProperty) -> String) -> String
    ) -> FramesError {
        switch source(of: property) {
        case .flag(let given):
            return .invalidValue(option: given.option, value: given.text, expected: expected { "--" + $0.flag })
        case .file(let path, let entry):
            return FramesError(
                StyleFileError.invalidValue(
                    path: path, key: property.name, value: entry.json, expected: expected { $0.name }))
        case .preset:
            let text = property.text(for: property.value(in: style)) + " (default)"
            return .invalidValue(option: "--" + property.flag, value: text, expected: expected { "--" + $0.flag })
        }
    }
}

extension FramesError {
    /// A style file that cannot be used: the whole file as `--style-file`'s value (one that
    /// cannot be read as an input that cannot be used), or one key.
    init(_ error: StyleFileError) {
        if case .unreadable(let path, let reason) = error, reason != "a folder" {
            self = .unusableInput(
                option: "--style-file", value: path, expected: "a readable JSON file", cause: .unreadable(reason))
        } else if let expected = error.expectedFile {
            self = .invalidValue(option: "--style-file", value: error.path, expected: expected)
        } else {
            self = .styleFile(error)
        }
    }
}
