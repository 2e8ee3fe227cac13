import CWaylandClient

/// A seat's clipboard (`wl_data_device`). Glide only offers selections; offers from other
/// clients (for a paste Glide never makes, or drag and drop) are destroyed when replaced.
final class DataDevice: ProxyOwner {
    let proxy: OpaquePointer
    private unowned let manager: DataDeviceManager
    /// The offer of the current selection (another client's), to destroy when it changes.
    private var selectionOffer: OpaquePointer?
    /// The offer of a drag over the window, destroyed when the drag leaves or drops.
    private var dragOffer: OpaquePointer?
    /// The source of Glide's own selection while the compositor holds it.
    private var source: DataSource?

    private static let listener = ListenerTable(wl_data_device_listener(
        data_offer: { _, _, _ in },
        enter: { data, _, _, _, _, _, offer in owner(data, as: DataDevice.self).replaceDragOffer(offer) },
        leave: { data, _ in owner(data, as: DataDevice.self).replaceDragOffer(nil) },
        motion: { _, _, _, _, _ in },
        drop: { data, _ in owner(data, as: DataDevice.self).replaceDragOffer(nil) },
        selection: { data, _, offer in
            let device = owner(data, as: DataDevice.self)
            if let old = device.selectionOffer, old != offer { wl_data_offer_destroy(old) }
            device.selectionOffer = offer
        }))

    init(manager: DataDeviceManager, seat: Seat) {
        self.manager = manager
        proxy = wl_data_device_manager_get_data_device(manager.proxy, seat.proxy)
        wl_data_device_add_listener(proxy, DataDevice.listener.pointer, unretainedPointer)
    }

    deinit {
        source = nil
        if let selectionOffer { wl_data_offer_destroy(selectionOffer) }
        if let dragOffer { wl_data_offer_destroy(dragOffer) }
        if wl_proxy_get_version(proxy) >= 2 {
            wl_data_device_release(proxy)
        } else {
            wl_data_device_destroy(proxy)
        }
    }

    private func replaceDragOffer(_ offer: OpaquePointer?) {
        if let dragOffer, dragOffer != offer { wl_data_offer_destroy(dragOffer) }
        dragOffer = offer
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
