// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
import XCTest

/// Access keys are unique within each menu level (sections share their level; a submenu is a
/// level of its own), in English and in every catalogue in po/, as the HIG asks.
final class AccessKeysTests: GTKTestCase {
    func testAccessKeysAreUniqueInEveryMenuInEveryLanguage() throws {
        try onMainActor {
            var levels: [[String]] = []
            for menu in [RemindersPane.listMenu(), RemindersPane.selectionMenu(), NoteEditor.contextMenuModel(),
                         Sidebar.rowMenuModel(lists: true)] {
                Self.collect(menu.raw.assumingMemoryBound(to: GMenuModel.self), into: &levels)
                g_object_unref(menu.raw)
            }
            // And every menu button of a window showing a note: the main menu, the note's
            // menu, the list's menu, the paragraph styles and the narrow toolbar's menu.
            let dataHome = try TemporaryDataHome()
            let (app, window, _, _, _) = try Self.startAppWithNote(dataHome: dataHome, title: "Plans", body: "Tent")
            defer { Self.close(app) }
            var buttons = 0
            @MainActor func walk(_ widget: WidgetPointer) {
                if g_type_check_instance_is_a(widget.raw.assumingMemoryBound(to: GTypeInstance.self),
                                              gtk_menu_button_get_type()).isTrue,
                   let model = gtk_menu_button_get_menu_model(widget.opaque) {
                    buttons += 1
                    Self.collect(UnsafeMutableRawPointer(model).assumingMemoryBound(to: GMenuModel.self), into: &levels)
                }
                var child = gtk_widget_get_first_child(widget)
                while let current = child {
                    walk(current)
                    child = gtk_widget_get_next_sibling(current)
                }
            }
            walk(window.window)
            XCTAssertGreaterThanOrEqual(buttons, 6, "main, note, list, paragraph styles twice, more formatting")
            XCTAssertGreaterThan(levels.count, 8)
            let po = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("po")
            var catalogues: [(String, [String: String])] = [("en", [:])]
            for language in ["ko", "ru", "ja", "zh_CN"] {
                let text = try String(contentsOf: po.appendingPathComponent("\(language).po"), encoding: .utf8)
                catalogues.append((language, Self.translations(in: text)))
            }
            var clashes: [String] = []
            for (language, translations) in catalogues {
                for level in levels {
                    let labels = level.map { translations[$0].flatMap { $0.isEmpty ? nil : $0 } ?? $0 }
                    var seen: [Character: String] = [:]
                    for label in labels {
                        guard let key = Self.accessKey(of: label) else { continue }
                        if let other = seen[key] { clashes.append("\(language): “\(other)” and “\(label)”") }
                        seen[key] = label
                    }
                }
            }
            XCTAssertEqual(clashes, [])
        }
    }

    /// The labels of one menu level (its sections' items too), then each submenu's level.
    @MainActor private static func collect(_ model: UnsafeMutablePointer<GMenuModel>, into levels: inout [[String]]) {
        var level: [String] = []
        var submenus: [UnsafeMutablePointer<GMenuModel>] = []
        func walk(_ model: UnsafeMutablePointer<GMenuModel>) {
            for index in 0..<g_menu_model_get_n_items(model) {
                if let value = g_menu_model_get_item_attribute_value(model, index, "label", nil) {
                    level.append(String(cString: g_variant_get_string(value, nil)))
                    g_variant_unref(value)
                }
                if let section = g_menu_model_get_item_link(model, index, "section") {
                    walk(section)
                    g_object_unref(UnsafeMutableRawPointer(section))
                }
                if let submenu = g_menu_model_get_item_link(model, index, "submenu") { submenus.append(submenu) }
            }
        }
        walk(model)
        levels.append(level)
        for submenu in submenus {
            collect(submenu, into: &levels)
            g_object_unref(UnsafeMutableRawPointer(submenu))
        }
    }

    /// The letter after the underscore, lowercased; nil when there is none.
    private static func accessKey(of label: String) -> Character? {
        guard let underscore = label.firstIndex(of: "_"), label.index(after: underscore) < label.endIndex else { return nil }
        return Character(label[label.index(after: underscore)].lowercased())
    }

    /// msgid → msgstr of a catalogue's plain entries (no context, no plural).
    private static func translations(in po: String) -> [String: String] {
        var result: [String: String] = [:]
        var field = "", id = "", value = ""
        func finish() {
            if !id.isEmpty { result[id] = value }
            id = ""
            value = ""
        }
        for line in po.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.trimmingCharacters(in: .whitespaces)
            func quoted(_ part: Substring) -> String {
                guard let first = part.firstIndex(of: "\""), let last = part.lastIndex(of: "\""), first < last else { return "" }
                return String(part[part.index(after: first)..<last]).replacingOccurrences(of: "\\\"", with: "\"")
            }
            if text.hasPrefix("msgid ") {
                finish()
                field = "id"
                id = quoted(Substring(text))
            } else if text.hasPrefix("msgstr ") {
                field = "str"
                value = quoted(Substring(text))
            } else if text.hasPrefix("\"") {
                if field == "id" { id += quoted(Substring(text)) } else if field == "str" { value += quoted(Substring(text)) }
            } else {
                field = text.hasPrefix("#") || text.isEmpty ? field : ""
            }
        }
        finish()
        return result
    }
}
