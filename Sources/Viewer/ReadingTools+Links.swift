import DocumentKit

/// Following links, the help card, and the keys of the reading tools.
extension ReadingTools {
    /// Follows a link to `destination`: a heading scrolls there, a document opens, a web or
    /// mail address goes to the desktop; anything else is refused and said once on stderr
    /// with GLIDE_DEBUG. False when it is refused (or the document is no text).
    @discardableResult
    func follow(destination: String) -> Bool {
        guard let layout = host.readingLayout, let baseDirectory = layout.linkBaseDirectory else { return false }
        // The content is about to move (or leave): what the pointer was over is gone.
        contentMovedUnderPointer()
        switch LinkAction(destination: destination, baseDirectory: baseDirectory) {
        case .heading(let fragment):
            // Found off the loop (a book's chapter may have to be read first): until it comes
            // the reader may scroll, tap or follow another link, which gives this one up.
            let jump = host.startPendingJump()
            layout.findAnchor(fragment) { [weak self] position in
                // Still the same document (no link opened another meanwhile), still wanted.
                guard let self, let position, let shown = host.readingLayout, shown === layout,
                      host.takePendingJump(jump) else { return }
                host.recordJump()
                revealHeading(position, in: layout)
            }
        case .document(let path, let fragment):
            return host.openDocument(atPath: path, fragment: fragment)
        case .external(let url):
            host.openExternal(url)
        case .refused(let reason):
            host.log("link not followed: \(reason)")
            return false
        }
        return true
    }

    /// Scrolls, animated, so the heading at `position` sits at the pane's top, opening the
    /// disclosures that hide it; paged text (a fixed-layout book's pages) turns to its page.
    func revealHeading(_ position: TextPosition, in layout: any ReadableLayout) {
        openDisclosures(hiding: position, in: layout)
        if let page = layout.pagedPage(of: position) { return host.turnReading(toPage: page) }
        guard let top = layout.lineTop(of: position, viewportTop: visibleBand.lowerBound) else { return }
        // A little space above the heading, as a browser leaves when jumping to an anchor.
        scroll(toShow: position, headroom: 16, lineTop: top)
    }

    /// A tap on the document (the engine recognised it). Returns whether the tools used it.
    func tap(x: Double, y: Double) -> Bool {
        if isHelpShown {
            isHelpShown = false
            host.readingNeedsDisplay()
            return true
        }
        guard let layout = host.readingLayout else { return false }
        if let link = layout.link(at: contentPoint(x: x, y: y)) {
            follow(destination: link.destination)
            return true
        }
        if let disclosures = layout.disclosures, let summary = disclosures.disclosureSummary(at: contentPoint(x: x, y: y)) {
            toggle(summary, in: disclosures)
            return true
        }
        if selection != nil {
            clearSelection()
            return true
        }
        return false
    }

    /// Opens or closes the disclosure of `summary`, which stays where it is on screen.
    func toggle(_ summary: DisclosureSummary, in disclosures: any DisclosureLayout) {
        let y = summary.rect.y
        host.readingContentChanged(movingContentBy: disclosures.toggleDisclosure(summary, keepingTextAt: y) - y)
        host.readingNeedsDisplay()
    }

    /// Toggles the disclosure whose summary starts at `position`: the summary stays where it
    /// is when it is drawn near the pane, else the text at the pane's top does.
    func toggleDisclosure(atSummary position: TextPosition) -> Bool {
        guard let disclosures = host.readingLayout?.disclosures else { return false }
        let band = visibleBand, reach = band.upperBound - band.lowerBound
        let summaries = disclosures.disclosureSummaries(within: (band.lowerBound - reach)...(band.upperBound + reach))
        let summary = summaries.first { $0.position == position }
            ?? DisclosureSummary(position: position, isOpen: false,
                                 rect: ContentRect(x: 0, y: band.lowerBound, width: 0, height: 0))
        toggle(summary, in: disclosures)
        return true
    }

    /// Return with no focus in the text: toggles the first summary whose line starts in the
    /// pane, as Tab and Return would in a browser with the first one focused. False when none
    /// does, so the key goes on.
    private func toggleFirstSummaryInView() -> Bool {
        guard let disclosures = host.readingLayout?.disclosures else { return false }
        let band = visibleBand
        guard let summary = disclosures.disclosureSummaries(within: band).first(where: { band.contains($0.rect.y) })
        else { return false }
        toggle(summary, in: disclosures)
        return true
    }

    func toggleHelp() {
        isHelpShown.toggle()
        host.readingNeedsDisplay()
    }

    /// A key press (xkb name, modifiers, the text it types). Returns whether the tools used it;
    /// keys they leave go on to scrolling and the window.
    func key(_ name: String, shift: Bool, control: Bool, alt: Bool, text: String) -> Bool {
        if isHelpShown {
            guard name == "Escape" || name == "F1" || text == "?" else { return false }
            toggleHelp()
            return true
        }
        if isFindOpen, let handled = findFieldKey(name, shift: shift, control: control, alt: alt, text: text) {
            return handled
        }
        switch (name, control, alt) {
        case ("F1", false, false):
            toggleHelp()
        case (_, false, false) where text == "?":
            toggleHelp()
        case ("f", true, false), ("F", true, false):
            openFind()
        case (_, false, false) where text == "/":
            openFind()
        case ("F3", false, false):
            findNext(backwards: shift)
        case ("g", true, false), ("G", true, false):
            findNext(backwards: shift || name == "G")
        case ("a", true, false), ("A", true, false):
            selectAll()
        case ("c", true, false), ("C", true, false), ("Insert", true, false):
            copySelection()
        case ("Left", false, true), ("XF86Back", _, _):
            return host.goBack()
        case ("Right", false, true), ("XF86Forward", _, _):
            return host.goForward()
        case ("Return", false, false), ("KP_Enter", false, false), ("ISO_Enter", false, false):
            return toggleFirstSummaryInView()
        case ("Escape", false, false) where selection != nil:
            clearSelection()
        default:
            return false
        }
        return true
    }

    /// Keys while the find field is open: nil for keys it leaves to the rest.
    private func findFieldKey(_ name: String, shift: Bool, control: Bool, alt: Bool, text: String) -> Bool? {
        switch (name, control) {
        case ("Escape", _):
            closeFind()
        case ("Return", false), ("KP_Enter", false), ("ISO_Enter", false):
            findNext(backwards: shift)
        case ("BackSpace", false):
            deleteBackward()
        case ("f", true), ("F", true):
            openFind()
        case _ where !text.isEmpty && !control && !alt:
            insert(text)
        default:
            return nil
        }
        return true
    }
}
