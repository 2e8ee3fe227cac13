import CWaylandServer
import CWaylandServerProtocols
import Glibc

/// A client's offer of a selection: a `wl_data_source` or a
/// `zwp_primary_selection_source_v1`, with the MIME types it offered. The compositor asks it
/// for its content as another client's paste would, through a pipe.
public final class SelectionSource: ResourceOwner {
    /// Which protocol the source belongs to.
    enum Kind {
        case clipboard
        case primary
    }

    /// The MIME types offered, in order.
    public private(set) var mimeTypes: [String] = []
    private(set) var resource: OpaquePointer?
    let kind: Kind

    private static let clipboardHandlers = RequestHandlers(wl_data_source_interface(
        offer: { _, resource, type in owner(of: resource, as: SelectionSource.self).offer(type) },
        destroy: destroyResource,
        set_actions: { _, _, _ in }))
    private static let primaryHandlers = RequestHandlers(zwp_primary_selection_source_v1_interface(
        offer: { _, resource, type in owner(of: resource, as: SelectionSource.self).offer(type) },
        destroy: destroyResource))

    /// Called when libwayland destroys the resource, so whoever keeps the source lets go.
    var onDestroyed: ((SelectionSource) -> Void)?

    init?(kind: Kind, client: OpaquePointer?, version: UInt32, id: UInt32) {
        self.kind = kind
        let made: OpaquePointer?
        switch kind {
        case .clipboard:
            made = makeResource(client: client, interface: glide_server_wl_data_source_interface(), version: version,
                                id: id, implementation: SelectionSource.clipboardHandlers.implementation)
        case .primary:
            made = makeResource(client: client, interface: glide_server_zwp_primary_selection_source_v1_interface(),
                                version: version, id: id, implementation: SelectionSource.primaryHandlers.implementation)
        }
        guard let made else { return nil }
        resource = made
    }

    private func offer(_ type: UnsafePointer<CChar>?) {
        if let type { mimeTypes.append(String(cString: type)) }
    }

    /// Asks the client to write its content as `mimeType`; returns the pipe's read end, or
    /// nil when the source is gone. The caller reads it outside the compositor's lock.
    func requestContent(as mimeType: String) -> Int32? {
        guard let resource else { return nil }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        switch kind {
        case .clipboard: wl_data_source_send_send(resource, mimeType, ends[1])
        case .primary: zwp_primary_selection_source_v1_send_send(resource, mimeType, ends[1])
        }
        // libwayland duplicated the descriptor into the message.
        close(ends[1])
        return ends[0]
    }

    /// Tells the client its selection was replaced.
    func cancel() {
        guard let resource else { return }
        switch kind {
        case .clipboard: wl_data_source_send_cancelled(resource)
        case .primary: zwp_primary_selection_source_v1_send_cancelled(resource)
        }
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        onDestroyed?(self)
    }

    /// Makes a source `client` asked for and keeps it in `sources` while its resource lives.
    static func make<Keeper: AnyObject>(_ kind: Kind, client: OpaquePointer?, manager: OpaquePointer?, id: UInt32,
                                        keptIn sources: ReferenceWritableKeyPath<Keeper, [SelectionSource]>, by keeper: Keeper) {
        guard let source = SelectionSource(kind: kind, client: client, version: UInt32(wl_resource_get_version(manager)), id: id)
        else { return }
        keeper[keyPath: sources].append(source)
        source.onDestroyed = { [unowned keeper] gone in keeper[keyPath: sources].removeAll { $0 === gone } }
    }

    /// Reads `fd` to its end (the writer closes it) within `timeoutMilliseconds`, then closes it.
    public static func readAll(_ fd: Int32, timeoutMilliseconds: Int32 = 5000) -> String? {
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            guard poll(&descriptor, 1, timeoutMilliseconds) == 1 else { return nil }
            let count = read(fd, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            bytes += chunk.prefix(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
