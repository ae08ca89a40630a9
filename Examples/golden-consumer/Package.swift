// swift-tools-version:6.0
// An app's test package that holds its loading indicator to golden images with FramesTesting.
// Its tests use FramesTesting from Swift Testing (SwiftTestingGoldenTests.swift) and from XCTest
// (XCTestGoldenTests.swift), each file with one test framework imported.
//   cd Examples/golden-consumer && swift test                 # first run records golden/*.png
//   FRAMES_RECORD=all swift test                             # re-record after a deliberate change
//   frames verify golden/overlay_8                           # the recorded sequence is a frames folder
//   frames verify --update golden/spinner                    # rewrite the frames folder from its manifest
import PackageDescription

let package = Package(
    name: "golden-consumer",
    dependencies: [.package(name: "frames", path: "../..")],
    targets: [
        .testTarget(
            name: "SpinnerGoldenTests",
            dependencies: [
                .product(name: "FramesTesting", package: "frames"),
                .product(name: "Raster", package: "frames"),
            ]
        )
    ]
)
