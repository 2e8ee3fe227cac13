import CWaylandClient
import CWaylandCursor
import Glibc

/// The pointer images Glide uses, by their cursor-theme names (the CSS cursor names, with
/// the X11 names older themes use as fallbacks).
public enum CursorShape: Equatable, Sendable {
    case arrow
    /// Over a link: a pointing hand.
    case hand
    /// Over selectable text: an I-beam.
    case text

    var themeNames: [String] {
        switch self {
        case .arrow: return ["default", "left_ptr"]
        case .hand: return ["pointer", "hand2", "hand1"]
        case .text: return ["text", "xterm"]
        }
    }
}

/// The pointer image shown over Glide's window, from the user's cursor theme
/// (`XCURSOR_THEME`, `XCURSOR_SIZE`; 24 px when unset, as libwayland-cursor and foot default).
final class Cursor {
    private let shm: Shm
    private let surface: Surface
    private unowned let registry: Registry
    private var theme: OpaquePointer?
    private var themeScale: Int32 = 0

    init(registry: Registry) {
        self.registry = registry
        shm = registry.shm!
        surface = Surface(compositor: registry.compositor!)
    }

    deinit {
        if let theme { wl_cursor_theme_destroy(theme) }
    }

    /// Sets `shape` as `pointer`'s image; `serial` is the enter event's.
    func show(_ shape: CursorShape = .arrow, on pointer: OpaquePointer, serial: UInt32) {
        let scale = registry.outputs.map(\.scale).max() ?? 1
        guard let image = image(of: shape, scale: scale), let buffer = wl_cursor_image_get_buffer(image) else { return }
        wl_surface_set_buffer_scale(surface.proxy, scale)
        wl_surface_attach(surface.proxy, buffer, 0, 0)
        wl_surface_damage_buffer(surface.proxy, 0, 0, Int32.max, Int32.max)
        surface.commit()
        // The hotspot is in surface coordinates, i.e. logical px.
        wl_pointer_set_cursor(pointer, serial, surface.proxy,
                              Int32(image.pointee.hotspot_x) / scale, Int32(image.pointee.hotspot_y) / scale)
    }

    private func image(of shape: CursorShape, scale: Int32) -> UnsafeMutablePointer<wl_cursor_image>? {
        if theme == nil || themeScale != scale {
            if let theme { wl_cursor_theme_destroy(theme) }
            let size = getenv("XCURSOR_SIZE").flatMap { Int32(String(cString: $0)) } ?? 24
            theme = wl_cursor_theme_load(getenv("XCURSOR_THEME"), size * scale, shm.proxy)
            themeScale = scale
        }
        guard let theme else { return nil }
        let names = shape.themeNames + CursorShape.arrow.themeNames
        guard let cursor = names.lazy.compactMap({ wl_cursor_theme_get_cursor(theme, $0) }).first,
              cursor.pointee.image_count > 0
        else { return nil }
        return cursor.pointee.images[0]
    }
}
