// SPDX-License-Identifier: GPL-3.0-or-later
// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for ToteCore's readers of outside data: one executable, the target chosen
// by TOTE_FUZZ_TARGET. Built and run by build-aux/fuzz.sh (docs/fuzzing.md) with
// -sanitize=fuzzer,address; a package of its own so that those flags never reach Tote's build.
let package = Package(
    name: "ToteFuzz",
    dependencies: [
        .package(name: "Tote", path: ".."),
    ],
    targets: [
        // LLVMFuzzerRunDriver's declaration: libFuzzer itself comes with -sanitize=fuzzer.
        .systemLibrary(name: "CLibFuzzer"),
        .executableTarget(
            name: "tote-fuzz",
            dependencies: ["CLibFuzzer", .product(name: "ToteCore", package: "Tote")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
