import Raster

/// What the command line of `frames` (rendering) says, as typed values. Every field is nil or
/// false when its option was not given; the resolvers (`RenderJob.resolve`) apply the defaults
/// and check how the options fit together.
package struct RenderOptions: Sendable {
    package init() {}

    var style: Given<Variant>?
    var styleFile: Given<String>?
    var printStyle = false
    var out: Given<String>?
    var scale: Given<Double>?
    var fps: Given<Int>?
    var frames: Given<Int>?
    var device: Given<Device>?
    var listDevices = false
    var backdropColor: Given<Color>?
    var backdropImage: Given<String>?
    var width: Given<Double>?
    var height: Given<Double>?
    var frame: Given<Int>?
    var sheet: Given<String>?
    var columns: Given<Int>?
    var every: Given<Int>?
    var timeline: Given<String>?
    var loadingEnabled: Given<Bool>?
    var visible: Given<Bool>?
    var apng: Given<String>?
    var webp: Given<String>?
    var gif: Given<String>?
    var gifMatte: Given<Color>?
    var lottie: Given<String>?
    var svg: Given<String>?
    var svgFrame: Given<Int>?
    var swift: Given<String>?
    var format: Given<StyleFormat>?
    var namePattern: Given<NamePattern>?
    var force = false
    var quiet = false
    var threads: Given<Int>?
    /// The style properties given as flags, by property name.
    var styleFlags: [String: Given<StyleProperty.Value>] = [:]
    var text: Given<String>?
    var noText = false
    var lang: Given<Translation>?
    var listLanguages = false
    var fontFile: Given<String>?
    var version = false
    var generate: Given<GeneratedFile>?
    var help = false

    /// The flag given for `property`, if any.
    func flag(for property: StyleProperty) -> Given<StyleProperty.Value>? {
        styleFlags[property.name]
    }
}

extension Option where Options == RenderOptions {
    /// The option of a style property: `--spinner-color <color>`, its summary as help, its preset
    /// defaults as the default ("12; overlay: 16" where the presets differ).
    static func style(_ property: StyleProperty) -> Option {
        let indicator = property.defaultValue(for: .indicator)
        let overlay = property.defaultValue(for: .overlay)
        var defaultText = property.text(for: indicator)
        if overlay != indicator { defaultText += "; overlay: " + property.text(for: overlay) }
        let parser = ValueParser<StyleProperty.Value>.style(property)
        return Option(
            name: property.flag, short: nil, valueName: property.kind.valueName, help: property.summary,
            defaultText: defaultText, values: nil, completion: parser.completion
        ) { (options: inout RenderOptions, text: String) throws(FramesError) in
            let option = "--" + property.flag
            options.styleFlags[property.name] = Given(
                value: try parser.read(text, for: option), option: option, text: text)
        }
    }
}

extension StyleProperty.Kind {
    /// The placeholder of a style option's value in help.
    var valueName: String {
        switch self {
        case .color: return "color"
        case .length, .textSize: return "pt"
        case .opacity: return "0-1"
        case .fontName: return "family"
        }
    }
}
