// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
@testable import ToteApp
@testable import ToteCore
import XCTest

/// The bullets and numbers before list paragraphs are drawn as text render nodes: a cairo
/// drawing covering the whole note was filled and uploaded on every redraw (9 ms a frame
/// under llvmpipe when a drop showed new text).
final class ListMarkerTests: GTKTestCase {
    func testMarkersAreTextNodesNotACairoSurface() throws { try onMainActor(Self.markersAsText) }

    @MainActor private static func markersAsText() throws {
        let body = RichText(paragraphs: [
            Paragraph(runs: [Run("Shopping")]),
            Paragraph(style: .bulleted, runs: [Run("bread")]),
            Paragraph(style: .bulleted, runs: [Run("milk")]),
            Paragraph(style: .numbered, runs: [Run("first")]),
            Paragraph(style: .numbered, runs: [Run("second")]),
            Paragraph(runs: [Run("the end")]),
        ])
        let (editor, _, home) = try NoteEditorTests.makeEditorForExtension(body)
        defer { withExtendedLifetime(home) {} }
        // Tall enough to show every paragraph.
        gtk_widget_set_size_request(editor.widget, 600, 500)
        waitFor("the layout") { gtk_widget_get_height(editor.markerLayer) > 300 }
        let paintable = gtk_widget_paintable_new(editor.markerLayer)!
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot, Double(gtk_widget_get_width(editor.markerLayer)),
                               Double(gtk_widget_get_height(editor.markerLayer)))
        let node = try XCTUnwrap(gtk_snapshot_free_to_node(snapshot), "the layer draws something")
        defer { gsk_render_node_unref(node) }
        var counts: [UInt32: Int] = [:]
        count(node, into: &counts)
        XCTAssertEqual(counts[GSK_TEXT_NODE.rawValue], 4, "one text node for each list paragraph's marker")
        XCTAssertNil(counts[GSK_CAIRO_NODE.rawValue], "no cairo surface over the note")
        // In the margin, where the cairo drawing put them.
        var bounds = graphene_rect_t()
        gsk_render_node_get_bounds(node, &bounds)
        XCTAssertEqual(Double(bounds.origin.x), NoteEditor.markerX, accuracy: 6, "the markers start at markerX")
        XCTAssertLessThan(Double(bounds.size.width), 40, "only the markers are drawn, not the text beside them")
    }

    /// Counts the nodes of each type in a render node tree.
    @MainActor private static func count(_ node: OpaquePointer, into counts: inout [UInt32: Int]) {
        let type = gsk_render_node_get_node_type(node)
        counts[type.rawValue, default: 0] += 1
        switch type {
        case GSK_CONTAINER_NODE:
            for index in 0..<gsk_container_node_get_n_children(node) {
                count(gsk_container_node_get_child(node, index), into: &counts)
            }
        case GSK_TRANSFORM_NODE: count(gsk_transform_node_get_child(node), into: &counts)
        case GSK_CLIP_NODE: count(gsk_clip_node_get_child(node), into: &counts)
        case GSK_ROUNDED_CLIP_NODE: count(gsk_rounded_clip_node_get_child(node), into: &counts)
        case GSK_OPACITY_NODE: count(gsk_opacity_node_get_child(node), into: &counts)
        case GSK_DEBUG_NODE: count(gsk_debug_node_get_child(node), into: &counts)
        default: break
        }
    }
}
