import CGdkPixbuf
import Glibc

/// One of gdk-pixbuf's loaders chosen by name, for an image its sniffing does not recognise but
/// `SVGSniffing` does: `gdk_pixbuf_new_from_file` would sniff again and fail, so the file is
/// fed to the loader itself, as that function does once it has chosen.
struct NamedImageLoader {
    /// The loader's name (`gdk_pixbuf_format_get_name`).
    let type: String

    /// librsvg's.
    static let svg = NamedImageLoader(type: "svg")

    /// Bytes read from the file and given to the loader at a time: gdk-pixbuf's own chunk size.
    static let chunkBytes = 64 << 10

    /// The image's own size, as the loader reports it before it draws anything; nil if it
    /// cannot read the file.
    func size(ofFileAt path: String) -> (width: Int32, height: Int32)? {
        final class Probe {
            var size: (width: Int32, height: Int32)?
        }
        guard let loader = gdk_pixbuf_loader_new_with_type(type, nil) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        let probe = Probe()
        let sizePrepared: @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, Int32, Int32, UnsafeMutableRawPointer?) -> Void = {
            loader, width, height, data in
            Unmanaged<Probe>.fromOpaque(data!).takeUnretainedValue().size = (width, height)
            // Nothing drawn: as `gdk_pixbuf_get_file_info` asks.
            gdk_pixbuf_loader_set_size(loader, 0, 0)
        }
        g_signal_connect_data(UnsafeMutableRawPointer(loader), "size-prepared", unsafeBitCast(sizePrepared, to: GCallback.self),
                              Unmanaged.passUnretained(probe).toOpaque(), nil, GConnectFlags(rawValue: 0))
        _ = feed(path, to: loader) { probe.size != nil }
        // librsvg reads the whole document before it knows the size, at the close; the close
        // fails, having drawn nothing.
        gdk_pixbuf_loader_close(loader, nil)
        guard let size = probe.size, size.width > 0, size.height > 0 else { return nil }
        return size
    }

    /// The image in the file, drawn `size` px (nil: its own size); nil with `error` set if the
    /// loader cannot read it. The caller owns the pixbuf.
    func pixbuf(ofFileAt path: String, size: (width: Int32, height: Int32)?,
                error: inout UnsafeMutablePointer<GError>?) -> OpaquePointer? {
        guard let loader = gdk_pixbuf_loader_new_with_type(type, &error) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        // Before the first write, the loader takes the size for the whole image.
        if let size { gdk_pixbuf_loader_set_size(loader, size.width, size.height) }
        if let reason = feed(path, to: loader, until: { false }) {
            gdk_pixbuf_loader_close(loader, nil)
            error = reason
            return nil
        }
        guard gdk_pixbuf_loader_close(loader, &error) != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else { return nil }
        g_object_ref(UnsafeMutableRawPointer(pixbuf))
        return pixbuf
    }

    /// `size` fitted into a square of `side` px, aspect kept, as `gdk_pixbuf_new_from_file_at_scale`
    /// fits it.
    static func fitted(_ size: (width: Int32, height: Int32), side: Int32) -> (width: Int32, height: Int32) {
        let (width, height) = (Double(size.width), Double(size.height))
        if height > width { return (Int32(0.5 + width * Double(side) / height), side) }
        return (side, Int32(0.5 + height * Double(side) / width))
    }

    /// Gives the file to `loader` a chunk at a time until it ends or `isDone`; the loader's
    /// error if it refuses a chunk, or the system's if the file cannot be read.
    private func feed(_ path: String, to loader: UnsafeMutablePointer<GdkPixbufLoader>,
                      until isDone: () -> Bool) -> UnsafeMutablePointer<GError>? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return g_error_new_literal(g_file_error_quark(), Int32(G_FILE_ERROR_FAILED.rawValue), strerror(errno)) }
        defer { close(descriptor) }
        var chunk = [UInt8](repeating: 0, count: NamedImageLoader.chunkBytes)
        while !isDone() {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { return g_error_new_literal(g_file_error_quark(), Int32(G_FILE_ERROR_FAILED.rawValue), strerror(errno)) }
            if count == 0 { return nil }
            var error: UnsafeMutablePointer<GError>?
            guard chunk.withUnsafeBufferPointer({ gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize(count), &error) }) != 0 else {
                return error
            }
        }
        return nil
    }
}
