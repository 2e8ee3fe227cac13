import CAccessibility
import CAtk
import DocumentKit

/// A block of the document: a heading, paragraph, list, list item, image, code block, quote,
/// table, row or cell. A text block reads through the text interface and holds its links as
/// children; a container holds its blocks.
final class BlockNode: AccessibleNode {
    let block: AccessibleBlock
    unowned let document: DocumentNode
    private(set) var children: [AccessibleNode] = []
    private let content: AccessibleText?

    init(block: AccessibleBlock, document: DocumentNode, parent: AccessibleNode) {
        self.block = block
        self.document = document
        let hasText = !block.isContainer && block.role != .image && block.role != .separator
        content = hasText ? AccessibleText(block.text) : nil
        // An image is read by its name, the alt text; text blocks are read through their text.
        // A heading's logo is a zero-width space in its text (`AccessibleBlocks`), and its
        // name is its words alone.
        let name: String? = switch block.role {
        case .image: block.text
        case .heading: String(block.text.filter { $0 != "\u{200B}" }.drop(while: \.isWhitespace))
        default: nil
        }
        var interfaces: AccessibleInterfaces = hasText ? [.text, .component] : [.component]
        if block.isExpanded != nil { interfaces.insert(.action) }
        super.init(role: BlockNode.atkRole(of: block.role), interfaces: interfaces, name: name, parent: parent)
        switch block.role {
        case .heading(let level): setAttribute("level", "\(level)")
        case .codeBlock: setAttribute("tag", "pre")
        case .list(let isOrdered): setAttribute("tag", isOrdered ? "ol" : "ul")
        default: break
        }
        children = block.isContainer
            ? block.children.map { BlockNode(block: $0, document: document, parent: self) }
            : block.links.map { LinkNode(link: $0, in: block, document: document, parent: self) }
    }

    static func atkRole(of role: AccessibleBlock.Role) -> AtkRole {
        switch role {
        case .heading: ATK_ROLE_HEADING
        case .paragraph: ATK_ROLE_PARAGRAPH
        case .list: ATK_ROLE_LIST
        case .listItem: ATK_ROLE_LIST_ITEM
        case .image: ATK_ROLE_IMAGE
        // ATK has no role for code; browsers expose <pre> as a section tagged "pre".
        case .codeBlock: ATK_ROLE_SECTION
        case .blockQuote: ATK_ROLE_BLOCK_QUOTE
        case .separator: ATK_ROLE_SEPARATOR
        case .table: ATK_ROLE_TABLE
        case .tableRow: ATK_ROLE_TABLE_ROW
        case .tableCell(let isHeader): isHeader ? ATK_ROLE_TABLE_COLUMN_HEADER : ATK_ROLE_TABLE_CELL
        }
    }

    /// This block and those in it that read as text.
    var textBlocks: [BlockNode] {
        (content == nil ? [] : [self]) + children.compactMap { $0 as? BlockNode }.flatMap(\.textBlocks)
    }

    /// The deepest block at `location` in this one, if any.
    func node(at location: AccessibleBlockLocation) -> BlockNode? {
        for case let child as BlockNode in children {
            if let found = child.node(at: location) { return found }
        }
        return block.location == location ? self : nil
    }

    override var childCount: Int { children.count }
    override func child(at index: Int) -> AccessibleNode? { children.indices.contains(index) ? children[index] : nil }
    override func index(of child: AccessibleNode) -> Int { children.firstIndex { $0 === child } ?? -1 }

    override var extraStates: [AtkStateType] {
        var states = [ATK_STATE_FOCUSABLE]
        if content != nil { states += [ATK_STATE_READ_ONLY, ATK_STATE_SELECTABLE_TEXT, ATK_STATE_MULTI_LINE] }
        if document.focusedBlock === self { states.append(ATK_STATE_FOCUSED) }
        // A summary, as browsers expose `<summary>`: expandable, and expanded while open.
        if let isExpanded = block.isExpanded {
            states.append(ATK_STATE_EXPANDABLE)
            if isExpanded { states.append(ATK_STATE_EXPANDED) }
        }
        return states
    }

    /// A summary's one action toggles its disclosure (`activate`, as GTK names a button's).
    override var actions: [AccessibleAction] {
        guard let isExpanded = block.isExpanded else { return [] }
        let model = document.model, location = block.location
        return [AccessibleAction(name: "activate", description: isExpanded ? "Close the details" : "Open the details") {
            model.toggleDisclosure(at: location)
        }]
    }

    override var text: AccessibleText? { content }
    override var lineStartOffsets: [Int]? { document.model.lineStartOffsets(of: block.location) }
    override var caretOffset: Int { document.caret?.node === self ? document.caret!.offset : -1 }

    override func setCaretOffset(_ offset: Int) -> Bool {
        guard let content, offset >= 0, offset <= content.characterCount else { return false }
        document.placeCaret(in: self, at: offset)
        return true
    }

    /// A cell shares its row's location, but not its text: the selection's offsets count in
    /// the row's.
    override var selection: Range<Int>? {
        if case .tableCell = block.role { return nil }
        return document.model.selection(of: block.text, at: block.location)
    }
    override var frame: AccessibleRect? { document.model.frame(of: block.location) }

    override func frame(ofCharacter offset: Int) -> AccessibleRect? {
        document.model.frame(ofCharacter: offset, in: block.location)
    }

    override func grabFocus() -> Bool {
        document.focus(self)
        return true
    }
}
