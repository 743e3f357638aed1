// swift-tools-version:6.0
// SPDX-License-Identifier: GPL-3.0-or-later
import PackageDescription

let package = Package(
    name: "Tote",
    products: [
        .executable(name: "tote", targets: ["tote"]),
        // For the fuzz targets in Fuzz/, a package of their own built with -sanitize=fuzzer.
        .library(name: "ToteCore", targets: ["ToteCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
    ],
    targets: [
        // GTK 4 and libadwaita; libadwaita-1.pc requires gtk4, so one name gives both.
        .systemLibrary(
            name: "CAdw",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev", "libgtk-4-dev"])]
        ),
        // libxml2's HTML parser behind opaque accessors (its headers clash with Foundation's ICU).
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .target(name: "CHTMLParser", dependencies: ["CLibXML2"]),
        // libical, for iCalendar import and export in ToteCore.
        .systemLibrary(name: "CICal", pkgConfig: "libical", providers: [.apt(["libical-dev"])]),
        // cmark-gfm, GitHub's CommonMark parser with its extensions (strikethrough, task lists),
        // for the notes folder's Markdown. Debian ships no .pc for the extensions library.
        .systemLibrary(name: "CMarkGFM", providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        // GLib and GObject without GTK, for ToteCore and CVCard.
        .systemLibrary(name: "CGObject", pkgConfig: "gobject-2.0", providers: [.apt(["libglib2.0-dev"])]),
        // Evolution Data Server's vCard parser (EVCard), as GNOME Contacts and Evolution read cards,
        // loaded with dlopen when a card is first read rather than linked: linked, its forty
        // libraries were loaded at every start (docs/platform-findings.md). Needs the
        // libebook-contacts-1.2-4 package at run time (libebook-contacts1.2-dev to build).
        .target(name: "CVCard", dependencies: ["CGObject"]),
        // Evolution Data Server's task lists (libecal-2.0, libedataserver-1.2, libical-glib) for
        // reminder sync, dlopened at first use as CVCard is. Needs libecal-2.0-2 at run time; the
        // headers are not needed to build (tote-eds.c declares what it calls).
        .target(name: "CEDS", dependencies: ["CGObject"]),
        // The only C: what Swift cannot call directly. Build settings (app id, version,
        // locale dir) arrive as -Xcc -D flags from meson; the defaults below suit `swift build`.
        .target(
            name: "CShim",
            dependencies: ["CAdw"],
            cSettings: [.unsafeFlags(["-Wall", "-Wno-c23-extensions"])],
            // Xlib itself, for the X11 drag's Escape (GTK links it but does not re-export it).
            linkerSettings: [.linkedLibrary("X11")]
        ),
        // The model: imports no GTK, tested without a display.
        .target(
            name: "ToteCore",
            dependencies: [
                "CHTMLParser",
                "CICal",
                "CMarkGFM",
                "CGObject",
                "CVCard",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The app: windows and views binding ToteCore to GTK through CShim.
        .target(name: "ToteApp", dependencies: ["ToteCore", "CShim", "CAdw", "CEDS"]),
        .executableTarget(name: "tote", dependencies: ["ToteApp"]),
        // Benchmarks that print figures (./dev bench), not timed tests.
        .executableTarget(name: "tote-bench", dependencies: [
            "ToteApp", "ToteCore", "CAdw", .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // The start-up benchmark's floor: a bare libadwaita window.
        .executableTarget(name: "tote-bench-window", dependencies: ["CAdw"]),

        .testTarget(name: "ToteCoreTests", dependencies: ["ToteCore"]),
        .testTarget(name: "ToteTests", dependencies: ["ToteApp", "ToteCore", "CShim", "CAdw"]),
        // Real drags with xdotool against the real `tote` binary; reads results from the store.
        .testTarget(name: "EndToEnd", dependencies: ["ToteCore"], exclude: ["Helpers"]),
    ],
    swiftLanguageModes: [.v6]
)
