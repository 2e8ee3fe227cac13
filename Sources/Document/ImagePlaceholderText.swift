import Localization

/// The words a page shows in place of an image that cannot be shown.
enum ImagePlaceholderText {
    /// "⚠ 'name' cannot be shown:", then `separator` and the reason.
    static func text(name: String, reason: String, separator: String) -> String {
        localized("⚠ '%s' cannot be shown:", name) + separator + reason
    }
}
