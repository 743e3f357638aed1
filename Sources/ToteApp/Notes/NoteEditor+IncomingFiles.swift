// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// Files inserted or dropped into the note: a placeholder each at once, settled as its copy into the media store ends.
extension NoteEditor {
    /// Inserts files at the cursor as one undo step: a placeholder for each at once, which
    /// becomes the file's attachment when its copy into the media store (off the main
    /// thread, cancellable) ends. A file that cannot be copied is reported and its
    /// placeholder goes; the others arrive. Dropped files end up selected, as any drop does;
    /// inserted ones leave the cursor after them, as a paste does.
    func insertFiles(atPaths paths: [String], selectingThem: Bool = false) {
        guard note != nil, !isReadOnly, !paths.isEmpty else { return }
        // Sizes come when each copy opens its file: a look at a file on a hung network
        // mount would block the window here.
        let copies = paths.map { FileCopy(source: URL(fileURLWithPath: $0)) }
        copies.forEach(incoming.start)
        body?.runningCopies.formUnion(copies.map(\.id))
        ownLines.formUnion(copies.dropFirst().map(\.id))
        let range = selection.range
        let fragment = text.placeholders(for: copies, at: range.lowerBound)
        let inserted = range.lowerBound..<(range.lowerBound + fragment.length)
        perform(.replace(range, with: fragment), selectionAfter: selectingThem ? TextSelection(inserted) : .cursor(at: inserted.upperBound))
        let media = store.media
        // Two copies at a time: hashing takes a core, and the disk waits meanwhile.
        for lane in 0..<min(2, copies.count) {
            let mine = stride(from: lane, to: copies.count, by: 2).map { copies[$0] }
            CopyThread.run {
                for copy in mine { Self.copyIn(copy, media: media) { [weak self] outcome in self?.copyEnded(copy, outcome) } }
            }
        }
    }

    /// Copies a file into the media store and says what it became, on the main actor.
    nonisolated static func copyIn(
        _ copy: FileCopy, media: MediaStore, then report: @escaping @MainActor @Sendable (Result<Attachment, FileProblem>) -> Void
    ) {
        let outcome = Result { () throws(FileProblem) -> Attachment in
            // The copy first: it refuses pipes, devices and folders without blocking.
            let reference = try media.store(contentsOf: copy.source, progress: copy)
            let stored = media.url(for: reference)
            let (mimeType, header) = NoteEditor.mimeType(ofFileAt: stored, named: copy.fileName)
            // A picture too large to show (a decompression bomb) is a file.
            let kind = ContentRules.attachmentKind(mimeType: mimeType, header: header, byteCount: copy.totalBytes)
            return Attachment(kind: kind, media: reference, fileName: copy.fileName,
                              mimeType: mimeType, byteCount: copy.totalBytes)
        }
        // Not awaited: the next file's copy starts at once, whatever the window is drawing.
        Task { @MainActor in report(outcome) }
    }

    /// A copy ended: its placeholder is settled with the others that ended meanwhile, a few
    /// milliseconds' worth a main-loop turn (`settleBudget`), after GDK's frames (as the
    /// note's filling, `fillPriority`), and batches at most every `settleInterval`.
    ///
    /// Settled as each Swift task came, the files that ended during a frame were settled back
    /// to back in one dispatch of the main queue: 250–320 ms without a frame for a drop of 200
    /// files. Settled as soon as each ended, every file made a frame of its own: drawing took
    /// as much processor as the copies (1.8–2.5 s of a 3 s drop with cairo); in batches the
    /// main thread used 40 % less and the drop ended sooner (`./dev bench`). A single file is
    /// settled at once.
    func copyEnded(_ copy: FileCopy, _ outcome: Result<Attachment, FileProblem>) {
        endedCopies.append((copy, outcome))
        guard !isSettlingEndedCopies else { return }
        isSettlingEndedCopies = true
        let wait = lastSettling.map { Self.settleInterval - (ContinuousClock.now - $0) } ?? .zero
        guard wait > .zero else { return settleEndedCopies() }
        let milliseconds = wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000
        g_timeout_add_full(Self.fillPriority, guint(max(milliseconds, 1)), { data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated { Unmanaged<NoteEditor>.fromOpaque(data!).takeUnretainedValue().settleEndedCopies() }
            return 0
        }, Unmanaged.passRetained(self).toOpaque(), { data in
            nonisolated(unsafe) let data = data
            MainActor.assumeIsolated { Unmanaged<NoteEditor>.fromOpaque(data!).release() }
        })
    }

