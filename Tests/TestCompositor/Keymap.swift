import CSystem
import CXkbCommon
import Glibc

/// A real keymap (evdev rules, pc105, US layout) compiled by xkbcommon, shared with clients
/// through a memfd as `wl_keyboard.keymap` requires, and the compositor's own xkb state,
/// which turns key presses into the modifier masks it sends, as a real compositor does.
final class Keymap {
    /// The keymap text, NUL-terminated, in a memfd that clients map `MAP_PRIVATE`.
    let fileDescriptor: Int32
    /// The text's size in bytes, with its NUL.
    let size: UInt32
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer

    init() throws(TestCompositorError) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw .cannotStart("xkb_context_new failed") }
        self.context = context
        let rules = strdup("evdev"), model = strdup("pc105"), layout = strdup("us")
        defer { free(rules); free(model); free(layout) }
        var names = xkb_rule_names(rules: rules, model: model, layout: layout, variant: nil, options: nil)
        guard let keymap = xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS),
              let text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1)
        else {
            xkb_context_unref(context)
            throw .cannotStart("xkbcommon cannot compile the US keymap (is xkb-data installed?)")
        }
        defer { free(text) }
        self.keymap = keymap
        state = xkb_state_new(keymap)
        let length = strlen(text) + 1
        fileDescriptor = glide_memfd_create("glide-test-keymap")
        size = UInt32(length)
        guard fileDescriptor >= 0, write(fileDescriptor, text, length) == length else {
            throw .cannotStart("cannot write the keymap to a memfd: \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        close(fileDescriptor)
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// Presses or releases an evdev key; returns whether the modifiers or group changed.
    func update(_ key: KeyCode, isPressed: Bool) -> Bool {
        let changed = xkb_state_update_key(state, key.rawValue + 8, isPressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        let modifierComponents = XKB_STATE_MODS_DEPRESSED.rawValue | XKB_STATE_MODS_LATCHED.rawValue
            | XKB_STATE_MODS_LOCKED.rawValue | XKB_STATE_LAYOUT_EFFECTIVE.rawValue
        return changed.rawValue & modifierComponents != 0
    }

    /// The masks `wl_keyboard.modifiers` sends.
    var modifiers: (depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        (xkb_state_serialize_mods(state, XKB_STATE_MODS_DEPRESSED),
         xkb_state_serialize_mods(state, XKB_STATE_MODS_LATCHED),
         xkb_state_serialize_mods(state, XKB_STATE_MODS_LOCKED),
         xkb_state_serialize_layout(state, XKB_STATE_LAYOUT_EFFECTIVE))
    }
}
