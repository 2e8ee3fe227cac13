/// A render asked of a page renderer process (`glide-page-renderer`): page `page` at `scale`
/// device px per document unit (a PDF point), the region `x`, `y`, `width`×`height` of it in
/// device px of the page at that scale. Whatever the kind (PDF now; DjVu or a comic's pages
/// later), a renderer answers this one question, into pixels the parent gives it.
public struct PageRenderRequest: Hashable, Sendable {
    public var page: Int
    public var scale: Double
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public var flags: PageRenderFlags

    public init(page: Int, scale: Double, x: Int, y: Int, width: Int, height: Int, flags: PageRenderFlags = []) {
        self.page = page
        self.scale = scale
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.flags = flags
    }

    /// The pixels' size in bytes: cairo's RGB24, 4 bytes a pixel, rows with no padding.
    public var byteCount: Int { width * height * 4 }
}

/// What else a render is asked for.
public struct PageRenderFlags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The page's details the kind reads with its pixels (a PDF page's links), in the reply.
    public static let details = PageRenderFlags(rawValue: 1 << 0)
    /// Lightness inverted and hue kept, for night pages (done in the renderer).
    public static let invertsLightness = PageRenderFlags(rawValue: 1 << 1)
}

/// The messages between Glide and a page renderer, one `SOCK_SEQPACKET` message each, fields
/// native-endian (both ends are the same machine):
///
/// - the renderer's greeting, once, when its document is open (or not): status (0 open, 1
///   refused), the page count, then the reason in UTF-8 when refused;
/// - a request, with the memory file the pixels go to attached: its id, the page, the flags,
///   the scale, x, y, width, height;
/// - the reply: the request's id, status (0 drawn, 1 failed), the page's width and height in
///   document units, then the details (drawn) or the reason in UTF-8 (failed).
///
/// A zygote (`PageRendererZygotes`) greets as a renderer does, with no page count, then answers
/// each fork request, the new renderer's channel attached, with the renderer's process ID (or the
/// error number, negated). A renderer forked from it is sent its document, attached to the
/// first message, before it greets.
public enum PageRenderWire {
    /// The longest message either side sends: a reply's details are cut to fit.
    public static let maximumMessageBytes = 64 << 10
    static let requestBytes = 40
    static let replyHeaderBytes = 24
    static let greetingHeaderBytes = 8

    public static func request(_ request: PageRenderRequest, id: UInt32) -> [UInt8] {
        var writer = WireWriter()
        writer.append(id)
        writer.append(UInt32(truncatingIfNeeded: request.page))
        writer.append(request.flags.rawValue)
        writer.append(UInt32(0))
        writer.append(request.scale.bitPattern)
        for value in [request.x, request.y, request.width, request.height] { writer.append(Int32(truncatingIfNeeded: value)) }
        return writer.bytes
    }

    public static func parseRequest(_ bytes: ArraySlice<UInt8>) -> (id: UInt32, request: PageRenderRequest)? {
        guard bytes.count == requestBytes else { return nil }
        var reader = WireReader(bytes)
        let id: UInt32 = reader.next(), page: UInt32 = reader.next(), flags: UInt32 = reader.next()
        let _: UInt32 = reader.next()
        let scale = Double(bitPattern: reader.next())
        let x: Int32 = reader.next(), y: Int32 = reader.next(), width: Int32 = reader.next(), height: Int32 = reader.next()
        return (id, PageRenderRequest(page: Int(page), scale: scale, x: Int(x), y: Int(y), width: Int(width), height: Int(height),
                                      flags: PageRenderFlags(rawValue: flags)))
    }

    /// A renderer's answer to one request.
    public struct Reply: Equatable, Sendable {
        public var id: UInt32
        public var isDrawn: Bool
        public var pageWidth: Double
        public var pageHeight: Double
        /// The details (drawn) or the reason in UTF-8 (failed).
        public var payload: [UInt8]

