import CCairo
import Foundation
import TestCompositor

/// Steps for the reading tools: typing words, reading the clipboard, text input, waiting for
/// a long press (a real timer in glide).
extension GlideSession {
    /// Types `text` (lower-case letters and spaces) key by key.
    public func typeText(_ text: String) throws {
        for character in text {
            if character == " " {
                try type(.space)
            } else if let key = KeyCode.letter(character) {
                try type(key)
            }
        }
    }

    /// The clipboard's text as a paste would read it (nil when glide offered none).
    public func clipboardText() throws -> String? {
        let fd = compositor.exec { $0.dataDeviceManager.requestSelection() }
        return try readOffered(fd)
    }

    /// The primary selection's text (what a middle click would paste).
    public func primarySelectionText() throws -> String? {
        let fd = compositor.exec { $0.primarySelectionManager.requestSelection() }
        return try readOffered(fd)
    }

    private func readOffered(_ fd: Int32?) throws -> String? {
        guard let fd else { return nil }
        // The send event must reach glide, whose worker then writes and closes the pipe.
        try compositor.roundtrip("glide to receive the paste request")
        return SelectionSource.readAll(fd)
    }

    /// Gives glide's text input the focus, as a compositor does with the keyboard focus, and
    /// waits for glide's answer.
    public func focusTextInput() throws {
        compositor.exec { server in
            if server.seat.keyboard.focus !== self.surface { server.seat.keyboard.sendEnter(self.surface) }
            server.textInputManager.sendEnter(self.surface)
        }
        try compositor.roundtrip("glide to answer the text input's enter")
    }

    /// Keeps a finger still past glide's long-press time (500 ms of real time: it is a timer,
    /// not the frame clock), then lets glide draw.
    public func waitForLongPress() throws {
        usleep(700_000)
        try compositor.roundtrip("glide to handle the long press")
        _ = try runUntilIdle()
    }
}

extension GlideSession {
    /// Saves the shown frame as `/tmp/glide-e2e-NAME.png`, for a person to look at.
    public func writePNG(named name: String) throws {
        let surface = PNGFile.surface(of: try image)
        defer { cairo_surface_destroy(surface) }
        try PNGFile.write(surface, to: "/tmp/glide-e2e-\(name).png")
    }
}
