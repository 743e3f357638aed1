// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "tote-shim-content"

/* A GdkContentProvider that promises formats and asks Swift for the bytes only when a
 * destination reads one (a drag's drop, a paste), once per format; and a bounded
 * asynchronous read of a clipboard or drop into bytes. */

#include "tote-shim.h"

#define TOTE_TYPE_CONTENT_PROVIDER (tote_content_provider_get_type ())
G_DECLARE_FINAL_TYPE (ToteContentProvider, tote_content_provider, TOTE, CONTENT_PROVIDER, GdkContentProvider)

struct _ToteContentProvider
{
  GdkContentProvider parent_instance;
  GdkContentFormats *formats;
  ToteContentProduce produce;
  gpointer context;
  GDestroyNotify destroy;
  GHashTable *produced; /* mime type → GBytes: destinations (Nautilus) ask more than once */
  GHashTable *waiting;  /* mime type → GPtrArray of GTask: writes waiting for produce's answer */
};

struct _ToteContentReply
{
  ToteContentProvider *provider; /* a reference, until the answer */
  char *mime_type;
};

G_DEFINE_FINAL_TYPE (ToteContentProvider, tote_content_provider, GDK_TYPE_CONTENT_PROVIDER)

static GdkContentFormats *
tote_content_provider_ref_formats (GdkContentProvider *provider)
{
  return gdk_content_formats_ref (TOTE_CONTENT_PROVIDER (provider)->formats);
}

static void
tote_content_provider_write_done (GObject *stream, GAsyncResult *result, gpointer data)
{
  GTask *task = data;
  GError *error = NULL;
  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (stream), result, NULL, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
  g_object_unref (task);
}

/* Writes bytes to the stream a task was given (its task data), or fails it. */
static void
write_or_fail (GTask *task, GBytes *bytes, const char *mime_type)
{
  if (bytes == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               "Cannot provide contents as “%s”", mime_type);
      g_object_unref (task);
      return;
    }
  GOutputStream *stream = g_task_get_task_data (task);
  /* The bytes stay alive while the stream writes them: the task holds them too. */
  g_object_set_data_full (G_OBJECT (task), "bytes", g_bytes_ref (bytes), (GDestroyNotify) g_bytes_unref);
  gsize size = 0;
  gconstpointer start = g_bytes_get_data (bytes, &size);
  g_output_stream_write_all_async (stream, start, size, g_task_get_priority (task),
                                   g_task_get_cancellable (task), tote_content_provider_write_done, task);
}

static void
tote_content_provider_write_mime_type_async (GdkContentProvider *provider, const char *mime_type,
                                             GOutputStream *stream, int io_priority,
                                             GCancellable *cancellable, GAsyncReadyCallback callback,
                                             gpointer data)
{
  ToteContentProvider *self = TOTE_CONTENT_PROVIDER (provider);
  GTask *task = g_task_new (provider, cancellable, callback, data);
  g_task_set_priority (task, io_priority);
  g_task_set_source_tag (task, tote_content_provider_write_mime_type_async);
  g_task_set_task_data (task, g_object_ref (stream), g_object_unref);

  if (!gdk_content_formats_contain_mime_type (self->formats, mime_type) || self->produce == NULL)
    {
      write_or_fail (task, NULL, mime_type);
      return;
    }
  GBytes *bytes = g_hash_table_lookup (self->produced, mime_type);
  if (bytes != NULL)
    {
      write_or_fail (task, bytes, mime_type);
      return;
    }
  GPtrArray *waiting = g_hash_table_lookup (self->waiting, mime_type);
  if (waiting != NULL)
    {
      g_ptr_array_add (waiting, task);
      return;
    }
  waiting = g_ptr_array_new ();
  g_ptr_array_add (waiting, task);
  g_hash_table_insert (self->waiting, g_strdup (mime_type), waiting);
  ToteContentReply *reply = g_new0 (ToteContentReply, 1);
  reply->provider = g_object_ref (self);
  reply->mime_type = g_strdup (mime_type);
  self->produce (mime_type, reply, self->context);
}

void
tote_shim_content_reply (ToteContentReply *reply, GBytes *bytes)
{
  ToteContentProvider *self = reply->provider;
  if (bytes != NULL)
    g_hash_table_insert (self->produced, g_strdup (reply->mime_type), g_bytes_ref (bytes));
  GPtrArray *waiting = NULL;
  gpointer key = NULL;
  if (g_hash_table_steal_extended (self->waiting, reply->mime_type, &key, (gpointer *) &waiting))
    {
      g_free (key);
      for (guint i = 0; i < waiting->len; i++)
        write_or_fail (g_ptr_array_index (waiting, i), bytes, reply->mime_type);
      g_ptr_array_unref (waiting);
    }
  g_free (reply->mime_type);
  g_object_unref (self);
  g_free (reply);
}

