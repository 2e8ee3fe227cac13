import CAccessibility
import CAtk
import DocumentKit

/// The document: its blocks near the viewport as children, the caret, and the pages of a
/// paged view.
///
/// Only the sections around the one at the viewport's top are materialised (a section is
/// about 8 KB of text, three screens), so a 100 MB document has a few hundred accessibles at
/// most; as the reader moves, sections come and go with children-changed events. Nothing is
/// built until a client first asks for the document's children.
final class DocumentNode: AccessibleNode {
    unowned let model: any AccessibilityModel
    /// How many sections either side of those on screen are children: one keeps the blocks
    /// just above and below the screen readable without building more.
    static let sectionsAroundViewport = 1

    /// The most sections on screen that are children: a window of short sections (a book's
    /// chapters of a few lines each, zoomed out) shows at most about this many, and the tree
    /// stays small however many there are.
    static let maximumVisibleSections = 8

    /// The materialised sections in order, with their blocks' nodes.
    private var sections: [(index: Int, nodes: [BlockNode])] = []
    private var children: [BlockNode] = []
    private var hasBeenAsked = false
    /// Where the accessible caret is: a text block and a character offset in it.
    private(set) var caret: (node: BlockNode, offset: Int)?
    private(set) weak var focusedBlock: BlockNode?
    /// The first visible block the caret last followed to, once the view was at rest.
    private var lastFollowedBlock: AccessibleBlockLocation?
    /// Set while the view scrolls where a client put the caret, so the caret stays there.
    private var isFollowingSuspended = false
    /// Where a followed link leads: the caret goes there once the view arrives.
    private var destination: AccessibleBlockLocation?
    private var lastPage: Int?
    /// Materialised sections whose blocks were still being read when they were built; they
    /// are built again once the model has them.
    private var pendingSections: Set<Int> = []
    /// The model's `blocksRevision` the children were built at.
    private var builtBlocksRevision = 0
    /// The document the children were built from (`AccessibilityModel.shownDocument`).
    private var shownDocument: ObjectIdentifier
    /// The reader's selection as last told to clients.
    private var selectionExtent: AccessibleSelectionExtent?

    init(model: any AccessibilityModel, parent: AccessibleNode) {
        self.model = model
        shownDocument = model.shownDocument
        super.init(role: ATK_ROLE_DOCUMENT_TEXT, interfaces: [.component, .document, .action], name: model.documentTitle,
                   parent: parent)
        lastPage = model.pages?.current
    }

    override var childCount: Int {
        materialise()
        return children.count
    }

    override func child(at index: Int) -> AccessibleNode? {
        materialise()
        return children.indices.contains(index) ? children[index] : nil
    }

    override func index(of child: AccessibleNode) -> Int { children.firstIndex { $0 === child } ?? -1 }
    /// The document has the keyboard while its window is active.
    override var extraStates: [AtkStateType] {
        model.isWindowActive ? [ATK_STATE_FOCUSABLE, ATK_STATE_FOCUSED] : [ATK_STATE_FOCUSABLE]
    }
    override var frame: AccessibleRect? { model.documentFrame }

    /// Night pages, as Ctrl+I turns them on and off; the description says which they are now.
    override var actions: [AccessibleAction] {
        let model = self.model
        let description = model.showsNightPages ? "Night pages are on: turn them off (Ctrl+I)"
            : "Night pages are off: turn them on, light on dark with the colours kept (Ctrl+I)"
        return [AccessibleAction(name: "night-pages", description: description) {
            model.toggleNightPages()
            return true
        }]
    }
    override var pages: (current: Int, count: Int)? { model.pages.map { ($0.current + 1, $0.count) } }

    /// How many blocks are materialised now, nested ones included (for tests of laziness).
    var materialisedBlockCount: Int {
        func count(_ node: BlockNode) -> Int {
            1 + node.children.reduce(0) { $0 + (($1 as? BlockNode).map(count) ?? 0) }
        }
        return children.reduce(0) { $0 + count($1) }
    }

    /// The sections that should be children now.
    private var wantedSections: [Int] {
        let count = model.sectionCount
        guard count > 0 else { return [] }
        let top = min(max(model.firstVisibleBlock.section, 0), count - 1)
        let bottom = min(max(model.lastVisibleSection, top), top + DocumentNode.maximumVisibleSections - 1, count - 1)
        return Array(max(0, top - DocumentNode.sectionsAroundViewport)...min(count - 1, bottom + DocumentNode.sectionsAroundViewport))
    }

    private func materialise() {
        guard !hasBeenAsked else { return }
        hasBeenAsked = true
        updateSections(announcing: false)
    }

