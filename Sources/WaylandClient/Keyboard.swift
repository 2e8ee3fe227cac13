import CWaylandClient
import CXkbCommon
import Glibc

/// The keyboard (`wl_keyboard`) with its xkb keymap and state.
public final class Keyboard: ProxyOwner {
    let proxy: OpaquePointer
    unowned let seat: Seat
    /// Client-side repeat; its timer is polled by the app's loop.
    let repeater = KeyRepeater()
    /// The modifiers held now, for pointer input (Ctrl+wheel, Shift+wheel).
    public private(set) var heldModifiers: KeyModifiers = []
    private let context: OpaquePointer
    private var keymap: OpaquePointer?
    private var state: OpaquePointer?

    private static let listener = ListenerTable(wl_keyboard_listener(
        keymap: { data, _, format, fd, size in
            owner(data, as: Keyboard.self).loadKeymap(format: format, fd: fd, size: Int(size))
        },
        enter: { _, _, _, _, _ in },
        leave: { data, _, _, _ in
            // On leave the client must assume every key, modifiers included, is released.
            let keyboard = owner(data, as: Keyboard.self)
            keyboard.repeater.stop()
            keyboard.heldModifiers = []
            if let keymap = keyboard.keymap {
                xkb_state_unref(keyboard.state)
                keyboard.state = xkb_state_new(keymap)
            }
        },
        key: { data, _, serial, time, key, state in
            let keyboard = owner(data, as: Keyboard.self)
            keyboard.seat.noteInputSerial(serial)
            if state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue {
                keyboard.press(key: key, timeMilliseconds: time)
            } else {
                keyboard.repeater.stop(key: key)
            }
        },
        modifiers: { data, _, _, depressed, latched, locked, group in
            let keyboard = owner(data, as: Keyboard.self)
            guard let state = keyboard.state else { return }
            xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
            keyboard.heldModifiers = keyboard.activeModifiers(consumedBy: nil)
        },
        repeat_info: { data, _, rate, delay in
            owner(data, as: Keyboard.self).repeater.configure(ratePerSecond: rate, delayMilliseconds: delay)
        }))

    init(seat: Seat) {
        self.seat = seat
        proxy = wl_seat_get_keyboard(seat.proxy)
        context = xkb_context_new(XKB_CONTEXT_NO_FLAGS)
        wl_keyboard_add_listener(proxy, Keyboard.listener.pointer, unretainedPointer)
    }

    deinit {
        if wl_proxy_get_version(proxy) >= 3 {
            wl_keyboard_release(proxy)
        } else {
            wl_keyboard_destroy(proxy)
        }
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    private func loadKeymap(format: UInt32, fd: Int32, size: Int) {
        defer { close(fd) }
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue else { return }
        // From wl_keyboard version 7 the fd must be mapped MAP_PRIVATE.
        guard let text = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), text != MAP_FAILED else { return }
        defer { munmap(text, size) }
        guard let newKeymap = xkb_keymap_new_from_string(
            context, text.assumingMemoryBound(to: CChar.self), XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS)
        else { return }
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        keymap = newKeymap
        state = xkb_state_new(newKeymap)
    }

    private func press(key: UInt32, timeMilliseconds: UInt32) {
        guard let state else { return }
        // wl_keyboard sends evdev codes; xkb codes are offset by 8.
        let code = key + 8
        let keysym = xkb_state_key_get_one_sym(state, code)
        var buffer = [CChar](repeating: 0, count: 64)
        xkb_keysym_get_name(keysym, &buffer, buffer.count)
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let modifiers = activeModifiers(consumedBy: code)
        var event = KeyEvent(keysym: keysym, name: name, modifiers: modifiers, timeMilliseconds: timeMilliseconds)
        event.text = typedText(code: code)
        if xkb_keymap_key_repeats(keymap, code) == 1 {
            repeater.start(key: key, event: event)
        } else {
            repeater.stop()
        }
        seat.delegate?.seat(seat, didPressKey: event)
    }

    /// What the key types in the current state (the empty string for keys that type nothing,
    /// such as arrows or Escape); xkbcommon applies the layout, Shift and dead keys' results.
    private func typedText(code: UInt32) -> String {
        guard let state else { return "" }
        let length = Int(xkb_state_key_get_utf8(state, code, nil, 0))
        guard length > 0 else { return "" }
        var buffer = [CChar](repeating: 0, count: length + 1)
        xkb_state_key_get_utf8(state, code, &buffer, buffer.count)
        let text = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Control characters (Enter, Tab, Backspace, Ctrl+letter) are commands, not text.
        return text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } ? text : ""
    }

    /// The modifiers in effect; those that `key` (an xkb keycode) consumes are left out, since
    /// Shift that makes `Q` is not a shortcut modifier.
    private func activeModifiers(consumedBy key: UInt32?) -> KeyModifiers {
        guard let state, let keymap else { return [] }
        var modifiers: KeyModifiers = []
        let table: [(String, KeyModifiers)] = [
            (XKB_MOD_NAME_SHIFT, .shift), (XKB_MOD_NAME_CTRL, .control),
            (XKB_MOD_NAME_ALT, .alt), (XKB_MOD_NAME_LOGO, .logo),
        ]
        for (modifierName, flag) in table {
            let index = xkb_keymap_mod_get_index(keymap, modifierName)
            guard xkb_state_mod_index_is_active(state, index, XKB_STATE_MODS_EFFECTIVE) == 1 else { continue }
            if let key, xkb_state_mod_index_is_consumed(state, key, index) == 1 { continue }
            modifiers.insert(flag)
        }
        return modifiers
    }

    /// Delivers the repeats that are due; the app calls this when the repeat timer is readable.
    public func deliverDueRepeats() {
        if let event = repeater.takeDueRepeat() {
            seat.delegate?.seat(seat, didPressKey: event)
        }
    }
}
