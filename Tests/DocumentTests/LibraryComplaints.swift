import CGLib
import Synchronization

/// The warnings and criticals GLib's log received (every domain: poppler's failed
/// preconditions, such as a page index past `poppler_document_get_n_pages`, among them) while
/// `body` ran, as "Domain: message". The test process's stderr is not looked at: GLib's own
/// default handler is replaced for the duration.
func libraryComplaints(during body: () throws -> Void) rethrows -> [String] {
    LibraryComplaints.lines.withLock { $0 = [] }
    let previous = g_log_set_default_handler({ domain, level, message, _ in
        guard level.rawValue & (G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue) != 0 else { return }
        let line = (domain.map { String(cString: $0) } ?? "") + ": " + (message.map { String(cString: $0) } ?? "")
        LibraryComplaints.lines.withLock { $0.append(line) }
    }, nil)
    defer { g_log_set_default_handler(previous, nil) }
    try body()
    return LibraryComplaints.lines.withLock { $0 }
}

private enum LibraryComplaints {
    static let lines = Mutex<[String]>([])
}
