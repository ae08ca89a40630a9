import Foundation
import Testing

@testable import FramesCLI

/// `frames --generate`: the man page and the bash, zsh and fish completions, each loaded by the
/// program that reads it, each offering every option `--help` lists; and `make install` /
/// `make uninstall`.
@Suite struct GeneratedFilesTests {
    static let commands = ["", "compare", "verify", "lint", "studio"]

    /// The options `frames [command] --help` lists ("--style", "--help", …).
    static func helpOptions(_ command: String) throws -> Set<String> {
        let help = try CLI.run((command.isEmpty ? [] : [command]) + ["--help"]).stdout
        let options = help.components(separatedBy: "OPTIONS:\n")[1].split(separator: "\n").filter {
            $0.hasPrefix("  -")
        }
        // The label: "  -h, --help" or "  --scale <s>", up to the two spaces before the help.
        let names = options.flatMap { line in
            line.dropFirst(2).components(separatedBy: "  ")[0].split(separator: " ").filter { $0.hasPrefix("--") }
                .map { String($0.trimmingCharacters(in: [","])) }
        }
        #expect(names.count > 2, "frames \(command) --help")
        return Set(names)
    }

    static func generate(_ kind: String, into folder: URL) throws -> URL {
        let result = try CLI.run(["--generate", kind])
        #expect(result.status == 0, "\(result.stderr)")
        let url = folder.appendingPathComponent(kind)
        try Data(result.stdout.utf8).write(to: url)
        return url
    }

