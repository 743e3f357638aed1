// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore

/// PlainTextFormat.decode: text/plain from the clipboard and drops, any bytes (invalid UTF-8
/// becomes U+FFFD). The text is well formed and survives being written as plain text and
/// read again.
func fuzzPlainText(_ data: Data) {
    let text = PlainTextFormat.decode(data)
    checkWellFormed(text)
    require(PlainTextFormat.decode(Data(PlainTextFormat.encode(text).utf8)) == text,
            "plain text read, written and read again changed")
}
