import CCairo
import CPangoCairo
import Synchronization

/// Pango font maps for shaping off the loop, each used by one thread at a time.
///
/// Pango's font maps, fonts and layouts are not safe to share between threads: drawing a
/// layout reads and fills caches of its fonts (a font's cairo scaled font and glyph extents,
/// made when first wanted), and so does shaping the next. Pango's own answer is a default
/// font map per thread (`pango_cairo_font_map_get_default`, since 1.32.6), whose layouts stay
/// on that thread. A section shaped on the chapters' worker is drawn on the loop, so it is
/// shaped in a font map of its own, leased from here: the worker shapes in it, hands the
/// layouts to the loop through `MainThreadMailbox` and never touches it again; the map comes
/// back here only when the last layout made in it is gone (`FontMapLease`), and only then is
/// it shaped with again. What threads still share below it is thread-safe by design: cairo's
/// font faces and scaled fonts (shared through cairo's own locked caches), FreeType faces
/// (locked by cairo), fontconfig, and harfbuzz's immutable faces.
///
/// A new map finds its fonts again with fontconfig (about 12 ms on an idle machine, up to
/// 80 ms on a loaded one, for the three faces of a book's text; measured for issue 24), so
/// maps given back are kept and leased again, warm.
enum ShapingFontMaps {
    /// Maps given back and not leased, at most `keptCount`.
    private static let free = Mutex<[ShapingFontMap]>([])
    /// How many maps exist, leased or kept (for tests and benchmarks).
    static let liveCount = Atomic<Int>(0)

    /// Warm maps kept for the next leases: the chapters' worker shapes one batch at a time,
    /// and a fling gives one back about as often as it takes one.
    static let keptCount = 1

    /// A map no other thread uses, for the calling thread to shape in.
    static func lease() -> FontMapLease {
        let reused = free.withLock { $0.popLast() }
        return FontMapLease(map: reused ?? ShapingFontMap())
    }

    /// Takes back `map`, which no layout uses any more: kept for the next lease, or released.
    fileprivate static func giveBack(_ map: ShapingFontMap) {
        let dropped: ShapingFontMap? = free.withLock { free in
            guard free.count < keptCount else { return map }
            free.append(map)
            return nil
        }
        _ = dropped
    }
}

/// A pango font map and a context in it, set up as the loop's (`DocumentLayout`): unhinted
/// metrics, grey antialiasing. Released on whichever thread drops it last, when nothing made
/// in it is left.
final class ShapingFontMap: @unchecked Sendable {
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer

    init() {
        fontMap = pango_cairo_font_map_new()
        context = pango_font_map_create_context(fontMap)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        ShapingFontMaps.liveCount.add(1, ordering: .relaxed)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
        ShapingFontMaps.liveCount.subtract(1, ordering: .relaxed)
    }
}

/// One use of a `ShapingFontMap`: held by the shaper that shapes in it and by every
/// `BlockLayout` it makes, which release their pango objects before they let go of it. When
/// the last holder lets go, no object of the map is left anywhere, and the map goes back to
/// `ShapingFontMaps`.
final class FontMapLease: @unchecked Sendable {
    let map: ShapingFontMap

    fileprivate init(map: ShapingFontMap) {
        self.map = map
    }

    var context: OpaquePointer { map.context }

    deinit {
        ShapingFontMaps.giveBack(map)
    }
}
