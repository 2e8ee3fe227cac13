import DocumentKit
import Localization
import Machinery
import Render

/// The go-to-page entry (Ctrl+L, or a tap on the page label): what was typed, and what is
/// wrong with it once Enter was pressed.
struct PageEntry {
    var text = ""
    /// Text an input method is composing, not yet typed.
    var preedit = ""
    /// Why the text leads to no page, after Enter; typing clears it.
    var error: String?

    /// Types `text` at the end (keys, or an input method's commit after deleting `before`
    /// bytes).
    mutating func insert(_ typed: String, deletingBefore before: Int = 0) {
        var utf8 = Array(text.utf8)
        utf8.removeLast(min(before, utf8.count))
        text = String(decoding: utf8, as: UTF8.self) + typed
        preedit = ""
        error = nil
    }

    mutating func deleteBackward() {
        guard !text.isEmpty else { return }
        text.removeLast()
        error = nil
    }

    /// The entry as drawn over a document of `pageCount` pages.
    func overlay(pageCount: Int) -> ReadingOverlay.PageEntry {
        ReadingOverlay.PageEntry(text: text, preedit: preedit,
                                 status: error ?? localizedPlural("%s page", "%s pages", count: pageCount,
                                                                  LocalizedNumber.string(pageCount)),
                                 isError: error != nil)
    }

    /// The page (from 0) `text` names among `pageCount` pages: the page so labelled first (in a
    /// book whose front matter is numbered in roman, a printed `1` is the page after it, as
    /// Evince's and Okular's entries read it), else the page of that number; or, in one line,
    /// why it names none.
    static func page(named text: String, pageCount: Int, numbering: (any PageNumbering)?) -> Result<Int, PageEntryError> {
        let typed = text.trimmingWhitespace
        guard !typed.isEmpty else { return .failure(.empty) }
        if let page = numbering?.page(labelled: typed) { return .success(page) }
        guard typed.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return .failure(.noSuchLabel(typed))
        }
        // A number too long for Int is past any last page.
        guard let number = Int(typed), number >= 1, number <= pageCount else { return .failure(.outOfRange(typed, pageCount)) }
        return .success(number - 1)
    }
}

/// Why the text of the go-to-page entry leads to no page.
enum PageEntryError: Error, Equatable {
    /// Enter on an empty entry.
    case empty
    /// A number outside 1…count (the text as typed, the count).
    case outOfRange(String, Int)
    /// Text that is neither a number nor a page's label.
    case noSuchLabel(String)

    /// What the entry says, in one line.
    var message: String {
        switch self {
        case .empty:
            return localized("Type a page number or label")
        case .outOfRange(let typed, let count):
            // TRANSLATORS: the go-to-page entry's error; %1$s is the number typed, %2$s the last page's.
            return localized("No page %1$s: pages run 1–%2$s", OneLineText.escaping(typed), LocalizedNumber.string(count))
        case .noSuchLabel(let typed):
            // TRANSLATORS: the go-to-page entry's error; %s is what was typed.
            return localized("No page is labelled “%s”", OneLineText.escaping(typed))
        }
    }
}

private extension String {
    /// The string without the spaces, tabs and line breaks around it.
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
