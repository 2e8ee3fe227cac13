import CWaylandClient

/// What another client offers through the seat (`wl_data_offer`): the MIME types it announced,
/// for a selection or for a drag over the window.
final class DataOffer: ProxyOwner {
    let proxy: OpaquePointer
    private(set) var mimeTypes: Set<String> = []

    private static let listener = ListenerTable(wl_data_offer_listener(
        offer: { data, _, type in
            guard let type else { return }
            owner(data, as: DataOffer.self).mimeTypes.insert(String(cString: type))
        },
        source_actions: { _, _, _ in },
        action: { _, _, _ in }))

    /// Takes over `proxy`, which the compositor just announced (`wl_data_device.data_offer`);
    /// the types it offers follow before the offer is used.
    init(proxy: OpaquePointer) {
        self.proxy = proxy
        wl_data_offer_add_listener(proxy, DataOffer.listener.pointer, unretainedPointer)
    }

    deinit {
        wl_data_offer_destroy(proxy)
    }

    var version: UInt32 { wl_proxy_get_version(proxy) }
}
