import CCairo
import CGLib
import FoundationEssentials
import Glibc
import Machinery

/// The desktop's shared thumbnails (the freedesktop thumbnail specification, 0.9.0):
/// `$XDG_CACHE_HOME/thumbnails/{normal,large,x-large,xx-large}/MD5(URI).png`, each carrying
/// `Thumb::URI` and `Thumb::MTime`, valid only while the file's modification time is the one
/// recorded; a thumbnailer that failed leaves an empty PNG in `fail/APPLICATION/`. What Files
/// or Papers made for a PDF shows on Glide's home, and what Glide makes shows in Files.
public struct ThumbnailCache: Sendable {
    /// The specification's sizes, the largest side in px.
    public enum Size: String, CaseIterable, Sendable {
        case normal, large, xLarge = "x-large", xxLarge = "xx-large"

        public var pixels: Int {
            switch self {
            case .normal: 128
            case .large: 256
            case .xLarge: 512
            case .xxLarge: 1024
            }
        }
    }

    /// `…/thumbnails`.
    public let directory: String
    /// The failure directory's name, `glide-VERSION`: the specification's per-application
    /// and per-version marker, so a new version tries again.
    public let failureDirectoryName: String

    public init(environment: [String: String] = ProcessInfo.processInfo.environment, applicationVersion: String) {
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? getpwuid(getuid()).map { String(cString: $0.pointee.pw_dir) } ?? "/") + "/.cache"
        directory = base + "/thumbnails"
        failureDirectoryName = "glide-" + applicationVersion
    }

    /// The MD5 of `uri` in lowercase hex, and `.png`: the specification's file name.
    public static func fileName(forURI uri: String) -> String {
        guard let sum = g_compute_checksum_for_string(G_CHECKSUM_MD5, uri, -1) else { return "" }
        defer { g_free(sum) }
        return String(cString: sum) + ".png"
    }

    /// The `file://` URI of the local file at `path` (absolute), escaped as GLib and GNOME
    /// escape it, which the MD5 is taken of; nil for a name GLib refuses.
    public static func uri(ofPath path: String) -> String? {
        guard let uri = g_filename_to_uri(path, nil, nil) else { return nil }
        defer { g_free(uri) }
        return String(cString: uri)
    }

    public func path(forURI uri: String, size: Size) -> String {
        directory + "/" + size.rawValue + "/" + Self.fileName(forURI: uri)
    }

    public func failurePath(forURI uri: String) -> String {
        directory + "/fail/" + failureDirectoryName + "/" + Self.fileName(forURI: uri)
    }

    /// Whether `png` is a thumbnail of `uri` as the file is now: its `Thumb::URI` is the URI
    /// and its `Thumb::MTime` the file's modification time in whole s.
    public static func isValid(_ png: [UInt8], uri: String, modificationSeconds: Int64) -> Bool {
        guard let texts = PNGText.texts(in: png), texts["Thumb::URI"] == uri,
              let time = texts["Thumb::MTime"].flatMap({ Int64($0) }) else { return false }
        return time == modificationSeconds
    }

    /// The first valid thumbnail of `uri` in the sizes `sizes` are tried in (whoever made it);
    /// its path and bytes.
    public func validThumbnail(forURI uri: String, modificationSeconds: Int64,
                               trying sizes: [Size] = [.large, .xLarge, .normal]) -> (path: String, png: [UInt8])? {
        for size in sizes {
            let path = path(forURI: uri, size: size)
            if let png = Self.read(path), Self.isValid(png, uri: uri, modificationSeconds: modificationSeconds) { return (path, png) }
        }
        return nil
    }

    /// Whether Glide's thumbnailer already failed on `uri` as the file is now.
    public func hasFailed(uri: String, modificationSeconds: Int64) -> Bool {
        Self.read(failurePath(forURI: uri)).map { Self.isValid($0, uri: uri, modificationSeconds: modificationSeconds) } ?? false
    }

    /// Stores `png` (a thumbnailer's output) as the thumbnail of `uri` at `size`, with the
    /// specification's keys, atomically (a temporary renamed into place, mode 0600 in 0700
    /// directories); the path written.
    @discardableResult
    public func store(_ png: [UInt8], forURI uri: String, modificationSeconds: Int64, fileBytes: Int64?,
                      size: Size) throws(AtomicFile.Failure) -> String {
        try write(png, to: path(forURI: uri, size: size), uri: uri, modificationSeconds: modificationSeconds, fileBytes: fileBytes)
    }

    /// Records that the thumbnailer failed on `uri` as the file is now: an empty PNG with the
    /// keys, in the failure directory.
    public func storeFailure(forURI uri: String, modificationSeconds: Int64) throws(AtomicFile.Failure) {
        try write(Self.emptyPNG, to: failurePath(forURI: uri), uri: uri, modificationSeconds: modificationSeconds, fileBytes: nil)
    }

    private func write(_ png: [UInt8], to path: String, uri: String, modificationSeconds: Int64,
                       fileBytes: Int64?) throws(AtomicFile.Failure) -> String {
        var texts: [(keyword: String, text: String)] = [("Thumb::URI", uri), ("Thumb::MTime", String(modificationSeconds)), ("Software", "Glide")]
        if let fileBytes { texts.append(("Thumb::Size", String(fileBytes))) }
        guard let tagged = PNGText.adding(texts, to: png) else {
            throw AtomicFile.Failure(path, errno: EINVAL)
        }
        try AtomicFile.createDirectories(FilePath.parent(of: path))
        try AtomicFile.write(tagged, to: path)
        return path
    }

    /// A 1×1 transparent PNG (what GNOME's factory stores for a failure), as cairo writes it.
    static let emptyPNG: [UInt8] = {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)!
        defer { cairo_surface_destroy(surface) }
        return PNGSurface.bytes(of: surface) ?? []
    }()

    /// A thumbnail is a few dozen KB; anything past this is not one.
    static let maximumThumbnailBytes = 8 << 20

    static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) <= maximumThumbnailBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        return count == bytes.count ? bytes : nil
    }
}
