import Comparison
import Foundation

/// One failure as the page shows it.
struct PageEntry: Codable, Sendable, Equatable {
    /// The test: "BrandTests/spin()", "SequenceGoldenTests.testOverlay".
    var test: String
    /// Where the assertion is written: "BrandTests.swift:12".
    var place: String
    /// The failure's first line: the golden and its figures.
    var headline: String
    /// The lines after it (paths, explanations), as the failure says them.
    var details: [String]
    /// The pictures beside the page: what each shows ("expected", "actual", "diff") and its path
    /// relative to the page.
    var pictures: [Picture]
    /// The command that accepts the change or records the golden, if one does.
    var command: String?

    /// A picture of the failure.
    struct Picture: Codable, Sendable, Equatable {
        var kind: String
        var path: String
    }
}

/// The page of a run's failures, `index.html` in the artifacts folder: each failure with its
/// test, place, figures, expected, actual and diff pictures (the files beside it, drawn one
/// image pixel a CSS pixel) and the command that accepts it. It is written again, whole, each
/// time a failure comes, from the run's record, so that every process of the run adds to one
/// page.
enum FailurePage {
    /// Adds `entry` to the run's record in `artifacts` and writes the page again, under the
    /// record's lock, so that a process that adds later never writes an older page over a newer.
    static func add(_ entry: PageEntry, in artifacts: ArtifactsFolder) {
        artifacts.withRecord { record in
            record.failures.append(entry)
            if !record.files.contains(ArtifactsFolder.pageName) { record.files.append(ArtifactsFolder.pageName) }
            _ = try? ContainedFiles.write(
                Array(html(record.failures).utf8), to: ArtifactsFolder.pageName, in: artifacts.url)
        }
    }

    /// The page of `failures`.
    static func html(_ failures: [PageEntry]) -> String {
        let count = failures.count == 1 ? "1 golden failure" : "\(failures.count) golden failures"
        var page = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(count)</title>
            <style>
            body { font: 14px/1.45 system-ui, sans-serif; margin: 24px; color: #222; }
            section { border-top: 1px solid #ccc; padding: 12px 0 20px; }
            h2 { font-size: 16px; margin: 0 0 4px; }
            .where { color: #666; margin: 0 0 8px; }
            .headline { font-weight: 600; }
            figure { display: inline-block; margin: 0 16px 8px 0; vertical-align: top; }
            figure img { image-rendering: pixelated; background: repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
            figcaption { color: #666; font-size: 12px; }
            pre, code { font: 12px/1.4 ui-monospace, monospace; }
            pre { background: #f6f6f6; padding: 8px; overflow-x: auto; }
            </style>
            </head>
            <body>
            <h1>\(count)</h1>
            <p>Rewritten as failures come in this run; the pictures are the files beside this page.</p>

            """
        for (index, failure) in failures.enumerated() { page += section(failure, number: index + 1) }
        return page + "</body>\n</html>\n"
    }

    /// One failure's section.
    static func section(_ failure: PageEntry, number: Int) -> String {
        var html = "<section id=\"failure-\(number)\">\n<h2>\(escapeHTML(failure.test))</h2>\n"
        html += "<p class=\"where\">\(escapeHTML(failure.place))</p>\n"
        html += "<p class=\"headline\">\(escapeHTML(failure.headline))</p>\n"
        for picture in failure.pictures {
            let source = picture.path.split(separator: "/").map {
                String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["?", "#", ";"]))
                    ?? ""
            }.joined(separator: "/")
            html += "<figure><img src=\"\(escapeHTML(source))\" alt=\"\(escapeHTML(picture.kind))\">"
            html += "<figcaption>\(escapeHTML(picture.kind))</figcaption></figure>\n"
        }
        if !failure.details.isEmpty {
            html += "<pre>" + failure.details.map(escapeHTML).joined(separator: "\n") + "</pre>\n"
        }
        if let command = failure.command {
            html += "<p>To accept it: <code>\(escapeHTML(command))</code></p>\n"
        }
        return html + "</section>\n"
    }
}
