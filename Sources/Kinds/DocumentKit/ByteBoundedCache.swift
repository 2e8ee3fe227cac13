/// Values kept up to a memory cap, the least recently used evicted first: the one cache of
/// drawn and rendered pixels (a renderer's tiles, a document's rendered pages).
///
/// Eviction never takes what the caller spares (what the frame being drawn uses, what the view
/// shows now: evicting it would only have it drawn again), and hands back what it evicted so
/// the caller can free what the values hold.
public struct ByteBoundedCache<Key: Hashable, Value> {
    /// The most bytes the values may hold.
    public var capacityBytes: Int
    /// The bytes the values hold now.
    public private(set) var byteCount = 0
    private var entries: [Key: Entry] = [:]
    /// Counts uses; an entry's `lastUse` is the count when it was last used.
    public private(set) var useCount = 0

    private struct Entry {
        var value: Value
        var byteCount: Int
        var lastUse: Int
    }

    public init(capacityBytes: Int) {
        self.capacityBytes = capacityBytes
    }

    public var count: Int { entries.count }

    public var isEmpty: Bool { entries.isEmpty }

    /// Every value with its key, in no order (to free them all).
    public var values: [Value] { entries.values.map(\.value) }

    public func contains(_ key: Key) -> Bool { entries[key] != nil }

    /// The value for `key`, marked as just used.
    public mutating func value(for key: Key) -> Value? {
        guard entries[key] != nil else { return nil }
        useCount += 1
        entries[key]!.lastUse = useCount
        return entries[key]!.value
    }

    /// The value for `key`, leaving its use as it was.
    public func peek(_ key: Key) -> Value? { entries[key]?.value }

    /// When `key` was last used (a `useCount`), nil when it is not kept.
    public func lastUse(of key: Key) -> Int? { entries[key]?.lastUse }

    /// Keeps `value`, of `byteCount` bytes, for `key` as just used; returns the value it
    /// replaced, if any.
    @discardableResult
    public mutating func insert(_ value: Value, byteCount: Int, for key: Key) -> Value? {
        useCount += 1
        let old = entries.updateValue(Entry(value: value, byteCount: byteCount, lastUse: useCount), forKey: key)
        self.byteCount += byteCount - (old?.byteCount ?? 0)
        return old?.value
    }

    /// Forgets `key`; returns its value.
    @discardableResult
    public mutating func remove(_ key: Key) -> Value? {
        guard let entry = entries.removeValue(forKey: key) else { return nil }
        byteCount -= entry.byteCount
        return entry.value
    }

    /// Forgets every value whose key meets `predicate`; returns them.
    public mutating func removeAll(where predicate: (Key) -> Bool) -> [(key: Key, value: Value)] {
        let removed = entries.filter { predicate($0.key) }
        for key in removed.keys { remove(key) }
        return removed.map { ($0.key, $0.value.value) }
    }

    /// Evicts the least recently used values until the cache fits its cap, never one whose key
    /// and last use meet `isSpared`; returns what it evicted.
    public mutating func trim(sparing isSpared: (Key, _ lastUse: Int) -> Bool = { _, _ in false }) -> [(key: Key, value: Value)] {
        guard byteCount > capacityBytes else { return [] }
        var evicted: [(key: Key, value: Value)] = []
        for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where !isSpared(key, entry.lastUse) {
            guard byteCount > capacityBytes else { break }
            remove(key)
            evicted.append((key, entry.value))
        }
        return evicted
    }
}
