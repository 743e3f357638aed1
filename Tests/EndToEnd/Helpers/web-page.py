#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A stand-in for a web browser in drag tests: a GTK 4 window titled "Web Page" whose labels
drag what browsers offer. "Styled passage" drags a selection of a page (text/html and
text/plain, as Firefox and GNOME Web do); "Lemon tart" drags a link (text/x-moz-url in
UTF-16, text/uri-list and text/plain, and no HTML, as some browsers and feed readers do);
"Photo" drags a picture's own bytes (image/png alone, as an image editor does). With
WEB_PAGE_FILE set, "Big file" drags that file as a file list (text/uri-list), as a download
bar does."""
import os

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
gi.require_version("GdkPixbuf", "2.0")
from gi.repository import Gdk, GdkPixbuf, GLib, Gtk  # noqa: E402

PASSAGE_HTML = ('<meta charset="utf-8"><p>Bake <b>forty minutes</b>, then <i>let it cool</i> '
                '— see <a href="https://example.org/tips">the tips</a>.</p>')
PASSAGE_TEXT = "Bake forty minutes, then let it cool — see the tips."
LINK = "https://example.org/recipes/lemon-tart"

def photo_png():
    """A 40 × 30 blue PNG, as an image editor would offer it."""
    pixbuf = GdkPixbuf.Pixbuf.new(GdkPixbuf.Colorspace.RGB, False, 8, 40, 30)
    pixbuf.fill(0x3584E4FF)
    return pixbuf.save_to_bufferv("png", [], [])[1]
LINK_TITLE = "Lemon tart"


def provider(representations):
    return Gdk.ContentProvider.new_union(
        [Gdk.ContentProvider.new_for_bytes(mime, GLib.Bytes.new(data)) for mime, data in representations])


def drag_source(label, representations):
    source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
    source.connect("prepare", lambda *_: provider(representations))
    label.add_controller(source)


def activate(app):
    window = Gtk.ApplicationWindow(application=app, title="Web Page")
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=40)
    box.set_margin_top(40)
    box.set_margin_start(40)
    passage = Gtk.Label(label="Styled passage")
    drag_source(passage, [("text/html", PASSAGE_HTML.encode()),
                          ("text/plain;charset=utf-8", PASSAGE_TEXT.encode())])
    link = Gtk.Label(label=LINK_TITLE)
    drag_source(link, [("text/x-moz-url", f"{LINK}\n{LINK_TITLE}".encode("utf-16-le")),
                       ("text/uri-list", f"{LINK}\r\n".encode()),
                       ("text/plain;charset=utf-8", LINK.encode())])
    photo = Gtk.Label(label="Photo")
    drag_source(photo, [("image/png", photo_png())])
    box.append(passage)
    box.append(link)
    box.append(photo)
    if os.environ.get("WEB_PAGE_FILE"):
        big = Gtk.Label(label="Big file")
        uri = GLib.filename_to_uri(os.environ["WEB_PAGE_FILE"], None)
        drag_source(big, [("text/uri-list", f"{uri}\r\n".encode())])
        box.append(big)
    window.set_child(box)
    window.present()


app = Gtk.Application(application_id="io.github.totenotes.ToteTests.WebPage")
app.connect("activate", activate)
app.run([])
