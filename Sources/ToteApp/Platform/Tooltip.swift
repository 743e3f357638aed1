// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw

/// Sets a widget's tooltip.
///
/// GTK 4.8's gtk_widget_set_tooltip_text asks where the pointer is whenever the widget is
/// visible (gtk_tooltip_trigger_tooltip_query, to update a tooltip already showing), even for
/// a widget in no window yet: on X11 three round trips to the server (XIGetClientPointer,
/// XIQueryPointer, XSync). Rows made for a list of 10,000 spent most of their setting up
/// there (`./dev bench`, perf). A widget in no window is hidden while its tooltip is set,
/// which skips the question; one in a window keeps GTK's update. (Not for a page of a
/// GtkStack, nor a widget whose visibility something follows: it sees it hidden and shown.)
@MainActor
func setTooltip(_ widget: WidgetPointer, _ text: String?) {
    let skipsQuery = gtk_widget_get_root(widget) == nil && gtk_widget_get_visible(widget) != 0
    if skipsQuery { gtk_widget_set_visible(widget, 0) }
    gtk_widget_set_tooltip_text(widget, text)
    if skipsQuery { gtk_widget_set_visible(widget, 1) }
}
