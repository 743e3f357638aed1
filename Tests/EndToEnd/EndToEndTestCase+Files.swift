// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Files (Nautilus 43) as a real peer beside Tote: a folder shown on the right, a new note on
/// the left, and a drag of its files into the note.
extension EndToEndTestCase {
    static let nautilus = URL(fileURLWithPath: "/usr/bin/nautilus")

    /// Files showing `folder` (made, holding one file so its view shows items) on the right.
    func openFiles(_ folderName: String) throws -> (files: Process, window: String, folder: URL) {
        let folder = session.root.appendingPathComponent(folderName, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("kept\n".utf8).write(to: folder.appendingPathComponent("kept.txt"))
        // Drawn with cairo: with llvmpipe's GL on a busy machine, every frame of Files's
        // "Loading…" spinner took longer than a frame, and the redraws (priority 120) starved
        // the idle work that lists the folder (200) for good (docs/platform-findings.md).
        let files = try session.launch(Self.nautilus, ["--new-window", folder.path], logName: "nautilus",
                                       extra: ["GSK_RENDERER": "cairo"])
        let window = try session.waitForWindow(named: folderName, timeout: 30)
        try session.place(window, x: 640, y: 0, width: 620, height: 700)
        try session.waitUntil("Files shows kept.txt", timeout: 20) {
            (try? session.accessibleObjects(of: files))?.contains { $0.hasSuffix("\tkept.txt") } == true
        }
        return (files, window, folder)
    }

    /// A new note holding `text` on the left, Files showing `folder` on the right.
    func noteBesideFiles(
        typing text: String, folder name: String, asAUser: Bool = false
    ) throws -> (tote: Process, toteWindow: String, files: Process, filesWindow: String, folder: URL) {
        let tote = try launchToteWithNewNote(asAUser: asAUser)
        try session.type(text)
        let toteWindow = try session.waitForWindow(of: tote)
        try session.place(toteWindow, x: 0, y: 0, width: 620, height: 700)
        let (files, filesWindow, folder) = try openFiles(name)
        return (tote, toteWindow, files, filesWindow, folder)
    }

    /// Selects `odd` and kept.txt in Files (a click, then a Ctrl+click) and drags both into
    /// the note, after "Inbox: ".
    func dragIntoNoteWithKept(_ odd: String, from files: Process, _ filesWindow: String, to tote: Process,
                              _ toteWindow: String) throws {
        let oddCell = try waitForCenter(of: files, named: odd, window: filesWindow)
        let keptCell = try waitForCenter(of: files, named: "kept.txt", window: filesWindow)
        try session.input(["mousemove", "\(oddCell.x)", "\(oddCell.y)", "click", "1"])
        session.pace(0.3)
        try session.input(["mousemove", "\(keptCell.x)", "\(keptCell.y)", "keydown", "ctrl", "click", "1", "keyup", "ctrl"])
        session.pace(0.3)
        let after = try session.characterCenters(of: tote, in: "Note body", offsets: [6], window: toteWindow)[0]
        try session.drag(from: keptCell, to: (after.x + 12, after.y))
    }
}
