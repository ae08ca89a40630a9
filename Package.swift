// swift-tools-version:6.0
// frames is released under the MIT licence (LICENSE).
import PackageDescription

/// libmicrohttpd, the studio's HTTP server, is opened by its soname when `frames studio` starts
/// on Linux (Sources/CMicroHTTPD/shim.h), so that every other command does not load GnuTLS
/// behind it (BENCHMARKS.md, "Decisions"); elsewhere it is linked as usual.
#if os(Linux)
let microHTTPDLink: String? = nil
#else
let microHTTPDLink: String? = "libmicrohttpd"
#endif

let package = Package(
    name: "frames",
    products: [
        // The renderer: styles to scenes, scenes to RGBA buffers, PNG files.
        .library(name: "Raster", targets: ["Raster", "Images"]),
        // Golden-image assertions for other packages' tests (XCTest and Swift Testing).
        .library(name: "FramesTesting", targets: ["FramesTesting"]),
        .executable(name: "frames", targets: ["frames"]),
    ],
    targets: [
        // libpng from the system (pkg-config libpng16).
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng16",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // libdeflate (pkg-config libdeflate): whole-stream inflate, for reading screenshots fast.
        .systemLibrary(
            name: "CDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
        ),
        // zlib from the system (pkg-config zlib): deflate in independent pieces, checksums.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // FreeType (pkg-config freetype2): glyph outlines, metrics, kerning.
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]
        ),
        // fontconfig (pkg-config fontconfig): font families by name, fonts that cover a character.
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]
        ),
        // HarfBuzz (pkg-config harfbuzz): shaping, on the same font files FreeType reads.
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]
        ),
        // FriBidi (pkg-config fribidi): the Unicode Bidirectional Algorithm.
        .systemLibrary(
            name: "CFriBidi",
            pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev"]), .brew(["fribidi"])]
        ),
        // libunibreak (pkg-config libunibreak): line-break opportunities (UAX #14).
        .systemLibrary(
            name: "CUnibreak",
            pkgConfig: "libunibreak",
            providers: [.apt(["libunibreak-dev"]), .brew(["libunibreak"])]
        ),
        // libwebp's animation encoder (pkg-config libwebpmux): lossless animated WebP.
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebpmux",
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]
        ),
        // giflib (pkg-config libgif; the module map links -lgif where there is no .pc file).
        .systemLibrary(
            name: "CGIF",
            pkgConfig: "libgif",
            providers: [.apt(["libgif-dev"]), .brew(["giflib"])]
        ),
        // Little CMS (pkg-config lcms2): a screenshot's ICC profile (Display P3 from iOS) to sRGB.
        .systemLibrary(
            name: "CLittleCMS",
            pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]
        ),
        // libjpeg-turbo's TurboJPEG API (pkg-config libturbojpeg): JPEG screenshots.
        .systemLibrary(
            name: "CTurboJPEG",
            pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev", "libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]
        ),
        // libmicrohttpd: the studio's HTTP server (see `microHTTPDLink`).
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: microHTTPDLink,
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),
        // The system's C library, imported once for the package (Glibc, Musl or Darwin).
        .target(name: "LibC"),
        // A PNG's rows read without libpng: 8-bit RGB and RGBA, not interlaced, inflated by
        // libdeflate (BENCHMARKS.md: half of an 8K compare's time).
        .target(name: "PNGRowReader", dependencies: ["CZlib", "CDeflate"]),
        // A few lines of C around libpng's classic API (libpng reports errors with longjmp, which
        // Swift cannot catch, so the setjmp lives here and errors come back as codes).
        .target(name: "PNGBridge", dependencies: ["CLibPNG", "CZlib", "PNGRowReader"]),
        // This package's deflate for image rows (runs, the row above, one hashed match), several
        // times faster than zlib on these frames for files of about the same size.
        .target(name: "PNGDeflate", dependencies: ["LibC"]),
        // Pixel buffers (Pixmap, PixelRect, RowImage) and PNG files: reading (libpng and the row
        // reader) and writing (libpng's head, the row deflate or zlib), whole or as a sequence.
        .target(name: "Images", dependencies: ["LibC", "PNGBridge", "PNGDeflate", "CZlib", "CDeflate"]),
        // Animations for hand-off: animated PNG, WebP (libwebp) and GIF (giflib).
        .target(name: "Animation", dependencies: ["Images", "CWebP", "CGIF"]),
        // Screenshots read into sRGB: PNG or JPEG (libjpeg-turbo), an ICC profile (Little CMS).
        .target(name: "Screenshots", dependencies: ["Images", "CTurboJPEG", "CLittleCMS"]),
        // A strict JSON parser and writer (style files, manifests, reports).
        .target(name: "StrictJSON", dependencies: ["LibC"]),
        // The renderer: LoadingStyle in, RGBA out. Geometry, paths, scan conversion, paint, text
        // (FreeType, fontconfig, HarfBuzz, FriBidi, libunibreak), styles and scenes; frames saved
        // as PNG through Images.
        .target(
            name: "Raster",
            dependencies: [
                "LibC", "Images", "StrictJSON", "CFreeType", "CFontconfig", "CHarfBuzz", "CFriBidi", "CUnibreak",
            ]
        ),
        // The one pool of plain threads, each joined before the call that starts them returns.
        .target(name: "Workers", dependencies: ["LibC", "Images"]),
        // One comparison engine over images (exact and perceptual judgements, regions, windows,
        // clusters, shift, PSNR and SSIM), diff pictures and the HTML report. Images and the pool only.
        .target(name: "Comparison", dependencies: ["LibC", "Images", "StrictJSON", "Workers"]),
        // A screenshot's loading indicator read back into a style (docs/measure.md).
        .target(
            name: "Measure", dependencies: ["LibC", "Raster", "Comparison", "Screenshots", "Exports", "CLittleCMS"]),
        // Hand-off formats made from the scene: contact sheets, SVG, Lottie, the Swift initializer.
        .target(name: "Exports", dependencies: ["Raster", "StrictJSON"]),
        // A style's checks: contrast (WCAG 2.2), fit in every language on every device, sizes.
        .target(name: "Lint", dependencies: ["Raster"]),
        // Golden folders: manifest.json (its keys declared once), reading inputs, opening and
        // verifying a folder a run wrote.
        .target(name: "GoldenFolders", dependencies: ["LibC", "Raster", "Comparison", "StrictJSON", "CDeflate"]),
        // Golden-image assertions for other packages' tests (XCTest and Swift Testing).
        .target(name: "FramesTesting", dependencies: ["Raster", "Comparison", "GoldenFolders"]),
        // The command line: parsing, help, man page, completions, each command, the run and its
        // output transaction.
        .target(
            name: "FramesCLI",
            dependencies: [
                "LibC", "Raster", "Images", "Animation", "Screenshots", "Comparison", "Measure", "Exports", "Lint",
                "GoldenFolders", "StrictJSON", "Workers",
            ]
        ),
        // frames studio: the HTTP server (libmicrohttpd) and the page.
        .target(name: "Studio", dependencies: ["FramesCLI", "CMicroHTTPD", "Workers"]),
        .executableTarget(
            name: "frames",
            dependencies: ["FramesCLI", "Studio"],
            // The Swift runtime linked in statically, as the toolchain offers for command line
            // tools: one file to install. An executable only: no other package depends on it.
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]
        ),
        // The fuzz target (docs/fuzzing.md): libFuzzer's driver when built with -sanitize=fuzzer,
        // a replayer of the files it is given otherwise. Not a product.
        .target(name: "FuzzDriver", path: "Fuzz/Sources/FuzzDriver"),
        .executableTarget(
            name: "frames-fuzz",
            dependencies: ["FramesCLI", "FuzzDriver", "LibC", "Measure", "Raster", "Images", "Screenshots"],
            path: "Fuzz/Sources/FramesFuzz"),
        // Measures PNG encoding time and size per compression and row filter on real frames:
        // swift run -c release png-settings [whole|pieces|blocks]. Not a product.
        .executableTarget(name: "png-settings", dependencies: ["Raster"], path: "bench/png-settings"),
        // What the test targets share: a seeded generator, pixel differences said in words, and
        // the switch for the slow tests (FRAMES_SLOW_TESTS=1).
        .target(name: "TestSupport", dependencies: ["Images"], path: "Tests/Support"),
        .testTarget(name: "PNGDeflateTests", dependencies: ["PNGDeflate", "Images", "Raster", "CZlib"]),
        .testTarget(
            name: "ImagesTests", dependencies: ["Screenshots", "Images", "Raster", "PNGBridge", "CZlib", "TestSupport"]),
        .testTarget(name: "ScreenshotsTests", dependencies: ["Screenshots", "CLittleCMS", "CTurboJPEG", "CZlib"]),
        .testTarget(
            name: "RasterTests", dependencies: ["Raster", "FramesTesting", "TestSupport", "Animation", "Exports"]),
        .testTarget(name: "ComparisonTests", dependencies: ["Comparison", "Raster", "TestSupport"]),
        .testTarget(name: "MeasureTests", dependencies: ["Measure", "TestSupport"]),
        .testTarget(name: "LintTests", dependencies: ["Lint"]),
        .testTarget(name: "ExportsTests", dependencies: ["Exports"]),
        .testTarget(name: "GoldenFoldersTests", dependencies: ["GoldenFolders", "CZlib"]),
        .testTarget(name: "FramesCLITests", dependencies: ["FramesCLI", "Studio", "CZlib", "TestSupport", "Workers"]),
        .testTarget(name: "FramesTestingTests", dependencies: ["FramesTesting", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
