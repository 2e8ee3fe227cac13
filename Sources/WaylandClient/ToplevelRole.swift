/// What makes a surface a desktop window, whoever draws its decorations: xdg-shell directly
/// with server-side decorations, or libdecor drawing them on the client's side.
protocol ToplevelRole: AnyObject {
    /// Called when the compositor configures the window; the size is in logical px, nil when
    /// the client chooses. The role has acknowledged the configure; the next commit applies it.
    var onConfigure: ((_ width: Int32?, _ height: Int32?, _ states: WindowStates) -> Void)? { get set }
    /// Called when the user asks to close the window.
    var onClose: (() -> Void)? { get set }
    func setFullscreen(_ isFullscreen: Bool)
    /// Names the window (the compositor shows it in task lists and title bars).
    func setTitle(_ title: String)
    /// Starts an interactive move, as a press on a title bar does; `serial` is the press's.
    func move(seat: Seat, serial: UInt32)
}

/// The xdg-shell role with server-side decorations (`zxdg_toplevel_decoration_v1`), as Sway
/// and KDE offer.
final class XdgToplevelRole: ToplevelRole {
    var onConfigure: ((Int32?, Int32?, WindowStates) -> Void)?
    var onClose: (() -> Void)? {
        get { toplevel.onClose }
        set { toplevel.onClose = newValue }
    }
    private let xdgSurface: XdgSurface
    private let toplevel: XdgToplevel
    private let decoration: ToplevelDecoration?

    init(registry: Registry, surface: Surface, title: String, appID: String, minimumWidth: Int32, minimumHeight: Int32) {
        xdgSurface = XdgSurface(windowManager: registry.windowManager!, surface: surface)
        let toplevel = XdgToplevel(xdgSurface: xdgSurface, title: title, appID: appID)
        self.toplevel = toplevel
        decoration = registry.decorationManager.map { ToplevelDecoration(manager: $0, toplevel: toplevel) }
        toplevel.setMinimumSize(width: minimumWidth, height: minimumHeight)
        xdgSurface.onConfigure = { [unowned self] serial in
            xdgSurface.acknowledgeConfigure(serial: serial)
            onConfigure?(toplevel.suggestedWidth > 0 ? toplevel.suggestedWidth : nil,
                         toplevel.suggestedHeight > 0 ? toplevel.suggestedHeight : nil, toplevel.states)
        }
    }

    func setFullscreen(_ isFullscreen: Bool) {
        toplevel.setFullscreen(isFullscreen)
    }

    func setTitle(_ title: String) {
        toplevel.setTitle(title)
    }

    func move(seat: Seat, serial: UInt32) {
        toplevel.move(seat: seat, serial: serial)
    }
}
