// glide-virtual-pointer: a test tool that drives headless sway's seat with a wlroots virtual
// pointer, so end-to-end tests can send finger scrolling with axis_stop, wheel steps and
// motion to a real client. Sway offers no virtual touch; this is the nearest real input.
//
// It reads commands from stdin, one per line, and answers each with "ok" on stdout once the
// compositor has handled it (a roundtrip), so a test can take a screenshot right after:
//   move X Y            pointer to (X, Y) on the output (logical px)
//   finger DX DY        one touchpad-finger scroll frame (px)
//   stop                fingers lift: axis_stop on both axes (starts kinetic scrolling)
//   wheel STEPS         vertical wheel notches (positive: down), as axis_discrete
//   press [CODE]        a button down: the left one, else CODE (275: BTN_SIDE, "back")
//   release [CODE]      and up again
// Times are CLOCK_MONOTONIC ms, the clock sway stamps frame callbacks with, so the client's
// engine sees one timeline. The pointer stays alive until stdin closes: sway's seat has a
// pointer only while a virtual pointer exists.
import CWaylandClient
import CWaylandProtocols
import Glibc

func fail(_ message: String) -> Never {
    var line = "glide-virtual-pointer: \(message)\n"
    line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(1)
}

func nowMilliseconds() -> UInt32 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt32(truncatingIfNeeded: Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000)
}

/// The globals this tool needs, found by one roundtrip.
final class Globals {
    var seat: OpaquePointer?
    var manager: OpaquePointer?
    var registry: OpaquePointer?
}

guard let display = wl_display_connect(nil) else { fail("cannot connect to the compositor") }
let globals = Globals()
nonisolated(unsafe) var registryListener = wl_registry_listener(
    global: { data, registry, name, interface, version in
        let globals = Unmanaged<Globals>.fromOpaque(data!).takeUnretainedValue()
        switch interface.map({ String(cString: $0) }) {
        case "wl_seat" where globals.seat == nil:
            globals.seat = OpaquePointer(wl_registry_bind(registry, name, glide_wl_seat_interface(), 1))
        case "zwlr_virtual_pointer_manager_v1":
            globals.manager = OpaquePointer(wl_registry_bind(
                registry, name, glide_zwlr_virtual_pointer_manager_v1_interface(), min(version, 2)))
        default:
            break
        }
    },
    global_remove: { _, _, _ in })
globals.registry = wl_display_get_registry(display)
wl_registry_add_listener(globals.registry, &registryListener, Unmanaged.passUnretained(globals).toOpaque())
wl_display_roundtrip(display)
guard let manager = globals.manager else { fail("the compositor has no zwlr_virtual_pointer_manager_v1") }
guard let pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, globals.seat) else {
    fail("cannot create a virtual pointer")
}
wl_display_roundtrip(display)

let vertical = UInt32(WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue)
let horizontal = UInt32(WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue)
// wlroots 0.15 keeps axis_source in the slot of the axis sent last and asserts that it
// matches, so every axis event is followed by its own axis_source, and a zero axis is left out.
let finger = UInt32(WL_POINTER_AXIS_SOURCE_FINGER.rawValue)
while let line = readLine() {
    let words = line.split(separator: " ").map(String.init)
    guard let command = words.first else { continue }
    let numbers = words.dropFirst().compactMap(Double.init)
    let time = nowMilliseconds()
    switch (command, numbers.count) {
    case ("move", 2):
        zwlr_virtual_pointer_v1_motion_absolute(pointer, time, UInt32(numbers[0]), UInt32(numbers[1]), 1280, 800)
    case ("finger", 2):
        for (axis, value) in [(horizontal, numbers[0]), (vertical, numbers[1])] where value != 0 {
            zwlr_virtual_pointer_v1_axis(pointer, time, axis, wl_fixed_from_double(value))
            zwlr_virtual_pointer_v1_axis_source(pointer, finger)
        }
    case ("stop", 0):
        for axis in [horizontal, vertical] {
            zwlr_virtual_pointer_v1_axis_stop(pointer, time, axis)
            zwlr_virtual_pointer_v1_axis_source(pointer, finger)
        }
    case ("wheel", 1):
        let steps = Int32(numbers[0])
        // libinput reports 15 degrees per notch as the axis value, as sway's own wheel does.
        zwlr_virtual_pointer_v1_axis_discrete(pointer, time, vertical, wl_fixed_from_double(Double(steps) * 15), steps)
        zwlr_virtual_pointer_v1_axis_source(pointer, UInt32(WL_POINTER_AXIS_SOURCE_WHEEL.rawValue))
    case ("press", 0), ("release", 0), ("press", 1), ("release", 1), ("press-right", 0), ("release-right", 0):
        // BTN_LEFT (linux/input-event-codes.h) unless a code is given (BTN_SIDE 275, the
        // mouse's back button) or the command names the right one (BTN_RIGHT): a click is
        // `press` then `release`.
        let state = command.hasPrefix("press") ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED
        let button = command.hasSuffix("right") ? 0x111 : numbers.first.flatMap { UInt32(exactly: $0) } ?? 0x110
        zwlr_virtual_pointer_v1_button(pointer, time, button, UInt32(state.rawValue))
    default:
        fail("unknown command '\(line)'")
    }
    zwlr_virtual_pointer_v1_frame(pointer)
    guard wl_display_roundtrip(display) >= 0 else { fail("the compositor went away") }
    var answer = "ok\n"
    answer.withUTF8 { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
}
zwlr_virtual_pointer_v1_destroy(pointer)
wl_display_roundtrip(display)
wl_display_disconnect(display)
