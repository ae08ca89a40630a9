import Raster
import StrictJSON

extension RenderCommand {
    /// `frames [options]`: the help, version and listings, `--print-style`, or a render.
    static func run(_ arguments: [String], studio: StudioEntry) throws(FramesError) -> Int32 {
        let started = monotonicSeconds()
        let options = try parser.parse(arguments, into: RenderOptions())
        if try printInformation(options, studio: studio) { return 0 }
        let job = try RenderJob.resolve(options)
        if options.printStyle {
            if options.format?.value == .swift {
                Console.print(job.scene.style.swiftSource)
            } else {
                Console.write(StyleFile.json(for: job.scene.style, variant: job.scene.variant, label: job.label))
            }
            return 0
        }
        if let format = options.format {
            throw .invalidValue(option: format.option, value: format.text, expected: "no value without --print-style")
        }
        printWarnings(for: job)
        try RenderRun.run(job, started: started)
        return 0
    }

    /// Prints what `--help`, `--version`, `--generate`, `--list-devices` or `--list-languages`
    /// asks for; false when none was given.
    static func printInformation(_ options: RenderOptions, studio: StudioEntry) throws(FramesError) -> Bool {
        if options.help {
            Console.print(parser.helpText)
        } else if options.version {
            Console.print(VersionText.text(studio: studio))
        } else if let generate = options.generate {
            Console.write(generate.value.text)
        } else if options.listDevices {
            for device in Device.all {
                let name = device.name.padding(to: 20)
                Console.print(
                    "\(name)\(formatNumber(device.screen.width)) × \(formatNumber(device.screen.height)) pt "
                        + "@\(formatNumber(device.scale))x")
            }
        } else if options.listLanguages {
            for translation in Translation.all {
                Console.print(
                    "\(translation.languageCode)  \(translation.languageName.padding(to: 13))"
                        + translation.loadingProcessingText)
            }
        } else {
            return false
        }
        return true
    }

    /// A flag without effect, and the overlay's transparent screen: said on stderr before a
    /// render, the note only when images are written (not for `--swift` alone) and the overlay
    /// shows in one of them (not with `--visible false`, nor a timeline with
    /// `--loading-enabled false`).
    static func printWarnings(for job: RenderJob) {
        let scene = job.scene
        if scene.variant == .indicator, case .flag = job.style.source(of: .dimAmount) {
            Console.printError(
                "warning: --dim-amount has no effect on --style indicator (the inline view has no dim layer)")
        }
        let writesImages = job.outputs.folder != nil || job.outputs.files.contains { $0.option != "--swift" }
        let overlayShows = job.sequence.writtenIndices.contains { job.sequence.frame($0) != .hidden }
        if scene.variant == .overlay, scene.style.dimAmount == 0, scene.background.alpha == 0,
            scene.backdropImage == nil, writesImages, overlayShows, !job.quiet
        {
            Console.printError(
                "note: the overlay's screen is transparent (dim amount 0, no backdrop), so viewers show their own "
                    + "background around the card; --dim-amount 0.5, --backdrop-color or --backdrop-image show a screen"
            )
        }
    }
}
