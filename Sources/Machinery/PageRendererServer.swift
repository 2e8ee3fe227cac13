import CSystem
import Glibc

/// What a page renderer process renders with: one open document of one kind, used by this
/// process's one thread. PDF's is poppler's; DjVu's or a comic's would be theirs.
public protocol PageRenderBackend {
    /// Draws `request` into `pixels`: cairo RGB24, `request.width`×`request.height`, rows of
    /// `request.width * 4` bytes, already there for the backend to paint over.
    func render(_ request: PageRenderRequest, into pixels: UnsafeMutableRawPointer) -> PageRenderBackendResult
}

/// What a backend says of one render.
public struct PageRenderBackendResult {
    /// The page's size in document units (PDF points); 0 when unknown.
    public var pageWidth: Double
    public var pageHeight: Double
    /// Why nothing was drawn, when it was not.
    public var failure: String?
    /// The page's details the kind reads (`PageRenderFlags.details`), in its own encoding.
    public var details: [UInt8]

    public init(pageWidth: Double = 0, pageHeight: Double = 0, failure: String? = nil, details: [UInt8] = []) {
        self.pageWidth = pageWidth
        self.pageHeight = pageHeight
        self.failure = failure
        self.details = details
    }
}

/// The renderer's side of `PageRenderWire`: greets the parent, then answers requests one at a
/// time until the parent closes the channel.
public enum PageRendererServer {
    /// The descriptor a renderer's channel to Glide arrives on (`ProgramLauncher.start`'s
    /// `channel`).
    public static let channelDescriptor: Int32 = 3
    /// The descriptor its document arrives on: its standard input.
    public static let documentDescriptor: Int32 = STDIN_FILENO

    /// Sends the greeting: the page count, or why the document could not be opened.
    public static func greet(_ outcome: Result<Int, PageRendererRefusal>) -> Bool {
        let message = PageRenderWire.greeting(outcome)
        return glide_send_message(channelDescriptor, message, message.count, -1) == message.count
    }

    /// Answers requests until the channel closes; `beforeEachRender` runs before each (a CPU
    /// backstop). Returns the exit status.
    public static func serve(_ backend: some PageRenderBackend, beforeEachRender: () -> Void = {}) -> Int32 {
        var buffer = [UInt8](repeating: 0, count: PageRenderWire.maximumMessageBytes)
        while true {
            var descriptor: Int32 = -1
            let count = buffer.withUnsafeMutableBytes { glide_receive_message(channelDescriptor, $0.baseAddress, $0.count, &descriptor) }
            guard count > 0 else { return count == 0 ? 0 : 1 }
            defer { if descriptor >= 0 { close(descriptor) } }
            guard let (id, request) = PageRenderWire.parseRequest(buffer[0..<count]) else { return 2 }
            beforeEachRender()
            let result = render(request, descriptor: descriptor, with: backend)
            let reply = PageRenderWire.reply(PageRenderWire.Reply(
                id: id, isDrawn: result.failure == nil, pageWidth: result.pageWidth, pageHeight: result.pageHeight,
                payload: result.failure.map { Array($0.utf8) } ?? result.details))
            guard glide_send_message(channelDescriptor, reply, reply.count, -1) == reply.count else { return 1 }
        }
    }

    private static func render(_ request: PageRenderRequest, descriptor: Int32,
                               with backend: some PageRenderBackend) -> PageRenderBackendResult {
        guard request.width > 0, request.height > 0, request.width <= 1 << 15, request.height <= 1 << 15 else {
            return PageRenderBackendResult(failure: "no region to draw")
        }
        var status = stat()
        // Glide hands back memory that held an earlier page, up to a quarter larger.
        guard descriptor >= 0, fstat(descriptor, &status) == 0, Int(status.st_size) >= request.byteCount else {
            return PageRenderBackendResult(failure: "no memory file of the region's size")
        }
        // Glide made the pages and mapped them already: one call maps them all here, instead of a
        // fault for every 4 KB as the backend draws.
        guard let mapping = mmap(nil, request.byteCount, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, descriptor, 0),
              mapping != MAP_FAILED else {
            return PageRenderBackendResult(failure: String(cString: strerror(errno)))
        }
        defer { munmap(mapping, request.byteCount) }
        return backend.render(request, into: mapping)
    }
}
