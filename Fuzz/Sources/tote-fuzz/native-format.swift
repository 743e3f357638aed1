// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore

/// NativeFormat.decode: the store's note bodies and the binary (version 2) or JSON
/// (version 1) inside Tote rich text from the clipboard. Whatever decodes is well formed,
/// and writing it and reading it back gives the same text — and the same bytes again.
func fuzzNativeFormat(_ data: Data) {
    let text: RichText
    do { text = try NativeFormat.decode(data) } catch { return }
    checkWellFormed(text)
    let encoded = NativeFormat.encode(text)
    let again: RichText
    do { again = try NativeFormat.decode(encoded) } catch {
        fatalError("invariant broken: what NativeFormat wrote does not decode: \(error)")
    }
    require(again == text, "decode(encode(decode(x))) != decode(x): \(firstDifference(text, again))")
    require(NativeFormat.encode(again) == encoded, "encoding the same text twice gave different bytes")
}
