import DocumentKit

/// The links of content laid out in pages side by side, as cairo's PDF link tags by page:
/// each linked run of words, a rectangle a line, leads to a web or mail address, or to the
/// place in the document an anchor marks. Links to other files are left out: the PDF carries
/// only this document.
struct PDFLinks {
    private var tagsByPage: [Int: [String]] = [:]
    /// The named destinations internal links lead to, by page: cairo writes a link to a page
    /// by number only when that page already exists, and a name whatever its page.
    private var destinationsByPage: [Int: [String]] = [:]
    private var destinationNames: [String: String] = [:]
    private let pageWidth: Double

    init(of layout: any DocumentContent, pageWidth: Double) {
        self.pageWidth = pageWidth
        guard let content = layout.accessibleContent else { return }
        for section in 0..<content.sectionCount {
            for block in content.blocks(inSection: section) { add(block, of: content) }
        }
    }

    /// The link tags' attributes for page `page` (from 0).
    func onPage(_ page: Int) -> [String] { tagsByPage[page] ?? [] }

    /// The destination tags' attributes for page `page` (from 0).
    func destinations(onPage page: Int) -> [String] { destinationsByPage[page] ?? [] }

    private mutating func add(_ block: AccessibleBlock, of content: any AccessibleContent) {
        for link in block.links {
            guard let destination = destination(of: link.target, from: block.location, in: content) else { continue }
            for (page, rect) in lineRects(of: link.characterRange, in: block.location, of: content) {
                let area = "rect=[\(rect.x) \(rect.y) \(rect.width) \(rect.height)]"
                tagsByPage[page, default: []].append(area + " " + destination)
            }
        }
        for child in block.children { add(child, of: content) }
    }

    /// cairo's attributes for where `target` leads: `uri='…'`, or `dest='…'` for a place it
    /// names among the destinations.
    private mutating func destination(of target: String, from location: AccessibleBlockLocation,
                                      in content: any AccessibleContent) -> String? {
        if target.hasPrefix("#") {
            guard let block = content.destination(ofAnchor: String(target.dropFirst()), near: location),
                  let frame = content.frame(of: block) else { return nil }
            let page = Int((frame.x / pageWidth).rounded(.down))
            let place = "x=\(frame.x - Double(page) * pageWidth) y=\(frame.y)"
            if let name = destinationNames["\(page) \(place)"] { return "dest='\(name)'" }
            let name = "glide-\(destinationNames.count + 1)"
            destinationNames["\(page) \(place)"] = name
            destinationsByPage[page, default: []].append("name='\(name)' " + place)
            return "dest='\(name)'"
        }
        let lowercased = target.lowercased()
        guard ["https://", "http://", "mailto:"].contains(where: lowercased.hasPrefix) else { return nil }
        // cairo's attribute strings are quoted with ', which a backslash escapes.
        var quoted = ""
        for character in target {
            if character == "\\" || character == "'" { quoted.append("\\") }
            quoted.append(character)
        }
        return "uri='\(quoted)'"
    }

    /// The rectangles the characters in `range` cover, one per line, with their page and in
    /// that page's coordinates.
    private func lineRects(of range: Range<Int>, in location: AccessibleBlockLocation,
                           of content: any AccessibleContent) -> [(page: Int, rect: ContentRect)] {
        var lines: [(page: Int, rect: ContentRect)] = []
        for offset in range {
            guard let frame = content.frame(ofCharacter: offset, in: location), frame.width > 0 || frame.height > 0 else { continue }
            let page = Int(((frame.x + frame.width / 2) / pageWidth).rounded(.down))
            let onPage = ContentRect(x: frame.x - Double(page) * pageWidth, y: frame.y, width: frame.width, height: frame.height)
            // A character beside the last one on the same line widens that line's rectangle.
            if let last = lines.last, last.page == page, (last.rect.y - onPage.y).magnitude < 1 {
                let minX = min(last.rect.x, onPage.x), maxX = max(last.rect.x + last.rect.width, onPage.x + onPage.width)
                let maxY = max(last.rect.y + last.rect.height, onPage.y + onPage.height)
                lines[lines.count - 1].rect = ContentRect(x: minX, y: last.rect.y, width: maxX - minX, height: maxY - last.rect.y)
            } else {
                lines.append((page, onPage))
            }
        }
        return lines
    }
}
