// swift-tools-version:6.0
// Measures PNG encoding time and size per zlib level and row filter on real frames.
// Run: swift run -c release --package-path bench/png-settings
import PackageDescription

let package = Package(
    name: "png-settings",
    dependencies: [.package(name: "frames", path: "../..")],
    targets: [
        .executableTarget(name: "png-settings", dependencies: [.product(name: "Raster", package: "frames")])
    ]
)
