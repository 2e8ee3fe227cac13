import CSystem
import Glibc
import Machinery

/// A zygote (`PageRendererZygotes` in Glide): a PDF renderer's start-up done once, then a
/// renderer forked for each request until Glide closes the channel. It opens no document
/// itself; each renderer it forks is Glide's child, is sent its document, and from there starts
/// as a renderer Glide started would, minus what the zygote did already.
func serveAsZygote(parent: pid_t) -> Never {
    // Not counted among the renderers (`ps`, /proc): its children name themselves back.
    _ = glide_set_process_name("glide-zygote")
    warmUpPDF(keepsGlobalState: true)
    guard PageRendererServer.greet(.success(0)) else { exit(1) }
    while true {
        let (count, channel) = receive(expecting: PageRenderWire.forkRequest)
        guard count > 0 else { exit(count == 0 ? 0 : 1) }
        guard channel >= 0 else { exit(2) }
        let child = glide_fork_sibling()
        if child == 0 { becomeRenderer(channel: channel, parent: parent) }
        let error = errno
        close(channel)
        let reply = PageRenderWire.forkReply(child > 0 ? child : -error)
        guard glide_send_message(PageRendererServer.channelDescriptor, reply, reply.count, -1) == reply.count else { exit(1) }
    }
}

/// In the forked child: `channel` becomes descriptor 3 in place of the zygote's, the document
/// sent on it becomes standard input, and the renderer starts.
private func becomeRenderer(channel: Int32, parent: pid_t) -> Never {
    guard dup2(channel, PageRendererServer.channelDescriptor) == PageRendererServer.channelDescriptor else { exit(1) }
    close(channel)
    _ = glide_set_process_name("glide-page-renderer")
    // The parent is Glide now: a forked child keeps no parent-death signal.
    dieWithGlide(parent: parent)
    let (count, document) = receive(expecting: PageRenderWire.documentMessage)
    guard count > 0 else { exit(count == 0 ? 0 : 1) }
    guard document >= 0, dup2(document, PageRendererServer.documentDescriptor) == PageRendererServer.documentDescriptor else {
        exit(2)
    }
    close(document)
    startPDF(isWarm: true)
}

/// The next message on descriptor 3 and the descriptor it carried (-1 when none, or when the
/// message is not `expected`); the count is 0 when Glide closed the channel, -1 on an error.
private func receive(expecting expected: [UInt8]) -> (count: Int, descriptor: Int32) {
    var buffer = [UInt8](repeating: 0, count: 64)
    var descriptor: Int32 = -1
    let count = buffer.withUnsafeMutableBytes {
        glide_receive_message(PageRendererServer.channelDescriptor, $0.baseAddress, $0.count, &descriptor)
    }
    guard count > 0 else { return (count, -1) }
    guard buffer[0..<count].elementsEqual(expected) else {
        if descriptor >= 0 { close(descriptor) }
        return (count, -1)
    }
    return (count, descriptor)
}
