// swift-tools-version:6.0
// libFuzzer target over the argument parser, the style-file reader and the PNG reader.
// Build and run (README, "Fuzzing"):
//   swift build -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer,address
//   Fuzz/.build/release/FramesFuzz Fuzz/corpus -max_total_time=600
import PackageDescription

let package = Package(
    name: "FramesFuzz",
    dependencies: [.package(name: "frames", path: "..")],
    targets: [
        .executableTarget(
            name: "FramesFuzz",
            dependencies: [
                .product(name: "Raster", package: "frames"),
                .product(name: "FramesCLI", package: "frames"),
            ]
        )
    ]
)
