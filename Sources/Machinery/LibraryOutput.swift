import CGLib
import Glibc
import Synchronization

/// What the C libraries Glide uses print reaches the user only when `GLIDE_DEBUG` is set: a
/// normal run's stderr holds Glide's own one-line messages and nothing else.
///
/// Two routes lead there. GLib's log (every domain: Poppler's warnings and failed
/// preconditions, GdkPixbuf's, Pango's, GLib's own) goes through one writer, which drops each
/// message or, with `GLIDE_DEBUG`, writes it as one line. Other code writes to descriptor 2
/// itself (poppler's allocator prints "Bogus memory allocation size" with `fputs`; a
/// library's `fprintf(stderr, …)`): descriptor 2 becomes `/dev/null` and Glide's own lines go
/// to a duplicate of the original (`StandardError`). With `GLIDE_DEBUG` descriptor 2 is left as
/// it is, so those writes show unchanged.
public enum LibraryOutput {
    private static let isQuiet = Atomic<Bool>(false)

    /// Routes library output as above; call first thing in `main`, before any library runs.
    /// Later calls do nothing (GLib takes one log writer per process).
    public static func quiet() {
        guard !isQuiet.exchange(true, ordering: .acquiringAndReleasing) else { return }
        g_log_set_writer_func({ level, fields, count, _ in
            LibraryOutput.write(level: level, fields: fields, count: Int(count))
        }, nil, nil)
        guard !DebugLog.isEnabled, StandardError.keepOriginal() else { return }
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard null >= 0 else { return }
        dup2(null, STDERR_FILENO)
        if null != STDERR_FILENO { close(null) }
    }

    /// GLib's writer: nothing unless `GLIDE_DEBUG` is set; then "glide: Poppler-CRITICAL:
    /// message", one line. Debug-level messages follow GLib's own rule (`G_MESSAGES_DEBUG`).
    private static func write(level: GLogLevelFlags, fields: UnsafePointer<GLogField>?, count: Int) -> GLogWriterOutput {
        guard DebugLog.isEnabled, let fields else { return G_LOG_WRITER_HANDLED }
        if level.rawValue & G_LOG_LEVEL_DEBUG.rawValue != 0 {
            return g_log_writer_default(level, fields, gsize(count), nil)
        }
        var domain = "GLib", message = ""
        for field in UnsafeBufferPointer(start: fields, count: count) {
            guard let key = field.key, let value = field.value else { continue }
            let text = field.length < 0
                ? String(cString: value.assumingMemoryBound(to: CChar.self))
                : String(decoding: UnsafeRawBufferPointer(start: value, count: Int(field.length)), as: UTF8.self)
            if strcmp(key, "GLIB_DOMAIN") == 0 { domain = text }
            if strcmp(key, "MESSAGE") == 0 { message = text }
        }
        // GLib's messages may end in a line break of their own (poppler's do).
        while message.last?.isNewline == true { message.removeLast() }
        DebugLog.write("\(domain)-\(name(of: level)): \(OneLineText.escaping(message))")
        return G_LOG_WRITER_HANDLED
    }

    private static func name(of level: GLogLevelFlags) -> String {
        let names: [(GLogLevelFlags, String)] = [(G_LOG_LEVEL_ERROR, "ERROR"), (G_LOG_LEVEL_CRITICAL, "CRITICAL"),
                                                 (G_LOG_LEVEL_WARNING, "WARNING"), (G_LOG_LEVEL_MESSAGE, "MESSAGE"),
                                                 (G_LOG_LEVEL_INFO, "INFO")]
        return names.first { level.rawValue & $0.0.rawValue != 0 }?.1 ?? "LOG"
    }
}
