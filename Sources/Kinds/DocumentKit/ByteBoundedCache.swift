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
    @usableFromInline var storedByteCount = 0
    public var byteCount: Int { storedByteCount }
    @usableFromInline var entries: [Key: Entry] = [:]
    /// Counts uses; an entry's `lastUse` is the count when it was last used.
    @usableFromInline var storedUseCount = 0
    public var useCount: Int { storedUseCount }

    @usableFromInline
    struct Entry {
        @usableFromInline var value: Value
        @usableFromInline var byteCount: Int
        @usableFromInline var lastUse: Int

        @inlinable
        init(value: Value, byteCount: Int, lastUse: Int) {
            self.value = value
            self.byteCount = byteCount
            self.lastUse = lastUse
        }
    }

    @inlinable
    public init(capacityBytes: Int) {
        self.capacityBytes = capacityBytes
    }

    @inlinable
    public var count: Int { entries.count }

    @inlinable
    public var isEmpty: Bool { entries.isEmpty }

    /// Every value with its key, in no order (to free them all).
    @inlinable
    public var values: [Value] { entries.values.map(\.value) }

    @inlinable
    public func contains(_ key: Key) -> Bool { entries[key] != nil }

    /// The value for `key`, marked as just used.
    @inlinable
    public mutating func value(for key: Key) -> Value? {
        guard let index = entries.index(forKey: key) else { return nil }
        storedUseCount += 1
        entries.values[index].lastUse = storedUseCount
        return entries.values[index].value
    }

    /// The value for `key`, leaving its use as it was.
    @inlinable
    public func peek(_ key: Key) -> Value? { entries[key]?.value }

    /// When `key` was last used (a `useCount`), nil when it is not kept.
    @inlinable
    public func lastUse(of key: Key) -> Int? { entries[key]?.lastUse }

    /// Keeps `value`, of `byteCount` bytes, for `key` as just used; returns the value it
    /// replaced, if any.
    @discardableResult
    @inlinable
    public mutating func insert(_ value: Value, byteCount: Int, for key: Key) -> Value? {
        storedUseCount += 1
        let old = entries.updateValue(Entry(value: value, byteCount: byteCount, lastUse: storedUseCount), forKey: key)
        storedByteCount += byteCount - (old?.byteCount ?? 0)
        return old?.value
    }

    /// Forgets `key`; returns its value.
    @discardableResult
    @inlinable
    public mutating func remove(_ key: Key) -> Value? {
        guard let entry = entries.removeValue(forKey: key) else { return nil }
        storedByteCount -= entry.byteCount
        return entry.value
    }

    /// Forgets every value whose key meets `predicate`; returns them.
    @inlinable
    public mutating func removeAll(where predicate: (Key) -> Bool) -> [(key: Key, value: Value)] {
        let removed = entries.filter { predicate($0.key) }
        for key in removed.keys { remove(key) }
        return removed.map { ($0.key, $0.value.value) }
    }

    /// Evicts the least recently used values until the cache fits its cap, never one whose key
    /// and last use meet `isSpared`; returns what it evicted.
    @inlinable
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
