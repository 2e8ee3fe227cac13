import CWaylandClient
import CWaylandProtocols

/// What an input method typed, applied at its `done` event.
public enum TextInputEvent: Equatable, Sendable {
    /// Text to insert at the cursor (after deleting `deleteBefore`/`deleteAfter` bytes around it).
    case commit(text: String, deleteBefore: Int, deleteAfter: Int)
    /// Text being composed, shown at the cursor but not yet typed; empty when composing ends.
    case preedit(text: String)
}

/// A seat's text input (`zwp_text_input_v3`): Glide enables it while a text field (find)
/// has the focus, so an on-screen keyboard shows and input methods can type.
///
/// The protocol is double-buffered both ways: requests take effect at `commit`, and events
/// at `done`. A `done` whose serial lags Glide's commits still carries the user's typing,
/// which the protocol asks clients to apply; Glide keeps no other state from events (it sends
/// no surrounding text), so every `done` is applied alike.
public final class TextInput: ProxyOwner {
    let proxy: OpaquePointer
    /// Receives what the input method typed, on the loop's thread.
    public var onEvent: ((TextInputEvent) -> Void)?
    /// Whether Glide wants input (a text field is focused); effective while the window has
    /// the keyboard focus (`enter`), as the protocol allows enabling only then.
    public var wantsInput = false {
        didSet { if wantsInput != oldValue { sendState() } }
    }

    private var focusedSurface: OpaquePointer?
    private var isEnabled = false
    private var pendingCommit: String?
    private var pendingPreedit: String?
    private var pendingDelete = (before: 0, after: 0)

    private static let listener = ListenerTable(zwp_text_input_v3_listener(
        enter: { data, _, surface in
            let input = owner(data, as: TextInput.self)
            guard isOwnSurface(surface) else { return }
            input.focusedSurface = surface
            input.sendState()
        },
        leave: { data, _, _ in
            let input = owner(data, as: TextInput.self)
            input.focusedSurface = nil
            // After leave the compositor has disabled the input already; a disable would be an error.
            input.isEnabled = false
        },
        preedit_string: { data, _, text, _, _ in
            owner(data, as: TextInput.self).pendingPreedit = text.map { String(cString: $0) } ?? ""
        },
        commit_string: { data, _, text in
            owner(data, as: TextInput.self).pendingCommit = text.map { String(cString: $0) } ?? ""
        },
        delete_surrounding_text: { data, _, before, after in
            owner(data, as: TextInput.self).pendingDelete = (Int(before), Int(after))
        },
        done: { data, _, _ in owner(data, as: TextInput.self).apply() }))

    init(manager: TextInputManager, seat: Seat) {
        proxy = zwp_text_input_manager_v3_get_text_input(manager.proxy, seat.proxy)
        zwp_text_input_v3_add_listener(proxy, TextInput.listener.pointer, unretainedPointer)
    }

    deinit {
        zwp_text_input_v3_destroy(proxy)
    }

    /// Tells the input method where the text cursor is (surface-local logical px), so a
    /// candidate window can sit beside it.
    public func setCursorRectangle(x: Int32, y: Int32, width: Int32, height: Int32) {
        guard isEnabled else { return }
        zwp_text_input_v3_set_cursor_rectangle(proxy, x, y, width, height)
        commit()
    }

    private func sendState() {
        let shouldEnable = wantsInput && focusedSurface != nil
        if shouldEnable {
            zwp_text_input_v3_enable(proxy)
            // A search field: plain text, no auto-capitalisation, as a browser's find bar.
            zwp_text_input_v3_set_content_type(proxy, ZWP_TEXT_INPUT_V3_CONTENT_HINT_NONE.rawValue,
                                               ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_NORMAL.rawValue)
            commit()
        } else if isEnabled, focusedSurface != nil {
            zwp_text_input_v3_disable(proxy)
            commit()
        }
        isEnabled = shouldEnable
    }

    private func commit() {
        zwp_text_input_v3_commit(proxy)
    }

    private func apply() {
        let commit = pendingCommit, preedit = pendingPreedit, delete = pendingDelete
        pendingCommit = nil
        pendingPreedit = nil
        pendingDelete = (0, 0)
        if commit != nil || delete != (0, 0) {
            onEvent?(.commit(text: commit ?? "", deleteBefore: delete.before, deleteAfter: delete.after))
        }
        onEvent?(.preedit(text: preedit ?? ""))
    }
}
