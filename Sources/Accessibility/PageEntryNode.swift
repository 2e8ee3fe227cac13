import CAccessibility
import CAtk

/// The go-to-page entry, as a screen reader reaches it: an entry named "Go to page" whose
/// text is what was typed and whose description is what the entry says (the page count, or
/// why the text leads to no page). It shows and takes the focus while the entry is open
/// (Ctrl+L, or a tap on the page label); its `open` action opens it, `activate` goes to the
/// page typed, as Enter does.
final class PageEntryNode: AccessibleNode {
    unowned let model: any AccessibilityModel
    /// The entry as last announced: nil while closed.
    private var shown: (text: String, status: String)?
    private var keptText: AccessibleText?

    init(model: any AccessibilityModel, parent: AccessibleNode) {
        self.model = model
        super.init(role: ATK_ROLE_ENTRY, interfaces: [.text, .action, .component], name: "Go to page", parent: parent)
    }

    override var extraStates: [AtkStateType] {
        model.pageEntry == nil ? [ATK_STATE_EDITABLE, ATK_STATE_SINGLE_LINE, ATK_STATE_FOCUSABLE]
            : [ATK_STATE_EDITABLE, ATK_STATE_SINGLE_LINE, ATK_STATE_FOCUSABLE, ATK_STATE_FOCUSED]
    }

    /// Drawn where the find field is, while open.
    override var frame: AccessibleRect? { model.pageEntry == nil ? nil : model.findFieldFrame }

    override var text: AccessibleText? {
        let typed = model.pageEntry?.text ?? ""
        if keptText?.string != typed { keptText = AccessibleText(typed) }
        return keptText
    }

    override var caretOffset: Int { (model.pageEntry?.text ?? "").unicodeScalars.count }

    override var actions: [AccessibleAction] {
        let model = self.model
        return [
            AccessibleAction(name: "open", description: "Open the go-to-page entry") { model.openPageEntry() },
            AccessibleAction(name: "activate", description: "Go to the page typed") { model.commitPageEntry() },
        ]
    }

    /// Announces the entry opening (it takes the focus), closing, and what it says.
    func viewDidChange() {
        let entry = model.pageEntry
        guard entry?.text != shown?.text || entry?.status != shown?.status else { return }
        let wasOpen = shown != nil
        shown = entry
        if let entry {
            atk_object_set_description(accessible, entry.status)
            if !wasOpen {
                notifyState(ATK_STATE_SHOWING, true)
                notifyState(ATK_STATE_FOCUSED, true)
                glide_accessible_notify_focus(accessible)
            }
        } else if wasOpen {
            notifyState(ATK_STATE_FOCUSED, false)
            notifyState(ATK_STATE_SHOWING, false)
        }
    }
}