static gboolean
tote_content_provider_write_mime_type_finish (GdkContentProvider *provider, GAsyncResult *result,
                                              GError **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
tote_content_provider_finalize (GObject *object)
{
  ToteContentProvider *self = TOTE_CONTENT_PROVIDER (object);
  g_clear_pointer (&self->formats, gdk_content_formats_unref);
  g_clear_pointer (&self->produced, g_hash_table_unref);
  g_clear_pointer (&self->waiting, g_hash_table_unref); /* empty: every reply holds a reference */
  if (self->destroy != NULL)
    self->destroy (self->context);
  G_OBJECT_CLASS (tote_content_provider_parent_class)->finalize (object);
}

static void
tote_content_provider_class_init (ToteContentProviderClass *klass)
{
  GdkContentProviderClass *provider_class = GDK_CONTENT_PROVIDER_CLASS (klass);
  provider_class->ref_formats = tote_content_provider_ref_formats;
  provider_class->write_mime_type_async = tote_content_provider_write_mime_type_async;
  provider_class->write_mime_type_finish = tote_content_provider_write_mime_type_finish;
  G_OBJECT_CLASS (klass)->finalize = tote_content_provider_finalize;
}

static void
tote_content_provider_init (ToteContentProvider *self)
{
  self->produced = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_bytes_unref);
  self->waiting = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
}

GdkContentProvider *
tote_shim_content_provider_new (const char *const *mime_types, ToteContentProduce produce,
                                gpointer context, GDestroyNotify destroy)
{
  ToteContentProvider *self = g_object_new (TOTE_TYPE_CONTENT_PROVIDER, NULL);
  GdkContentFormatsBuilder *builder = gdk_content_formats_builder_new ();
  for (const char *const *type = mime_types; type != NULL && *type != NULL; type++)
    gdk_content_formats_builder_add_mime_type (builder, *type);
  self->formats = gdk_content_formats_builder_free_to_formats (builder);
  self->produce = produce;
  self->context = context;
  self->destroy = destroy;
  return GDK_CONTENT_PROVIDER (self);
}

/* Bounded reading of a stream into bytes. */

typedef struct
{
  GInputStream *stream;
  GByteArray *bytes;
  gsize limit;
  char *mime_type;
  ToteReadDone done;
  gpointer context;
} ReadState;

static void
read_state_finish (ReadState *state, const char *error_message)
{
  GBytes *bytes = error_message == NULL ? g_byte_array_free_to_bytes (g_steal_pointer (&state->bytes)) : NULL;
  state->done (state->mime_type, bytes, error_message, state->context);
  g_clear_pointer (&bytes, g_bytes_unref);
  if (state->bytes != NULL)
    g_byte_array_unref (state->bytes);
  g_clear_object (&state->stream);
  g_free (state->mime_type);
  g_free (state);
}

static void read_next (ReadState *state);

static void
read_chunk_done (GObject *stream, GAsyncResult *result, gpointer data)
{
  ReadState *state = data;
  GError *error = NULL;
  GBytes *chunk = g_input_stream_read_bytes_finish (G_INPUT_STREAM (stream), result, &error);
  if (chunk == NULL)
    {
      read_state_finish (state, error->message);
      g_error_free (error);
      return;
    }
  gsize size = g_bytes_get_size (chunk);
  if (size == 0)
    {
      g_bytes_unref (chunk);
      read_state_finish (state, NULL);
      return;
    }
  if (state->bytes->len + size > state->limit)
    {
      g_bytes_unref (chunk);
      g_input_stream_close_async (state->stream, G_PRIORITY_DEFAULT, NULL, NULL, NULL);
      read_state_finish (state, "too-large");
      return;
    }
  g_byte_array_append (state->bytes, g_bytes_get_data (chunk, NULL), size);
  g_bytes_unref (chunk);
  read_next (state);
}

static void
read_next (ReadState *state)
{
  g_input_stream_read_bytes_async (state->stream, 256 * 1024, G_PRIORITY_DEFAULT, NULL,
                                   read_chunk_done, state);
}

static void
start_reading (GInputStream *stream, const char *mime_type, gsize limit, ToteReadDone done, gpointer context)
{
  ReadState *state = g_new0 (ReadState, 1);
  state->stream = stream;
  state->bytes = g_byte_array_new ();
  state->limit = limit;
  state->mime_type = g_strdup (mime_type);
  state->done = done;
  state->context = context;
  read_next (state);
}

