// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One fuzz target: a reader of outside data and what must hold for whatever it returns.
struct FuzzTarget: Sendable {
    let name: String
    /// libFuzzer's -max_len for it (build-aux/fuzz.sh reads it from `TOTE_FUZZ_TARGET=list`).
    let maximumLength: Int
    let run: @Sendable (Data) -> Void

    static let all: [FuzzTarget] = [
        FuzzTarget(name: "native-format", maximumLength: 64 << 10, run: fuzzNativeFormat),
        FuzzTarget(name: "plain-text", maximumLength: 64 << 10, run: fuzzPlainText),
        FuzzTarget(name: "tote-rich-text", maximumLength: 64 << 10, run: fuzzToteRichText),
        FuzzTarget(name: "reminder-transfer", maximumLength: 64 << 10, run: fuzzReminderTransfer),
        FuzzTarget(name: "html", maximumLength: 256 << 10, run: fuzzHTML),
        FuzzTarget(name: "markdown", maximumLength: 64 << 10, run: fuzzMarkdown),
        FuzzTarget(name: "icalendar", maximumLength: 64 << 10, run: fuzzICalendar),
        FuzzTarget(name: "vcard", maximumLength: 64 << 10, run: fuzzVCard),
        FuzzTarget(name: "file-list", maximumLength: 16 << 10, run: fuzzFileList),
        FuzzTarget(name: "web-links", maximumLength: 16 << 10, run: fuzzWebLinks),
        FuzzTarget(name: "picture", maximumLength: 64 << 10, run: fuzzPicture),
        FuzzTarget(name: "safe-link", maximumLength: 16 << 10, run: fuzzSafeLink),
    ]
}

/// The target named by TOTE_FUZZ_TARGET. `list` prints every target and its -max_len;
/// TOTE_FUZZ_WRITE_SEEDS=DIR writes the seed corpus (Fuzz/Seeds) and exits.
let selectedTarget: FuzzTarget = {
    let environment = ProcessInfo.processInfo.environment
    if let directory = environment["TOTE_FUZZ_WRITE_SEEDS"] {
        Seeds.write(to: URL(fileURLWithPath: directory, isDirectory: true))
        exit(0)
    }
    let name = environment["TOTE_FUZZ_TARGET"] ?? ""
    if name == "list" {
        for target in FuzzTarget.all { print(target.name, target.maximumLength) }
        exit(0)
    }
    guard let target = FuzzTarget.all.first(where: { $0.name == name }) else {
        let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
        printError("tote-fuzz: set TOTE_FUZZ_TARGET to one of: \(names) (or list)")
        _exit(2)  // not exit: LeakSanitizer would report the message as a leak
    }
    return target
}()

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    _ = selectedTarget
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    selectedTarget.run(data)
    return 0
}
