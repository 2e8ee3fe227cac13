import CWaylandClient

/// A seat's clipboard and drops (`wl_data_device`). Glide offers selections and takes files
/// dropped on its window (DataDevice+Drop); other offers (for a paste Glide never makes) are
/// kept only until replaced.
final class DataDevice: ProxyOwner {
    let proxy: OpaquePointer
    private unowned let manager: DataDeviceManager
    /// The seat whose delegate hears of drops.
    private(set) weak var seat: Seat?
    /// Offers announced (`data_offer`) and not yet named by an `enter` or a `selection`.
    private var announcedOffers: [DataOffer] = []
    /// The offer of the current selection (another client's).
    private var selectionOffer: DataOffer?
    /// The offer of a drag over the window, let go of when the drag leaves or drops.
    var dragOffer: DataOffer?
    /// The source of Glide's own selection while the compositor holds it.
    private var source: DataSource?

    private static let listener = ListenerTable(wl_data_device_listener(
        data_offer: { data, _, offer in
            guard let offer else { return }
            owner(data, as: DataDevice.self).announcedOffers.append(DataOffer(proxy: offer))
        },
        enter: { data, _, serial, _, _, _, offer in
            let device = owner(data, as: DataDevice.self)
            device.dragEntered(serial: serial, offer: device.takeOffer(offer))
        },
        leave: { data, _ in owner(data, as: DataDevice.self).dragOffer = nil },
        motion: { _, _, _, _, _ in },
        drop: { data, _ in owner(data, as: DataDevice.self).dropped() },
        selection: { data, _, offer in
            let device = owner(data, as: DataDevice.self)
            device.selectionOffer = device.takeOffer(offer)
        }))

    init(manager: DataDeviceManager, seat: Seat) {
        self.manager = manager
        self.seat = seat
        proxy = wl_data_device_manager_get_data_device(manager.proxy, seat.proxy)
        wl_data_device_add_listener(proxy, DataDevice.listener.pointer, unretainedPointer)
    }

    /// The announced offer with `proxy`, now in use (nil: none).
    private func takeOffer(_ proxy: OpaquePointer?) -> DataOffer? {
        guard let proxy, let index = announcedOffers.firstIndex(where: { $0.proxy == proxy }) else { return nil }
        return announcedOffers.remove(at: index)
    }

    deinit {
        source = nil
        selectionOffer = nil
        dragOffer = nil
        announcedOffers.removeAll()
        if wl_proxy_get_version(proxy) >= 2 {
            wl_data_device_release(proxy)
        } else {
            wl_data_device_destroy(proxy)
        }
    }

    /// Makes `text` the clipboard's content; `serial` is the input event that asked for it.
    func setSelection(_ text: SelectionText, serial: UInt32) {
        let source = DataSource(manager: manager, text: text)
        source.onCancelled = { [unowned self, unowned source] in
            if self.source === source { self.source = nil }
        }
        self.source = source
        wl_data_device_set_selection(proxy, source.proxy, serial)
    }

    /// Whether the compositor still holds Glide's selection.
    var holdsSelection: Bool { source != nil }
}
