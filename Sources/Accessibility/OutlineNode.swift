import CAccessibility
import CAtk
import DocumentKit

/// The outline above the pages in `--split`: a list whose items are the document's headings;
/// activating one pages the document to it. The item of the page shown is selected.
///
/// Items are made when a client asks for them and kept only near the last ones asked for,
/// so a document with a hundred thousand headings does not build them all.
final class OutlineNode: AccessibleNode {
    unowned let model: any AccessibilityModel
    private var items: [Int: OutlineItemNode] = [:]
    private var selectedItem: Int?
    /// How many items are kept: a few screens of rows either side of what a client reads.
    static let itemCapacity = 256

    init(model: any AccessibilityModel, parent: AccessibleNode) {
        self.model = model
        super.init(role: ATK_ROLE_LIST, interfaces: [.component], name: "Outline", parent: parent)
        selectedItem = model.highlightedOutlineItem
    }

    override var childCount: Int { model.outlineItemCount }

    override func child(at index: Int) -> AccessibleNode? {
        guard (0..<model.outlineItemCount).contains(index) else { return nil }
        if let item = items[index] { return item }
        if items.count >= OutlineNode.itemCapacity {
            for key in items.keys.sorted(by: { abs($0 - index) > abs($1 - index) }).prefix(OutlineNode.itemCapacity / 2) {
                items[key] = nil
            }
        }
        let item = OutlineItemNode(index: index, item: model.outlineItem(index), outline: self)
        items[index] = item
        return item
    }

    override func index(of child: AccessibleNode) -> Int { (child as? OutlineItemNode)?.index ?? -1 }
    override var extraStates: [AtkStateType] { [ATK_STATE_FOCUSABLE] }

    override var frame: AccessibleRect? { model.outlineFrame }

    func isSelected(_ index: Int) -> Bool { selectedItem == index }

    /// Moves the selection with the page shown, announcing it on the items clients know.
    func viewDidChange() {
        let highlighted = model.highlightedOutlineItem
        guard highlighted != selectedItem else { return }
        let previous = selectedItem
        selectedItem = highlighted
        if let previous, let item = items[previous] { item.notifyState(ATK_STATE_SELECTED, false) }
        if let highlighted, let item = items[highlighted] { item.notifyState(ATK_STATE_SELECTED, true) }
    }
}

/// One heading of the outline.
final class OutlineItemNode: AccessibleNode {
    let index: Int
    unowned let outline: OutlineNode
    private let content: AccessibleText

    init(index: Int, item: AccessibleOutlineItem, outline: OutlineNode) {
        self.index = index
        self.outline = outline
        content = AccessibleText(item.text)
        super.init(role: ATK_ROLE_LIST_ITEM, interfaces: [.text, .action, .component], name: item.text, parent: outline)
        setAttribute("level", "\(item.level)")
    }

    override var extraStates: [AtkStateType] {
        [ATK_STATE_FOCUSABLE, ATK_STATE_SELECTABLE] + (outline.isSelected(index) ? [ATK_STATE_SELECTED] : [])
    }

    override var text: AccessibleText? { content }
    override var frame: AccessibleRect? { outline.model.frameOfOutlineItem(index) }

    override var actions: [AccessibleAction] {
        let model = outline.model, index = self.index
        return [AccessibleAction(name: "activate", description: "Show the page of this heading") {
            model.activateOutlineItem(index)
            return true
        }]
    }
}
