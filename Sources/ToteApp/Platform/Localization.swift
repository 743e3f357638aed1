// SPDX-License-Identifier: GPL-3.0-or-later
import CShim
import Foundation

// Named gettext wrappers. xgettext reads Swift as C, so only plain one-line literals extract;
// `StaticString` turns an interpolated msgid into a compile error. po/meson.build passes these
// names to xgettext as keywords. Format with placeholders after translation.

/// The translation of `message`.
func tr(_ message: StaticString) -> String {
    String(cString: tote_shim_gettext(message.cString))
}

/// The translation of `message` in `context`, for words that translate differently by use.
func trc(_ context: StaticString, _ message: StaticString) -> String {
    String(cString: tote_shim_pgettext(context.cString, message.cString))
}

/// The singular or plural translation for `count`.
func trn(_ singular: StaticString, _ plural: StaticString, _ count: Int) -> String {
    String(cString: tote_shim_ngettext(singular.cString, plural.cString, gulong(max(count, 0))))
}

/// Replaces `{name}` placeholders in a translated string.
func format(_ translated: String, _ values: [String: String]) -> String {
    values.reduce(translated) { text, pair in
        text.replacingOccurrences(of: "{\(pair.key)}", with: pair.value)
    }
}

extension StaticString {
    /// The literal as a C string. Static strings are NUL-terminated and live forever.
    var cString: UnsafePointer<CChar> {
        UnsafeRawPointer(utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
