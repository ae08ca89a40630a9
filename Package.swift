// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "frames",
    products: [
        .library(name: "Raster", targets: ["Raster"]),
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
        .target(name: "Raster", dependencies: ["PNGBridge"]),
        .executableTarget(name: "frames", dependencies: ["Raster"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster"]),
        .testTarget(name: "FramesCLITests", dependencies: ["Raster"]),
    ],
    swiftLanguageModes: [.v6]
)
