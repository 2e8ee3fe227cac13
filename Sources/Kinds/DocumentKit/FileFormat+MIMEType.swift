extension FileFormat {
    /// The shared-mime-info type of a file of this format, as the desktop's recent documents
    /// and file choosers name it; `application/octet-stream` for what has none Glide knows.
    public var mimeType: String {
        switch self {
        case .plainText: "text/plain"
        case .markdown: "text/markdown"
        case .pdf: "application/pdf"
        case .djvu: "image/vnd.djvu"
        case .image(let name): Self.imageTypes[name] ?? "application/octet-stream"
        case .archive(let name): Self.archiveTypes[name] ?? "application/octet-stream"
        case .unsupported: "application/octet-stream"
        }
    }

    /// From shared-mime-info's freedesktop.org.xml.
    private static let imageTypes = [
        "PNG": "image/png", "JPEG": "image/jpeg", "GIF": "image/gif", "WebP": "image/webp", "AVIF": "image/avif",
        "TIFF": "image/tiff", "ICO": "image/vnd.microsoft.icon", "BMP": "image/bmp", "SVG": "image/svg+xml",
    ]

    /// An archive Glide shows is a comic book: shared-mime-info's types for CBZ, CBR, CB7, CBT.
    private static let archiveTypes = [
        "ZIP": "application/vnd.comicbook+zip", "RAR": "application/vnd.comicbook-rar",
        "7-Zip": "application/x-cb7", "tar": "application/x-cbt",
    ]
}
