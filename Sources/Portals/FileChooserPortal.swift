import CGIO
import Localization
import Machinery

/// Choosing documents to open through the desktop's file chooser (`org.freedesktop.portal.
/// FileChooser.OpenFile`), GNOME's own dialog where xdg-desktop-portal-gtk serves it. Files
/// that come through the portal's document store (`/run/user/…/doc/…`) are paths like any.
public enum FileChooserPortal {
    /// How long the user may take in the chooser, in s: a bound, not a tuned figure.
    static let dialogTimeoutSeconds = 3600.0

    /// Asks for documents (several may be chosen), offering a filter of `mimeTypes` (what
    /// Glide shows) and one of every file; `chosen` gets the local files picked, `report`
    /// one line when no chooser answers. Both run on the portals' worker; nothing when the
    /// user cancels.
    public static func chooseDocuments(title: String, mimeTypes: [String], chosen: @escaping @Sendable ([String]) -> Void,
                                       report: @escaping @Sendable (String) -> Void) {
        PortalSession.worker.submit(priority: .immediate) { _ in
            do throws(PortalError) {
                let session = try PortalSession()
                // TRANSLATORS: a filter of the desktop's file chooser.
                let documents = { filter(localized("Documents"), mimeTypes.map { (1, $0) }) }
                let options: [String: OpaquePointer] = [
                    "multiple": g_variant_new_boolean(1),
                    "filters": GVariants.array(of: "(sa(us))", [documents(), filter(localized("All files"), [(0, "*")])]),
                    "current_filter": documents(),
                ]
                let (response, results) = try session.request("org.freedesktop.portal.FileChooser", "OpenFile", options: options,
                                                              timeoutSeconds: dialogTimeoutSeconds) { options in
                    GVariants.tuple([g_variant_new_string(""), g_variant_new_string(title), options])
                }
                defer { g_variant_unref(results) }
                guard response == 0 else { return }
                let paths = GVariants.strings("uris", in: results).compactMap { URIList.localPath(of: $0[...]) }
                if !paths.isEmpty { chosen(paths) }
            } catch {
                report(localized("cannot show the desktop's file chooser: %s", error.description))
            }
        }
    }

    /// A filter `(sa(us))`: its name and its patterns, 0 a glob and 1 a MIME type.
    private static func filter(_ name: String, _ patterns: [(UInt32, String)]) -> OpaquePointer {
        GVariants.tuple([g_variant_new_string(name),
                         GVariants.array(of: "(us)", patterns.map { GVariants.tuple([g_variant_new_uint32($0.0), g_variant_new_string($0.1)]) })])
    }
}
