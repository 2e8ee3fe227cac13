import CGIO
import Glibc
import Machinery

/// The desktop's `org.freedesktop.appearance` `color-scheme`, as the Settings portal gives it.
public enum ColorScheme: UInt32, Sendable {
    case noPreference = 0
    case prefersDark = 1
    case prefersLight = 2
}

/// Reading and following `color-scheme` through the Settings portal
/// (`org.freedesktop.portal.Settings`) on the session bus, on a worker of its own: `ReadOne`,
/// or `Read` where an older portal (before version 2) has no `ReadOne`, then the
/// `SettingChanged` signal for as long as Glide runs. The worker's thread waits in its own
/// GLib main context, where GIO delivers the signal; nothing of it touches the loop.
enum SettingsPortal {
    /// The worker: its one thread reads the setting, then waits for its changes.
    static let worker = WorkQueue(name: "glide-settings-portal")
    static let interface = "org.freedesktop.portal.Settings"
    static let namespace = "org.freedesktop.appearance"
    static let key = "color-scheme"
    /// How long a read may take, in ms: a bound for a portal that hangs, not a tuned figure
    /// (the app waits for the first answer far less, `DesktopStyle`).
    static let callTimeoutMilliseconds: Int32 = 5000

    /// Reads `color-scheme` (`.noPreference` where no portal answers, or there is no session
    /// bus), then calls `changed` on the worker's thread with each new value the portal
    /// announces. The read is subscribed after the signal, so no change is missed between them.
    static func followColorScheme(environment: [String: String],
                                  changed: @escaping @Sendable (ColorScheme) -> Void) -> WorkQueue.Promise<ColorScheme> {
        let connection = SettingsConnection(changed: changed)
        let hasBus = hasSessionBus(environment: environment)
        let first = worker.promise { hasBus && connection.open() ? connection.readColorScheme() : .noPreference }
        worker.submit(priority: .background) { _ in connection.followChanges() }
        return first
    }

    /// Whether a session bus is there to ask: an address, or the bus socket in the runtime
    /// directory (what GIO looks for). Without one GIO would try to launch a bus for X11.
    static func hasSessionBus(environment: [String: String]) -> Bool {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return true }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return false }
        return access(runtime + "/bus", F_OK) == 0
    }

    /// The value a `color-scheme` read or signal carries: a `u`, in as many variants as the
    /// portal wrapped it (`Read` wraps it twice); nil for anything else.
    static func colorScheme(in value: OpaquePointer) -> ColorScheme? {
        var current = g_variant_ref(value)!
        defer { g_variant_unref(current) }
        for _ in 0..<4 {
            let type = String(cString: g_variant_get_type_string(current))
            if type == "u" { return ColorScheme(rawValue: g_variant_get_uint32(current)) ?? .noPreference }
            guard type == "v", let inner = g_variant_get_variant(current) else { return nil }
            g_variant_unref(current)
            current = inner
        }
        return nil
    }
}

/// The session bus as the settings worker uses it, only on that worker's one thread.
private final class SettingsConnection: @unchecked Sendable {
    private let changed: @Sendable (ColorScheme) -> Void
    private var connection: OpaquePointer?
    private var context: OpaquePointer?

    init(changed: @escaping @Sendable (ColorScheme) -> Void) {
        self.changed = changed
    }

    /// Connects in a main context of the worker's own and subscribes to `SettingChanged`.
    func open() -> Bool {
        let context = g_main_context_new()
        g_main_context_push_thread_default(context)
        self.context = context
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            if let error { g_error_free(error) }
            return false
        }
        connection = bus
        _ = g_dbus_connection_signal_subscribe(
            bus, PortalSession.busName, SettingsPortal.interface, "SettingChanged", PortalSession.objectPath,
            SettingsPortal.namespace, G_DBUS_SIGNAL_FLAGS_NONE, { _, _, _, _, _, parameters, userData in
                guard let parameters, let userData, g_variant_n_children(parameters) == 3 else { return }
                let connection = Unmanaged<SettingsConnection>.fromOpaque(userData).takeUnretainedValue()
                connection.receive(parameters)
            }, Unmanaged.passUnretained(self).toOpaque(), nil)
        return true
    }

    /// `SettingChanged(s namespace, s key, v value)`.
    private func receive(_ parameters: OpaquePointer) {
        let namespace = g_variant_get_child_value(parameters, 0)!, key = g_variant_get_child_value(parameters, 1)!
        let value = g_variant_get_child_value(parameters, 2)!
        defer { for child in [namespace, key, value] { g_variant_unref(child) } }
        guard String(cString: g_variant_get_string(namespace, nil)) == SettingsPortal.namespace,
              String(cString: g_variant_get_string(key, nil)) == SettingsPortal.key,
              let scheme = SettingsPortal.colorScheme(in: value) else { return }
        changed(scheme)
    }

    /// `ReadOne`, else `Read`; `.noPreference` when neither answers with a value.
    func readColorScheme() -> ColorScheme {
        for method in ["ReadOne", "Read"] {
            if let scheme = call(method) { return scheme }
        }
        return .noPreference
    }

    private func call(_ method: String) -> ColorScheme? {
        guard let connection else { return nil }
        var error: UnsafeMutablePointer<GError>?
        let arguments = GVariants.tuple([g_variant_new_string(SettingsPortal.namespace), g_variant_new_string(SettingsPortal.key)])
        guard let reply = g_dbus_connection_call_sync(
            connection, PortalSession.busName, PortalSession.objectPath, SettingsPortal.interface, method, arguments, nil,
            G_DBUS_CALL_FLAGS_NONE, SettingsPortal.callTimeoutMilliseconds, nil, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_variant_unref(reply) }
        guard g_variant_n_children(reply) == 1, let value = g_variant_get_child_value(reply, 0) else { return nil }
        defer { g_variant_unref(value) }
        return SettingsPortal.colorScheme(in: value)
    }

    /// Waits for the portal's signals for as long as the process runs (the worker is this
    /// job's alone); returns at once when there is no connection.
    func followChanges() {
        guard connection != nil, let context else { return }
        while true { g_main_context_iteration(context, 1) }
    }
}
