import Foundation
import GlideDriver
import TestCompositor

/// The demo's pictures of what new users tripped on (issue 12): a long paged document's page
/// control with its label, text zoom that re-wraps, and a zoomed image in a collection.
enum NewUserScenes {
    /// A Markdown text of about 245 pages at 1280×800, the same every run (a fixed word cycle).
    static func longDocument() -> String {
        let words = ["the", "page", "control", "shows", "where", "you", "are", "in", "a", "long", "document",
                     "while", "pages", "turn", "one", "at", "time"]
        var text = "# A long paged document\n"
        var index = 0
        for chapter in 1...60 {
            text += "\n## Chapter \(chapter)\n"
            for _ in 0..<18 {
                var paragraph: [String] = []
                for _ in 0..<70 {
                    paragraph.append(words[(index * 7 + index / 17) % words.count])
                    index += 1
                }
                text += "\n" + paragraph.joined(separator: " ").capitalized + ".\n"
            }
        }
        return text
    }

    /// `--paging` on the long document, turned to page 12 and held by a finger starting the
    /// next turn: at most ten dots, the run following the page, and the `12 / N` label above
    /// them, which shows while pages move.
    static func pageControl() throws -> Shot {
        let session = try GlideSession(size: Scenes.size, document: .text(longDocument()), arguments: ["--paging"])
        defer { session.stop() }
        try session.runUntilIdle()
        for _ in 0..<11 {
            try session.type(.pageDown)
            try session.runUntilIdle()
        }
        try session.down(x: 900, y: 400)
        for step in 1...4 { try session.move(x: 900 - 15 * Double(step), y: 400) }
        let shot = try Scenes.shot(session, "7-page-control", "Page control: 10 dots and the page label") {
            $0.page == 11 && $0.pages > 200 && $0.phase == "dragging"
        }
        try session.up()
        let dots = shot.image.pageControlDots().centres.count
        guard dots == 10 else { throw DemoError("7-page-control: \(dots) dots, not 10") }
        return shot
    }

    /// The bundled guide after three Ctrl+plus: the text set larger and re-wrapped to the
    /// window, no line running past it, the zoom folded back to 1.
    static func textZoom() throws -> Shot {
        let session = try GlideSession(size: Scenes.size, document: Scenes.guide)
        defer { session.stop() }
        try session.runUntilIdle()
        for _ in 0..<3 { try session.type(.equal, with: [.leftControl]) }
        try session.runUntilIdle()
        let shot = try Scenes.shot(session, "8-text-zoom", "Text zoom re-wraps the text") { $0.zoom == 1 && $0.phase == "idle" }
        guard shot.image.commonLinePitch() >= 40 else {
            throw DemoError("8-text-zoom: lines \(shot.image.commonLinePitch()) px apart, not the larger text's")
        }
        return shot
    }

    /// The third of five photos opened alone, so its folder is the collection, zoomed by a
    /// double tap: one image magnified, five pages still.
    static func imageZoom() throws -> Shot {
        let directory = try Cards.writeDirectory(count: 5, width: 960, height: 600)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session = try GlideSession(size: Scenes.size, document: .paths([directory + "/card-3.png"]))
        defer { session.stop() }
        try session.runUntilIdle()
        try session.doubleTap(x: 700, y: 380)
        try session.runUntilIdle()
        return try Scenes.shot(session, "9-image-zoom", "A zoomed image in a collection") {
            $0.zoom > 1.5 && $0.page == 2 && $0.pages == 5 && $0.phase == "idle"
        }
    }
}
