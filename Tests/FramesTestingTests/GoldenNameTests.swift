import Foundation
import Testing

@testable import FramesTesting
@testable import Images
@testable import Raster

/// Goldens' names: given ones checked, left-out ones made from the test, one golden to one
/// assertion in a run.
@Suite(.developersEnvironment) struct GoldenNameTests {
    let folder: URL
    let image: Pixmap

    init() throws {
        folder = try ChildRun.temporaryFolder()
        image = try FrameRenderer(scene: Scene(variant: .indicator, scale: 1), frameCount: 8).frame(1)
    }

    @Test(arguments: [
        ("../escaped", "leaves the golden folder ('..')"),
        ("a/../../escaped", "leaves the golden folder ('..')"),
        ("", "the golden name is empty"),
        (".png", "is only an extension"),
        ("/tmp/absolute", "is an absolute path"),
        ("a//b", "has an empty folder or file name"),
        ("a\\b", "holds a backslash"),
        (".hidden", "names a hidden file or folder"),
        ("line\nbreak", "holds a control character"),
    ])
    func aHostileNameIsRefusedAndNothingIsWritten(name: String, reason: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = folder.appendingPathComponent("golden")
        let said = failures { assertGolden(image, named: name, directory: golden.path) }
        #expect(said.count == 1 && said[0].contains(reason), "\(said)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func pngIsNotDoubled() throws {
        #expect(try GoldenNames.checked("x.png") == "x")
        #expect(try GoldenNames.checked("screens/x.PNG") == "screens/x")
        #expect(try GoldenNames.checked("x") == "x")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = failures { assertGolden(image, named: "x.png", directory: folder.path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["x.png"])
    }

    /// Left out, the name is the test function's, then "-2" for its second assertion, as
    /// swift-snapshot-testing names snapshots.
    @Test func leftOutTheNameIsTheTests() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let said = failures {
            assertGolden(image, directory: folder.path)
            assertGolden(image, directory: folder.path)
        }
        #expect(said.count == 2)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["leftOutTheNameIsTheTests-2.png", "leftOutTheNameIsTheTests.png"])
    }

    @Test func twoAssertionsMayNotClaimOneGolden() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let said = failures {
            assertGolden(image, named: "one", directory: folder.path)
            assertGolden(image, named: "one", directory: folder.path)
        }
        #expect(said.count == 2)
        #expect(
            said.last?.contains("is already checked in this run by GoldenNameTests/twoAssertionsMayNotClaimOneGolden()")
                == true, "\(said)")
    }

    /// One assertion made again (a loop, a helper) holds its golden each time.
    @Test func oneAssertionMayCheckItsGoldenAgain() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        func check() { assertGolden(image, named: "again", directory: folder.path) }
        _ = failures { check() }
        for _ in 0..<2 { check() }
    }

    @Test func framesOutsideTheRendererAreRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let renderer = try FrameRenderer(scene: Scene(variant: .indicator, scale: 1), frameCount: 8)
        let said = failures { assertGoldenSequence(renderer, named: "seq", frames: [99], directory: folder.path) }
        #expect(
            said.count == 1 && said[0].contains("frames: [99] holds 99, outside the renderer's 8 frames (0…7)"),
            "\(said)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// Per-platform goldens: the name gets the system's suffix, from the parameter or
    /// `FRAMES_PER_PLATFORM`.
    @Test func perPlatformNamesHaveTheSystemsSuffix() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = failures { assertGolden(image, named: "screens/brand.png", directory: folder.path, perPlatform: true) }
        #if os(Linux)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/screens/brand-linux.png"))
        #elseif os(macOS)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/screens/brand-macos.png"))
        #endif
        #expect(try GoldenNames.perPlatform(nil, environment: ["FRAMES_PER_PLATFORM": "1"]))
        #expect(try !GoldenNames.perPlatform(nil, environment: [:]))
        #expect(try !GoldenNames.perPlatform(false, environment: ["FRAMES_PER_PLATFORM": "1"]))
        #expect(throws: Refusal("FRAMES_PER_PLATFORM=maybe is not a switch: use 1 (per-platform goldens) or 0")) {
            try GoldenNames.perPlatform(nil, environment: ["FRAMES_PER_PLATFORM": "maybe"])
        }
    }

    /// A relative `directory:` starts from the package's folder, whatever the working directory.
    @Test func aRelativeDirectoryIsThePackages() throws {
        let relative = ".build/frames-kit-\(UUID().uuidString)"
        let root = Golden.packageRoot(of: #filePath)
        defer { try? FileManager.default.removeItem(at: root.appendingPathComponent(relative)) }
        _ = failures { assertGolden(image, named: "here", directory: relative) }
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(relative + "/here.png").path))
    }
}