    @Test func manPageRendersWithoutWarningsAndHasEveryOption() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = try Self.generate("man", into: folder)
        let warnings = try Shell.run(
            "bash", "MANWIDTH=80 man --warnings -l \(Shell.quoted(page.path)) 2>&1 > /dev/null",
            environment: ["LC_ALL": "C.UTF-8"])
        #expect(warnings.status == 0 && warnings.stdout.isEmpty, "man warns: \(warnings.stdout)")
        let rendered = try Shell.run(
            "bash", "MANWIDTH=80 man -l \(Shell.quoted(page.path)) | col -b", environment: ["LC_ALL": "C.UTF-8"])
        let text = rendered.stdout.replacingOccurrences(of: "\u{2212}", with: "-")
            .replacingOccurrences(of: "\u{2010}", with: "-")
        #expect(text.contains("FRAMES(1)"))
        let sections = text.components(separatedBy: "\nFRAMES ")
        for command in Self.commands {
            let section = command.isEmpty ? sections[0] : sections.first { $0.hasPrefix(command.uppercased()) }
            let body = try #require(section, "no section FRAMES \(command.uppercased())")
            for option in try Self.helpOptions(command) {
                #expect(body.contains(option), "the man page's \(command) section lacks \(option)")
            }
        }
        #expect(text.contains("FRAMES HELP"))
    }

    @Test func bashLoadsTheCompletionAndOffersEveryOption() throws {
        let loaded = try Shell.run("bash", "source <(\"$FRAMES\" --generate complete-bash) && complete -p frames")
        #expect(loaded.stdout == "complete -F _frames frames\n", "\(loaded.stdout) \(loaded.stderr)")
        func offered(_ words: [String]) throws -> Set<String> {
            let array = words.map(Shell.quoted).joined(separator: " ")
            let script = """
                source <("$FRAMES" --generate complete-bash)
                COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1); COMPREPLY=()
                _frames
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let result = try Shell.run("bash", script)
            #expect(result.status == 0, "\(result.stderr)")
            return Set(result.stdout.split(separator: "\n").map(String.init))
        }
        for command in Self.commands {
            let words = ["frames"] + (command.isEmpty ? [] : [command]) + ["--"]
            let missing = try Self.helpOptions(command).subtracting(try offered(words))
            #expect(missing.isEmpty, "bash: \(words.joined(separator: " ")) does not offer \(missing.sorted())")
        }
        #expect(try offered(["frames", "co"]) == ["compare"])
        #expect(try offered(["frames", "--style", ""]) == ["indicator", "overlay"])
        #expect(try offered(["frames", "--style", "=", "ov"]) == ["overlay"])
        #expect(try offered(["frames", "help", "v"]) == ["verify"])
        #expect(try offered(["frames", "--lang", "c"]) == ["cs"])
        #expect(try offered(["frames", "--spinner-color", "rebecca"]) == ["rebeccapurple"])
        #expect(try offered(["frames", "lint", "--screen-color", "whites"]) == ["whitesmoke"])
        #expect(try offered(["frames", "--device", "iphone-17-pro"]) == ["iphone-17-pro", "iphone-17-pro-max"])
        #expect(try offered(["frames", "--scale", ""]).isEmpty, "a number has no completion")
    }

    /// Names with a space, a glob character or both, beside one the glob would match.
    static func makeAwkwardNames(in folder: URL) throws {
        for name in ["my style.json", "a*b.json", "aXb.json", "b [1].png"] {
            try Data("{}".utf8).write(to: folder.appendingPathComponent(name))
        }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("two words"), withIntermediateDirectories: false)
    }

    /// File names completed in a real interactive bash (a pseudo-terminal, `bash-capture.zsh`):
    /// each name the completion inserts is read back by bash as one word, as it is, whether the
    /// typed part was plain, escaped or quoted: never split at its spaces nor expanded as a glob.
    @Test func bashCompletesNamesWithSpacesAndGlobsAsOneWordEach() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try Self.generate("complete-bash", into: folder)
        try Self.makeAwkwardNames(in: folder)
        let capture = DocsTests.root.appendingPathComponent("Tests/fixtures/bash-capture.zsh").path
        for (line, words) in [
            ("frames --style-file my", ["--style-file", "my style.json"]),
            (#"frames --style-file my\ s"#, ["--style-file", "my style.json"]),
            (#"frames --style-file "my"#, ["--style-file", "my style.json"]),
            ("frames --style-file 'my", ["--style-file", "my style.json"]),
            ("frames --style-file=my", ["--style-file=my style.json"]),
            (#"frames --style-file a\*"#, ["--style-file", "a*b.json"]),
            (#"frames compare a\*b.json aX"#, ["compare", "a*b.json", "aXb.json"]),
            ("frames compare b", ["compare", "b [1].png"]),
            ("frames verify tw", ["verify", "two words/"]),
        ] {
            let result = try Shell.run(
                "bash", "timeout 60 zsh \(Shell.quoted(capture)) \(Shell.quoted(script.path)) \(Shell.quoted(line))",
                in: folder)
            #expect(result.status == 0, "\(line): \(result.stderr)")
            #expect(result.stdout.split(separator: "\n").map(String.init) == words, "\(line): \(result.stdout)")
        }
        // Without a terminal too: the candidates whole, the glob's other match not added.
        let offered = try Shell.run(
            "bash",
            "source \(Shell.quoted(script.path)); COMP_WORDS=(frames --style-file a); COMP_CWORD=2; _frames; "
                + "printf '%s\\n' \"${COMPREPLY[@]}\"", in: folder)
        #expect(offered.stdout == "a*b.json\naXb.json\n", "\(offered.stdout) \(offered.stderr)")
    }

    @Test func zshLoadsTheCompletionAndOffersEveryOption() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try Self.generate("complete-zsh", into: folder)
        let loaded = try Shell.run(
            "zsh", "autoload -U compinit; compinit -u -D; source \(Shell.quoted(script.path)); print $_comps[frames]")
        #expect(loaded.stdout == "_frames\n", "\(loaded.stdout) \(loaded.stderr)")
        let capture = DocsTests.root.appendingPathComponent("Tests/fixtures/zsh-capture.zsh").path
        func offered(_ line: String) throws -> Set<String> {
            let result = try Shell.run(
                "bash", "timeout 60 zsh \(Shell.quoted(capture)) \(Shell.quoted(script.path)) \(Shell.quoted(line))",
                in: folder)
            #expect(result.status == 0, "\(line): \(result.stderr)")
            return Set(result.stdout.split(separator: "\n").map(String.init))
        }
        for command in Self.commands {
            let line = "frames " + (command.isEmpty ? "" : command + " ") + "--"
            let missing = try Self.helpOptions(command).subtracting(try offered(line))
            #expect(missing.isEmpty, "zsh: \(line) does not offer \(missing.sorted())")
        }
        #expect(try offered("frames comp") == ["compare"])
        #expect(try offered("frames --style ") == ["indicator", "overlay"])
        #expect(try offered("frames --spinner-color rebecca") == ["rebeccapurple"])
        // Names with spaces and glob characters are offered whole, quoted as they are inserted
        // (zsh's _files quotes them).
        try Self.makeAwkwardNames(in: folder)
        #expect(try offered("frames --style-file my") == [#"my\ style.json"#])
        #expect(try offered(#"frames --style-file a\*"#) == [#"a\*b.json"#])
        #expect(try offered("frames verify tw") == [#"two\ words"#])
    }

    @Test func fishLoadsTheCompletionAndOffersEveryOption() throws {
        func offered(_ line: String) throws -> Set<String> {
            let result = try Shell.run(
                "fish", "\"$FRAMES\" --generate complete-fish | source; complete -C\(Shell.quoted(line))")
            #expect(result.status == 0, "\(line): \(result.stderr)")
            return Set(result.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) })
        }
        for command in Self.commands {
            let line = "frames " + (command.isEmpty ? "" : command + " ") + "--"
            let missing = try Self.helpOptions(command).subtracting(try offered(line))
            #expect(missing.isEmpty, "fish: \(line) does not offer \(missing.sorted())")
        }
        #expect(try offered("frames comp") == ["compare"])
        #expect(try offered("frames --style ") == ["indicator", "overlay"])
        #expect(try offered("frames --spinner-color rebecca") == ["rebeccapurple"])
        #expect(try offered("frames help ") == ["compare", "verify", "lint", "studio", "measure", "help"])
        // Names with spaces and glob characters are offered whole (fish quotes them itself).
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.makeAwkwardNames(in: folder)
        let names = try Shell.run(
            "fish",
            "\"$FRAMES\" --generate complete-fish | source; complete -C'frames --style-file my'; "
                + "complete -C'frames --style-file a\\\\*'; complete -C'frames verify tw'", in: folder)
        #expect(names.stdout == "my style.json\na*b.json\ntwo words/\tDirectory\n", "\(names.stdout) \(names.stderr)")
    }

    @Test func generateRefusesAnUnknownKind() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.expectRefusal(
            ["--generate", "complete-tcsh"], in: folder, mentions: ["man, complete-bash, complete-zsh, complete-fish"])
    }

    /// packaging/debian.sh with paths as people give them, run from a folder with a space in its
    /// name: BINARY relative and with spaces (a stand-in script that runs the built frames, so
    /// the package is quick to make and holds what frames generates), and OUTDIR `-`, relative
    /// with spaces, starting with a dash, or absolute. Each .deb lands in that folder, named on
    /// stdout by its absolute path; no OUTDIR, or an empty one, is a usage error.
    @Test(
        .enabled(
            if: ["/usr/bin/dpkg-deb", "/usr/bin/dpkg-shlibdeps"].allSatisfy(FileManager.default.isExecutableFile)))
    func debianPackageTakesAnyPaths() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let work = folder.appendingPathComponent("work dir")
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("bin dir"), withIntermediateDirectories: true)
        let binary = work.appendingPathComponent("bin dir/fake frames")
        try "#!/bin/sh\nexec \(Shell.quoted(CLI.executable.path)) \"$@\"\n".write(
            to: binary, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary.path)
        let script = Shell.quoted(DocsTests.root.appendingPathComponent("packaging/debian.sh").path)
        let absolute = folder.appendingPathComponent("abs dir/deb").path
        for (outdir, expected) in [
            ("-", work.appendingPathComponent("-").path),
            ("out dir/deb", work.appendingPathComponent("out dir/deb").path),
            ("-x", work.appendingPathComponent("-x").path), (absolute, absolute),
        ] {
            let result = try Shell.run(
                "bash", "BINARY='bin dir/fake frames' bash \(script) \(Shell.quoted(outdir))", in: work)
            #expect(result.status == 0, "OUTDIR \(outdir): \(result.stderr)")
            let deb = result.stdout.trimmingCharacters(in: .newlines)
            #expect(deb.hasPrefix(expected + "/frames_") && deb.hasSuffix(".deb"), "OUTDIR \(outdir): \(deb)")
            let listed = try Shell.run(
                "bash", "dpkg-deb -c \(Shell.quoted(deb)) && dpkg-deb -f \(Shell.quoted(deb)) Package")
            #expect(listed.stdout.contains("./usr/bin/frames\n"), "OUTDIR \(outdir): \(listed.stdout) \(listed.stderr)")
            #expect(listed.stdout.contains("./usr/share/bash-completion/completions/frames\n"), "OUTDIR \(outdir)")
            #expect(listed.stdout.hasSuffix("frames\n"), "OUTDIR \(outdir): \(listed.stdout.suffix(100))")
        }
        #expect(CLI.contents(of: work) == ["-", "-x", "bin dir", "out dir"], "\(CLI.contents(of: work))")
        for arguments in ["", "''", "a b"] {
            let refused = try Shell.run("bash", "bash \(script) \(arguments)", in: work)
            #expect(refused.status == 64, "debian.sh \(arguments): exit \(refused.status)")
        }
    }

    /// `make install` puts the binary, the man page and the completions under PREFIX where
    /// their programs look; `make uninstall` removes exactly what install made.
    @Test func makeInstallAndUninstallLeaveThePrefixEmpty() throws {
        let prefix = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let make = "make -s -C \(Shell.quoted(DocsTests.root.path)) PREFIX=\(Shell.quoted(prefix.path))"
        let install = try Shell.run("bash", make + " BINARY=\"$FRAMES\" install")
        #expect(install.status == 0, "\(install.stderr)")
        for path in [
            "bin/frames", "share/man/man1/frames.1", "share/bash-completion/completions/frames",
            "share/zsh/site-functions/_frames", "share/fish/vendor_completions.d/frames.fish",
        ] {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), "\(path)")
        }
        let installed = try Shell.run(
            "bash",
            "\(Shell.quoted(prefix.path))/bin/frames --version && "
                + "MANWIDTH=80 man -M \(Shell.quoted(prefix.path))/share/man frames | head -3")
        #expect(installed.stdout.contains("FRAMES(1)"), "\(installed.stdout) \(installed.stderr)")
        let uninstall = try Shell.run("bash", make + " uninstall")
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(CLI.contents(of: prefix).isEmpty, "left \(CLI.contents(of: prefix))")
    }
}
