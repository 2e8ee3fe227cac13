import DocumentKit

/// Where a text file is cut into sections: pieces of about `nominalBytes` that are parsed
/// and laid out on their own, so opening and jumping anywhere in a 100 MB file touches only
/// the sections near the viewport.
///
/// Each boundary is found from its nominal offset alone, so any section can be located
/// without reading the ones before it: after the first blank line in the half section that
/// follows, else after the last line break in the half section before, else after a space,
/// else at a character boundary. Boundaries are thus strictly increasing.
struct SectionBoundaries {
    let bytes: SourceBytes
    let nominalBytes: Int

    /// How many sections there are; at least one.
    var count: Int { max(1, (bytes.count + nominalBytes - 1) / nominalBytes) }

    /// The bytes of `section`, and whether it starts in the middle of a paragraph (a hard cut).
    func range(of section: Int) -> (bytes: Range<Int>, startsMidParagraph: Bool) {
        let start = self.start(of: section)
        let end = section + 1 < count ? self.start(of: section + 1).offset : bytes.count
        return (start.offset..<max(start.offset, end), start.isHardCut)
    }

    /// Where `section` starts. Reads one window of `nominalBytes` around the nominal offset
    /// (the half section before and after it); a window cut short by a file that shrank gives
    /// a boundary at its end, so boundaries stay in order and in range.
    private func start(of section: Int) -> (offset: Int, isHardCut: Bool) {
        let nominal = section * nominalBytes
        guard section > 0, nominal < bytes.count else { return (min(nominal, bytes.count), false) }
        let half = nominalBytes / 2
        let windowStart = max(nominal - half, 0)
        let window = bytes.bytes(windowStart..<min(nominal + half, bytes.count))
        let nominalInWindow = nominal - windowStart
        guard window.count > nominalInWindow else { return (windowStart + window.count, true) }
        if let afterBlankLine = SectionBoundaries.firstBlankLineEnd(in: window, from: nominalInWindow) {
            return (windowStart + afterBlankLine, false)
        }
        let lowest = max(nominalInWindow - half + 1, 1)
        var index = nominalInWindow
        while index >= lowest {
            if window[index - 1] == 0x0A { return (windowStart + index, true) }
            index -= 1
        }
        // A space within a long line's last few words (256 bytes: a few lines of text).
        index = nominalInWindow
        while index > max(nominalInWindow - 256, 1) {
            if window[index - 1] == 0x20 { return (windowStart + index, true) }
            index -= 1
        }
        index = nominalInWindow
        while index > lowest, window[index] & 0xC0 == 0x80 { index -= 1 }
        return (windowStart + index, true)
    }

    /// The index just after the first line of only spaces, tabs or `\r` that follows a line
    /// break at or after `start` in `window`.
    private static func firstBlankLineEnd(in window: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < window.count {
            if window[index] == 0x0A {
                var next = index + 1
                // The whole blank line lies in the window, so boundaries stay in order.
                while next < window.count, window[next] == 0x20 || window[next] == 0x09 || window[next] == 0x0D {
                    next += 1
                }
                if next < window.count, window[next] == 0x0A { return next + 1 }
                index = next
            } else {
                index += 1
            }
        }
        return nil
    }
}
