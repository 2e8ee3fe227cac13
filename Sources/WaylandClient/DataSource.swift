import CWaylandClient

/// Glide's clipboard content (`wl_data_source`): offered as UTF-8 text under every name
/// readers ask for, and written when another client pastes.
final class DataSource: ProxyOwner {
    let proxy: OpaquePointer
    private let text: SelectionText
    /// Called when another selection replaced this one; the source is then useless.
    var onCancelled: (() -> Void)?

    private static let listener = ListenerTable(wl_data_source_listener(
        target: { _, _, _ in },
        send: { data, _, _, fd in owner(data, as: DataSource.self).text.write(to: fd) },
        cancelled: { data, _ in owner(data, as: DataSource.self).onCancelled?() },
        dnd_drop_performed: { _, _ in },
        dnd_finished: { _, _ in },
        action: { _, _, _ in }))

    init(manager: DataDeviceManager, text: SelectionText) {
        self.text = text
        proxy = wl_data_device_manager_create_data_source(manager.proxy)
        wl_data_source_add_listener(proxy, DataSource.listener.pointer, unretainedPointer)
        for type in SelectionText.mimeTypes { wl_data_source_offer(proxy, type) }
    }

    deinit {
        wl_data_source_destroy(proxy)
    }
}
