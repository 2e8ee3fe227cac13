import CWaylandServer
import CWaylandServerProtocols

/// Watches every event the display sends and reports each `wl_display.error` as a problem,
/// including the errors libwayland posts by itself (unknown object ids, bad arguments, shm
/// pools out of range), which no handler of ours sees.
final class ProtocolErrorLogger {
    private let problems: ProblemLog
    private var logger: OpaquePointer?

    init(display: OpaquePointer, problems: ProblemLog) {
        self.problems = problems
        logger = wl_display_add_protocol_logger(
            display,
            { data, direction, message in
                guard direction == WL_PROTOCOL_LOGGER_EVENT, let message else { return }
                Unmanaged<ProtocolErrorLogger>.fromOpaque(data!).takeUnretainedValue().inspect(message)
            },
            Unmanaged.passUnretained(self).toOpaque())
    }

    /// Stops watching; called before the display is destroyed.
    func remove() {
        if let logger { wl_protocol_logger_destroy(logger) }
        logger = nil
    }

    private func inspect(_ message: UnsafePointer<wl_protocol_logger_message>) {
        var text = [CChar](repeating: 0, count: 1024)
        guard glide_server_describe_error(message, &text, text.count) else { return }
        let client = wl_resource_get_client(message.pointee.resource)
        problems.report(.protocolError, "to \(describe(client: client)): \(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
    }
}
