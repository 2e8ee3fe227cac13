import CAccessibility
import CAtk
import Glibc

/// Glide on the accessibility bus: the accessible tree (application → window → outline,
/// document with its blocks, page control) handed to ATK, and the ATK bridge that serves it
/// over AT-SPI to screen readers such as Orca.
///
/// The bridge talks D-Bus through GLib's main context, which the app iterates from its own
/// poll loop through `mainContext`; every request is answered there, between frames.
public final class AccessibilityBridge {
    public let mainContext: GLibMainContextPoll
    /// Kept for the nodes, which read it (unowned) until the bridge is gone.
    private let model: any AccessibilityModel
    private let application: ApplicationNode
    private let window: WindowNode
    let document: DocumentNode
    private let outline: OutlineNode?
    private let pageControl: PageControlNode?
    private let pageEntry: PageEntryNode

    /// Connects to the accessibility bus, or returns nil when there is none to reach: no
    /// session bus (`DBUS_SESSION_BUS_ADDRESS`, `$XDG_RUNTIME_DIR/bus`) or accessibility bus
    /// (`AT_SPI_BUS_ADDRESS`), or `NO_AT_BRIDGE=1`, the switch GTK honours too.
    public init?(model: any AccessibilityModel, applicationName: String, toolkitVersion: String,
                 environment: [String: String]) {
        guard AccessibilityBridge.mayReachBus(environment) else { return nil }
        mainContext = GLibMainContextPoll()
        self.model = model
        var callbacks = AccessibleNode.callbacks
        glide_accessible_set_callbacks(&callbacks)
        application = ApplicationNode(name: applicationName)
        window = WindowNode(model: model, parent: application)
        application.window = window
        outline = model.outlineItemCount == 0 ? nil : OutlineNode(model: model, parent: window)
        document = DocumentNode(model: model, parent: window)
        pageControl = model.pages == nil ? nil : PageControlNode(model: model, parent: window)
        pageEntry = PageEntryNode(model: model, parent: window)
        window.setChildren([outline, document, pageControl, pageEntry].compactMap { $0 })
        glide_atk_util_install(application.accessible, "Glide", toolkitVersion)
        guard atk_bridge_adaptor_init(nil, nil) == 0 else { return nil }
        window.announce()
    }

    deinit {
        atk_bridge_adaptor_cleanup()
    }

    static func mayReachBus(_ environment: [String: String]) -> Bool {
        if environment["NO_AT_BRIDGE"] == "1" { return false }
        if environment["AT_SPI_BUS_ADDRESS"] != nil || environment["DBUS_SESSION_BUS_ADDRESS"] != nil { return true }
        guard let runtime = environment["XDG_RUNTIME_DIR"] else { return false }
        var status = stat()
        return stat(runtime + "/bus", &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
    }

    /// Follows the view after a turn of the loop: the blocks near the viewport, the caret,
    /// the page shown, the outline's selection.
    public func viewDidChange() {
        window.viewDidChange()
        document.viewDidChange(isAtRest: model.isAtRest)
        outline?.viewDidChange()
        pageControl?.viewDidChange()
        pageEntry.viewDidChange()
    }
}
