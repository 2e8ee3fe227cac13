import Localization

/// `glide --help`: sections of terms and their descriptions, in the user's language, wrapped
/// to a terminal's 80 columns. The man page is generated from its English form
/// (`packaging/manpage.sh`), so the layout is a contract: a section header is a line ending in
/// ':' at column 0, a term is indented by 2 and its description starts at column 24 (on the
/// next line when the term is longer).
public enum HelpText {
    /// The column descriptions start at, and the width lines are wrapped to (a classic terminal).
    static let descriptionColumn = 24
    static let lineWidth = 79

    /// One term of a section: an option with its argument, a variable, an exit status.
    struct Entry {
        let term: String
        let description: String
    }

    static var usage: String {
        localized("usage: glide [OPTIONS] [FILE|DIRECTORY]...")
    }

    /// The one-line pointer a command-line error ends with.
    static var usagePointer: String {
        localized("usage: glide [OPTIONS] [FILE|DIRECTORY]... (see glide --help)")
    }

    /// What FILE may be, one description a registered kind (`KindRegistry.fileDescriptions`),
    /// as one phrase: "a PDF, an image or a text file".
    static func fileDescription(_ kinds: [String]) -> String {
        guard var phrase = kinds.last else { return "" }
        for (index, kind) in kinds.dropLast().enumerated().reversed() {
            // TRANSLATORS: the last two of a list of what a file may be ("a PDF or an image").
            phrase = index == kinds.count - 2 ? localized("%1$s or %2$s", kind, phrase)
                // TRANSLATORS: an earlier item of a list of what a file may be, and the rest.
                : localized("%1$s, %2$s", kind, phrase)
        }
        return phrase
    }

    static func options(fileKinds: [String]) -> [Entry] {
        [
            Entry(term: "FILE", description: fileDescription(fileKinds)),
            Entry(term: "DIRECTORY", description: localized("a directory of images, shown one image per page")),
            Entry(term: "--paging", description: localized("show a document as horizontal pages with a page control")),
            Entry(term: "--no-page-control", description: localized("hide the page control")),
            Entry(term: "--zoom MIN:MAX", description: localized("zoom limits (equal values turn zoom off)")),
            Entry(term: "--deceleration normal|fast|RATE",
                  description: localized("how fast a flick slows: 0.998 or 0.99 per ms, or RATE")),
            Entry(term: "--directional-lock", description: localized("a drag that starts along one axis stays on it")),
            Entry(term: "--split", description: localized("the outline above the document's pages")),
            Entry(term: "--dark", description: localized("start with night pages: light text on a dark page, and pages with their lightness inverted and their colours kept (Ctrl+I turns them on and off)")),
            Entry(term: "--right-to-left",
                  description: localized("read pages right to left, the first at the right, as a manga's (a comic's ComicInfo.xml can say so itself)")),
            Entry(term: "--size WxH",
                  description: localized("the window's initial size in logical px (default %1$s, at most %2$s a side)", "1024x768",
                                         String(Int(CommandLineOptions.maximumWindowSidePixels)))),
            Entry(term: "--trace FILE",
                  description: localized("write one JSON line per committed frame to FILE (- for standard output); an existing FILE is overwritten")),
            Entry(term: "--export-pdf OUT",
                  description: localized("write FILE as a PDF to OUT (a PDF as it is; anything else in A4 pages, with its links and outline) and exit, with no window; an existing OUT is overwritten")),
            Entry(term: "-h, --help", description: localized("show this help and exit")),
            Entry(term: "--version", description: localized("show the version and exit")),
        ]
    }

    static var environment: [Entry] {
        [
            Entry(term: "LANGUAGE, LC_MESSAGES", description: localized("the language of Glide's messages")),
            Entry(term: "GLIDE_REDUCED_MOTION",
                  description: localized("1 turns the rubber band off and makes animations shorter")),
            Entry(term: "GLIDE_DEBUG", description: localized("1 prints diagnostics")),
            Entry(term: "XDG_STATE_HOME",
                  description: localized("reading positions are remembered in $XDG_STATE_HOME/glide")),
            Entry(term: "XDG_DATA_HOME",
                  description: localized("files opened join the desktop's recent documents, $XDG_DATA_HOME/recently-used.xbel")),
            Entry(term: "XDG_CACHE_HOME",
                  description: localized("the home's thumbnails are the desktop's, in $XDG_CACHE_HOME/thumbnails")),
        ]
    }

    static var exitStatuses: [Entry] {
        [
            Entry(term: "0", description: localized("the window was closed or quit (also on SIGINT, SIGTERM, SIGHUP)")),
            Entry(term: "1", description: localized("a file cannot be opened, or no compositor can be reached or it went away")),
            Entry(term: "2", description: localized("a bad command line")),
        ]
    }

    /// The whole help (`print` ends it with a newline); FILE is what `fileKinds` describe.
    static func text(fileKinds: [String]) -> String {
        var lines = [usage, ""]
        lines += wrap(localized("Glide shows documents and images in a Wayland window and scrolls them by touch, touchpad, wheel and keyboard. Without FILE it opens its home: the recent documents as a grid of thumbnails (tap one to open it where you left it, Alt+Left to come back; long-press or right-click to remove it from the list) and an Open… button, which shows Glide's own folder view where the desktop has no file chooser portal."), indent: 0)
        for (title, entries) in [(localized("Options:"), options(fileKinds: fileKinds)), (localized("Environment:"), environment),
                                 (localized("Exit status:"), exitStatuses)] {
            lines += ["", title]
            for entry in entries { lines += format(entry) }
        }
        lines += [""]
        lines += wrap(localized("Touch: drag, flick, pinch, double-tap. Keys: arrows, Page Up/Down, Space, Home/End, Ctrl+plus/minus/0 zoom, w and f fit the page's width or the whole page, Ctrl+Left/Right turn pages, d two pages side by side, Shift+D the first page alone, Ctrl+F find, Ctrl+L go to a page by number or label, Alt+Left and Alt+Right back and forward, F9 page overview, F1 or ? every gesture and key, F11 full screen, Escape closes find, help or a selection, else leaves full screen, q or Ctrl+Q quits."), indent: 0)
        return lines.joined(separator: "\n")
    }

    /// A term at column 2 and its description from `descriptionColumn`, wrapped.
    static func format(_ entry: Entry) -> [String] {
        var lines = wrap(entry.description, indent: descriptionColumn)
        let term = "  " + entry.term
        if term.count + 2 <= descriptionColumn {
            lines[0] = term + String(lines[0].dropFirst(term.count))
        } else {
            lines.insert(term, at: 0)
        }
        return lines
    }

    /// `text` broken at spaces into lines of at most `lineWidth` columns, each indented.
    static func wrap(_ text: String, indent: Int) -> [String] {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = margin
        for word in text.split(separator: " ") {
            if line.count > indent, line.count + 1 + word.count > lineWidth {
                lines.append(line)
                line = margin
            }
            line += (line.count > indent ? " " : "") + word
        }
        lines.append(line)
        return lines
    }
}
