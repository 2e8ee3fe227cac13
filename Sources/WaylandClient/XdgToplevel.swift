import CWaylandClient
import CWaylandProtocols

/// A top-level window (`xdg_toplevel`): its suggested size and states, and the close request.
final class XdgToplevel: ProxyOwner {
    let proxy: OpaquePointer
    /// Destroyed after this toplevel, as xdg-shell requires.
    private let xdgSurface: XdgSurface
    /// The size the compositor suggests in logical px; 0 means "the client decides".
    private(set) var suggestedWidth: Int32 = 0
    private(set) var suggestedHeight: Int32 = 0
    /// The states of the latest configure; they apply when the xdg_surface configure ends it.
    private(set) var states = WindowStates()
    var onClose: (() -> Void)?

    private static let listener = ListenerTable(xdg_toplevel_listener(
        configure: { data, _, width, height, states in
            let toplevel = owner(data, as: XdgToplevel.self)
            toplevel.suggestedWidth = width
            toplevel.suggestedHeight = height
            toplevel.states = WindowStates(waylandArray: states)
        },
        close: { data, _ in owner(data, as: XdgToplevel.self).onClose?() },
        configure_bounds: { _, _, _, _ in },
        wm_capabilities: { _, _, _ in }))

    init(xdgSurface: XdgSurface, title: String, appID: String) {
        self.xdgSurface = xdgSurface
        proxy = xdg_surface_get_toplevel(xdgSurface.proxy)
        xdg_toplevel_add_listener(proxy, XdgToplevel.listener.pointer, unretainedPointer)
        xdg_toplevel_set_title(proxy, title)
        xdg_toplevel_set_app_id(proxy, appID)
    }

    deinit {
        xdg_toplevel_destroy(proxy)
    }

    func setMinimumSize(width: Int32, height: Int32) {
        xdg_toplevel_set_min_size(proxy, width, height)
    }

    func move(seat: Seat, serial: UInt32) {
        xdg_toplevel_move(proxy, seat.proxy, serial)
    }

    func setTitle(_ title: String) {
        xdg_toplevel_set_title(proxy, title)
    }

    func setFullscreen(_ isFullscreen: Bool) {
        if isFullscreen {
            xdg_toplevel_set_fullscreen(proxy, nil)
        } else {
            xdg_toplevel_unset_fullscreen(proxy)
        }
    }
}

/// What the compositor says about a window (`xdg_toplevel.state`).
public struct WindowStates: Equatable, Sendable {
    public var isMaximized = false
    public var isFullscreen = false
    /// Whether the window has the focus.
    public var isActivated = false
    /// Whether the user is resizing it interactively.
    public var isResizing = false

    public init() {}

    init(waylandArray array: UnsafeMutablePointer<wl_array>?) {
        guard let array, let data = array.pointee.data else { return }
        let values = UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt32.self),
                                         count: array.pointee.size / MemoryLayout<UInt32>.stride)
        for value in values {
            switch value {
            case XDG_TOPLEVEL_STATE_MAXIMIZED.rawValue: isMaximized = true
            case XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue: isFullscreen = true
            case XDG_TOPLEVEL_STATE_ACTIVATED.rawValue: isActivated = true
            case XDG_TOPLEVEL_STATE_RESIZING.rawValue: isResizing = true
            default: break
            }
        }
    }
}
