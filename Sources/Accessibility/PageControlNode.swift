import CAccessibility
import CAtk

/// The page control of a paged view: a slider whose value is the page shown ("page 3 of 12"),
/// with actions for the next and previous page, as a page control is adjustable on touch
/// platforms.
final class PageControlNode: AccessibleNode {
    unowned let model: any AccessibilityModel
    private var lastPage: Int?

    init(model: any AccessibilityModel, parent: AccessibleNode) {
        self.model = model
        super.init(role: ATK_ROLE_SLIDER, interfaces: [.value, .action, .component], name: "Page", parent: parent)
        lastPage = model.pages?.current
    }

    override var extraStates: [AtkStateType] { [ATK_STATE_HORIZONTAL] }
    override var frame: AccessibleRect? { model.pageControlFrame }

    override var value: AccessibleValue? {
        guard let pages = model.pages else { return nil }
        return AccessibleValue(current: Double(pages.current + 1), minimum: 1, maximum: Double(pages.count),
                               text: PageControlNode.text(page: pages.current, count: pages.count,
                                                          label: model.label(ofPage: pages.current)))
    }

    /// How the value is read: "page 3 of 12" for page index 2, "page xii, 12 of 245" where the
    /// page has a label.
    static func text(page: Int, count: Int, label: String? = nil) -> String {
        label.map { "page \($0), \(page + 1) of \(count)" } ?? "page \(page + 1) of \(count)"
    }

    override func setValue(_ value: Double) -> Bool {
        guard let pages = model.pages, value.isFinite else { return false }
        let page = Int(value.rounded()) - 1
        guard (0..<pages.count).contains(page) else { return false }
        model.showPage(page)
        return true
    }

    override var actions: [AccessibleAction] {
        let model = self.model
        return [
            AccessibleAction(name: "next", description: "Show the next page") {
                guard let pages = model.pages, pages.current + 1 < pages.count else { return false }
                model.showPage(pages.current + 1)
                return true
            },
            AccessibleAction(name: "previous", description: "Show the previous page") {
                guard let pages = model.pages, pages.current > 0 else { return false }
                model.showPage(pages.current - 1)
                return true
            },
        ]
    }

    /// Announces a new page shown.
    func viewDidChange() {
        guard let pages = model.pages, pages.current != lastPage else { return }
        lastPage = pages.current
        glide_accessible_emit_value_changed(accessible, Double(pages.current + 1),
                                            PageControlNode.text(page: pages.current, count: pages.count,
                                                                 label: model.label(ofPage: pages.current)))
    }
}
