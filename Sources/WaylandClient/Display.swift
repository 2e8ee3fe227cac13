import CWaylandClient
import Glibc
import Machinery

/// The connection to the compositor (`wl_display`).
public final class Display {
    let proxy: OpaquePointer

    /// Connects to the compositor named by `WAYLAND_DISPLAY`, or `wayland-0`.
    public init() throws(WaylandError) {
        Display.routeLibraryMessages()
        let name = getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
        // libwayland needs XDG_RUNTIME_DIR to find a relative socket name; say so in one line
        // rather than let it print its own.
        if getenv("WAYLAND_SOCKET") == nil, !name.hasPrefix("/"), getenv("XDG_RUNTIME_DIR") == nil {
            throw .runtimeDirectoryUnset(display: name)
        }
        errno = 0
        guard let proxy = wl_display_connect(nil) else {
            throw .cannotConnect(display: name, errno: errno == 0 ? ENOENT : errno)
        }
        self.proxy = proxy
    }

    deinit {
        wl_display_disconnect(proxy)
    }

    /// Sends libwayland's own messages to the debug log, so that errors reach the user once,
    /// through Glide's one-line reports.
    private static func routeLibraryMessages() {
        wl_log_set_handler_client { format, arguments in
            guard DebugLog.isEnabled, let format, let arguments else { return }
            var text = [CChar](repeating: 0, count: 512)
            _ = vsnprintf(&text, text.count, format, arguments)
            DebugLog.write("libwayland: " + String(decoding: text.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
    }

    /// The file descriptor to poll for readable events.
    public var fileDescriptor: Int32 { wl_display_get_fd(proxy) }

    /// Blocks until the compositor has handled every request sent so far, dispatching events.
    public func roundtrip() throws(WaylandError) {
        if wl_display_roundtrip(proxy) < 0 { throw connectionError }
    }

    /// Dispatches queued events, calling `afterDispatch` once they have been handled, then
    /// announces the intent to read from the socket.
    ///
    /// libwayland requires `prepare_read` before `poll` so that another reader cannot take the
    /// events between the poll and the read; it fails while events are still queued.
    public func prepareToRead(afterDispatch: () -> Void) throws(WaylandError) {
        while wl_display_prepare_read(proxy) != 0 {
            if wl_display_dispatch_pending(proxy) < 0 { throw connectionError }
            afterDispatch()
        }
    }

    /// Sends buffered requests; `EAGAIN` means the socket is full and the rest goes later.
    public func flush() throws(WaylandError) {
        if wl_display_flush(proxy) < 0 && errno != EAGAIN { throw connectionError }
    }

    /// Reads what `poll` reported (or gives up the read) and dispatches it.
    public func finishRead(readable: Bool) throws(WaylandError) {
        if readable {
            if wl_display_read_events(proxy) < 0 { throw connectionError }
        } else {
            wl_display_cancel_read(proxy)
        }
        if wl_display_dispatch_pending(proxy) < 0 { throw connectionError }
    }

    /// Why the connection failed: a protocol error the compositor named, or the system error.
    private var connectionError: WaylandError {
        let code = wl_display_get_error(proxy)
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var objectID: UInt32 = 0
            let protocolCode = wl_display_get_protocol_error(proxy, &interface, &objectID)
            let name = interface.map { String(cString: $0.pointee.name) } ?? "unknown interface"
            return .protocolError(interface: name, objectID: objectID, code: protocolCode)
        }
        return .connectionLost(errno: code != 0 ? code : (errno != 0 ? errno : EPIPE))
    }
}
