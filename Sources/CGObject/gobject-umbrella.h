// SPDX-License-Identifier: GPL-3.0-or-later
/* GLib and GObject for ToteCore (GList, g_object_unref, g_log_set_handler), without GTK. */
#include <glib-object.h>
