import Measure

/// The help sections of `frames --help` after OPTIONS: subcommands, colours, output, limits,
/// output folders and examples.
enum RenderHelp {
    /// What bare `frames` (no argument at all) prints, writing nothing: what it is, the usage,
    /// the first commands to try, and where the rest is.
    static var shortHelp: String {
        """
        \(RenderCommand.parser.abstract)

        USAGE: \(RenderCommand.parser.usage)

        TRY:
          frames --style indicator            60 frames of the inline view in ./frames/
          frames --style overlay --device "iPhone 15" --out overlay/
          frames help                         every option, and the commands' help
        """
    }

    static let sections: [(String, String)] = [
        (
            "SUBCOMMANDS",
            """
              compare    Compare two PNG files, or two folders of frames matched by name.
              verify     Render folders again from their manifests and compare.
              lint       Check a style's contrast, fit and sizes.
              studio     Preview and tune a style live in the browser.
              measure    Read the indicator in a screenshot back into a style.
              help       Show this help, or a command's: frames help <command>.
            """
        ),
        (
            "COLOURS",
            """
              #RGB, #RRGGBB, #RGBA or #RRGGBBAA (the # may be left out); a CSS colour name
              (red, rebeccapurple, transparent) or clear; rgb() or rgba() as in CSS:
              rgb(26, 120, 232), rgba(26, 120, 232, 0.5), rgb(10% 47% 91% / 50%). Channels
              0-255 or 0%-100%, alpha 0-1 or 0%-100%, each rounded to the nearest 8-bit value.
            """
        ),
        (
            "OUTPUT",
            """
              DIR/frame_0000.png … one PNG per frame (8-bit RGBA, straight alpha, sRGB);
              frame k of N shows the arc from −90° + 360°·k/N, clockwise, so N frames loop
              seamlessly. DIR/manifest.json: the resolved style, sizes and file names.
            """
        ),
        (
            "LIMITS",
            """
              A frame, a backdrop image and a contact sheet are at most 100 megapixels
              each; at most 10000 frames; scale at most 16; lengths at most 10000 pt; a
              label of at most 500 characters, 32 code points in one character; a style
              file of at most 1 MB and 64 levels of nesting.
            """
        ),
        (
            "OUTPUT FOLDERS",
            """
              Frames are written under temporary names and renamed; manifest.json comes
              last. A folder an earlier run wrote is rewritten whole (its frames the new
              run does not rewrite are removed); a folder of other files and no
              manifest.json is refused unless --force. An interrupted or failed run
              removes its temporary files and leaves no manifest that lists frames it
              did not write.
            """
        ),
        (
            "EXAMPLES",
            """
              frames --style overlay --out frames/
              frames --style overlay --scale 3 --dim-amount 0.5 --spinner-color '#1A78E8'
              frames --style overlay --lang cs --scale 3 --out cs/
              frames --text 'Processing your payment, please wait…' --text-font-name 'DejaVu Serif'
              frames --style overlay --print-style > brand.json
              frames --style-file brand.json --device "iPhone 15" --backdrop-image shot.png \\
                     --apng spin.png --sheet sheet.png --every 6
              frames --style overlay --timeline idle:0.5,processing:2,done:0.5 --out session
            """
        ),
    ]
}
