import CWaylandServer
import CWaylandServerProtocols

/// Text input (`zwp_text_input_manager_v3`): stands in for an on-screen keyboard or input
/// method. A client's text input gets `enter` with the keyboard focus; once the client has
/// enabled it (and committed), a test types text into it with `commit_string` and `done`.
public final class TextInputManager: GlobalOwner {
    var resources: [OpaquePointer] = []
    private var inputs = DeviceResources(interfaceName: "zwp_text_input_v3")
    /// Each text input's state as its last `commit` made it.
    private var states: [OpaquePointer: InputState] = [:]
    private let keyboard: Keyboard
    private let problems: ProblemLog

    struct InputState {
        var pendingEnabled = false
        var isEnabled = false
        var commitCount: UInt32 = 0
        var enteredSurface: OpaquePointer?
    }

    private static let handlers = RequestHandlers(zwp_text_input_manager_v3_interface(
        destroy: destroyResource,
        get_text_input: { client, resource, id, _ in
            let manager = owner(of: resource, as: TextInputManager.self)
            guard let input = manager.inputs.make(
                for: manager, client: client, interface: glide_server_zwp_text_input_v3_interface(),
                version: UInt32(wl_resource_get_version(resource)), id: id,
                implementation: TextInputManager.inputHandlers.implementation) else { return }
            manager.states[input] = InputState()
            // A text input made while the client has the keyboard focus learns of it at once.
            if let focus = manager.keyboard.focus, focus.isAlive, focus.client == client { manager.sendEnter(focus, to: input) }
        }))
    private static let inputHandlers = RequestHandlers(zwp_text_input_v3_interface(
        destroy: destroyResource,
        enable: { _, resource in owner(of: resource, as: TextInputManager.self).states[resource!]?.pendingEnabled = true },
        disable: { _, resource in owner(of: resource, as: TextInputManager.self).states[resource!]?.pendingEnabled = false },
        set_surrounding_text: { _, _, _, _, _ in },
        set_text_change_cause: { _, _, _ in },
        set_content_type: { _, _, _, _ in },
        set_cursor_rectangle: { _, _, _, _, _, _ in },
        commit: { _, resource in
            let manager = owner(of: resource, as: TextInputManager.self)
            guard var state = manager.states[resource!] else { return }
            if state.pendingEnabled, state.enteredSurface == nil {
                manager.problems.report(.misdirectedEvent, "zwp_text_input_v3.enable before enter")
            }
            state.isEnabled = state.pendingEnabled
            state.commitCount &+= 1
            manager.states[resource!] = state
        }))

    init(display: OpaquePointer, keyboard: Keyboard, problems: ProblemLog) {
        self.keyboard = keyboard
        self.problems = problems
        offer(on: display, version: 1)
    }

    static var interface: UnsafePointer<wl_interface> { glide_server_zwp_text_input_manager_v3_interface() }
    static var implementation: UnsafeRawPointer { TextInputManager.handlers.implementation }

    /// Tells the text inputs of `surface`'s client that it has the focus (as a compositor
    /// does with the keyboard focus).
    public func sendEnter(_ surface: Surface) {
        for input in inputs.all where wl_resource_get_client(input) == surface.client { sendEnter(surface, to: input) }
    }

    private func sendEnter(_ surface: Surface, to input: OpaquePointer) {
        guard let surfaceResource = surface.resource else { return }
        zwp_text_input_v3_send_enter(input, surfaceResource)
        states[input]?.enteredSurface = surfaceResource
    }

    /// Whether a client has enabled its text input (it wants typing: a text field is focused).
    public var isEnabled: Bool { states.values.contains { $0.isEnabled } }

    /// Types `text` into every enabled text input, as an on-screen keyboard commits it; with
    /// `preedit`, first shows that text being composed. Returns how many inputs got it.
    @discardableResult
    public func type(_ text: String, preedit: String? = nil) -> Int {
        var count = 0
        for (input, state) in states where state.isEnabled {
            if let preedit {
                zwp_text_input_v3_send_preedit_string(input, preedit, 0, Int32(preedit.utf8.count))
                zwp_text_input_v3_send_done(input, state.commitCount)
            }
            zwp_text_input_v3_send_commit_string(input, text)
            zwp_text_input_v3_send_done(input, state.commitCount)
            count += 1
        }
        return count
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        resources.removeAll { $0 == resource }
        inputs.remove(resource)
        states[resource] = nil
    }
}
