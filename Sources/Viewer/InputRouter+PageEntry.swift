import DocumentKit
import Render
import ScrollEngine

/// The go-to-page entry: Ctrl+L or a tap on the page label opens it where the find field
/// would be; it takes a page number or a page label, typed or from an on-screen keyboard
/// (the text-input protocol, as find); Enter goes there, Escape closes it, and text that
/// leads to no page says so in the entry.
extension InputRouter {
    /// Opens the entry (or keeps it open): false when the document has no pages to go to.
    @discardableResult
    func openPageEntry() -> Bool {
        guard let count = navigation.pageCount, count > 0 else { return false }
        // One field at a time, at the same place.
        if readingTools.isFindOpen { readingTools.closeFind() }
        readingTools.isHelpShown = false
        if pageEntry == nil {
            pageEntry = PageEntry()
            navigation.startReadingPageLabels()
        }
        setWantsTextInput(true)
        needsFrame = true
        return true
    }

    /// Closes the entry; the view stays where it is.
    func closePageEntry() {
        guard pageEntry != nil else { return }
        pageEntry = nil
        setWantsTextInput(false)
        needsFrame = true
    }

    /// Whether the entry is open.
    var isPageEntryOpen: Bool { pageEntry != nil }

    /// Enter: goes to the page the text names and closes the entry, or says why it names none.
    func commitPageEntry() {
        guard let entry = pageEntry, let count = navigation.pageCount else { return }
        switch PageEntry.page(named: entry.text + entry.preedit, pageCount: count, numbering: document.pageNumbering) {
        case .success(let page):
            closePageEntry()
            readingTools.clearSelection()
            navigation.goToPage(page, timeMilliseconds: timeMilliseconds)
        case .failure(let error):
            pageEntry?.error = error.message
        }
        needsFrame = true
    }

    /// A key for the entry: Ctrl+L opens it; while it is open it takes Escape, Enter,
    /// Backspace and what a key types, and leaves the rest (scrolling keys, Ctrl+F, which
    /// closes it for find). Returns whether it used the key.
    func handlePageEntryKey(_ name: String, modifiers: InputModifiers, text: String) -> Bool {
        let control = modifiers.contains(.control), alt = modifiers.contains(.alt)
        if (name == "l" || name == "L"), control, !alt { return openPageEntry() }
        guard pageEntry != nil else { return false }
        switch name {
        case "Escape":
            closePageEntry()
        case "Return", "KP_Enter", "ISO_Enter":
            commitPageEntry()
        case "BackSpace":
            pageEntry?.deleteBackward()
        case "f" where control, "F" where control:
            closePageEntry()
            return false
        case _ where !text.isEmpty && !control && !alt && text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }):
            pageEntry?.insert(text)
        default:
            return false
        }
        needsFrame = true
        return true
    }

    /// An input method typed into the entry: false when it is closed.
    func pageEntryCommitted(_ text: String, deletingBefore before: Int) -> Bool {
        guard pageEntry != nil else { return false }
        pageEntry?.insert(text, deletingBefore: before)
        needsFrame = true
        return true
    }

    /// An input method's composing text for the entry: false when it is closed.
    func pageEntryComposing(_ text: String) -> Bool {
        guard pageEntry != nil else { return false }
        pageEntry?.preedit = text
        needsFrame = true
        return true
    }

    /// The entry as drawn, while it is open.
    var pageEntryOverlay: ReadingOverlay.PageEntry? {
        pageEntry.map { $0.overlay(pageCount: navigation.pageCount ?? 0) }
    }

    /// What the entry says at its end now (the page count, or its error), for tests and the
    /// screen reader; nil while it is closed.
    var pageEntryStatus: String? { pageEntryOverlay?.status }

    /// What was typed into the entry; nil while it is closed.
    var pageEntryText: String? { pageEntry?.text }
}