    func settleEndedCopies() {
        lastSettling = .now
        Idle.repeatWhile(priority: Self.fillPriority) { [weak self] in
            guard let self else { return false }
            let start = ContinuousClock.now
            var settled = 0
            while settled < endedCopies.count, ContinuousClock.now - start < Self.settleBudget {
                let (copy, outcome) = endedCopies[settled]
                settled += 1
                settle(copy, outcome)
            }
            endedCopies.removeFirst(settled)
            isSettlingEndedCopies = !endedCopies.isEmpty
            return isSettlingEndedCopies
        }
    }

    /// How long one turn of the main loop settles ended copies before it lets input and frames in.
    static let settleBudget = Duration.milliseconds(8)
    /// The shortest time between two batches of ended copies.
    static let settleInterval = Duration.milliseconds(200)

    /// A copy ended: its placeholder becomes the file, or goes (and a failure is reported).
    func settle(_ copy: FileCopy, _ outcome: Result<Attachment, FileProblem>) {
        guard incoming.end(copy.id) != nil else { return }  // abandoned with its note
        if case .failure(let problem) = outcome, problem != .cancelled {
            onInsertFailed(copy.fileName, Reasons.text(for: problem))
        }
        // A Cancel clicked while the copy was being renamed into place still counts.
        settlePlaceholder(copy.id, as: copy.isCancelled ? nil : try? outcome.get())
    }

    func settlePlaceholder(_ transfer: UUID, as attachment: Attachment?) {
        finishFilling()
        let before = selection
        let withItsLine = ownLines.remove(transfer) != nil
        guard let body,
              let command = library.bodies.settle(transfer, as: attachment, withItsLine: withItsLine, in: body, origin: origin)
        else { return }
        if case .replace(let range, let replacement) = command, replacement.isEmpty {
            select(before.removing(range))
        } else {
            select(before)
        }
    }

    /// The window closes or Tote quits: copies stop (what they wrote is removed by them, or
    /// at the next start) and their placeholders go, before the last save.
    func cancelCopies() {
        for copy in incoming.inFlight {
            copy.cancel()
            incoming.end(copy.id)
            settlePlaceholder(copy.id, as: nil)
        }
    }

    /// The note is left (another is shown, or it is closed): its copies are cancelled and
    /// their placeholders go, and one toast says which files did not come in.
    func abandonCopies() {
        let stopped = incoming.inFlight.filter { !$0.isCancelled }
        cancelCopies()
        guard let first = stopped.first else { return }
        let reason = stopped.count == 1 ? tr("its note was closed before the copy ended")
            : format(trn("its note was closed before the copy ended; {count} more file was not inserted either",
                         "its note was closed before the copy ended; {count} more files were not inserted either",
                         stopped.count - 1), ["count": (stopped.count - 1).formatted()])
        onInsertFailed(first.fileName, reason)
    }

    /// The MIME type GIO finds from a file's name and first bytes (of a regular file), and
    /// those bytes (as many as a picture's header may take).
    nonisolated static func mimeType(ofFileAt url: URL, named name: String) -> (String, header: Data) {
        let head = (try? FileHandle(forReadingFrom: url)).flatMap { handle in
            defer { try? handle.close() }
            return try? handle.read(upToCount: ContentRules.pictureHeaderLength)
        } ?? Data()
        var uncertain: gboolean = 0
        let contentType = head.withUnsafeBytes { bytes in
            g_content_type_guess(name, bytes.bindMemory(to: guchar.self).baseAddress, gsize(bytes.count), &uncertain)
        }
        defer { g_free(contentType) }
        guard let contentType, let mime = g_content_type_get_mime_type(contentType) else {
            return ("application/octet-stream", head)
        }
        defer { g_free(mime) }
        return (String(cString: mime), head)
    }
}
