import CAccessibility
import CAtk

/// The window (a frame): the outline in `--split`, the document, and the page control of a
/// paged view.
final class WindowNode: AccessibleNode {
    unowned let model: any AccessibilityModel
    private(set) var children: [AccessibleNode] = []
    /// Whether the window is active, as last announced.
    private(set) var isActive: Bool
    /// The window's title, as last announced.
    private var title: String

    init(model: any AccessibilityModel, parent: ApplicationNode) {
        self.model = model
        isActive = model.isWindowActive
        title = model.windowTitle
        super.init(role: ATK_ROLE_FRAME, interfaces: [.component, .window], name: title, parent: parent)
    }

    func setChildren(_ children: [AccessibleNode]) {
        self.children = children
    }

    override var childCount: Int { children.count }
    override func child(at index: Int) -> AccessibleNode? { children.indices.contains(index) ? children[index] : nil }
    override func index(of child: AccessibleNode) -> Int { children.firstIndex { $0 === child } ?? -1 }
    override var extraStates: [AtkStateType] { isActive ? [ATK_STATE_ACTIVE, ATK_STATE_RESIZABLE] : [ATK_STATE_RESIZABLE] }

    override var frame: AccessibleRect? {
        let size = model.windowSize
        return AccessibleRect(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// Announces the window to clients that are already listening (the registry, Orca).
    func announce() {
        glide_accessible_emit_window_event(accessible, "create")
        if isActive { glide_accessible_emit_window_event(accessible, "activate") }
    }

    /// Announces a new title (another document shown) and the window becoming active or
    /// inactive, as the compositor says.
    func viewDidChange() {
        if model.windowTitle != title {
            title = model.windowTitle
            // ATK tells clients the name changed.
            atk_object_set_name(accessible, title)
        }
        guard model.isWindowActive != isActive else { return }
        isActive.toggle()
        notifyState(ATK_STATE_ACTIVE, isActive)
        glide_accessible_emit_window_event(accessible, isActive ? "activate" : "deactivate")
    }
}
