// swift-tools-version: 6.3;(experimentalCGen)
// The experimental C generation feature lets a build-tool plugin produce the C glue that
// wayland-scanner writes, so no generated file is committed.
import PackageDescription

/// A C library found by pkg-config, with the Debian package that provides it.
func systemLibrary(_ name: String, pkgConfig: String, debian: String) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([debian])])
}

let package = Package(
    name: "Glide",
    products: [
        .library(name: "ScrollEngine", targets: ["ScrollEngine"]),
        .executable(name: "glide", targets: ["glide"]),
        .executable(name: "glide-replay", targets: ["glide-replay"]),
        .executable(name: "glide-demo", targets: ["glide-demo"]),
        .executable(name: "glide-image-decoder", targets: ["glide-image-decoder"]),
        .executable(name: "glide-page-renderer", targets: ["glide-page-renderer"]),
        .executable(name: "glide-thumbnailer", targets: ["glide-thumbnailer"]),
    ],
    targets: [
        systemLibrary("CWaylandClient", pkgConfig: "wayland-client", debian: "libwayland-dev"),
        systemLibrary("CWaylandServer", pkgConfig: "wayland-server", debian: "libwayland-dev"),
        systemLibrary("CWaylandCursor", pkgConfig: "wayland-cursor", debian: "libwayland-dev"),
        systemLibrary("CXkbCommon", pkgConfig: "xkbcommon", debian: "libxkbcommon-dev"),
        systemLibrary("CCairo", pkgConfig: "cairo", debian: "libcairo2-dev"),
        systemLibrary("CPangoCairo", pkgConfig: "pangocairo", debian: "libpango1.0-dev"),
        // Fontconfig's application fonts, for a book's embedded fonts; pangoft2's flags carry
        // fontconfig's, freetype's and pango's fontconfig font map's.
        systemLibrary("CFontconfig", pkgConfig: "pangoft2", debian: "libfontconfig-dev"),
        systemLibrary("CCmarkGFM", pkgConfig: "libcmark-gfm", debian: "libcmark-gfm-dev"),
        systemLibrary("CLibXML2", pkgConfig: "libxml-2.0", debian: "libxml2-dev"),
        // Archives read in place: EPUB's zip (and the comics' archives).
        systemLibrary("CArchive", pkgConfig: "libarchive", debian: "libarchive-dev"),
        systemLibrary("CGdkPixbuf", pkgConfig: "gdk-pixbuf-2.0", debian: "libgdk-pixbuf-2.0-dev"),
        systemLibrary("CPoppler", pkgConfig: "poppler-glib", debian: "libpoppler-glib-dev"),
        // ddjvuapi's pkg-config flags are only `-pthread`, which SwiftPM refuses with a warning
        // on every build: its headers are in the standard include path, and the module map links it.
        .systemLibrary(name: "CDjVu", providers: [.apt(["libdjvulibre-dev"])]),
        systemLibrary("CLibdecor", pkgConfig: "libdecor-0", debian: "libdecor-0-dev"),
        systemLibrary("CAtk", pkgConfig: "atk-bridge-2.0", debian: "libatk-bridge2.0-dev"),
        // GLib's log, which Machinery routes so no library's message reaches the user.
        systemLibrary("CGLib", pkgConfig: "glib-2.0", debian: "libglib2.0-dev"),
        // GIO's D-Bus client, for the desktop's portals (printing), with descriptor passing.
        systemLibrary("CGIO", pkgConfig: "gio-unix-2.0", debian: "libglib2.0-dev"),
        .plugin(
            name: "WaylandScannerPlugin",
            capability: .buildTool(),
            path: "Sources/WaylandScannerPlugin"),
        .target(name: "CSystem"),
        // The page renderer's lock-down: no new privileges, rlimits, and a seccomp filter
        // through libseccomp. Only glide-page-renderer links it.
        // Its open and fopen stand in for libc's (the fonts kept open before the lock-down), so the
        // executable exports them.
        .target(name: "CSandbox", linkerSettings: [.linkedLibrary("seccomp"), .linkedLibrary("fontconfig")]),
        // gettext and locale queries (libintl.h), which the Glibc module leaves out.
        .target(name: "CLocale"),
        // The user's language: translated messages (po/) and numbers as the locale writes them.
        .target(name: "Localization", dependencies: ["CLocale"]),
        // glide-bench's allocation counter: it replaces malloc process-wide, so only that
        // executable links it.
        .target(name: "CAllocationCounter"),
        .target(
            name: "CWaylandProtocols",
            dependencies: ["CWaylandClient"],
            plugins: ["WaylandScannerPlugin"]),
        // The test compositor's protocol glue; its interface tables are CWaylandProtocols'.
        .target(
            name: "CWaylandServerProtocols",
            dependencies: ["CWaylandServer", "CWaylandProtocols"],
            plugins: ["WaylandScannerPlugin"]),

        // Pure Swift: no C, no clock.
        // The standard library's own rounded() and squareRoot() lower to libm calls on Linux
        // (x86-64 has no baseline rounding instruction); ScrollPhysics imports nothing.
        .target(name: "ScrollPhysics", linkerSettings: [.linkedLibrary("m")]),
        // Points, sizes and rectangles in logical px: the engine's, the content's, the screen
        // reader's. Pure Swift.
        .target(name: "Geometry"),
        .target(name: "ScrollEngine", dependencies: ["ScrollPhysics", "Geometry"]),

        // The shared machinery: the loop mailbox, the one work queue, the one timer, file
        // watching, helper processes under budgets, the debug log and what C libraries print.
        // The only module that starts threads or processes.
        .target(name: "Machinery", dependencies: ["CSystem", "CGLib", "Localization"]),

        // Pixel loops in C where SSE2's byte-wise operations make them about twice as fast as Swift's.
        .target(name: "CPixels", path: "Sources/CPixels"),
        // Documents, no Wayland. The capability protocols every kind conforms to, and the
        // geometry, text positions, search and outline list they share.
        .target(
            name: "DocumentKit", dependencies: ["Geometry", "Machinery", "Localization", "CCairo", "CPangoCairo", "CSystem", "CPixels"],
            path: "Sources/Kinds/DocumentKit"),
        // Images decoded in budgeted glide-image-decoder processes, for every kind that shows them.
        .target(
            name: "ImageDecoding", dependencies: ["Machinery", "Localization", "CCairo", "CGdkPixbuf", "CSystem"],
            path: "Sources/Kinds/ImageDecoding"),
        // What the kinds read from archives share: a zip's central directory and its entries
        // inflated one at a time (libarchive), the rule for which entry names are served, the
        // XML of their manifests through libxml2.
        .target(
            name: "ArchiveKit", dependencies: ["DocumentKit", "Localization", "CArchive", "CLibXML2"],
            path: "Sources/Kinds/ArchiveKit"),
        // One module per kind.
        .target(
            name: "TextKind",
            dependencies: [
                "DocumentKit", "ImageDecoding", "Machinery", "Localization", "CCairo", "CPangoCairo", "CCmarkGFM", "CLibXML2",
                "CFontconfig",
            ],
            path: "Sources/Kinds/Text"),
        .target(
            name: "ImageKind", dependencies: ["DocumentKit", "ImageDecoding", "PageKit", "Machinery", "Localization", "CCairo", "CPangoCairo"],
            path: "Sources/Kinds/Images"),
        // What the paged kinds (PDF, DjVu, image collections) share: the one paged layout over a
        // page source, the one page scheduler, render jobs, pieces, previews, the pixel cache,
        // links and page text.
        .target(
            name: "PageKit", dependencies: ["DocumentKit", "Machinery", "Localization", "CCairo"],
            path: "Sources/Kinds/PageKit"),
        .target(
            name: "PDFKind",
            dependencies: ["DocumentKit", "PageKit", "Machinery", "Localization", "CCairo", "CPangoCairo", "CPoppler", "CSystem"],
            path: "Sources/Kinds/PDF"),
        // DjVu: bundled and indirect documents through DjVuLibre's ddjvuapi, pages rendered off
        // the loop, their hidden text, outline and links.
        .target(
            name: "DjVuKind",
            dependencies: ["DocumentKit", "PageKit", "Machinery", "Localization", "CCairo", "CPangoCairo", "CDjVu", "CSystem"],
            path: "Sources/Kinds/DjVu"),
        // EPUB: books read straight from their zip (libarchive), their XML through libxml2.
        .target(
            name: "EPUBKind",
            dependencies: ["ArchiveKit", "DocumentKit", "PageKit", "TextKind", "ImageDecoding", "Machinery", "Localization", "CArchive", "CLibXML2"],
            path: "Sources/Kinds/EPUB"),
        // Comic book archives (CBZ, CBR, CB7, CBT and plain archives of images): their pages an
        // image collection, read from the archive in place.
        .target(
            name: "ComicKind",
            dependencies: ["ArchiveKit", "DocumentKit", "ImageKind", "ImageDecoding", "Machinery", "Localization", "CArchive"],
            path: "Sources/Kinds/Comics"),
        // The kinds registered: how a path becomes a document.
        .target(
            name: "KindRegistry",
            dependencies: [
                "DocumentKit", "ImageDecoding", "TextKind", "ImageKind", "PDFKind", "EPUBKind", "ComicKind", "DjVuKind", "Machinery",
                "Localization",
            ],
            path: "Sources/Kinds/Registry"),

        // Pixels: no Wayland.
        .target(name: "Render", dependencies: ["ScrollEngine", "DocumentKit", "CCairo", "CPangoCairo", "Localization", "Machinery"]),

        // The viewer core: panes, input, the frame pipeline. No Wayland, no clock.
        .target(name: "Viewer", dependencies: ["ScrollEngine", "DocumentKit", "Render", "Localization", "Machinery"]),
        // Replay, option parsing and the trace format: shared by glide, glide-replay and the
        // tests, not part of the engine's product.
        .target(name: "GlideTools", dependencies: [
            "ScrollPhysics", "ScrollEngine", "Viewer", "Localization", "Machinery", "CSystem", "DocumentKit",
        ]),
        // What Glide remembers of the reader between runs: reading positions (state files).
        // The desktop's portals over D-Bus (GIO), off the loop: printing.
        .target(name: "Portals", dependencies: ["CGIO", "Machinery", "Localization", "CSystem"]),
        .target(name: "ReadingState", dependencies: ["DocumentKit", "Machinery", "Localization", "CGLib"]),
        // The home (recent documents as a grid of thumbnails from the desktop's shared cache)
        // and the folder view where no file chooser portal answers: lists in the document pane.
        .target(name: "Home", dependencies: [
            "DocumentKit", "KindRegistry", "ReadingState", "Viewer", "Machinery", "Localization", "CCairo", "CPangoCairo", "CGLib",
        ]),
        // The accessible tree on the accessibility bus: ATK objects over a model of the
        // document, no Wayland. GObject types (AtkObject subclasses, interfaces, AtkUtil) are
        // registered in C.
        .target(name: "CAccessibility", dependencies: ["CAtk"]),
        .target(name: "Accessibility", dependencies: [
            "CAccessibility", "CAtk", "CPangoCairo", "DocumentKit", "Viewer", "ScrollEngine", "Machinery", "Geometry",
        ]),

        // Wayland objects: no scrolling.
        .target(
            name: "WaylandClient",
            dependencies: [
                "CWaylandClient", "CWaylandCursor", "CWaylandProtocols", "CXkbCommon", "CSystem", "CLibdecor",
                "Localization", "Machinery",
            ]),

        .executableTarget(
            name: "glide",
            dependencies: [
                "ScrollPhysics", "ScrollEngine", "DocumentKit", "KindRegistry", "Render", "Viewer", "GlideTools", "WaylandClient",
                "Accessibility", "CSystem", "Localization", "Machinery", "ReadingState", "Portals", "Home",
            ]),
        .executableTarget(name: "glide-replay", dependencies: ["ScrollPhysics", "ScrollEngine", "GlideTools"]),
        // Decodes one image per run, in a process of its own that glide kills at the budget.
        .executableTarget(name: "glide-image-decoder", dependencies: ["ImageDecoding", "Localization"]),
        // Draws one document's pages on request, long-lived, locked down after it opens the
        // document; glide runs several under budgets (PageRendererPool).
        .executableTarget(
            name: "glide-page-renderer", dependencies: ["PDFKind", "DjVuKind", "Machinery", "CSandbox", "CSystem", "Localization"],
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]),
        // The file manager's thumbnails: a document's first screen, drawn as the viewer draws it.
        .executableTarget(name: "glide-thumbnailer", dependencies: [
            "KindRegistry", "DocumentKit", "Render", "ScrollEngine", "Machinery", "Localization", "CCairo", "CFontconfig",
        ]),
        // Test tool: drives headless sway with a virtual pointer (see its main.swift).
        .executableTarget(name: "glide-virtual-pointer", dependencies: ["CWaylandClient", "CWaylandProtocols"]),
        .executableTarget(
            name: "glide-bench", dependencies: [
                "ScrollEngine", "DocumentKit", "TextKind", "PDFKind", "KindRegistry", "Render", "CAllocationCounter", "CSystem",
                "PDFFixtures", "ArchiveFixtures", "EPUBFixtures", "ImageKind", "Machinery", "DjVuKind", "DjVuFixtures", "CPoppler",
                "PageKit",
            ],
            // Its allocation counter stands in for malloc process-wide, which needs the
            // executable's symbols in the dynamic symbol table.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]),

        .testTarget(name: "ScrollPhysicsTests", dependencies: ["ScrollPhysics"]),
        // The page renderers' tests write their hostile PDFs with PDFFixtures, their DjVu documents
        // with DjVuFixtures.
        .testTarget(name: "MachineryTests", dependencies: ["Machinery", "PDFFixtures", "DjVuFixtures"]),
        .testTarget(name: "ScrollEngineTests", dependencies: ["ScrollEngine", "TestSupport"]),
        // Replay scripts, the trace format and the glide-replay tool.
        .testTarget(name: "GlideToolsTests", dependencies: ["GlideTools", "ScrollEngine", "TestSupport"]),
        // What the test targets share: fixtures, ink counting, programs run by a test.
        .target(name: "TestSupport", dependencies: ["ScrollEngine"], path: "Tests/TestSupport"),
        // PDFs written at test time with cairo's PDF surface, for tests, benchmarks and the demo.
        // Hostile ones byte by byte (a page that never ends, a font that inflates to GBs, with
        // EPUBFixtures' deflate bomb).
        .target(name: "PDFFixtures", dependencies: ["CPoppler", "EPUBFixtures"], path: "Tests/PDFFixtures"),
        // Archives (zip, 7z, tar) written at test time with libarchive's writers, and the
        // solid-colour pictures they hold, for tests and benchmarks.
        .target(name: "ArchiveFixtures", dependencies: ["CArchive", "CCairo"], path: "Tests/ArchiveFixtures"),
        // Books written through ArchiveFixtures' writer or byte by byte, for the EPUB tests, the
        // end-to-end tests, glide-bench and glide-demo.
        .target(name: "EPUBFixtures", dependencies: ["ArchiveFixtures"], path: "Tests/EPUBFixtures"),
        // DjVu documents made at test time with djvulibre-bin's tools, for tests and benchmarks.
        .target(name: "DjVuFixtures", dependencies: ["TestSupport", "CCairo"], path: "Tests/DjVuFixtures"),
        .testTarget(name: "DocumentTests", dependencies: [
            "TestSupport",
            "DocumentKit", "ImageDecoding", "TextKind", "ImageKind", "PDFKind", "KindRegistry", "CCairo", "CGdkPixbuf",
            "PDFFixtures", "Machinery", "CGLib", "PageKit", "CPixels",
        ]),
        .testTarget(name: "RenderTests", dependencies: [
            "TestSupport",
            "DocumentKit", "TextKind", "ImageKind", "PDFKind", "KindRegistry", "Render", "ScrollEngine", "CCairo", "PDFFixtures",
            "Machinery", "ArchiveFixtures",
        ]),
        // The viewer offscreen: input in, frames and pixels out, no compositor.
        .testTarget(name: "ViewerTests", dependencies: [
            "TestSupport",
            "Viewer", "GlideTools", "DocumentKit", "TextKind", "ImageKind", "PDFKind", "KindRegistry", "Render", "ScrollEngine",
            "CCairo", "PDFFixtures", "ArchiveFixtures", "EPUBFixtures", "Machinery", "Home", "ReadingState",
        ]),
        // EPUB's container and package, on books the tests write with libarchive, hostile ones too.
        .testTarget(name: "EPUBTests", dependencies: [
            "ArchiveFixtures", "ArchiveKit", "EPUBKind", "CArchive", "CLibXML2", "DocumentKit", "Localization", "TextKind", "KindRegistry", "ImageDecoding",
            "CCairo", "CPangoCairo", "EPUBFixtures", "Machinery",
        ]),
        // Comic archives the tests write: page order, ComicInfo, pages drawn, hostile archives; a
        // multi-page TIFF made by tiffcp, shown as such a collection.
        .testTarget(name: "ComicTests", dependencies: [
            "ArchiveFixtures", "ArchiveKit", "ComicKind", "ImageKind", "ImageDecoding", "DocumentKit", "KindRegistry", "CArchive",
            "CCairo", "Machinery", "PageKit", "TestSupport",
        ]),
        // DjVu documents made at test time with djvulibre-bin's tools: pages, pixels, text, outline,
        // links, hostile files.
        .testTarget(name: "DjVuTests", dependencies: [
            "TestSupport", "DjVuFixtures", "DjVuKind", "DocumentKit", "KindRegistry", "Render", "ScrollEngine", "CCairo", "Machinery",
        ]),
        // The home's grid, its model and the shared thumbnail cache, offscreen.
        .testTarget(name: "HomeTests", dependencies: [
            "Home", "Viewer", "DocumentKit", "ReadingState", "Machinery", "CCairo", "TestSupport", "ScrollEngine", "Render",
        ]),
        .testTarget(name: "AccessibilityTests", dependencies: ["Accessibility", "CAtk", "DocumentKit"]),
        .testTarget(name: "GlideTests", dependencies: [
            "TestSupport",
            "glide", "CCairo", "DocumentKit", "TextKind", "KindRegistry", "Render", "ScrollEngine", "GlideTools", "PDFFixtures", "DjVuFixtures",
            "ArchiveFixtures", "Localization", "Machinery", "ReadingState", "Portals", "CGIO", "Home", "EPUBFixtures",
        ]),

        // An in-process Wayland compositor that drives the real client in tests.
        .target(
            name: "TestCompositor",
            dependencies: ["CWaylandServer", "CWaylandServerProtocols", "CXkbCommon", "CSystem"],
            path: "Tests/TestCompositor"),
        .testTarget(
            name: "TestCompositorTests",
            dependencies: ["TestCompositor", "CWaylandClient", "CWaylandProtocols"]),
        // Drives the real `glide` through the test compositor: sessions, input steps, the
        // frame trace and pixel analysis; shared by the end-to-end tests and the demo.
        .target(name: "GlideDriver", dependencies: ["TestCompositor", "TestSupport", "CCairo"], path: "Tests/GlideDriver"),
        .testTarget(name: "GlideEndToEndTests", dependencies: ["TestSupport", "GlideDriver", "TestCompositor", "PDFFixtures", "ArchiveFixtures", "EPUBFixtures", "Home"]),
        // `make demo`: plays a scripted sequence on the release glide and saves pictures.
        .executableTarget(name: "glide-demo", dependencies: ["GlideDriver", "TestCompositor", "CCairo", "PDFFixtures", "EPUBFixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
