import TestCompositor

/// Pointer, touchpad and gesture steps. Each step is stamped with the next frame's time and
/// presents that frame, like the touch steps, so time stays the frame clock's.
///
/// ```swift
/// try session.pointerEnter(x: 400, y: 300)
/// for _ in 0..<5 { try session.fingerScroll(dy: 30) }   // two fingers moving up the touchpad
/// try session.fingerScrollStop()                        // axis_stop: the kinetic fling starts
/// try session.runUntilIdle()
/// ```
extension GlideSession {
    /// Moves the pointer onto the window at (x, y), with the `frame` compositors send after
    /// an `enter` (so glide knows where the pointer is before any other pointer event).
    public func pointerEnter(x: Double, y: Double) throws {
        let surface = self.surface
        try input { server, _ in
            server.seat.pointer.sendEnter(surface, x: x, y: y)
            server.seat.pointer.sendFrame()
        }
    }

    /// Moves the pointer, already on the window, to (x, y).
    public func pointerMotion(x: Double, y: Double) throws {
        try input { server, time in
            server.seat.pointer.sendMotion(x: x, y: y, time: time)
            server.seat.pointer.sendFrame()
        }
    }

    /// Presses or releases the left button where the pointer is.
    public func leftButton(isPressed: Bool) throws {
        try input { server, time in
            server.seat.pointer.sendButton(Pointer.leftButton, isPressed: isPressed, time: time)
            server.seat.pointer.sendFrame()
        }
    }

    /// One frame of continuous scrolling (a trackpoint) by `dy` px: 1:1, never kinetic.
    public func continuousScroll(dy: Double) throws {
        try input { server, time in
            server.seat.pointer.sendAxisSource(.continuous)
            server.seat.pointer.sendAxis(.vertical, distance: dy, time: time)
            server.seat.pointer.sendFrame()
        }
    }

    /// One frame of two-finger touchpad scrolling by (dx, dy) px (source finger).
    public func fingerScroll(dx: Double = 0, dy: Double) throws {
        try input { server, time in server.seat.pointer.sendFingerScroll(dx: dx, dy: dy, time: time) }
    }

    /// The fingers leave the touchpad: `axis_stop` on both axes, which starts a fling.
    public func fingerScrollStop() throws {
        try input { server, time in server.seat.pointer.sendFingerScrollStop(time: time) }
    }

    /// `steps` wheel clicks (positive: down the document), as one frame with value120.
    public func wheel(steps: Int32) throws {
        try input { server, time in server.seat.pointer.sendWheel(.vertical, steps: steps, time: time) }
    }

    /// A touchpad pinch: begin, one update per element of `scales` (relative to the begin,
    /// centre fixed), each turning the fingers `rotationDegrees` clockwise, end.
    public func pinch(scales: [Double], rotationDegrees: Double = 0, isCancelled: Bool = false) throws {
        let surface = self.surface
        try input { server, time in server.pointerGestures.sendPinchBegin(on: surface, time: time) }
        for scale in scales {
            try input { server, time in
                server.pointerGestures.sendPinchUpdate(dx: 0, dy: 0, scale: scale, rotation: rotationDegrees, time: time)
            }
        }
        try input { server, time in server.pointerGestures.sendPinchEnd(isCancelled: isCancelled, time: time) }
    }

    /// Fingers rest on the touchpad (a hold gesture), for `frames` frames, then lift.
    public func hold(frames: Int = 3) throws {
        let surface = self.surface
        try input { server, time in server.pointerGestures.sendHoldBegin(on: surface, time: time) }
        for _ in 0..<frames { try presentFrame() }
        try input { server, time in server.pointerGestures.sendHoldEnd(time: time) }
    }

    /// Two taps at (x, y), `framesBetween` frames apart (at 60 Hz, 5 frames is 83 ms).
    public func doubleTap(x: Double, y: Double, framesBetween: Int = 5) throws {
        try down(x: x, y: y)
        try up()
        for _ in 0..<framesBetween { try presentFrame() }
        try down(x: x, y: y)
        try up()
    }
}
