import CGLib

/// The desktop's list of recently used files as GLib reads and writes it (`GBookmarkFile`, the
/// parser GTK's `GtkRecentManager` and GNOME Files use), so Glide's entries are theirs and
/// theirs are Glide's: XBEL with the freedesktop bookmark extensions.
final class BookmarkFile {
    private let bookmarks: OpaquePointer

    init() {
        bookmarks = g_bookmark_file_new()
    }

    deinit {
        g_bookmark_file_free(bookmarks)
    }

    /// Reads `bytes`, adding to what is there; GLib's reason when they are not a bookmark file.
    func load(_ bytes: [UInt8]) -> String? {
        var error: UnsafeMutablePointer<GError>?
        let loaded = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: gchar.self) { g_bookmark_file_load_from_data(bookmarks, $0.baseAddress, gsize($0.count), &error) }
        }
        return loaded != 0 ? nil : Self.consume(error)
    }

    /// The file's bytes as GLib writes them.
    func data() -> [UInt8] {
        var length: gsize = 0
        guard let text = g_bookmark_file_to_data(bookmarks, &length, nil) else { return [] }
        defer { g_free(text) }
        return text.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
    }

    var uris: [String] {
        var count: gsize = 0
        guard let list = g_bookmark_file_get_uris(bookmarks, &count) else { return [] }
        defer { g_strfreev(list) }
        return (0..<Int(count)).compactMap { list[$0].map { String(cString: $0) } }
    }

    func title(of uri: String) -> String? {
        guard let title = g_bookmark_file_get_title(bookmarks, uri, nil) else { return nil }
        defer { g_free(title) }
        return String(cString: title)
    }

    func mimeType(of uri: String) -> String? {
        guard let type = g_bookmark_file_get_mime_type(bookmarks, uri, nil) else { return nil }
        defer { g_free(type) }
        return String(cString: type)
    }

    /// When the entry was last opened, in s since 1970 to the microsecond the file keeps (GTK's
    /// "visited", else "modified"): entries opened within a second of each other keep their order.
    func visitedSeconds(of uri: String) -> Double {
        guard let time = g_bookmark_file_get_visited_date_time(bookmarks, uri, nil)
                ?? g_bookmark_file_get_modified_date_time(bookmarks, uri, nil) else { return 0 }
        return Double(g_date_time_to_unix(time)) + Double(g_date_time_get_microsecond(time)) / 1_000_000
    }

    func hasApplication(_ name: String, for uri: String) -> Bool {
        g_bookmark_file_has_application(bookmarks, uri, name, nil) != 0
    }

    /// Adds or refreshes the entry for `uri` as opened now by the application `name`, which
    /// `exec` (with `%u` for the URI) starts again, as GtkRecentManager's `add_full` does.
    func noteOpened(_ uri: String, title: String?, mimeType: String, application name: String, exec: String) {
        if let title { g_bookmark_file_set_title(bookmarks, uri, title) }
        g_bookmark_file_set_mime_type(bookmarks, uri, mimeType)
        // Adding an application that is there already counts one more use and dates it now.
        g_bookmark_file_add_application(bookmarks, uri, name, exec)
        let now = g_date_time_new_now_utc()
        defer { g_date_time_unref(now) }
        g_bookmark_file_set_visited_date_time(bookmarks, uri, now)
        g_bookmark_file_set_modified_date_time(bookmarks, uri, now)
    }

    func remove(_ uri: String) {
        g_bookmark_file_remove_item(bookmarks, uri, nil)
    }

    /// The URI of a local file, escaped as GLib does it; nil for a name GLib refuses.
    static func uri(ofPath path: String) -> String? {
        guard let uri = g_filename_to_uri(path, nil, nil) else { return nil }
        defer { g_free(uri) }
        return String(cString: uri)
    }

    /// The local file a `file://` URI names; nil for any other URI.
    static func path(ofURI uri: String) -> String? {
        guard let path = g_filename_from_uri(uri, nil, nil) else { return nil }
        defer { g_free(path) }
        return String(cString: path)
    }

    private static func consume(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}