    /// Brings the children in line with the viewport, telling clients what left and came.
    private func updateSections(announcing: Bool) {
        let wanted = wantedSections
        var arrived = pendingSections.filter { wanted.contains($0) && !model.isPending(section: $0) }
        if model.blocksRevision != builtBlocksRevision {
            // A disclosure opened or closed: every section built may read otherwise.
            builtBlocksRevision = model.blocksRevision
            arrived.formUnion(sections.map(\.index).filter(wanted.contains))
        }
        guard sections.map(\.index) != wanted || !arrived.isEmpty else { return }
        let kept = Dictionary(uniqueKeysWithValues: sections.filter { wanted.contains($0.index) && !arrived.contains($0.index) }
            .map { ($0.index, $0.nodes) })
        let leaving = sections.filter { kept[$0.index] == nil }.flatMap(\.nodes)
        if announcing {
            for node in leaving.reversed() {
                glide_accessible_emit_children_changed(accessible, Int32(index(of: node)), node.accessible, 0)
            }
        }
        if let caret, leaving.contains(where: { $0 === caret.node || $0.node(at: caret.node.block.location) != nil }) {
            self.caret = nil
        }
        sections = wanted.map { section in
            if let nodes = kept[section] { return (section, nodes) }
            let nodes = model.blocks(inSection: section).map { BlockNode(block: $0, document: self, parent: self) }
            if model.isPending(section: section) { pendingSections.insert(section) } else { pendingSections.remove(section) }
            return (section, nodes)
        }
        pendingSections.formIntersection(wanted)
        let previous = Set(children.map(ObjectIdentifier.init))
        children = sections.flatMap(\.nodes)
        if announcing {
            for (index, node) in children.enumerated() where !previous.contains(ObjectIdentifier(node)) {
                glide_accessible_emit_children_changed(accessible, Int32(index), node.accessible, 1)
            }
        }
    }

    /// The text block at `location`, if it is materialised.
    func node(at location: AccessibleBlockLocation) -> BlockNode? {
        for child in children {
            if let found = child.node(at: location) { return found }
        }
        return nil
    }

    /// Follows the view, once per turn of the loop: the children around the viewport, the
    /// caret at the first visible block once the view comes to rest after the user scrolled,
    /// and the page shown.
    func viewDidChange(isAtRest: Bool) {
        if model.shownDocument != shownDocument { replaceDocument() }
        if hasBeenAsked { announceSelection() }
        if let page = model.pages?.current, page != lastPage {
            lastPage = page
            glide_accessible_emit_page_changed(accessible, Int32(page + 1))
        }
        guard hasBeenAsked, isAtRest else { return }
        updateSections(announcing: true)
        let first = model.firstVisibleBlock
        guard first != lastFollowedBlock else { return }
        lastFollowedBlock = first
        if let destination {
            self.destination = nil
            isFollowingSuspended = false
            if let node = node(at: destination) { focus(node) }
        } else if isFollowingSuspended {
            isFollowingSuspended = false
        } else if let node = node(at: first), node.text != nil {
            moveCaret(to: node, offset: 0)
        }
    }

    /// Tells clients (Orca says what was selected) that the selection changed in the text
    /// blocks it left or reached.
    private func announceSelection() {
        let extent = model.selectionExtent
        guard extent != selectionExtent else { return }
        let changed = [selectionExtent, extent].compactMap { $0 }
        selectionExtent = extent
        for node in children.flatMap(\.textBlocks) where changed.contains(where: { $0.meets(node.block.location) }) {
            glide_accessible_emit_text_selection_changed(node.accessible)
        }
    }

    /// Another document is shown (a link opened it): every child goes, the name follows, and
    /// the new document's blocks come, all told to clients; the caret goes to its first
    /// visible block once the view rests.
    private func replaceDocument() {
        shownDocument = model.shownDocument
        atk_object_set_name(accessible, model.documentTitle)
        if hasBeenAsked {
            for (index, node) in children.enumerated().reversed() {
                glide_accessible_emit_children_changed(accessible, Int32(index), node.accessible, 0)
            }
        }
        sections = []
        children = []
        pendingSections = []
        caret = nil
        focusedBlock = nil
        lastFollowedBlock = nil
        destination = nil
        isFollowingSuspended = false
        lastPage = model.pages?.current
        if hasBeenAsked { updateSections(announcing: true) }
    }

    /// Scrolls to `location` (a link's destination); once there, it has focus and the caret.
    func go(to location: AccessibleBlockLocation) {
        destination = location
        model.recordJump()
        scroll(to: location)
    }

    private func moveCaret(to node: BlockNode, offset: Int) {
        caret = (node, offset)
        glide_accessible_emit_caret_moved(node.accessible, Int32(offset))
    }

    /// A client put the caret in `node`: the view scrolls there if it is off screen, and the
    /// caret stays there while it does.
    func placeCaret(in node: BlockNode, at offset: Int) {
        moveCaret(to: node, offset: offset)
        reveal(node)
    }

    /// A client moved focus to `node` (a screen reader's next heading, say).
    func focus(_ node: BlockNode) {
        if let previous = focusedBlock, previous !== node { previous.notifyState(ATK_STATE_FOCUSED, false) }
        focusedBlock = node
        node.notifyState(ATK_STATE_FOCUSED, true)
        glide_accessible_notify_focus(node.accessible)
        if node.text != nil { moveCaret(to: node, offset: 0) }
        reveal(node)
    }

    private func reveal(_ node: BlockNode) {
        let size = model.windowSize
        if let frame = node.frame, frame.y >= 0, frame.y + min(frame.height, size.height / 2) <= size.height { return }
        scroll(to: node.block.location)
    }

    private func scroll(to location: AccessibleBlockLocation) {
        isFollowingSuspended = true
        // The next rest, wherever the scroll ends, counts as reached.
        lastFollowedBlock = nil
        model.scroll(to: location)
    }
}
