import CGIO

/// GVariant values built without `g_variant_new`'s format strings, which are C varargs Swift
/// cannot call. Each is a floating reference a D-Bus call consumes.
enum GVariants {
    /// An `a{sv}` of `entries`.
    static func dictionary(_ entries: [String: OpaquePointer]) -> OpaquePointer {
        let entryType = g_variant_type_new("{sv}")
        defer { g_variant_type_free(entryType) }
        var children: [OpaquePointer?] = entries.sorted { $0.key < $1.key }.map { key, value in
            g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value))
        }
        return children.withUnsafeMutableBufferPointer { g_variant_new_array(entryType, $0.baseAddress, gsize($0.count)) }
    }

    /// An array of `items`, whose type is `elementType` ("(us)"), which is how an empty one
    /// is typed.
    static func array(of elementType: String, _ items: [OpaquePointer]) -> OpaquePointer {
        let type = g_variant_type_new(elementType)
        defer { g_variant_type_free(type) }
        var children: [OpaquePointer?] = items
        return children.withUnsafeMutableBufferPointer { g_variant_new_array(type, $0.baseAddress, gsize($0.count)) }
    }

    /// The strings of the `as` value of `key` in the `a{sv}` `dictionary`.
    static func strings(_ key: String, in dictionary: OpaquePointer) -> [String] {
        let type = g_variant_type_new("as")
        defer { g_variant_type_free(type) }
        guard let value = g_variant_lookup_value(dictionary, key, type) else { return [] }
        defer { g_variant_unref(value) }
        return (0..<g_variant_n_children(value)).map { index in
            let child = g_variant_get_child_value(value, index)!
            defer { g_variant_unref(child) }
            return String(cString: g_variant_get_string(child, nil))
        }
    }

    static func tuple(_ items: [OpaquePointer]) -> OpaquePointer {
        var children: [OpaquePointer?] = items
        return children.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
    }

    /// The value of `key` in the `a{sv}` `dictionary` if it is a `u`.
    static func unsigned(_ key: String, in dictionary: OpaquePointer) -> UInt32? {
        let type = g_variant_type_new("u")
        defer { g_variant_type_free(type) }
        guard let value = g_variant_lookup_value(dictionary, key, type) else { return nil }
        defer { g_variant_unref(value) }
        return g_variant_get_uint32(value)
    }
}
