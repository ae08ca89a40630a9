// swift-tools-version:6.0
import PackageDescription

/// The pkg-config name of a library that is linked on other systems and opened when first
/// called on Linux, where the package takes only its headers (Sources/LibraryLoader,
/// Sources/CMicroHTTPD): a command that draws no label and writes no GIF or WebP loads none of
/// them, nor what they bring (GLib, Graphite, expat).
#if os(Linux)
func linkedElsewhere(_ name: String) -> String? { nil }
#else
func linkedElsewhere(_ name: String) -> String? { name }
#endif

let package = Package(
    name: "frames",
    products: [
        .library(name: "Raster", targets: ["Raster"]),
        // Golden-image assertions for other packages' tests (XCTest and Swift Testing).
        .library(name: "FramesTesting", targets: ["FramesTesting"]),
        // The command line tool's logic, for the fuzzer (Fuzz/).
        .library(name: "FramesCLI", targets: ["FramesCLI"]),
        .executable(name: "frames", targets: ["frames"]),
    ],
    targets: [
        // libpng from the system (pkg-config libpng16).
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng16",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // A few lines of C around libpng's classic API: libpng reports errors with longjmp,
        // which Swift cannot catch, so the setjmp lives here and errors come back as codes.
        .target(name: "PNGBridge", dependencies: ["CLibPNG"]),
        // Adler-32 in C, so that its AVX2 loop can be chosen at run time (no compiler flags).
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
            pkgConfig: linkedElsewhere("fontconfig"),
            providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]
        ),
        // HarfBuzz (pkg-config harfbuzz): shaping, on the same font files FreeType reads.
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: linkedElsewhere("harfbuzz"),
            providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]
        ),
        // FriBidi (pkg-config fribidi): the Unicode Bidirectional Algorithm.
        .systemLibrary(
            name: "CFriBidi",
            pkgConfig: linkedElsewhere("fribidi"),
            providers: [.apt(["libfribidi-dev"]), .brew(["fribidi"])]
        ),
        // libunibreak (pkg-config libunibreak): line-break opportunities (UAX #14).
        .systemLibrary(
            name: "CUnibreak",
            pkgConfig: linkedElsewhere("libunibreak"),
            providers: [.apt(["libunibreak-dev"]), .brew(["libunibreak"])]
        ),
        // libmicrohttpd (pkg-config libmicrohttpd): the studio's HTTP server. On Linux the studio
        // opens it when it starts (Sources/CMicroHTTPD/shim.h), so that other commands do not load
        // it and GnuTLS behind it; there it is not linked, and its header is the system's.
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: linkedElsewhere("libmicrohttpd"),
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),
        // libwebp's animation encoder (pkg-config libwebpmux): lossless animated WebP.
        .systemLibrary(
            name: "CWebP",
            pkgConfig: linkedElsewhere("libwebpmux"),
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]
        ),
        // giflib (pkg-config libgif): GIF files, frame by frame.
        .systemLibrary(
            name: "CGIF",
            pkgConfig: linkedElsewhere("libgif"),
            providers: [.apt(["libgif-dev"]), .brew(["giflib"])]
        ),
        // Little CMS (pkg-config lcms2): a screenshot's ICC profile (Display P3 from iOS) to sRGB,
        // for `frames measure`. Opened when first called on Linux, like the libraries above.
        .systemLibrary(
            name: "CLittleCMS",
            pkgConfig: linkedElsewhere("lcms2"),
            providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]
        ),
        // libjpeg-turbo's TurboJPEG API (pkg-config libturbojpeg): JPEG screenshots, for
        // `frames measure`. Opened when first called on Linux.
        .systemLibrary(
            name: "CTurboJPEG",
            pkgConfig: linkedElsewhere("libturbojpeg"),
            providers: [.apt(["libturbojpeg0-dev"]), .brew(["jpeg-turbo"])]
        ),
        // Opens the text and export libraries when first called (include/library_loader.h).
        .target(name: "LibraryLoader"),
        .target(
            name: "Raster",
            dependencies: [
                "PNGBridge", "Checksum", "LibraryLoader", "CZlib", "CFreeType", "CFontconfig", "CHarfBuzz", "CFriBidi",
                "CUnibreak",
                "CWebP", "CGIF", "CLittleCMS", "CTurboJPEG",
            ]),
        .target(name: "FramesTesting", dependencies: ["Raster"]),
        // The command line tool's logic (parsing, help, commands), apart from main.swift.
        .target(name: "FramesCLI", dependencies: ["Raster", "LibraryLoader", "CMicroHTTPD"]),
        // glibc's malloc.h (mallopt), headers only: the `frames` executable tunes its heap.
        .systemLibrary(name: "CMalloc"),
        .executableTarget(
            name: "frames",
            dependencies: ["FramesCLI", "CMalloc"],
            // The Swift runtime linked in statically: fewer shared libraries to load at start-up,
            // which matters for a tool that writes a whole sequence in milliseconds (see
            // BENCHMARKS.md). Linked at a fixed address (not position-independent): the loader
            // then has no relocations to apply to the binary's 1.5 MB of metadata, whose pages
            // stay shared with the file instead of being copied at start-up (page faults
            // of `frames --version` 421 → 357). libstdc++ is taken static too: `-lstdc++` finds
            // the linker script in StaticLink first (0.9 ms of every start). An executable only:
            // no other package can depend on it.
            exclude: ["StaticLink"],
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-stdlib", "-Xclang-linker", "-no-pie",
                        "-Xclang-linker", "-L\(Context.packageDirectory)/Sources/frames/StaticLink",
                    ],
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),
        // Measures PNG encoding time and size per compression and row filter on real frames:
        // swift run -c release png-settings [whole|pieces|blocks]. Not a product.
        .executableTarget(name: "png-settings", dependencies: ["Raster"], path: "bench/png-settings"),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "FramesTesting", "CZlib"]),
        .testTarget(name: "FramesCLITests", dependencies: ["Raster", "FramesCLI", "CZlib"]),
        .testTarget(name: "FramesTestingTests", dependencies: ["FramesTesting", "Raster"]),
    ],
    swiftLanguageModes: [.v6]
)
