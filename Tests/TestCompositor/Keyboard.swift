import CWaylandServer
import CWaylandServerProtocols

/// The seat's keyboard (`wl_keyboard`): a real US keymap, key presses with the modifiers
/// they cause, and key repeat settings. Keys go to the client of the focused surface.
public final class Keyboard: ResourceOwner {
    /// The surface with keyboard focus, set by `sendEnter`.
    public private(set) weak var focus: Surface?
    /// The keys held down, oldest first.
    public private(set) var pressedKeys: [KeyCode] = []
    /// Key repeat as `repeat_info` announces it to keyboards made from now on: keys per
    /// second (0 turns repeat off) and the delay before the first repeat in ms.
    public var repeatRate: Int32 = 25
    public var repeatDelayMilliseconds: Int32 = 600

    private let keymap: Keymap
    private var resources = DeviceResources(interfaceName: "wl_keyboard")
    private let serials: SerialSource
    private let problems: ProblemLog

    private static let handlers = RequestHandlers(wl_keyboard_interface(release: destroyResource))

    init(serials: SerialSource, problems: ProblemLog) throws(TestCompositorError) {
        keymap = try Keymap()
        self.serials = serials
        self.problems = problems
    }

    /// Makes a keyboard for a client: the keymap and repeat settings first, then, if one of
    /// its surfaces has the focus, `enter` (a keyboard that comes back after the capability
    /// was removed finds the focus where it was).
    func addResource(client: OpaquePointer?, version: UInt32, id: UInt32) {
        guard let resource = resources.make(for: self, client: client, interface: glide_server_wl_keyboard_interface(),
                                            version: version, id: id, implementation: Keyboard.handlers.implementation)
        else { return }
        wl_keyboard_send_keymap(resource, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, keymap.fileDescriptor, keymap.size)
        if version >= 4 { wl_keyboard_send_repeat_info(resource, repeatRate, repeatDelayMilliseconds) }
        if let focus, focus.isAlive, focus.client == client { sendEnter(focus, to: [resource]) }
    }

    /// Gives `surface` the keyboard focus, leaving the old one.
    public func sendEnter(_ surface: Surface) {
        if let focus, focus.isAlive { sendLeave() }
        focus = surface
        sendEnter(surface, to: resources.targets(of: "enter", surface: surface, problems: problems))
    }

    /// Takes the keyboard focus away; the client must then assume every key is up.
    public func sendLeave() {
        let serial = serials.next()
        for resource in resources.targets(of: "leave", surface: focus, problems: problems) {
            wl_keyboard_send_leave(resource, serial, focus?.resource)
        }
        focus = nil
    }

    /// Presses or releases `key`; when that changes the modifiers (Shift, Control…), the
    /// new masks follow in a `modifiers` event, as from a real compositor.
    public func sendKey(_ key: KeyCode, isPressed: Bool, time: UInt32) {
        if isPressed {
            pressedKeys.append(key)
        } else {
            pressedKeys.removeAll { $0 == key }
        }
        let modifiersChanged = keymap.update(key, isPressed: isPressed)
        let targets = resources.targets(of: "key", surface: focus, problems: problems)
        let state = isPressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED
        let serial = serials.next()
        for resource in targets { wl_keyboard_send_key(resource, serial, time, key.rawValue, state.rawValue) }
        if modifiersChanged { sendModifiers(to: targets) }
    }

    /// Presses and releases `key` at `time`.
    public func typeKey(_ key: KeyCode, time: UInt32) {
        sendKey(key, isPressed: true, time: time)
        sendKey(key, isPressed: false, time: time)
    }

    /// `enter` with the keys held down, then the modifiers, as the protocol requires.
    private func sendEnter(_ surface: Surface, to targets: [OpaquePointer]) {
        let serial = serials.next()
        withWaylandArray(pressedKeys.map(\.rawValue)) { keys in
            for resource in targets { wl_keyboard_send_enter(resource, serial, surface.resource, keys) }
        }
        sendModifiers(to: targets)
    }

    private func sendModifiers(to targets: [OpaquePointer]) {
        let masks = keymap.modifiers
        let serial = serials.next()
        for resource in targets {
            wl_keyboard_send_modifiers(resource, serial, masks.depressed, masks.latched, masks.locked, masks.group)
        }
    }

    /// How many `wl_keyboard` objects clients hold (a client releases its own when the capability goes).
    public var resourceCount: Int { resources.all.count }

    func resourceDestroyed(_ resource: OpaquePointer) {
        resources.remove(resource)
    }
}
