import CGIO
import Glibc
import Machinery

/// A connection to the session bus for calls of xdg-desktop-portal, on the calling (worker)
/// thread, with a GLib main context of that thread's own, where the answers arrive.
///
/// A portal method that shows the user something (a print dialog) returns at once with a
/// request object; its `org.freedesktop.portal.Request.Response(u response, a{sv} results)`
/// signal answers later. The request's path is known in advance from the `handle_token`
/// option and the connection's unique name, so the answer is listened for before the call and
/// cannot be missed.
final class PortalSession {
    /// The portals' worker: a dialog (print, open) holds it for as long as the user takes.
    static let worker = WorkQueue(name: "glide-portals")
    static let busName = "org.freedesktop.portal.Desktop"
    static let objectPath = "/org/freedesktop/portal/desktop"

    private let connection: OpaquePointer
    private let context: OpaquePointer
    private var tokenCount = 0

    /// What a Response signal carried.
    private final class Answer {
        var response: UInt32?
        var results: OpaquePointer?
        deinit { if let results { g_variant_unref(results) } }
    }

    /// Connects to the session bus; GIO's reason when it cannot.
    init() throws(PortalError) {
        context = g_main_context_new()
        g_main_context_push_thread_default(context)
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            g_main_context_pop_thread_default(context)
            g_main_context_unref(context)
            throw PortalError(consuming: error)
        }
        connection = bus
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(connection))
        g_main_context_pop_thread_default(context)
        g_main_context_unref(context)
    }

    /// Calls `method` of the portal `interface` with the arguments `makeArguments` builds
    /// around the request's options (`extraOptions` and `handle_token`), passing `descriptors`, and waits at
    /// most `timeoutSeconds` for the answer: its response code (0 done, 1 cancelled by the
    /// user, 2 failed) and results, which the caller unrefs.
    func request(_ interface: String, _ method: String, descriptors: [Int32] = [], options extraOptions: [String: OpaquePointer] = [:],
                 timeoutSeconds: Double, makeArguments: (_ options: OpaquePointer) -> OpaquePointer) throws(PortalError) -> (response: UInt32, results: OpaquePointer) {
        tokenCount += 1
        let token = "glide\(getpid())_\(tokenCount)"
        let sender = String(cString: g_dbus_connection_get_unique_name(connection)).dropFirst()
            .map { $0 == "." ? "_" : String($0) }.joined()
        let requestPath = Self.objectPath + "/request/" + sender + "/" + token
        let answer = Answer()
        let subscription = g_dbus_connection_signal_subscribe(
            connection, Self.busName, "org.freedesktop.portal.Request", "Response", requestPath, nil,
            G_DBUS_SIGNAL_FLAGS_NONE, { _, _, _, _, _, parameters, userData in
                let answer = Unmanaged<Answer>.fromOpaque(userData!).takeUnretainedValue()
                guard let parameters, g_variant_n_children(parameters) == 2 else { return }
                let code = g_variant_get_child_value(parameters, 0)!
                answer.response = g_variant_get_uint32(code)
                g_variant_unref(code)
                answer.results = g_variant_get_child_value(parameters, 1)
            }, Unmanaged.passUnretained(answer).toOpaque(), nil)
        defer { g_dbus_connection_signal_unsubscribe(connection, subscription) }

        let options = GVariants.dictionary(extraOptions.merging(["handle_token": g_variant_new_string(token)]) { $1 })
        try call(interface, method, arguments: makeArguments(options), descriptors: descriptors)
        let deadline = MonotonicClock.seconds() + timeoutSeconds
        while answer.response == nil, MonotonicClock.seconds() < deadline {
            if g_main_context_iteration(context, 0) == 0 { usleep(10_000) }
        }
        guard let response = answer.response, let results = answer.results else {
            throw PortalError(description: "the portal did not answer \(method) within \(Int(timeoutSeconds)) s")
        }
        answer.results = nil
        return (response, results)
    }

    private func call(_ interface: String, _ method: String, arguments: OpaquePointer, descriptors: [Int32]) throws(PortalError) {
        var error: UnsafeMutablePointer<GError>?
        let descriptorList = descriptors.isEmpty ? nil : g_unix_fd_list_new()
        defer { if let descriptorList { g_object_unref(UnsafeMutableRawPointer(descriptorList)) } }
        for descriptor in descriptors where g_unix_fd_list_append(descriptorList, descriptor, &error) < 0 {
            throw PortalError(consuming: error)
        }
        let reply = g_dbus_connection_call_with_unix_fd_list_sync(
            connection, Self.busName, Self.objectPath, interface, method, arguments, nil,
            G_DBUS_CALL_FLAGS_NONE, -1, descriptorList, nil, nil, &error)
        guard let reply else { throw PortalError(consuming: error) }
        g_variant_unref(reply)
    }
}

/// Why a portal could not do what was asked, in words (GIO's, or Glide's).
public struct PortalError: Error, CustomStringConvertible {
    public let description: String

    init(description: String) {
        self.description = description
    }

    init(consuming error: UnsafeMutablePointer<GError>?) {
        defer { if let error { g_error_free(error) } }
        description = error?.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}
