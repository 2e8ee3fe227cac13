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
    ],
    targets: [
        systemLibrary("CWaylandClient", pkgConfig: "wayland-client", debian: "libwayland-dev"),
        systemLibrary("CWaylandServer", pkgConfig: "wayland-server", debian: "libwayland-dev"),
        systemLibrary("CWaylandCursor", pkgConfig: "wayland-cursor", debian: "libwayland-dev"),
        systemLibrary("CXkbCommon", pkgConfig: "xkbcommon", debian: "libxkbcommon-dev"),
        systemLibrary("CCairo", pkgConfig: "cairo", debian: "libcairo2-dev"),
        systemLibrary("CPangoCairo", pkgConfig: "pangocairo", debian: "libpango1.0-dev"),
        systemLibrary("CCmark", pkgConfig: "libcmark", debian: "libcmark-dev"),
        .plugin(
            name: "WaylandScannerPlugin",
            capability: .buildTool(),
            path: "Sources/WaylandScannerPlugin"),
        .target(name: "CSystem"),
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
        .target(name: "ScrollPhysics"),
        .target(name: "ScrollEngine", dependencies: ["ScrollPhysics"]),

        // Content and pixels: no Wayland.
        .target(name: "Document", dependencies: ["CCairo", "CPangoCairo", "CCmark"]),
        .target(name: "Render", dependencies: ["ScrollEngine", "Document", "CCairo"]),

        // Wayland objects: no scrolling.
        .target(
            name: "WaylandClient",
            dependencies: [
                "CWaylandClient", "CWaylandCursor", "CWaylandProtocols", "CXkbCommon", "CSystem",
            ]),

        .executableTarget(
            name: "glide",
            dependencies: ["ScrollEngine", "Document", "Render", "WaylandClient"]),
        .executableTarget(name: "glide-replay", dependencies: ["ScrollEngine"]),
        .executableTarget(name: "glide-bench", dependencies: ["ScrollEngine", "Document", "Render"]),

        .testTarget(name: "ScrollPhysicsTests", dependencies: ["ScrollPhysics"]),
        .testTarget(name: "ScrollEngineTests", dependencies: ["ScrollEngine"]),
        .testTarget(name: "DocumentTests", dependencies: ["Document", "Render", "CCairo"]),
        .testTarget(name: "GlideTests", dependencies: ["CCairo"]),

        // An in-process Wayland compositor that drives the real client in tests.
        .target(
            name: "TestCompositor",
            dependencies: ["CWaylandServer", "CWaylandServerProtocols", "CXkbCommon", "CSystem"],
            path: "Tests/TestCompositor"),
        .testTarget(
            name: "TestCompositorTests",
            dependencies: ["TestCompositor", "CWaylandClient", "CWaylandProtocols"]),
    ],
    swiftLanguageModes: [.v6]
)
