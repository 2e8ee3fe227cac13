import Glibc

/// One-line diagnostics for things a user may want to know but that are not errors.
///
/// Written to stderr only when `GLIDE_DEBUG` is set, so a normal run stays quiet.
public enum DebugLog {
    public static let isEnabled = getenv("GLIDE_DEBUG") != nil

    public static func write(_ message: String) {
        guard isEnabled else { return }
        StandardError.write("glide: \(message)\n")
    }
}
