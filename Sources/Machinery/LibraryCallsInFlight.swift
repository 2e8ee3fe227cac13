import Synchronization

/// Calls into a C library made on a worker that no one joins before the process exits (poppler
/// reading a page's text): while one runs, the process must end without its exit handlers, or
/// it would wait for a page that may never finish (a hostile page's text loops as its drawing
/// does). See `ProcessExit`.
public enum LibraryCallsInFlight {
    private static let active = Atomic<Int>(0)

    public static func enter() { active.add(1, ordering: .relaxed) }

    public static func leave() { active.subtract(1, ordering: .relaxed) }

    public static var count: Int { active.load(ordering: .relaxed) }
}
