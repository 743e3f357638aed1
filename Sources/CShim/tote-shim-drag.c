// SPDX-License-Identifier: GPL-3.0-or-later
/* Escape for drags on X11. GDK 4.8 grabs Escape on the root window during a drag but makes
 * no event of it (no surface, no keyboard grab), so its own cancel never runs; see
 * docs/platform-findings.md. This watches the raw X events while one drag lasts and, on a
 * key press of Escape on the root window, emits the drag's "cancel" as GDK's own key
 * handling would. */

#include "tote-shim.h"

#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#include <X11/extensions/XInput2.h>
#include <X11/keysym.h>

typedef struct {
  GdkDrag *drag; /* the watch lives as long as the drag (object data) */
  GdkDisplay *display;
  gulong handler;
  int xinput_opcode;
  int escape_keycode;
  Window root;
} EscapeWatch;

static void
stop_watching (EscapeWatch *watch)
{
  if (watch->handler != 0)
    g_signal_handler_disconnect (watch->display, watch->handler);
  watch->handler = 0;
}

static void
free_watch (gpointer data)
{
  stop_watching (data);
  g_free (data);
}

static gboolean
on_xevent (GdkDisplay *display, const XEvent *xevent, gpointer data)
{
  EscapeWatch *watch = data;
  const XGenericEventCookie *cookie = &xevent->xcookie;
  if (xevent->type != GenericEvent || cookie->extension != watch->xinput_opcode
      || cookie->evtype != XI_KeyPress || cookie->data == NULL)
    return FALSE;
  const XIDeviceEvent *key = cookie->data;
  if (key->event != watch->root || key->detail != watch->escape_keycode)
    return FALSE;
  stop_watching (watch);
  g_signal_emit_by_name (watch->drag, "cancel", GDK_DRAG_CANCEL_USER_CANCELLED);
  return FALSE;
}

static void
on_drag_over (GdkDrag *drag, gpointer data)
{
  stop_watching (data);
}

static void
on_drag_cancelled (GdkDrag *drag, GdkDragCancelReason reason, gpointer data)
{
  stop_watching (data);
}
#endif

void
tote_shim_drag_cancel_on_escape (GdkDrag *drag)
{
#ifdef GDK_WINDOWING_X11
  GdkDisplay *display = gdk_drag_get_display (drag);
  if (!GDK_IS_X11_DISPLAY (display))
    return;
  Display *xdisplay = gdk_x11_display_get_xdisplay (display);
  int opcode, first_event, first_error;
  if (!XQueryExtension (xdisplay, "XInputExtension", &opcode, &first_event, &first_error))
    return;
  EscapeWatch *watch = g_new0 (EscapeWatch, 1);
  watch->drag = drag;
  watch->display = display;
  watch->xinput_opcode = opcode;
  watch->escape_keycode = XKeysymToKeycode (xdisplay, XK_Escape);
  watch->root = gdk_x11_display_get_xrootwindow (display);
  watch->handler = g_signal_connect (display, "xevent", G_CALLBACK (on_xevent), watch);
  g_object_set_data_full (G_OBJECT (drag), "tote-escape-watch", watch, free_watch);
  /* Whichever way the drag ends, the watch stops with it. */
  g_signal_connect (drag, "drop-performed", G_CALLBACK (on_drag_over), watch);
  g_signal_connect (drag, "dnd-finished", G_CALLBACK (on_drag_over), watch);
  g_signal_connect (drag, "cancel", G_CALLBACK (on_drag_cancelled), watch);
#endif
}
