import CWaylandClient

/// A group of input devices (`wl_seat`); its capabilities come and go with the hardware.
public final class Seat: ProxyOwner {
    let proxy: OpaquePointer
    let name: UInt32
    /// The keyboard, while the seat has one.
    public private(set) var keyboard: Keyboard?
    /// Called for every key press and repeat; see `Keyboard`.
    public var onKey: ((KeyEvent) -> Void)? {
        didSet { keyboard?.onKey = onKey }
    }

    private static let listener = ListenerTable(wl_seat_listener(
        capabilities: { data, _, capabilities in
            owner(data, as: Seat.self).update(capabilities: capabilities)
        },
        name: { _, _, _ in }))

    init(proxy: OpaquePointer, name: UInt32) {
        self.proxy = proxy
        self.name = name
        wl_seat_add_listener(proxy, Seat.listener.pointer, unretainedPointer)
    }

    deinit {
        keyboard = nil
        if wl_proxy_get_version(proxy) >= 5 {
            wl_seat_release(proxy)
        } else {
            wl_seat_destroy(proxy)
        }
    }

    private func update(capabilities: UInt32) {
        let hasKeyboard = capabilities & UInt32(WL_SEAT_CAPABILITY_KEYBOARD.rawValue) != 0
        if hasKeyboard, keyboard == nil {
            let keyboard = Keyboard(proxy: wl_seat_get_keyboard(proxy))
            keyboard.onKey = onKey
            self.keyboard = keyboard
        } else if !hasKeyboard {
            keyboard = nil
        }
    }
}
