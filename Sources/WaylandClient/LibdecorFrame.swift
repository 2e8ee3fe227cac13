import CLibdecor
import CWaylandClient
import Machinery

/// A window decorated on the client's side by libdecor, for compositors without
/// xdg-decoration (GNOME's mutter, weston). libdecor creates the xdg-shell objects itself and
/// draws the title bar in subsurfaces; input on those surfaces is libdecor's, and Glide's
/// own handlers ignore it because they are not tagged as Glide's.
final class LibdecorFrame: ToplevelRole, ProxyOwner {
    var onConfigure: ((Int32?, Int32?, WindowStates) -> Void)?
    var onClose: (() -> Void)?
    private let context: OpaquePointer
    private var frame: OpaquePointer?
    /// libdecor uses both until `libdecor_unref`, so they outlive this object.
    private let display: Display
    private let surface: Surface
    /// The content size of the last configure, kept for a configure that gives none.
    private var contentWidth: Int32
    private var contentHeight: Int32

    private static let contextInterface = ListenerTable(libdecor_interface(
        error: { _, _, message in
            DebugLog.write("libdecor: \(message.map { String(cString: $0) } ?? "unknown error")")
        },
        reserved0: nil, reserved1: nil, reserved2: nil, reserved3: nil, reserved4: nil,
        reserved5: nil, reserved6: nil, reserved7: nil, reserved8: nil, reserved9: nil))

    private static let frameInterface = ListenerTable(libdecor_frame_interface(
        configure: { frame, configuration, data in
            owner(data, as: LibdecorFrame.self).configure(frame, configuration)
        },
        close: { _, data in owner(data, as: LibdecorFrame.self).onClose?() },
        commit: { _, _ in },
        dismiss_popup: { _, _, _ in },
        reserved0: nil, reserved1: nil, reserved2: nil, reserved3: nil, reserved4: nil,
        reserved5: nil, reserved6: nil, reserved7: nil, reserved8: nil, reserved9: nil))

    init?(display: Display, surface: Surface, title: String, appID: String, width: Int32, height: Int32,
          minimumWidth: Int32, minimumHeight: Int32) {
        guard let context = libdecor_new(display.proxy, LibdecorFrame.contextInterface.pointer) else { return nil }
        self.context = context
        self.display = display
        self.surface = surface
        contentWidth = width
        contentHeight = height
        guard let frame = libdecor_decorate(context, surface.proxy, LibdecorFrame.frameInterface.pointer,
                                            unretainedPointer)
        else { return nil }
        self.frame = frame
        libdecor_frame_set_title(frame, title)
        libdecor_frame_set_app_id(frame, appID)
        libdecor_frame_set_min_content_size(frame, minimumWidth, minimumHeight)
        libdecor_frame_map(frame)
    }

    deinit {
        if let frame { libdecor_frame_unref(frame) }
        libdecor_unref(context)
    }

    func setTitle(_ title: String) {
        guard let frame else { return }
        libdecor_frame_set_title(frame, title)
    }

    func setFullscreen(_ isFullscreen: Bool) {
        guard let frame else { return }
        if isFullscreen {
            libdecor_frame_set_fullscreen(frame, nil)
        } else {
            libdecor_frame_unset_fullscreen(frame)
        }
    }

    func move(seat: Seat, serial: UInt32) {
        guard let frame else { return }
        libdecor_frame_move(frame, seat.proxy, serial)
    }

    private func configure(_ frame: OpaquePointer?, _ configuration: OpaquePointer?) {
        guard let frame, let configuration else { return }
        var width: Int32 = 0
        var height: Int32 = 0
        // No size means the client chooses: keep the current one.
        if !libdecor_configuration_get_content_size(configuration, frame, &width, &height) || width <= 0 || height <= 0 {
            width = contentWidth
            height = contentHeight
        }
        contentWidth = width
        contentHeight = height
        var windowState = LIBDECOR_WINDOW_STATE_NONE
        var states = WindowStates()
        if libdecor_configuration_get_window_state(configuration, &windowState) {
            states.isActivated = windowState.rawValue & LIBDECOR_WINDOW_STATE_ACTIVE.rawValue != 0
            states.isMaximized = windowState.rawValue & LIBDECOR_WINDOW_STATE_MAXIMIZED.rawValue != 0
            states.isFullscreen = windowState.rawValue & LIBDECOR_WINDOW_STATE_FULLSCREEN.rawValue != 0
        }
        let state = libdecor_state_new(width, height)
        libdecor_frame_commit(frame, state, configuration)
        libdecor_state_free(state)
        onConfigure?(width, height, states)
    }
}
