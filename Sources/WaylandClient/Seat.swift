import CWaylandClient

/// A group of input devices (`wl_seat`). Its capabilities come and go with the hardware (and,
/// under Sway, with virtual devices), so the device objects are released and re-acquired.
public final class Seat: ProxyOwner {
    let proxy: OpaquePointer
    let name: UInt32
    private unowned let registry: Registry
    /// Receives all of this seat's input.
    public weak var delegate: SeatDelegate?

    public private(set) var keyboard: Keyboard?
    private var touch: Touch?
    private var pointer: Pointer?
    private var pinch: PinchGesture?
    private var hold: HoldGesture?
    private lazy var cursor = Cursor(registry: registry)
    private var dataDevice: DataDevice?
    private var primarySelectionDevice: PrimarySelectionDevice?
    /// Typing from on-screen keyboards and input methods, where the compositor offers it.
    public private(set) var textInput: TextInput?
    /// The serial of the latest key, button or touch-down: a selection may be set only in
    /// answer to input, and the compositor checks this serial.
    private(set) var lastInputSerial: UInt32 = 0

    private static let listener = ListenerTable(wl_seat_listener(
        capabilities: { data, _, capabilities in
            owner(data, as: Seat.self).update(capabilities: capabilities)
        },
        name: { _, _, _ in }))

    init(proxy: OpaquePointer, name: UInt32, registry: Registry) {
        self.proxy = proxy
        self.name = name
        self.registry = registry
        wl_seat_add_listener(proxy, Seat.listener.pointer, unretainedPointer)
    }

    deinit {
        textInput = nil
        primarySelectionDevice = nil
        dataDevice = nil
        releasePointer()
        touch = nil
        keyboard = nil
        if wl_proxy_get_version(proxy) >= 5 {
            wl_seat_release(proxy)
        } else {
            wl_seat_destroy(proxy)
        }
    }

    /// Binds the clipboard, the primary selection and text input where the compositor offers them.
    func attachSelectionAndTextInput() {
        if dataDevice == nil, let manager = registry.dataDeviceManager {
            dataDevice = DataDevice(manager: manager, seat: self)
        }
        if primarySelectionDevice == nil, let manager = registry.primarySelectionManager {
            primarySelectionDevice = PrimarySelectionDevice(manager: manager, seat: self)
        }
        if textInput == nil, let manager = registry.textInputManager {
            textInput = TextInput(manager: manager, seat: self)
        }
    }

    /// Hands files dropped on the window to the delegate (DataDevice+Drop).
    func noteDrop(uriList: String) {
        delegate?.seat(self, didReceiveDrop: uriList)
    }

    /// Notes the serial of an input event (see `lastInputSerial`).
    func noteInputSerial(_ serial: UInt32) {
        lastInputSerial = serial
    }

    /// Offers `text` as the clipboard's content and, with `primary`, as the primary selection
    /// (what a middle click pastes). Returns whether the compositor could be asked (it needs
    /// a data device and input seen from this seat).
    @discardableResult
    public func copy(_ text: SelectionText, toClipboard clipboard: Bool = true, toPrimary primary: Bool = true) -> Bool {
        guard lastInputSerial != 0 else { return false }
        var offered = false
        if clipboard, let dataDevice {
            dataDevice.setSelection(text, serial: lastInputSerial)
            offered = true
        }
        if primary, let primarySelectionDevice {
            primarySelectionDevice.setSelection(text, serial: lastInputSerial)
            offered = true
        }
        return offered
    }

    /// The pointer's image over Glide's window.
    public var cursorShape: CursorShape {
        get { pointer?.cursorShape ?? .arrow }
        set { pointer?.cursorShape = newValue }
    }

    /// The key-repeat timer to poll, while the seat has a keyboard.
    public var keyRepeatFileDescriptor: Int32? { keyboard?.repeater.fileDescriptor }

    private func update(capabilities: UInt32) {
        func has(_ capability: wl_seat_capability) -> Bool { capabilities & capability.rawValue != 0 }
        if has(WL_SEAT_CAPABILITY_KEYBOARD) {
            if keyboard == nil { keyboard = Keyboard(seat: self) }
        } else {
            keyboard = nil
        }
        if has(WL_SEAT_CAPABILITY_TOUCH) {
            if touch == nil { touch = Touch(seat: self) }
        } else if touch != nil {
            touch = nil
            // Points still down when the touchscreen goes away will never lift.
            delegate?.seatDidCancelTouches(self)
        }
        if has(WL_SEAT_CAPABILITY_POINTER) {
            if pointer == nil { acquirePointer() }
        } else {
            releasePointer()
        }
    }

    private func acquirePointer() {
        let pointer = Pointer(seat: self, cursor: cursor)
        self.pointer = pointer
        if let gestures = registry.pointerGestures {
            pinch = PinchGesture(gestures: gestures, pointer: pointer, seat: self)
            if gestures.supportsHold { hold = HoldGesture(gestures: gestures, pointer: pointer, seat: self) }
        }
    }

    private func releasePointer() {
        pinch = nil
        hold = nil
        pointer = nil
    }
}
