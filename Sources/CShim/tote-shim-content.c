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
};

G_DEFINE_FINAL_TYPE (ToteContentProvider, tote_content_provider, GDK_TYPE_CONTENT_PROVIDER)

static GdkContentFormats *
tote_content_provider_ref_formats (GdkContentProvider *provider)
{
  return gdk_content_formats_ref (TOTE_CONTENT_PROVIDER (provider)->formats);
}

static GBytes *
tote_content_provider_bytes (ToteContentProvider *self, const char *mime_type)
{
  GBytes *bytes = g_hash_table_lookup (self->produced, mime_type);
  if (bytes == NULL && self->produce != NULL)
    {
      bytes = self->produce (mime_type, self->context);
      if (bytes != NULL)
        g_hash_table_insert (self->produced, g_strdup (mime_type), bytes);
    }
  return bytes;
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

  GBytes *bytes = gdk_content_formats_contain_mime_type (self->formats, mime_type)
                    ? tote_content_provider_bytes (self, mime_type)
                    : NULL;
  if (bytes == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               "Cannot provide contents as “%s”", mime_type);
      g_object_unref (task);
      return;
    }
  /* The task keeps the bytes alive while the stream writes them. */
  g_task_set_task_data (task, g_bytes_ref (bytes), (GDestroyNotify) g_bytes_unref);
  gsize size = 0;
  gconstpointer start = g_bytes_get_data (bytes, &size);
  g_output_stream_write_all_async (stream, start, size, io_priority, cancellable,
                                   tote_content_provider_write_done, task);
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
