import CWaylandClient
import CWaylandProtocols

/// A seat's primary selection (`zwp_primary_selection_device_v1`).
final class PrimarySelectionDevice: ProxyOwner {
    let proxy: OpaquePointer
    private unowned let manager: PrimarySelectionManager
    /// Another client's primary selection, destroyed when it changes.
    private var offer: OpaquePointer?
    private var source: PrimarySelectionSource?

    private static let listener = ListenerTable(zwp_primary_selection_device_v1_listener(
        data_offer: { _, _, _ in },
        selection: { data, _, offer in
            let device = owner(data, as: PrimarySelectionDevice.self)
            if let old = device.offer, old != offer { zwp_primary_selection_offer_v1_destroy(old) }
            device.offer = offer
        }))

    init(manager: PrimarySelectionManager, seat: Seat) {
        self.manager = manager
        proxy = zwp_primary_selection_device_manager_v1_get_device(manager.proxy, seat.proxy)
        zwp_primary_selection_device_v1_add_listener(proxy, PrimarySelectionDevice.listener.pointer, unretainedPointer)
    }

    deinit {
        source = nil
        if let offer { zwp_primary_selection_offer_v1_destroy(offer) }
        zwp_primary_selection_device_v1_destroy(proxy)
    }

    func setSelection(_ text: SelectionText, serial: UInt32) {
        let source = PrimarySelectionSource(manager: manager, text: text)
        source.onCancelled = { [unowned self, unowned source] in
            if self.source === source { self.source = nil }
        }
        self.source = source
        zwp_primary_selection_device_v1_set_selection(proxy, source.proxy, serial)
    }
}
