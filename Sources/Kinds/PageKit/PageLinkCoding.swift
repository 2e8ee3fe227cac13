/// A page's links as a renderer sends them in its reply's details: a count, then each link's
/// rectangle (four 64-bit floats), its kind (0 a page, 1 a URI), then the page and whether a top
/// is given and the top, or the URI's length and bytes. Native-endian.
public enum PageLinkCoding {
    public static func encode(_ links: [PageLink], limitBytes: Int) -> [UInt8] {
        var body: [UInt8] = []
        var count: UInt32 = 0
        for link in links {
            var entry: [UInt8] = []
            func append<Value: FixedWidthInteger>(_ value: Value) { withUnsafeBytes(of: value) { entry.append(contentsOf: $0) } }
            for value in [link.x, link.y, link.width, link.height] { append(value.bitPattern) }
            switch link.target {
            case .destination(let destination):
                entry.append(0)
                append(Int32(truncatingIfNeeded: destination.page))
                entry.append(destination.topPoints == nil ? 0 : 1)
                append((destination.topPoints ?? 0).bitPattern)
            case .uri(let uri):
                entry.append(1)
                let bytes = Array(uri.utf8.prefix(8192))
                append(UInt32(bytes.count))
                entry += bytes
            }
            // Links past the reply's room are left out, as a page of a million annotations's are.
            guard body.count + entry.count + 4 <= limitBytes else { break }
            body += entry
            count += 1
        }
        return withUnsafeBytes(of: count) { Array($0) } + body
    }

    public static func decode(_ bytes: [UInt8]) -> [PageLink] {
        var offset = 0
        func next<Value: FixedWidthInteger>(_: Value.Type) -> Value? {
            let size = MemoryLayout<Value>.size
            guard offset + size <= bytes.count else { return nil }
            defer { offset += size }
            return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Value.self) }
        }
        guard let count = next(UInt32.self) else { return [] }
        var links: [PageLink] = []
        for _ in 0..<count {
            guard let x = next(UInt64.self), let y = next(UInt64.self), let width = next(UInt64.self),
                  let height = next(UInt64.self), let kind = next(UInt8.self) else { break }
            let target: PageLink.Target
            if kind == 0 {
                guard let page = next(Int32.self), let hasTop = next(UInt8.self), let top = next(UInt64.self) else { break }
                target = .destination(PageDestination(page: Int(page), topPoints: hasTop != 0 ? Double(bitPattern: top) : nil))
            } else {
                guard let length = next(UInt32.self), offset + Int(length) <= bytes.count else { break }
                target = .uri(String(decoding: bytes[offset..<(offset + Int(length))], as: UTF8.self))
                offset += Int(length)
            }
            links.append(PageLink(x: Double(bitPattern: x), y: Double(bitPattern: y), width: Double(bitPattern: width),
                                 height: Double(bitPattern: height), target: target))
        }
        return links
    }
}
