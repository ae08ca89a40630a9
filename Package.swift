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
        // The renderer: styles to scenes, scenes to RGBA buffers, buffers to encoded bytes.
        .library(name: "Raster", targets: ["Raster", "Encoding"]),
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
        // A few lines of C around libpng's classic API (libpng reports errors with longjmp,
        // which Swift cannot catch, so the setjmp lives here and errors come back as codes), and
        // a reader of 8-bit RGB and RGBA files without libpng (png_rows.c).
        .target(name: "PNGBridge", dependencies: ["CLibPNG", "CZlib", "CDeflate"]),
        // Adler-32 and CRC-32 in C, so that their vector loops can be chosen at run time.
        .target(name: "Checksum"),
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
        // Images and their files: Pixmap, PNG (libpng and this package's row deflate),
        // animated PNG, GIF and WebP; screenshots read from PNG or JPEG into sRGB. Pixels or rows
        // in, bytes out; bytes in, pixels out.
        .target(
            name: "Encoding",
            dependencies: ["PNGBridge", "Checksum", "CZlib", "CWebP", "CGIF", "CLittleCMS", "CTurboJPEG"]
        ),
        // Styles, scenes, rendering, text, comparison, lint, manifests, vector exports.
        .target(
            name: "Raster",
            dependencies: [
                "Encoding", "Checksum", "CZlib", "PNGBridge", "CFreeType", "CFontconfig", "CHarfBuzz", "CFriBidi",
                "CUnibreak",
            ]
        ),
        // Folders of frames on disk: reading inputs, opening and verifying a folder a run wrote.
        .target(name: "FrameFiles", dependencies: ["Raster", "Checksum"]),
        .target(name: "FramesTesting", dependencies: ["Raster", "FrameFiles"]),
        // The command line tool: parsing, help, the run, the output transaction, the studio.
        .target(name: "FramesCLI", dependencies: ["Raster", "FrameFiles", "CMicroHTTPD"]),
        .executableTarget(
            name: "frames",
            dependencies: ["FramesCLI"],
            // The Swift runtime linked in statically, as the toolchain offers for command line
            // tools: one file to install. An executable only: no other package depends on it.
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]
        ),
        // The fuzz target (docs/fuzzing.md): libFuzzer's driver when built with -sanitize=fuzzer,
        // a replayer of the files it is given otherwise. Not a product.
        .target(name: "FuzzDriver", path: "Fuzz/Sources/FuzzDriver"),
        .executableTarget(
            name: "frames-fuzz", dependencies: ["FramesCLI", "FuzzDriver"], path: "Fuzz/Sources/FramesFuzz"),
        // Measures PNG encoding time and size per compression and row filter on real frames:
        // swift run -c release png-settings [whole|pieces|blocks]. Not a product.
        .executableTarget(name: "png-settings", dependencies: ["Raster"], path: "bench/png-settings"),
        .testTarget(
            name: "EncodingTests",
            dependencies: ["Encoding", "Raster", "CZlib", "PNGBridge", "CLittleCMS", "CTurboJPEG"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "FrameFiles", "FramesTesting", "CZlib"]),
        .testTarget(name: "FramesCLITests", dependencies: ["Raster", "FrameFiles", "FramesCLI", "CZlib"]),
        .testTarget(name: "FramesTestingTests", dependencies: ["FramesTesting", "Raster", "FrameFiles"]),
    ],
    swiftLanguageModes: [.v6]
)
