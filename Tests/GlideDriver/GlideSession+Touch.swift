import Foundation
import TestCompositor

/// Touchscreen steps: each sends its events stamped with the next frame's time and presents
/// that frame.
extension GlideSession {
    /// Sends touch events, then (unless `frame` is false) `wl_touch.frame`; waits until glide
    /// has handled them and presents that frame.
    public func touch(frame: Bool = true, _ events: (Touch, UInt32) -> Void) throws {
        try input { server, time in
            events(server.seat.touch, time)
            if frame { server.seat.touch.sendFrame() }
        }
    }

    public func down(_ id: Int32 = 0, x: Double, y: Double) throws {
        let surface = self.surface
        try touch { touch, time in touch.sendDown(on: surface, id: id, x: x, y: y, time: time) }
    }

    public func move(_ id: Int32 = 0, x: Double, y: Double) throws {
        try touch { touch, time in touch.sendMotion(id: id, x: x, y: y, time: time) }
    }

    /// Lifts finger `id`; with `frame: false` no `wl_touch.frame` follows, as from weston and
    /// mutter 43 after the last `up`.
    public func up(_ id: Int32 = 0, frame: Bool = true) throws {
        try touch(frame: frame) { touch, time in touch.sendUp(id: id, time: time) }
    }

    public func cancelTouches() throws {
        try touch(frame: false) { touch, _ in touch.sendCancel() }
    }

    /// Drags finger `id`, already down at (x, y), by `distance` px vertically in `steps`
    /// equal motions, one per frame. Positive distances move the finger down the screen.
    public func drag(_ id: Int32 = 0, x: Double, from y: Double, by distance: Double, steps: Int) throws {
        for step in 1...steps {
            try move(id, x: x, y: y + distance * Double(step) / Double(steps))
        }
    }

    /// A one-finger flick: down at (x, y), `steps` motions of `distance / steps` px, one per
    /// frame, and up (with or without a frame) at the next frame.
    public func flick(x: Double = 400, from y: Double, by distance: Double, steps: Int = 6, liftFrame: Bool = true) throws {
        try down(x: x, y: y)
        try drag(x: x, from: y, by: distance, steps: steps)
        try up(frame: liftFrame)
    }

    /// A one-finger horizontal flick: down at (x, y), `steps` motions along x, and up.
    public func horizontalFlick(from x: Double, y: Double, by distance: Double, steps: Int = 6) throws {
        try down(x: x, y: y)
        for step in 1...steps { try move(x: x + distance * Double(step) / Double(steps), y: y) }
        try up()
    }

    /// Two fingers down at `first` and `second`, moved in `steps` frames to `firstEnd` and
    /// `secondEnd` (spreading them apart zooms in), then left down: lift them with `liftFingers`.
    public func pinchFingers(from first: (x: Double, y: Double), _ second: (x: Double, y: Double),
                             to firstEnd: (x: Double, y: Double), _ secondEnd: (x: Double, y: Double), steps: Int) throws {
        let surface = self.surface
        try touch { touch, time in
            touch.sendDown(on: surface, id: 1, x: first.x, y: first.y, time: time)
            touch.sendDown(on: surface, id: 2, x: second.x, y: second.y, time: time)
        }
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            try touch { touch, time in
                touch.sendMotion(id: 1, x: first.x + (firstEnd.x - first.x) * t, y: first.y + (firstEnd.y - first.y) * t, time: time)
                touch.sendMotion(id: 2, x: second.x + (secondEnd.x - second.x) * t,
                                 y: second.y + (secondEnd.y - second.y) * t, time: time)
            }
        }
    }

    /// Two fingers `radius` px either side of `centre`, first on a horizontal line, turned
    /// along their circle by `degrees` clockwise in `steps` frames (a turning hand keeps its
    /// span, which a straight line between the ends would not), then left down: lift them
    /// with `liftFingers`.
    public func turnFingers(about centre: (x: Double, y: Double), radius: Double, by degrees: Double, steps: Int) throws {
        let surface = self.surface
        func place(_ fraction: Double) -> (first: (x: Double, y: Double), second: (x: Double, y: Double)) {
            let angle = degrees * fraction * Double.pi / 180
            let dx = radius * cos(angle), dy = radius * sin(angle)
            return ((centre.x - dx, centre.y - dy), (centre.x + dx, centre.y + dy))
        }
        let start = place(0)
        try touch { touch, time in
            touch.sendDown(on: surface, id: 1, x: start.first.x, y: start.first.y, time: time)
            touch.sendDown(on: surface, id: 2, x: start.second.x, y: start.second.y, time: time)
        }
        for step in 1...steps {
            let now = place(Double(step) / Double(steps))
            try touch { touch, time in
                touch.sendMotion(id: 1, x: now.first.x, y: now.first.y, time: time)
                touch.sendMotion(id: 2, x: now.second.x, y: now.second.y, time: time)
            }
        }
    }

    /// Lifts the two fingers of `pinchFingers` together.
    public func liftFingers() throws {
        try touch { touch, time in
            touch.sendUp(id: 1, time: time)
            touch.sendUp(id: 2, time: time)
        }
    }
}
