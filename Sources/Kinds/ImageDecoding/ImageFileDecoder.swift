import CGdkPixbuf
import CSystem
import Glibc
import Localization
import Machinery

/// The decoding half of `glide-image-decoder`, which runs in a child process so that no image
/// can stall or crash the viewer: gdk-pixbuf and its loaders (librsvg, libavif, libwebp, …)
/// parse untrusted bytes here, under an address-space and CPU limit, and the parent kills the
/// process when its time budget runs out (the approach of GNOME's glycin loaders).
public enum ImageFileDecoder {
    /// Decodes the image named by `arguments` (see `ImageDecoderProcess.arguments(path:)`) and
    /// writes the records of `ImageDecoderWire` to standard output. Returns the exit status.
    public static func run(arguments: [String]) -> Int32 {
        guard arguments.count == 7, let maximumSide = Int32(arguments[2]), let targetWidth = Int32(arguments[3]),
              let targetHeight = Int32(arguments[4]), let budgetBytes = Int(arguments[5]), ["0", "1"].contains(arguments[6])
        else {
            printUsage()
            return 2
        }
        _ = glide_die_with_parent()
        // Nice 10: on a two-core laptop a decoder runs beside the frame loop, never instead of it.
        _ = glide_lower_priority(10)
        // The decoded pixels, the file's own buffers and the loaders' libraries and threads
        // (dav1d reserves stacks for its workers): 768 MB of address space beyond the pixel
        // budget holds them, measured with the AVIF and SVG loaders.
        _ = glide_limit_resources(UInt64(budgetBytes) + (768 << 20), ImageDecoderProcess.cpuLimitSeconds)
        let path = arguments[1]
        let result = decode(path, maximumSide: maximumSide, target: (targetWidth, targetHeight), budgetBytes: budgetBytes,
                            invertsLightness: arguments[6] == "1")
        if case .failure(let reason) = result {
            let text = Array(reason.utf8)
            send(ImageDecoderWire.header(ImageDecoderWire.errorTag, UInt32(text.count), 0) + text)
        }
        return 0
    }

    private enum Outcome {
        case sent
        case failure(String)
    }

