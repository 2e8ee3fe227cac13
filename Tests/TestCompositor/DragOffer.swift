import CWaylandServer
import CWaylandServerProtocols
import Glibc

/// Another client's drag over a surface, as a file manager drags files: the compositor offers
/// its MIME types to the client under the pointer (`wl_data_offer`), enters, and on the drop
/// writes the content of the type the client receives. What the client does with the offer
/// is recorded for the test.
public final class DragOffer: ResourceOwner {
    /// The bytes offered, by MIME type.
    let content: [String: [UInt8]]
    private(set) var resource: OpaquePointer?
    /// The type the client last accepted (nil: it refused the drag).
    public private(set) var acceptedType: String?
    /// The actions the client last said it takes (`set_actions`).
    public private(set) var acceptedActions: UInt32 = 0
    /// The types the client asked to receive.
    public private(set) var receivedTypes: [String] = []
    /// Whether the client finished the drag (`finish`, version 3).
    public private(set) var isFinished = false

    private static let handlers = RequestHandlers(wl_data_offer_interface(
        accept: { _, resource, _, type in
            owner(of: resource, as: DragOffer.self).acceptedType = type.map { String(cString: $0) }
        },
        receive: { _, resource, type, fd in
            let offer = owner(of: resource, as: DragOffer.self)
            let name = type.map { String(cString: $0) } ?? ""
            offer.receivedTypes.append(name)
            offer.write(offer.content[name] ?? [], to: fd)
        },
        destroy: destroyResource,
        finish: { _, resource in owner(of: resource, as: DragOffer.self).isFinished = true },
        set_actions: { _, resource, actions, _ in owner(of: resource, as: DragOffer.self).acceptedActions = actions }))

    init?(content: [String: [UInt8]], device: OpaquePointer) {
        self.content = content
        guard let resource = makeResource(client: wl_resource_get_client(device), interface: glide_server_wl_data_offer_interface(),
                                          version: UInt32(wl_resource_get_version(device)), id: 0,
                                          implementation: DragOffer.handlers.implementation) else { return nil }
        self.resource = resource
    }

    /// Writes `bytes` to the client's pipe and closes it, as a source client would.
    private func write(_ bytes: [UInt8], to fd: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { break }
            offset += written
        }
        close(fd)
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        if self.resource == resource { self.resource = nil }
    }
}
