import CAccessibility
import CAtk

/// The root `atk_get_root` answers: the application, whose one child is the window. Its name
/// is how screen readers and the registry know the app.
final class ApplicationNode: AccessibleNode {
    var window: WindowNode?

    init(name: String) {
        super.init(role: ATK_ROLE_APPLICATION, interfaces: [], name: name, parent: nil)
    }

    override var childCount: Int { window == nil ? 0 : 1 }
    override func child(at index: Int) -> AccessibleNode? { index == 0 ? window : nil }
    override func index(of child: AccessibleNode) -> Int { child === window ? 0 : -1 }
}