    private static func decode(_ path: String, maximumSide: Int32, target: (Int32, Int32), budgetBytes: Int,
                               invertsLightness: Bool) -> Outcome {
        var status = stat()
        guard stat(path, &status) == 0 else { return .failure(String(cString: strerror(errno))) }
        // A FIFO or a device would block or never end inside the decoder.
        guard status.st_mode & S_IFMT == S_IFREG else {
            return .failure(status.st_mode & S_IFMT == S_IFDIR ? localized("it is a directory") : localized("not a regular file"))
        }
        guard access(path, R_OK) == 0 else { return .failure(String(cString: strerror(errno))) }
        var width: Int32 = 0, height: Int32 = 0
        var isScalable = true
        // gdk-pixbuf's sniffing chooses the loader; failing it, an SVG by its root element.
        var namedLoader: NamedImageLoader?
        if let format = gdk_pixbuf_get_file_info(path, &width, &height), width > 0, height > 0 {
            isScalable = gdk_pixbuf_format_is_scalable(format) != 0
        } else if SVGSniffing.isSVG(head(ofFileAt: path)), let size = NamedImageLoader.svg.size(ofFileAt: path) {
            (width, height) = size
            namedLoader = .svg
        } else {
            return .failure(localized("not an image format gdk-pixbuf can read"))
        }
        send(ImageDecoderWire.header(ImageDecoderWire.sizeTag, UInt32(width), UInt32(height)) + [isScalable ? 1 : 0])
        let bytes = Int(width) * Int(height) * 4
        // A vector image is drawn at the size asked for, whatever size it claims.
        guard isScalable || bytes <= budgetBytes else {
            return .failure(localized("%1$s×%2$s px would need %3$s MB to decode, over the %4$s MB budget",
                                        LocalizedNumber.string(Int(width)), LocalizedNumber.string(Int(height)),
                                        LocalizedNumber.string(bytes >> 20), LocalizedNumber.string(budgetBytes >> 20)))
        }
        var error: UnsafeMutablePointer<GError>?
        let pixbuf: OpaquePointer?
        if let namedLoader {
            let size = target.0 > 0 && target.1 > 0 ? target
                : max(width, height) > maximumSide ? NamedImageLoader.fitted((width, height), side: maximumSide) : nil
            pixbuf = namedLoader.pixbuf(ofFileAt: path, size: size, error: &error)
        } else if target.0 > 0, target.1 > 0 {
            pixbuf = gdk_pixbuf_new_from_file_at_scale(path, target.0, target.1, 0, &error)
        } else if max(width, height) > maximumSide {
            pixbuf = gdk_pixbuf_new_from_file_at_scale(path, maximumSide, maximumSide, 1, &error)
        } else {
            pixbuf = gdk_pixbuf_new_from_file(path, &error)
        }
        if let error {
            defer { g_error_free(error) }
            if let pixbuf { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            return .failure(String(cString: error.pointee.message))
        }
        guard let pixbuf else { return .failure(localized("the decoder gave no image")) }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        // EXIF orientation: a phone's portrait photo is stored sideways with a tag to turn it.
        guard let upright = gdk_pixbuf_apply_embedded_orientation(pixbuf) else { return .failure(localized("cannot turn the image upright")) }
        defer { g_object_unref(UnsafeMutableRawPointer(upright)) }
        sendPixels(of: upright, invertsLightness: invertsLightness)
        return .sent
    }

    /// The first `SVGSniffing.reachBytes` of the file (fewer if it is shorter or unreadable).
    private static func head(ofFileAt path: String) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: SVGSniffing.reachBytes)
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { break }
            count += read
        }
        return Array(bytes[0..<count])
    }

    /// Writes the `P` record: gdk-pixbuf's straight RGB(A) as cairo's premultiplied ARGB32;
    /// for night pages with the lightness inverted and the hue kept, as `NightPixels` does a
    /// page's (255 − max − min added to each straight channel), before the alpha is applied.
    private static func sendPixels(of pixbuf: OpaquePointer, invertsLightness: Bool) {
        let width = Int(gdk_pixbuf_get_width(pixbuf))
        let height = Int(gdk_pixbuf_get_height(pixbuf))
        send(ImageDecoderWire.header(ImageDecoderWire.pixelsTag, UInt32(width), UInt32(height)))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let source = gdk_pixbuf_read_pixels(pixbuf)!
        var row = [UInt32](repeating: 0, count: width)
        for y in 0..<height {
            let sourceRow = source + y * stride
            for x in 0..<width {
                let pixel = sourceRow + x * channels
                let alpha = hasAlpha ? UInt32(pixel[3]) : 255
                var red = UInt32(pixel[0]), green = UInt32(pixel[1]), blue = UInt32(pixel[2])
                if invertsLightness {
                    // The shift is negative for light pixels; each channel still ends within
                    // 0…255, so wrapping arithmetic is exact.
                    let shift = 255 &- max(red, green, blue) &- min(red, green, blue)
                    red &+= shift
                    green &+= shift
                    blue &+= shift
                }
                func premultiplied(_ value: UInt32) -> UInt32 { (value * alpha + 127) / 255 }
                row[x] = alpha << 24 | premultiplied(red) << 16 | premultiplied(green) << 8 | premultiplied(blue)
            }
            row.withUnsafeBytes { writeAll($0) }
        }
    }

    private static func send(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { writeAll($0) }
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            let written = write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            // The viewer stopped listening: nothing more to do.
            guard written > 0 else { exit(1) }
            offset += written
        }
    }

    private static func printUsage() {
        let text = "usage: glide-image-decoder FILE MAX_SIDE_PX TARGET_WIDTH TARGET_HEIGHT BUDGET_BYTES INVERTS_LIGHTNESS(0|1)\n"
            + "(run by glide; it writes decoded pixels to standard output)\n"
        StandardError.write(text)
    }
}
