import TestCompositor

/// The window and the keyboard: configures, keys.
extension GlideSession {
    /// Configures the window to `width`×`height` with `states`, and waits for the commit
    /// that answers it.
    @discardableResult
    public func configure(width: Int32, height: Int32, states: [XdgToplevel.State] = [.activated]) throws -> SurfaceState {
        let count = compositor.exec { _ in
            self.toplevel.sendConfigure(width: width, height: height, states: states)
            return self.surface.commitCount
        }
        return try compositor.wait("glide to answer the configure to \(width)×\(height)") { _ in
            self.surface.commitCount > count ? self.surface.committed : nil
        }
    }

    /// Gives glide the keyboard focus and types `key` (with `modifiers` held) at the next frame's time.
    public func type(_ key: KeyCode, with modifiers: [KeyCode] = []) throws {
        compositor.exec { server in
            let keyboard = server.seat.keyboard
            let time = server.frameClock.nextFrameTimeMilliseconds
            if keyboard.focus !== self.surface { keyboard.sendEnter(self.surface) }
            for modifier in modifiers { keyboard.sendKey(modifier, isPressed: true, time: time) }
            keyboard.typeKey(key, time: time)
            for modifier in modifiers.reversed() { keyboard.sendKey(modifier, isPressed: false, time: time) }
        }
        try compositor.roundtrip("glide to handle the key")
    }

    /// Gives glide the keyboard focus and presses or releases `key` alone (a modifier held
    /// across other input), at the next frame's time.
    public func press(_ key: KeyCode, isPressed: Bool = true) throws {
        compositor.exec { server in
            let keyboard = server.seat.keyboard
            if keyboard.focus !== self.surface { keyboard.sendEnter(self.surface) }
            keyboard.sendKey(key, isPressed: isPressed, time: server.frameClock.nextFrameTimeMilliseconds)
        }
        try compositor.roundtrip("glide to handle the key")
    }
}
