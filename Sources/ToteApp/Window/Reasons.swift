// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import ToteCore

/// The words for why something failed, completing sentences such as “Could not insert
/// “{file}”: {reason}”. ToteCore says what went wrong; this says it in the person's language.
enum Reasons {
    static func text(for problem: FileProblem) -> String {
        switch problem {
        case .missing: return tr("the file no longer exists")
        case .brokenLink: return tr("it is a link to a file that no longer exists")
        case .folder: return tr("it is a folder, not a file")
        case .special(.pipe): return tr("it is a pipe, not a file")
        case .special(.socket): return tr("it is a socket, not a file")
        case .special(.device): return tr("it is a device, not a file")
        case .permissionDenied: return tr("you don't have permission to read it")
        case .empty: return tr("the file is empty")
        case .tooLarge(_, let limit):
            return format(tr("it is larger than {size}"), ["size": byteCount(limit)])
        case .changedWhileReading: return tr("it changed while it was being read")
        case .diskFull: return tr("the disk is full")
        case .cancelled: return tr("it was cancelled")
        case .system:
            return format(tr("the system reported an error ({error})"), ["error": problem.systemDescription ?? ""])
        }
    }

    static func text(forStoreError error: any Error) -> String {
        switch StoreWriteFailure(error) {
        case .diskFull: return tr("the disk is full")
        case .readOnly: return tr("Tote's data folder can't be written")
        case .busy: return tr("another program is keeping Tote's data busy")
        case .damaged: return tr("Tote's data file is damaged")
        case .changedElsewhere: return tr("it was changed or deleted elsewhere")
        case .diskError: return tr("the disk reported an error")
        case .other(let code):
            return format(tr("an unexpected error (code {code})"), ["code": String(code)])
        }
    }

    static func byteCount(_ count: Int64) -> String {
        guard let text = g_format_size(guint64(max(count, 0))) else { return "\(count)" }
        defer { g_free(text) }
        return String(cString: text)
    }
}