        public init(id: UInt32, isDrawn: Bool, pageWidth: Double, pageHeight: Double, payload: [UInt8]) {
            self.id = id
            self.isDrawn = isDrawn
            self.pageWidth = pageWidth
            self.pageHeight = pageHeight
            self.payload = payload
        }
    }

    public static func reply(_ reply: Reply) -> [UInt8] {
        var writer = WireWriter()
        writer.append(reply.id)
        writer.append(UInt32(reply.isDrawn ? 0 : 1))
        writer.append(reply.pageWidth.bitPattern)
        writer.append(reply.pageHeight.bitPattern)
        return writer.bytes + reply.payload.prefix(maximumMessageBytes - replyHeaderBytes)
    }

    public static func parseReply(_ bytes: ArraySlice<UInt8>) -> Reply? {
        guard bytes.count >= replyHeaderBytes else { return nil }
        var reader = WireReader(bytes)
        let id: UInt32 = reader.next(), status: UInt32 = reader.next()
        let width = Double(bitPattern: reader.next()), height = Double(bitPattern: reader.next())
        return Reply(id: id, isDrawn: status == 0, pageWidth: width, pageHeight: height,
                     payload: Array(bytes.dropFirst(replyHeaderBytes)))
    }

    /// Asks a zygote for a renderer; its channel goes attached.
    public static let forkRequest: [UInt8] = Array("fork".utf8)
    /// Hands a renderer forked from a zygote its document, attached.
    public static let documentMessage: [UInt8] = Array("document".utf8)

    /// A zygote's answer to a fork request: the renderer's process ID, or an error number
    /// negated.
    public static func forkReply(_ processIDOrError: Int32) -> [UInt8] {
        var writer = WireWriter()
        writer.append(processIDOrError)
        return writer.bytes
    }

    public static func parseForkReply(_ bytes: ArraySlice<UInt8>) -> Int32? {
        guard bytes.count == 4 else { return nil }
        var reader = WireReader(bytes)
        return reader.next()
    }

    /// The greeting: the page count, or why the document could not be opened.
    public static func greeting(_ outcome: Result<Int, PageRendererRefusal>) -> [UInt8] {
        var writer = WireWriter()
        switch outcome {
        case .success(let count):
            writer.append(UInt32(0))
            writer.append(UInt32(truncatingIfNeeded: count))
            return writer.bytes
        case .failure(let refusal):
            writer.append(UInt32(1))
            writer.append(UInt32(0))
            return writer.bytes + Array(refusal.reason.utf8.prefix(4096))
        }
    }

    public static func parseGreeting(_ bytes: ArraySlice<UInt8>) -> Result<Int, PageRendererRefusal>? {
        guard bytes.count >= greetingHeaderBytes else { return nil }
        var reader = WireReader(bytes)
        let status: UInt32 = reader.next(), count: UInt32 = reader.next()
        guard status == 0 else {
            return .failure(PageRendererRefusal(String(decoding: bytes.dropFirst(greetingHeaderBytes), as: UTF8.self)))
        }
        return .success(Int(count))
    }
}

/// Why a renderer could not open its document, in the backend's words.
public struct PageRendererRefusal: Error, Equatable, Sendable {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
}

/// Native-endian fields appended to bytes.
struct WireWriter {
    var bytes: [UInt8] = []

    mutating func append<Value: FixedWidthInteger>(_ value: Value) {
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
    }
}

/// Native-endian fields read in order; a field past the end reads as 0.
struct WireReader {
    private let bytes: ArraySlice<UInt8>
    private var offset: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        offset = bytes.startIndex
    }

    mutating func next<Value: FixedWidthInteger>() -> Value {
        let size = MemoryLayout<Value>.size
        defer { offset += size }
        guard offset + size <= bytes.endIndex else { return 0 }
        var value = Value.zero
        withUnsafeMutableBytes(of: &value) { target in
            for index in 0..<size { target[index] = bytes[offset + index] }
        }
        return value
    }
}
