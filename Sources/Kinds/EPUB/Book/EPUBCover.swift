import ArchiveKit
import Localization
import TextKind

/// The cover opens the book: its image (`properties="cover-image"`, or EPUB 2's
/// `<meta name="cover">`) is shown first, as large as a page, then a chapter break and the
/// first chapter; unless that chapter shows the same image itself (pandoc and most tools
/// write the cover into a `cover.xhtml` first in the spine), which is not shown twice.
enum EPUBCover {
    /// The cover's entry, when the book names one that is an image it holds.
    static func entryName(in package: EPUBPackage, archive: ZipArchive) -> String? {
        guard let cover = package.cover, cover.mediaType.hasPrefix("image/"), archive.contains(cover.entryName) else {
            return nil
        }
        return cover.entryName
    }

    /// The first chapter's `blocks`, after the cover image at `entryName` and a chapter break,
    /// or as they are when one of them shows that image already.
    static func blocks(showing entryName: String, before blocks: [Block]) -> [Block] {
        let showsCover = blocks.contains { block in
            if case .image(let source, _) = block.kind, source == entryName { return true }
            return block.styles.contains { style in
                if case .inlineImage(let source) = style.kind { return source == entryName }
                return false
            }
        }
        guard !showsCover else { return blocks }
        var cover = Block(kind: .image(source: entryName), text: localized("Cover"), alignment: .center,
                          imageSize: .fullWidth)
        cover.style.fitsViewport = true
        return [cover, Block(kind: .chapterBreak, text: "")] + blocks
    }
}
