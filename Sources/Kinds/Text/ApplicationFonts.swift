import CFontconfig
import CPangoCairo
import Machinery
import Synchronization

/// The fonts books embed, made known to fontconfig as application fonts
/// (`FcConfigAppFontAddFile`) without a byte of them written to disk: each is a sealed
/// memory file (`SealedMemoryFile`) that fontconfig and FreeType open as
/// `/proc/self/fd/N`, kept open for the rest of the run. Pango learns of them on the
/// thread that shapes (`refresh(fontMapOf:)`), which owns its font map.
public enum ApplicationFonts {
    private struct State: ~Copyable {
        /// The memory files of the fonts registered, kept open as fontconfig reads them by path.
        var files: [SealedMemoryFile] = []
        /// Each font registered (or refused) by its key: the family fontconfig read, or nil.
        var families: [String: String?] = [:]
    }

    private static let state = Mutex(State())
    /// How many fonts have been added: a font map that last saw fewer is told its fonts changed.
    private static let generation = Atomic<Int>(0)

    /// The largest font registered, bytes: a CJK font with full coverage (Noto Sans CJK's
    /// OpenType files) is about 16 MB; 32 MiB is twice that.
    public static let maximumFontBytes = 32 << 20
    /// The most fonts registered in one run: a book embeds a few, a large one a dozen; the
    /// memory files stay for the run, so a hostile series of books stops adding here.
    public static let maximumFonts = 256

    /// Registers the font file `bytes` once under `key` (the book and its entry): returns the
    /// family fontconfig reads from it (its first `FC_FAMILY`), or nil when fontconfig cannot
    /// read it as a font, or it is too large, or too many are registered.
    public static func register(_ bytes: [UInt8], key: String) -> String? {
        state.withLock { state -> String? in
            if let known = state.families[key] { return known }
            let family = add(bytes, to: &state)
            state.families[key] = family
            return family
        }
    }

    private static func add(_ bytes: [UInt8], to state: inout State) -> String? {
        guard !bytes.isEmpty, bytes.count <= maximumFontBytes, state.files.count < maximumFonts,
              let file = try? SealedMemoryFile(name: "glide-font", bytes: bytes) else { return nil }
        let path = "/proc/self/fd/\(file.descriptor)"
        let family: String? = path.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: path.utf8.count + 1) { name in
                var count: Int32 = 0
                guard let pattern = FcFreeTypeQuery(name, 0, nil, &count) else { return nil }
                defer { FcPatternDestroy(pattern) }
                var value: UnsafeMutablePointer<FcChar8>?
                guard FcPatternGetString(pattern, "family", 0, &value) == FcResultMatch, let value,
                      FcConfigAppFontAddFile(nil, name) == FcTrue else { return nil }
                return String(cString: value)
            }
        }
        guard let family, !family.isEmpty else { return nil }
        state.files.append(file)
        generation.add(1, ordering: .releasing)
        return family
    }

    /// Tells the font map of `context` (this thread's: pango's default font map is one a
    /// thread) of the fonts added since it last looked, so a layout made next finds them.
    /// Costs an atomic load when nothing was added.
    static func refresh(fontMapOf context: OpaquePointer) {
        let current = generation.load(ordering: .acquiring)
        guard current > 0, let fontMap = pango_context_get_font_map(context) else { return }
        let object = UnsafeMutableRawPointer(fontMap).assumingMemoryBound(to: GObject.self)
        guard Int(bitPattern: g_object_get_data(object, fontMapGenerationKey)) != current else { return }
        state.withLock { _ in
            pango_fc_font_map_config_changed(OpaquePointer(fontMap))
            // Pango reads fontconfig's font sets again when it next needs them; it does so
            // here, where no font is being added to them on another thread.
            var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
            var count: Int32 = 0
            pango_font_map_list_families(fontMap, &families, &count)
            g_free(families)
            g_object_set_data(object, fontMapGenerationKey, UnsafeMutableRawPointer(bitPattern: current))
        }
    }

    private static let fontMapGenerationKey = "glide-application-font-generation"
}
