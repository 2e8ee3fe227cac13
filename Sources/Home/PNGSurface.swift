import CCairo

/// PNG bytes to and from cairo image surfaces, in memory: thumbnails are read from the cache
/// and written into it without a file of cairo's own.
enum PNGSurface {
    /// The surface of `png`; nil when cairo cannot read it. The caller destroys it.
    static func surface(of png: [UInt8]) -> OpaquePointer? {
        let reader = Reader(png)
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream({ closure, data, length in
                let reader = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
                let count = Int(length)
                guard let data, reader.offset + count <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                reader.bytes.withUnsafeBufferPointer { buffer in
                    data.update(from: buffer.baseAddress! + reader.offset, count: count)
                }
                reader.offset += count
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(reader).toOpaque())
        }
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            if let surface { cairo_surface_destroy(surface) }
            return nil
        }
        return surface
    }

    /// The PNG of `surface`; nil when cairo cannot write it.
    static func bytes(of surface: OpaquePointer) -> [UInt8]? {
        let writer = Writer()
        let status = withExtendedLifetime(writer) {
            cairo_surface_write_to_png_stream(surface, { closure, data, length in
                let writer = Unmanaged<Writer>.fromOpaque(closure!).takeUnretainedValue()
                if let data { writer.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length))) }
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(writer).toOpaque())
        }
        return status == CAIRO_STATUS_SUCCESS ? writer.bytes : nil
    }
}

/// Where cairo's PNG reader is in the bytes it reads.
private final class Reader {
    let bytes: [UInt8]
    var offset = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
}

/// What cairo's PNG writer wrote so far.
private final class Writer {
    var bytes: [UInt8] = []
}
