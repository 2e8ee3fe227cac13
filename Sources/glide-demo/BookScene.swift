import EPUBFixtures
import Foundation
import GlideDriver

extension Scenes {
    /// A book the demo writes itself (`GeneratedBook`, issue 24): its first chapter's opening,
    /// its heading and first paragraphs, as the book opens.
    static func book() throws -> Shot {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-demo-\(UUID().uuidString).epub").path
        defer { unlink(path) }
        let chapters = ["The Paper Under the Finger", "Momentum", "Edges That Give"].enumerated().map { index, title in
            BookChapter(title: title, paragraphs: (1...8).map { paragraph in
                "Paragraph \(paragraph) of chapter \(index + 1). A page moves the way paper does on a desk: it follows the "
                    + "finger exactly, glides on when flicked and slows as if against a little friction, and where the "
                    + "book ends it gives a little and springs back."
            })
        }
        try GeneratedBook.write(title: "A Book Written by the Demo", chapters: chapters, to: path)
        let session = try GlideSession(size: size, document: .paths([path]))
        defer { session.stop() }
        let opening = try shot(session, "10-book", "A book: its first chapter's opening") { $0.y == 0 && $0.phase == "idle" }
        guard opening.image.commonLinePitch() > 0 else { throw DemoError("10-book: no lines of text on the chapter's opening") }
        return opening
    }
}