typedef struct
{
  gsize limit;
  ToteReadDone done;
  gpointer context;
} ReadRequest;

static ReadRequest *
read_request_new (gsize limit, ToteReadDone done, gpointer context)
{
  ReadRequest *request = g_new0 (ReadRequest, 1);
  request->limit = limit;
  request->done = done;
  request->context = context;
  return request;
}

/* Starts reading the stream a clipboard or drop gave, or reports why there is none. */
static void
read_request_opened (ReadRequest *request, GInputStream *stream, const char *mime_type, GError *error)
{
  if (stream == NULL)
    {
      request->done (NULL, NULL, error->message, request->context);
      g_error_free (error);
    }
  else
    start_reading (stream, mime_type, request->limit, request->done, request->context);
  g_free (request);
}

static void
clipboard_read_done (GObject *clipboard, GAsyncResult *result, gpointer data)
{
  GError *error = NULL;
  const char *mime_type = NULL;
  GInputStream *stream = gdk_clipboard_read_finish (GDK_CLIPBOARD (clipboard), result, &mime_type, &error);
  read_request_opened (data, stream, mime_type, error);
}

void
tote_shim_clipboard_read (GdkClipboard *clipboard, const char *const *mime_types, gsize limit,
                          ToteReadDone done, gpointer context)
{
  gdk_clipboard_read_async (clipboard, (const char **) mime_types, G_PRIORITY_DEFAULT, NULL,
                            clipboard_read_done, read_request_new (limit, done, context));
}

static void
drop_read_done (GObject *drop, GAsyncResult *result, gpointer data)
{
  GError *error = NULL;
  const char *mime_type = NULL;
  GInputStream *stream = gdk_drop_read_finish (GDK_DROP (drop), result, &mime_type, &error);
  read_request_opened (data, stream, mime_type, error);
}

void
tote_shim_drop_read (GdkDrop *drop, const char *const *mime_types, gsize limit,
                     ToteReadDone done, gpointer context)
{
  gdk_drop_read_async (drop, (const char **) mime_types, G_PRIORITY_DEFAULT, NULL, drop_read_done,
                       read_request_new (limit, done, context));
}

/* The files of a GdkFileList value as text/uri-list, as a drop of files offers it. */
static void
report_files (const GValue *value, GError *error, ReadRequest *request)
{
  if (value == NULL)
    {
      request->done (NULL, NULL, error->message, request->context);
      g_error_free (error);
    }
  else
    {
      GString *list = g_string_new (NULL);
      for (GSList *file = g_value_get_boxed (value); file != NULL; file = file->next)
        {
          char *uri = g_file_get_uri (file->data);
          g_string_append (list, uri);
          g_string_append (list, "\r\n");
          g_free (uri);
        }
      GBytes *bytes = g_string_free_to_bytes (list);
      request->done ("text/uri-list", bytes, NULL, request->context);
      g_bytes_unref (bytes);
    }
  g_free (request);
}

static void
clipboard_files_done (GObject *clipboard, GAsyncResult *result, gpointer data)
{
  GError *error = NULL;
  const GValue *value = gdk_clipboard_read_value_finish (GDK_CLIPBOARD (clipboard), result, &error);
  report_files (value, error, data);
}

void
tote_shim_clipboard_read_files (GdkClipboard *clipboard, ToteReadDone done, gpointer context)
{
  gdk_clipboard_read_value_async (clipboard, GDK_TYPE_FILE_LIST, G_PRIORITY_DEFAULT, NULL, clipboard_files_done,
                                  read_request_new (0, done, context));
}

static void
drop_files_done (GObject *drop, GAsyncResult *result, gpointer data)
{
  GError *error = NULL;
  const GValue *value = gdk_drop_read_value_finish (GDK_DROP (drop), result, &error);
  report_files (value, error, data);
}

void
tote_shim_drop_read_files (GdkDrop *drop, ToteReadDone done, gpointer context)
{
  gdk_drop_read_value_async (drop, GDK_TYPE_FILE_LIST, G_PRIORITY_DEFAULT, NULL, drop_files_done,
                             read_request_new (0, done, context));
}

char **
tote_shim_content_formats_mime_types (GdkContentFormats *formats)
{
  gsize count = 0;
  const char *const *types = gdk_content_formats_get_mime_types (formats, &count);
  char **copy = g_new0 (char *, count + 1);
  for (gsize i = 0; i < count; i++)
    copy[i] = g_strdup (types[i]);
  return copy;
}
