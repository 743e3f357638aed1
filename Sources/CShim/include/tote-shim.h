// SPDX-License-Identifier: GPL-3.0-or-later
/* tote-shim.h: the only C in Tote. Wraps what Swift cannot call directly
 * (macros, varargs, private libdispatch hooks) and holds no policy. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Build settings, from -DTOTE_APP_ID=… etc. (meson), with defaults for `swift build`. */
const char *tote_shim_app_id (void);
const char *tote_shim_version (void);
const char *tote_shim_locale_dir (void);
const char *tote_shim_gettext_package (void);

/* Drains Swift's main queue (MainActor jobs, DispatchQueue.main) from the GLib main
 * context it is attached to. Returns the GSource id. Idempotent per process. */
guint tote_shim_attach_main_queue (GMainContext *context);

/* Gettext in Tote's domain. */
void        tote_shim_init_i18n (void);
const char *tote_shim_gettext (const char *msgid);
const char *tote_shim_ngettext (const char *msgid, const char *msgid_plural, gulong n);
const char *tote_shim_pgettext (const char *context, const char *msgid);

/* Accessibility (gtk_accessible_update_property is variadic). */
void tote_shim_accessible_set_label (GtkWidget *widget, const char *label);
/* NULL removes it. */
void tote_shim_accessible_set_description (GtkWidget *widget, const char *description);
/* A tree level, from 1 (a subtask's row is 2). */
void tote_shim_accessible_set_level (GtkWidget *widget, int level);
/* A toggle button a screen reader reads as a check box with its state ("Bold check box
 * checked"): GTK 4.8 has no toggle-button role (4.10) and reads a GtkToggleButton as a
 * push button without its state. */
GtkWidget *tote_shim_check_toggle_button_new (void);

/* GObject properties by name (g_object_set is variadic). Enum properties take an int. */
void tote_shim_object_set_int (gpointer object, const char *property, int value);
void tote_shim_object_set_double (gpointer object, const char *property, double value);
void tote_shim_object_set_boolean (gpointer object, const char *property, gboolean value);
void tote_shim_object_set_string (gpointer object, const char *property, const char *value);
/* Stores a newly allocated copy of a string property in *value (g_free it). */
void tote_shim_object_get_string (gpointer object, const char *property, char **value);
int tote_shim_object_get_int (gpointer object, const char *property);

/* A GtkTextTag whose attributes a screen reader can query without crashing GTK 4.8 (see
 * tote-shim-text-tag.c). Colour it with tote_shim_text_tag_set_color. */
#define TOTE_TYPE_SHIM_TEXT_TAG (tote_shim_text_tag_get_type ())
G_DECLARE_FINAL_TYPE (ToteShimTextTag, tote_shim_text_tag, TOTE, SHIM_TEXT_TAG, GtkTextTag)
GtkTextTag *tote_shim_text_tag_new (const char *name);
/* Sets a GdkRGBA property ("foreground-rgba", "background-rgba") from a CSS colour. */
void tote_shim_text_tag_set_color (GtkTextTag *tag, const char *property, const char *css_color);

/* A widget that draws by appending render nodes to its snapshot in `draw` (see
 * tote-shim-snapshot-area.c); `destroy` releases `context` with the widget. */
typedef void (*ToteSnapshotFunc) (GtkWidget *widget, GtkSnapshot *snapshot, gpointer context);
#define TOTE_TYPE_SHIM_SNAPSHOT_AREA (tote_shim_snapshot_area_get_type ())
G_DECLARE_FINAL_TYPE (ToteShimSnapshotArea, tote_shim_snapshot_area, TOTE, SHIM_SNAPSHOT_AREA, GtkWidget)
GtkWidget *tote_shim_snapshot_area_new (ToteSnapshotFunc draw, gpointer context, GDestroyNotify destroy);
/* Appends `layout` drawn in `color` with its top left corner at (x, y) (GRAPHENE_POINT_INIT
 * is a macro). */
void tote_shim_snapshot_append_layout (GtkSnapshot *snapshot, double x, double y, PangoLayout *layout,
                                       const GdkRGBA *color);

/* UI definitions compiled into the binary, for GtkBuilder. */
const char *tote_shim_shortcuts_ui (void);

/* g_message (variadic) with a preformatted message, in the "Tote" log domain. */
void tote_shim_log_message (const char *message);

/* Content promised by format: `produce` is called on the main thread the first time a
 * destination reads a MIME type. It answers, then or later, with
 * tote_shim_content_reply (on the main thread, exactly once): the bytes, which are kept for
 * later reads of the same type, or NULL (not available). Reads of a type asked for again
 * before the answer wait for it. `destroy` releases `context` with the provider. */
typedef struct _ToteContentReply ToteContentReply;
typedef void (*ToteContentProduce) (const char *mime_type, ToteContentReply *reply, gpointer context);
GdkContentProvider *tote_shim_content_provider_new (const char *const *mime_types,
                                                    ToteContentProduce produce,
                                                    gpointer context, GDestroyNotify destroy);
void tote_shim_content_reply (ToteContentReply *reply, GBytes *bytes);

/* Reads the first available of `mime_types` into bytes, at most `limit` of them. `done` is
 * called once: with the MIME type and bytes, or with an error message ("too-large" past the
 * limit). The bytes belong to the caller of done only for the call (ref to keep). */
typedef void (*ToteReadDone) (const char *mime_type, GBytes *bytes, const char *error_message,
                              gpointer context);
void tote_shim_clipboard_read (GdkClipboard *clipboard, const char *const *mime_types, gsize limit,
                               ToteReadDone done, gpointer context);
void tote_shim_drop_read (GdkDrop *drop, const char *const *mime_types, gsize limit,
                          ToteReadDone done, gpointer context);
/* Reads GTK's file list (GDK_TYPE_FILE_LIST: from text/uri-list, or inside a Flatpak sandbox
 * from the document portal's file transfer) and reports it to `done` as text/uri-list bytes,
 * one URI a line, or with an error message. */
void tote_shim_clipboard_read_files (GdkClipboard *clipboard, ToteReadDone done, gpointer context);
void tote_shim_drop_read_files (GdkDrop *drop, ToteReadDone done, gpointer context);
/* A NULL-terminated copy of the MIME types in `formats` (g_strfreev it). */
char **tote_shim_content_formats_mime_types (GdkContentFormats *formats);

/* While `drag` lasts, Escape cancels it on X11 (GDK 4.8 grabs the key but drops it). */
void tote_shim_drag_cancel_on_escape (GdkDrag *drag);

G_END_DECLS
