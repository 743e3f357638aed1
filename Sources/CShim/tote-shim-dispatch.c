// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "tote-shim-dispatch"

#include "tote-shim.h"

#include <glib-unix.h>
#include <stdint.h>
#include <errno.h>
#include <unistd.h>

/* libdispatch's hooks for foreign run loops; CoreFoundation drains the main queue with
 * the same pair. The handle is an eventfd that becomes readable when work is queued. */
extern int  _dispatch_get_main_queue_handle_4CF (void);
extern void _dispatch_main_queue_callback_4CF (void *msg);

static gboolean
drain_main_queue (gint fd, GIOCondition condition, gpointer user_data)
{
  uint64_t count;

  /* Reset the eventfd first, as CoreFoundation's run loop does: the callback does not,
   * and a handle left readable would spin the loop and starve GTK's lower-priority
   * layout and paint. Work queued after this read makes it readable again. */
  if (read (fd, &count, sizeof count) < 0 && errno != EAGAIN)
    g_warning ("Reading the main-queue handle failed: %s", g_strerror (errno));
  _dispatch_main_queue_callback_4CF (NULL);
  return G_SOURCE_CONTINUE;
}

guint
tote_shim_attach_main_queue (GMainContext *context)
{
  static guint source_id;
  GSource *source;

  if (source_id != 0)
    return source_id;

  source = g_unix_fd_source_new (_dispatch_get_main_queue_handle_4CF (), G_IO_IN);
  g_source_set_callback (source, G_SOURCE_FUNC (drain_main_queue), NULL, NULL);
  g_source_set_name (source, "Swift main queue");
  source_id = g_source_attach (source, context);
  g_source_unref (source);

  /* Work queued before the source existed would otherwise wait for the next wake-up. */
  _dispatch_main_queue_callback_4CF (NULL);
  return source_id;
}
