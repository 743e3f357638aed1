// SPDX-License-Identifier: GPL-3.0-or-later
/* tote-eds.c: EDS task lists through dlopen at first use (see tote-eds.h).
 *
 * The prototypes below are Evolution Data Server 3.46's and libical-glib 3.0's, copied by hand
 * from the headers of libecal2.0-dev and libical-dev (each cites its header and line); the
 * headers themselves are not included, so building needs none of them. */
#define G_LOG_DOMAIN "tote-eds"

#include "tote-eds.h"

#include <dlfcn.h>
#include <string.h>

/* Opaque here: only pointers to them cross the shim. */
typedef struct _ESource ESource;
typedef struct _ESourceRegistry ESourceRegistry;
typedef struct _ECalClient ECalClient;
typedef struct _ECalClientView ECalClientView;
typedef struct _ECalComponentId ECalComponentId;
typedef struct _ECalComponent ECalComponent;
typedef struct _ICalComponent ICalComponent;

/* libecal/e-cal-enums.h:40-45 (ECalClientSourceType), :60-65 (ECalObjModType),
 * :229-236 (ECalOperationFlags). */
enum { E_CAL_CLIENT_SOURCE_TYPE_TASKS = 1 };
enum { E_CAL_OBJ_MOD_ALL = 0x07 };
enum { E_CAL_OPERATION_FLAG_CONFLICT_FAIL = 1 << 0 };

/* Extension names: libedataserver/e-source-task-list.h:54, e-source-collection.h:54. Source uid
 * of "On This Computer": the registry's built-in local-stub.source; backend "local" is the file
 * backend's name (calendar-backends/libecalbackendfile.so). */
#define EXTENSION_TASK_LIST "Task List"
#define EXTENSION_COLLECTION "Collection"
#define LOCAL_STUB_UID "local-stub"
#define LOCAL_BACKEND "local"

static struct {
  /* libedataserver/e-source-registry.h */
  void (*registry_new) (GCancellable *, GAsyncReadyCallback, gpointer);                   /* :93 */
  ESourceRegistry *(*registry_new_finish) (GAsyncResult *, GError **);                    /* :97 */
  ESource *(*registry_ref_source) (ESourceRegistry *, const gchar *);                     /* :146 */
  GList *(*registry_list_sources) (ESourceRegistry *, const gchar *);                     /* :148 */
  gboolean (*registry_check_enabled) (ESourceRegistry *, ESource *);                      /* :156 */
  void (*registry_create_sources) (ESourceRegistry *, GList *, GCancellable *,
                                   GAsyncReadyCallback, gpointer);                        /* :121 */
  gboolean (*registry_create_sources_finish) (ESourceRegistry *, GAsyncResult *, GError **); /* :127 */
  /* libedataserver/e-source.h */
  ESource *(*source_new) (GDBusObject *, GMainContext *, GError **);                      /* :222 */
  const gchar *(*source_get_uid) (ESource *);                                             /* :232 */
  const gchar *(*source_get_parent) (ESource *);                                          /* :234 */
  void (*source_set_parent) (ESource *, const gchar *);                                   /* :236 */
  gboolean (*source_get_removable) (ESource *);                                           /* :242 */
  gboolean (*source_get_remote_creatable) (ESource *);                                    /* :243 */
  gboolean (*source_get_remote_deletable) (ESource *);                                    /* :244 */
  gpointer (*source_get_extension) (ESource *, const gchar *);                            /* :245 */
  gboolean (*source_has_extension) (ESource *, const gchar *);                            /* :247 */
  gchar *(*source_dup_display_name) (ESource *);                                          /* :252 */
  void (*source_set_display_name) (ESource *, const gchar *);                             /* :253 */
  void (*source_remove) (ESource *, GCancellable *, GAsyncReadyCallback, gpointer);       /* :269 */
  gboolean (*source_remove_finish) (ESource *, GAsyncResult *, GError **);                /* :273 */
  void (*source_remote_create) (ESource *, ESource *, GCancellable *, GAsyncReadyCallback,
                                gpointer);                                                /* :290 */
  gboolean (*source_remote_create_finish) (ESource *, GAsyncResult *, GError **);         /* :295 */
  void (*source_remote_delete) (ESource *, GCancellable *, GAsyncReadyCallback, gpointer); /* :301 */
  gboolean (*source_remote_delete_finish) (ESource *, GAsyncResult *, GError **);         /* :305 */
  /* libedataserver/e-source-backend.h:75, e-source-collection.h:88 (their first argument is the
   * extension, an ESourceBackend or ESourceCollection, from source_get_extension). */
  void (*backend_set_backend_name) (gpointer, const gchar *);
  gboolean (*collection_get_calendar_enabled) (gpointer);
  /* libedataserver/e-client.h (an ECalClient is an EClient) */
  gboolean (*client_is_readonly) (ECalClient *);                                          /* :320 */
  gboolean (*client_is_online) (ECalClient *);                                            /* :321 */
  void (*client_refresh) (ECalClient *, GCancellable *, GAsyncReadyCallback, gpointer);   /* :340 */
  gboolean (*client_refresh_finish) (ECalClient *, GAsyncResult *, GError **);            /* :344 */
  /* libecal/e-cal-client.h */
  void (*client_connect) (ESource *, gint, guint32, GCancellable *, GAsyncReadyCallback,
                          gpointer);                                                      /* :173 */
  GObject *(*client_connect_finish) (GAsyncResult *, GError **);                          /* :179 */
  void (*client_get_object) (ECalClient *, const gchar *, const gchar *, GCancellable *,
                             GAsyncReadyCallback, gpointer);                              /* :249 */
  gboolean (*client_get_object_finish) (ECalClient *, GAsyncResult *, ICalComponent **,
                                        GError **);                                       /* :255 */
  void (*client_get_objects_for_uid) (ECalClient *, const gchar *, GCancellable *,
                                      GAsyncReadyCallback, gpointer);
  gboolean (*client_get_objects_for_uid_finish) (ECalClient *, GAsyncResult *, GSList **,
                                                 GError **);
  void (*client_create_object) (ECalClient *, ICalComponent *, guint, GCancellable *,
                                GAsyncReadyCallback, gpointer);                           /* :334 */
  gboolean (*client_create_object_finish) (ECalClient *, GAsyncResult *, gchar **, GError **); /* :340 */
  void (*client_modify_object) (ECalClient *, ICalComponent *, gint, guint, GCancellable *,
                                GAsyncReadyCallback, gpointer);                           /* :369 */
  gboolean (*client_modify_object_finish) (ECalClient *, GAsyncResult *, GError **);      /* :376 */
  void (*client_remove_object) (ECalClient *, const gchar *, const gchar *, gint, guint,
                                GCancellable *, GAsyncReadyCallback, gpointer);           /* :404 */
  gboolean (*client_remove_object_finish) (ECalClient *, GAsyncResult *, GError **);      /* :412 */
  void (*client_get_view) (ECalClient *, const gchar *, GCancellable *, GAsyncReadyCallback,
                           gpointer);                                                     /* :514 */
  gboolean (*client_get_view_finish) (ECalClient *, GAsyncResult *, ECalClientView **,
                                      GError **);                                         /* :519 */
  /* libecal/e-cal-client-view.h:130, :132; e-cal-component-id.h:52 */
  void (*view_start) (ECalClientView *, GError **);
  void (*view_stop) (ECalClientView *, GError **);
  const gchar *(*component_id_get_uid) (const ECalComponentId *);
  const gchar *(*component_id_get_rid) (const ECalComponentId *);
  /* libecal/e-cal-component.h */
  gchar *(*component_get_as_string) (ECalComponent *);
  /* libical-glib/i-cal-component.h:89, :98 */
  ICalComponent *(*component_new_from_string) (const gchar *);
  gchar *(*component_as_ical_string) (ICalComponent *);
} eds;

/* The sonames of Debian 12's libecal-2.0-2, libedataserver-1.2-27 and libical3. */
static const char *const library_names[] = { "libedataserver-1.2.so.27", "libecal-2.0.so.2", "libical-glib.so.3" };
static char *load_failure; /* why loading failed, for every call's error */

static gboolean
load_once (void)
{
  void *libraries[G_N_ELEMENTS (library_names)];
  for (gsize i = 0; i < G_N_ELEMENTS (library_names); i++)
    if ((libraries[i] = dlopen (library_names[i], RTLD_NOW | RTLD_LOCAL)) == NULL)
      {
        load_failure = g_strdup_printf ("Evolution Data Server cannot be used: %s", dlerror ());
        return FALSE;
      }
#define FIND(library, field, symbol) \
  if ((*(void **) &eds.field = dlsym (libraries[library], symbol)) == NULL) \
    { \
      load_failure = g_strdup_printf ("Evolution Data Server cannot be used: %s has no %s", \
                                      library_names[library], symbol); \
      return FALSE; \
    }
  FIND (0, registry_new, "e_source_registry_new");
  FIND (0, registry_new_finish, "e_source_registry_new_finish");
  FIND (0, registry_ref_source, "e_source_registry_ref_source");
  FIND (0, registry_list_sources, "e_source_registry_list_sources");
  FIND (0, registry_check_enabled, "e_source_registry_check_enabled");
  FIND (0, registry_create_sources, "e_source_registry_create_sources");
  FIND (0, registry_create_sources_finish, "e_source_registry_create_sources_finish");
  FIND (0, source_new, "e_source_new");
  FIND (0, source_get_uid, "e_source_get_uid");
  FIND (0, source_get_parent, "e_source_get_parent");
  FIND (0, source_set_parent, "e_source_set_parent");
  FIND (0, source_get_removable, "e_source_get_removable");
  FIND (0, source_get_remote_creatable, "e_source_get_remote_creatable");
  FIND (0, source_get_remote_deletable, "e_source_get_remote_deletable");
  FIND (0, source_get_extension, "e_source_get_extension");
  FIND (0, source_has_extension, "e_source_has_extension");
  FIND (0, source_dup_display_name, "e_source_dup_display_name");
  FIND (0, source_set_display_name, "e_source_set_display_name");
  FIND (0, source_remove, "e_source_remove");
  FIND (0, source_remove_finish, "e_source_remove_finish");
  FIND (0, source_remote_create, "e_source_remote_create");
  FIND (0, source_remote_create_finish, "e_source_remote_create_finish");
  FIND (0, source_remote_delete, "e_source_remote_delete");
  FIND (0, source_remote_delete_finish, "e_source_remote_delete_finish");
  FIND (0, backend_set_backend_name, "e_source_backend_set_backend_name");
  FIND (0, collection_get_calendar_enabled, "e_source_collection_get_calendar_enabled");
  FIND (0, client_is_readonly, "e_client_is_readonly");
  FIND (0, client_is_online, "e_client_is_online");
  FIND (0, client_refresh, "e_client_refresh");
  FIND (0, client_refresh_finish, "e_client_refresh_finish");
  FIND (1, client_connect, "e_cal_client_connect");
  FIND (1, client_connect_finish, "e_cal_client_connect_finish");
  FIND (1, client_get_object, "e_cal_client_get_object");
  FIND (1, client_get_object_finish, "e_cal_client_get_object_finish");
  FIND (1, client_get_objects_for_uid, "e_cal_client_get_objects_for_uid");
  FIND (1, client_get_objects_for_uid_finish, "e_cal_client_get_objects_for_uid_finish");
  FIND (1, client_create_object, "e_cal_client_create_object");
  FIND (1, client_create_object_finish, "e_cal_client_create_object_finish");
  FIND (1, client_modify_object, "e_cal_client_modify_object");
  FIND (1, client_modify_object_finish, "e_cal_client_modify_object_finish");
  FIND (1, client_remove_object, "e_cal_client_remove_object");
  FIND (1, client_remove_object_finish, "e_cal_client_remove_object_finish");
  FIND (1, client_get_view, "e_cal_client_get_view");
  FIND (1, client_get_view_finish, "e_cal_client_get_view_finish");
  FIND (1, view_start, "e_cal_client_view_start");
  FIND (1, view_stop, "e_cal_client_view_stop");
  FIND (1, component_id_get_uid, "e_cal_component_id_get_uid");
  FIND (1, component_id_get_rid, "e_cal_component_id_get_rid");
  FIND (1, component_get_as_string, "e_cal_component_get_as_string");
  FIND (2, component_new_from_string, "i_cal_component_new_from_string");
  FIND (2, component_as_ical_string, "i_cal_component_as_ical_string");
#undef FIND
  return TRUE;
}

/* Loads the libraries if they are not yet (thread-safe); FALSE when they cannot be. */
static gboolean
tote_eds_load (void)
{
  static gsize state = 0; /* 0: not yet, 1: loaded, 2: failed */
  if (g_once_init_enter (&state))
    {
      gboolean loaded = load_once ();
      if (!loaded)
        g_warning ("%s", load_failure);
      g_once_init_leave (&state, loaded ? 1 : 2);
    }
  return state == 1;
}

static GQuark
tote_eds_error_quark (void)
{
  return g_quark_from_static_string (TOTE_EDS_ERROR_DOMAIN);
}

/* Calls back with error (NULL: success); takes the error. */
static void
report (ToteEdsResultCallback callback, gpointer ctx, const char *result, GError *error)
{
  if (error == NULL)
    {
      callback (ctx, result, NULL);
      return;
    }
  ToteEdsError e = { g_quark_to_string (error->domain), error->code, error->message };
  callback (ctx, NULL, &e);
  g_error_free (error);
}

/* A failure found before EDS is asked, reported from the caller's main context as EDS's are. */
typedef struct {
  GCallback callback; /* a ToteEdsResultCallback, ToteEdsRegistryCallback or ToteEdsClientCallback */
  int kind;           /* 0: result, 1: registry, 2: client (their error is the third argument) */
  gpointer ctx;
  GError *error;
} Failure;

static gboolean
fail_later_cb (gpointer data)
{
  Failure *failure = data;
  ToteEdsError e = { g_quark_to_string (failure->error->domain), failure->error->code, failure->error->message };
  switch (failure->kind)
    {
    case 0: ((ToteEdsResultCallback) failure->callback) (failure->ctx, NULL, &e); break;
    case 1: ((ToteEdsRegistryCallback) failure->callback) (failure->ctx, NULL, &e); break;
    default: ((ToteEdsClientCallback) failure->callback) (failure->ctx, NULL, &e); break;
    }
  g_error_free (failure->error);
  g_free (failure);
  return G_SOURCE_REMOVE;
}

static void
fail_later (GCallback callback, int kind, gpointer ctx, GError *error)
{
  Failure *failure = g_new0 (Failure, 1);
  *failure = (Failure) { callback, kind, ctx, error };
  GSource *idle = g_idle_source_new ();
  g_source_set_callback (idle, fail_later_cb, failure, NULL);
  g_source_attach (idle, g_main_context_get_thread_default ());
  g_source_unref (idle);
}

static GError *
unavailable (void)
{
  return g_error_new_literal (tote_eds_error_quark (), TOTE_EDS_ERROR_UNAVAILABLE, load_failure);
}

static GError *
no_such_source (const char *uid)
{
  return g_error_new (tote_eds_error_quark (), TOTE_EDS_ERROR_NO_SUCH_SOURCE, "No source “%s” in the registry", uid);
}

/* A pending call: its callback, context, and what must live until it returns. */
typedef struct {
  ToteEdsResultCallback callback;
  gpointer ctx;
  GObject *keep;
  char *result; /* a result known before the call returns (a new source's uid) */
} Call;

static Call *
call_new (ToteEdsResultCallback callback, gpointer ctx, gpointer keep)
{
  Call *call = g_new0 (Call, 1);
  *call = (Call) { callback, ctx, keep ? g_object_ref (keep) : NULL, NULL };
  return call;
}

static void
call_finish (Call *call, const char *result, GError *error)
{
  report (call->callback, call->ctx, result, error);
  g_clear_object (&call->keep);
  g_free (call->result);
  g_free (call);
}

/* Registry */

struct _ToteEdsRegistry {
  ESourceRegistry *registry;
  gulong handlers[5];
  ToteEdsChangedCallback changed;
  gpointer changed_ctx;
  GDestroyNotify changed_destroy;
};

typedef struct {
  ToteEdsRegistryCallback callback;
  gpointer ctx;
} RegistryCall;

static void
registry_new_cb (GObject *object, GAsyncResult *result, gpointer data)
{
  RegistryCall *call = data;
  GError *error = NULL;
  ESourceRegistry *registry = eds.registry_new_finish (result, &error);
  if (registry == NULL)
    {
      ToteEdsError e = { g_quark_to_string (error->domain), error->code, error->message };
      call->callback (call->ctx, NULL, &e);
      g_error_free (error);
    }
  else
    {
      ToteEdsRegistry *self = g_new0 (ToteEdsRegistry, 1);
      self->registry = registry;
      call->callback (call->ctx, self, NULL);
    }
  g_free (call);
}

void
tote_eds_registry_new (GCancellable *cancellable, ToteEdsRegistryCallback callback, gpointer ctx)
{
  if (!tote_eds_load ())
    {
      fail_later ((GCallback) callback, 1, ctx, unavailable ());
      return;
    }
  RegistryCall *call = g_new0 (RegistryCall, 1);
  *call = (RegistryCall) { callback, ctx };
  eds.registry_new (cancellable, registry_new_cb, call);
}

static void
registry_changed_cb (gpointer registry, gpointer source, gpointer data)
{
  ToteEdsRegistry *self = data;
  self->changed (self->changed_ctx);
}

static void
registry_unwatch (ToteEdsRegistry *self)
{
  for (gsize i = 0; i < G_N_ELEMENTS (self->handlers); i++)
    if (self->handlers[i] != 0)
      g_signal_handler_disconnect (self->registry, self->handlers[i]);
  memset (self->handlers, 0, sizeof self->handlers);
  if (self->changed_destroy != NULL)
    self->changed_destroy (self->changed_ctx);
  self->changed = NULL;
  self->changed_ctx = NULL;
  self->changed_destroy = NULL;
}

void
tote_eds_registry_watch (ToteEdsRegistry *self, ToteEdsChangedCallback changed, gpointer ctx, GDestroyNotify destroy)
{
  g_return_if_fail (self != NULL && changed != NULL);
  /* ESourceRegistry's signals, each (ESourceRegistry *, ESource *, gpointer):
   * libedataserver/e-source-registry.h, struct _ESourceRegistryClass. */
  static const char *const signals[] = {
    "source-added", "source-removed", "source-changed", "source-enabled", "source-disabled",
  };
  G_STATIC_ASSERT (G_N_ELEMENTS (signals) == G_N_ELEMENTS (((ToteEdsRegistry *) 0)->handlers));
  registry_unwatch (self);
  self->changed = changed;
  self->changed_ctx = ctx;
  self->changed_destroy = destroy;
  for (gsize i = 0; i < G_N_ELEMENTS (signals); i++)
    self->handlers[i] = g_signal_connect (self->registry, signals[i], G_CALLBACK (registry_changed_cb), self);
}

static char *
display_name (ESource *source)
{
  char *name = source != NULL ? eds.source_dup_display_name (source) : NULL;
  return name != NULL ? name : g_strdup ("");
}

ToteEdsTaskList *
tote_eds_registry_list_task_lists (ToteEdsRegistry *self, gsize *count)
{
  g_return_val_if_fail (self != NULL && count != NULL, NULL);
  GList *sources = eds.registry_list_sources (self->registry, EXTENSION_TASK_LIST);
  ToteEdsTaskList *lists = g_new0 (ToteEdsTaskList, g_list_length (sources) + 1);
  gsize n = 0;
  for (GList *link = sources; link != NULL; link = link->next, n++)
    {
      ESource *source = link->data;
      const char *parent_uid = eds.source_get_parent (source);
      ESource *parent = parent_uid != NULL && *parent_uid != '\0'
        ? eds.registry_ref_source (self->registry, parent_uid) : NULL;
      lists[n] = (ToteEdsTaskList) {
        .uid = g_strdup (eds.source_get_uid (source)),
        .name = display_name (source),
        .account_uid = g_strdup (parent_uid != NULL ? parent_uid : ""),
        .account_name = display_name (parent),
        .enabled = eds.registry_check_enabled (self->registry, source),
      };
      g_clear_object (&parent);
    }
  g_list_free_full (sources, g_object_unref);
  *count = n;
  return lists;
}

void
tote_eds_task_lists_free (ToteEdsTaskList *lists, gsize count)
{
  for (gsize i = 0; i < count; i++)
    {
      g_free (lists[i].uid);
      g_free (lists[i].name);
      g_free (lists[i].account_uid);
      g_free (lists[i].account_name);
    }
  g_free (lists);
}

static gboolean
can_create_lists (ESource *account)
{
  return g_strcmp0 (eds.source_get_uid (account), LOCAL_STUB_UID) == 0 || eds.source_get_remote_creatable (account);
}

/* Adds account to accounts (a GPtrArray of ESource) unless it is there; takes it. */
static void
add_account (GPtrArray *accounts, ESource *account)
{
  if (account == NULL)
    return;
  for (guint i = 0; i < accounts->len; i++)
    if (g_strcmp0 (eds.source_get_uid (accounts->pdata[i]), eds.source_get_uid (account)) == 0)
      {
        g_object_unref (account);
        return;
      }
  g_ptr_array_add (accounts, account);
}

ToteEdsAccount *
tote_eds_registry_list_accounts (ToteEdsRegistry *self, gsize *count)
{
  g_return_val_if_fail (self != NULL && count != NULL, NULL);
  GPtrArray *accounts = g_ptr_array_new_with_free_func (g_object_unref);
  add_account (accounts, eds.registry_ref_source (self->registry, LOCAL_STUB_UID));
  GList *lists = eds.registry_list_sources (self->registry, EXTENSION_TASK_LIST);
  for (GList *link = lists; link != NULL; link = link->next)
    {
      const char *parent_uid = eds.source_get_parent (link->data);
      if (parent_uid != NULL && *parent_uid != '\0')
        add_account (accounts, eds.registry_ref_source (self->registry, parent_uid));
    }
  g_list_free_full (lists, g_object_unref);
  GList *collections = eds.registry_list_sources (self->registry, EXTENSION_COLLECTION);
  for (GList *link = collections; link != NULL; link = link->next)
    if (eds.collection_get_calendar_enabled (eds.source_get_extension (link->data, EXTENSION_COLLECTION)))
      add_account (accounts, g_object_ref (link->data));
  g_list_free_full (collections, g_object_unref);

  ToteEdsAccount *result = g_new0 (ToteEdsAccount, accounts->len + 1);
  for (guint i = 0; i < accounts->len; i++)
    result[i] = (ToteEdsAccount) {
      .uid = g_strdup (eds.source_get_uid (accounts->pdata[i])),
      .name = display_name (accounts->pdata[i]),
      .can_create_lists = can_create_lists (accounts->pdata[i]),
    };
  *count = accounts->len;
  g_ptr_array_unref (accounts);
  return result;
}

void
tote_eds_accounts_free (ToteEdsAccount *accounts, gsize count)
{
  for (gsize i = 0; i < count; i++)
    {
      g_free (accounts[i].uid);
      g_free (accounts[i].name);
    }
  g_free (accounts);
}

static void
create_sources_cb (GObject *object, GAsyncResult *result, gpointer data)
{
  Call *call = data;
  GError *error = NULL;
  eds.registry_create_sources_finish ((ESourceRegistry *) object, result, &error);
  call_finish (call, error == NULL ? call->result : NULL, error);
}

static void
remote_create_cb (GObject *object, GAsyncResult *result, gpointer data)
{
  GError *error = NULL;
  eds.source_remote_create_finish ((ESource *) object, result, &error);
  call_finish (data, NULL, error);
}

/* A new ESource not yet in the registry, with a Task List extension. */
static ESource *
new_task_list_source (const char *display_name, GError **error)
{
  ESource *source = eds.source_new (NULL, NULL, error);
  if (source == NULL)
    return NULL;
  eds.source_set_display_name (source, display_name);
  eds.source_get_extension (source, EXTENSION_TASK_LIST); /* adds it */
  return source;
}

void
tote_eds_registry_create_task_list (ToteEdsRegistry *self, const char *account_uid, const char *display_name,
                                    GCancellable *cancellable, ToteEdsResultCallback callback, gpointer ctx)
{
  g_return_if_fail (self != NULL && account_uid != NULL && display_name != NULL);
  GError *error = NULL;
  ESource *account = eds.registry_ref_source (self->registry, account_uid);
  if (account == NULL)
    {
      fail_later ((GCallback) callback, 0, ctx, no_such_source (account_uid));
      return;
    }
  if (g_strcmp0 (account_uid, LOCAL_STUB_UID) == 0)
    {
      ESource *source = new_task_list_source (display_name, &error);
      if (source != NULL)
        {
          eds.source_set_parent (source, LOCAL_STUB_UID);
          eds.backend_set_backend_name (eds.source_get_extension (source, EXTENSION_TASK_LIST), LOCAL_BACKEND);
          Call *call = call_new (callback, ctx, self->registry);
          call->result = g_strdup (eds.source_get_uid (source));
          GList *sources = g_list_append (NULL, source);
          eds.registry_create_sources (self->registry, sources, cancellable, create_sources_cb, call);
          g_list_free_full (sources, g_object_unref);
        }
    }
  else if (eds.source_get_remote_creatable (account))
    {
      ESource *scratch = new_task_list_source (display_name, &error);
      if (scratch != NULL)
        {
          eds.source_remote_create (account, scratch, cancellable, remote_create_cb,
                                    call_new (callback, ctx, account));
          g_object_unref (scratch);
        }
    }
  else
    {
      error = g_error_new (tote_eds_error_quark (), TOTE_EDS_ERROR_NOT_SUPPORTED,
                           "The account “%s” cannot create task lists", account_uid);
    }
  if (error != NULL)
    fail_later ((GCallback) callback, 0, ctx, error);
  g_object_unref (account);
}

static void
remove_cb (GObject *object, GAsyncResult *result, gpointer data)
{
  GError *error = NULL;
  eds.source_remove_finish ((ESource *) object, result, &error);
  call_finish (data, NULL, error);
}

static void
remote_delete_cb (GObject *object, GAsyncResult *result, gpointer data)
{
  GError *error = NULL;
  eds.source_remote_delete_finish ((ESource *) object, result, &error);
  call_finish (data, NULL, error);
}

void
tote_eds_registry_remove_task_list (ToteEdsRegistry *self, const char *uid, GCancellable *cancellable,
                                    ToteEdsResultCallback callback, gpointer ctx)
{
  g_return_if_fail (self != NULL && uid != NULL);
  ESource *source = eds.registry_ref_source (self->registry, uid);
  if (source == NULL)
    fail_later ((GCallback) callback, 0, ctx, no_such_source (uid));
  else if (eds.source_get_remote_deletable (source))
    eds.source_remote_delete (source, cancellable, remote_delete_cb, call_new (callback, ctx, source));
  else if (eds.source_get_removable (source))
    eds.source_remove (source, cancellable, remove_cb, call_new (callback, ctx, source));
  else
    fail_later ((GCallback) callback, 0, ctx,
                g_error_new (tote_eds_error_quark (), TOTE_EDS_ERROR_NOT_SUPPORTED,
                             "The task list “%s” cannot be removed", uid));
  g_clear_object (&source);
}

void
tote_eds_registry_free (ToteEdsRegistry *self)
{
  if (self == NULL)
    return;
  registry_unwatch (self);
  g_object_unref (self->registry);
  g_free (self);
}

/* Client */

struct _ToteEdsClient {
  ECalClient *client;
};

typedef struct {
  ToteEdsClientCallback callback;
  gpointer ctx;
} ClientCall;

static void
connect_cb (GObject *object, GAsyncResult *result, gpointer data)
{
  ClientCall *call = data;
  GError *error = NULL;
  GObject *client = eds.client_connect_finish (result, &error);
  if (client == NULL)
    {
      ToteEdsError e = { g_quark_to_string (error->domain), error->code, error->message };
      call->callback (call->ctx, NULL, &e);
      g_error_free (error);
    }
  else
    {
      ToteEdsClient *self = g_new0 (ToteEdsClient, 1);
      self->client = (ECalClient *) client;
      call->callback (call->ctx, self, NULL);
    }
  g_free (call);
}

void
tote_eds_client_connect (ToteEdsRegistry *registry, const char *source_uid, GCancellable *cancellable,
                         ToteEdsClientCallback callback, gpointer ctx)
{
  g_return_if_fail (registry != NULL && source_uid != NULL);
  ESource *source = eds.registry_ref_source (registry->registry, source_uid);
  if (source == NULL)
    {
      fail_later ((GCallback) callback, 2, ctx, no_such_source (source_uid));
      return;
    }
  ClientCall *call = g_new0 (ClientCall, 1);
  *call = (ClientCall) { callback, ctx };
  eds.client_connect (source, E_CAL_CLIENT_SOURCE_TYPE_TASKS, (guint32) -1, cancellable, connect_cb, call);
  g_object_unref (source);
}

void
tote_eds_client_free (ToteEdsClient *self)
{
  if (self == NULL)
    return;
  g_object_unref (self->client);
  g_free (self);
}

/* Parses ical; NULL with an error when it is not iCalendar. */
static ICalComponent *
parse (const char *ical, GError **error)
{
  ICalComponent *component = ical != NULL ? eds.component_new_from_string (ical) : NULL;
  if (component == NULL)
    g_set_error_literal (error, tote_eds_error_quark (), TOTE_EDS_ERROR_INVALID_ICALENDAR,
                         "The text is not an iCalendar component");
  return component;
}

static void
create_cb (GObject *object, GAsyncResult *result, gpointer data)
{
  GError *error = NULL;
  char *uid = NULL;
  eds.client_create_object_finish ((ECalClient *) object, result, &uid, &error);
  call_finish (data, uid, error);
  g_free (uid);
}

void
tote_eds_client_create (ToteEdsClient *self, const char *ical, GCancellable *cancellable,
                        ToteEdsResultCallback callback, gpointer ctx)
{
  g_return_if_fail (self != NULL);
  GError *error = NULL;
  ICalComponent *component = parse (ical, &error);
  if (component == NULL)
    {
      fail_later ((GCallback) callback, 0, ctx, error);
      return;
    }
  eds.client_create_object (self->client, component, E_CAL_OPERATION_FLAG_CONFLICT_FAIL, cancellable, create_cb,
                            call_new (callback, ctx, self->client));
  g_object_unref (component);
}

static void
modify_cb (GObject *object, GAsyncResult *result, gpointer data)
{
  GError *error = NULL;
  eds.client_modify_object_finish ((ECalClient *) object, result, &error);
  call_finish (data, NULL, error);
}

void
tote_eds_client_modify (ToteEdsClient *self, const char *ical, GCancellable *cancellable,
                        ToteEdsResultCallback callback, gpointer ctx)
{
  g_return_if_fail (self != NULL);
  GError *error = NULL;
  ICalComponent *component = parse (ical, &error);
  if (component == NULL)
    {
      fail_later ((GCallback) callback, 0, ctx, error);
      return;
    }
  eds.client_modify_object (self->client, component, E_CAL_OBJ_MOD_ALL, E_CAL_OPERATION_FLAG_CONFLICT_FAIL,
                            cancellable, modify_cb, call_new (callback, ctx, self->client));
  g_object_unref (component);
}

static void
remove_object_cb (GObject *object, GAsyncResult *result, gpointer data)
{
  GError *error = NULL;
  eds.client_remove_object_finish ((ECalClient *) object, result, &error);
  call_finish (data, NULL, error);
}

void
tote_eds_client_remove (ToteEdsClient *self, const char *uid, GCancellable *cancellable,
                        ToteEdsResultCallback callback, gpointer ctx)
{
  g_return_if_fail (self != NULL && uid != NULL);
  eds.client_remove_object (self->client, uid, NULL, E_CAL_OBJ_MOD_ALL, E_CAL_OPERATION_FLAG_CONFLICT_FAIL,
                            cancellable, remove_object_cb, call_new (callback, ctx, self->client));
}

static void
get_cb (GObject *object, GAsyncResult *result, gpointer data)
{
  GError *error = NULL;
  ICalComponent *component = NULL;
  char *ical = NULL;
  if (eds.client_get_object_finish ((ECalClient *) object, result, &component, &error))
    {
      ical = eds.component_as_ical_string (component);
      g_object_unref (component);
    }
  call_finish (data, ical, error);
  g_free (ical);
}

void
tote_eds_client_get (ToteEdsClient *self, const char *uid, GCancellable *cancellable,
                     ToteEdsResultCallback callback, gpointer ctx)
{
  g_return_if_fail (self != NULL && uid != NULL);
  eds.client_get_object (self->client, uid, NULL, cancellable, get_cb, call_new (callback, ctx, self->client));
}

typedef struct {
  ToteEdsStringsResultCallback callback;
  gpointer ctx;
  GObject *keep;
} StringsCall;

static void
get_all_cb (GObject *object, GAsyncResult *result, gpointer data)
{
  StringsCall *call = data;
  GError *error = NULL;
  GSList *components = NULL;
  if (eds.client_get_objects_for_uid_finish ((ECalClient *) object, result, &components, &error))
    {
      GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);
      for (GSList *link = components; link != NULL; link = link->next)
        g_ptr_array_add (texts, eds.component_get_as_string (link->data));
      gsize count = texts->len;
      g_ptr_array_add (texts, NULL);
      call->callback (call->ctx, (const char *const *) texts->pdata, count, NULL);
      g_ptr_array_unref (texts);
      g_slist_free_full (components, g_object_unref);
    }
  else
    {
      ToteEdsError e = { g_quark_to_string (error->domain), error->code, error->message };
      call->callback (call->ctx, NULL, 0, &e);
      g_error_free (error);
    }
  g_clear_object (&call->keep);
  g_free (call);
}

void
tote_eds_client_get_all (ToteEdsClient *self, const char *uid, GCancellable *cancellable,
                         ToteEdsStringsResultCallback callback, gpointer ctx)
{
  g_return_if_fail (self != NULL && uid != NULL);
  StringsCall *call = g_new0 (StringsCall, 1);
  *call = (StringsCall) { callback, ctx, g_object_ref ((GObject *) self->client) };
  eds.client_get_objects_for_uid (self->client, uid, cancellable, get_all_cb, call);
}

gboolean
tote_eds_client_is_readonly (ToteEdsClient *self)
{
  g_return_val_if_fail (self != NULL, TRUE);
  return eds.client_is_readonly (self->client);
}

gboolean
tote_eds_client_is_online (ToteEdsClient *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return eds.client_is_online (self->client);
}

static void
refresh_cb (GObject *object, GAsyncResult *result, gpointer data)
{
  GError *error = NULL;
  eds.client_refresh_finish ((ECalClient *) object, result, &error);
  call_finish (data, NULL, error);
}

void
tote_eds_client_refresh (ToteEdsClient *self, GCancellable *cancellable, ToteEdsResultCallback callback, gpointer ctx)
{
  g_return_if_fail (self != NULL);
  eds.client_refresh (self->client, cancellable, refresh_cb, call_new (callback, ctx, self->client));
}

/* View */

struct _ToteEdsView {
  gint ref_count;        /* the caller's, and a pending e_cal_client_get_view's */
  gboolean freed;        /* tote_eds_view_free was called: no more callbacks */
  ECalClientView *view;  /* once e_cal_client_get_view returned */
  gulong handlers[4];
  ToteEdsComponentsCallback added, modified;
  ToteEdsIdsCallback removed;
  ToteEdsCompleteCallback complete;
  gpointer ctx;
  GDestroyNotify destroy;
};

static void
view_unref (ToteEdsView *self)
{
  if (--self->ref_count == 0)
    g_free (self);
}

struct _ToteEdsComponents {
  GPtrArray *components;  /* ICalComponent, a reference each */
};

/* Calls back with a reference to each ICalComponent of objects: turned into text where the
 * callee chooses (tote_eds_components_take_strings). */
static void
view_send_components (ToteEdsView *self, ToteEdsComponentsCallback callback, const GSList *objects)
{
  ToteEdsComponents *held = g_new (ToteEdsComponents, 1);
  held->components = g_ptr_array_new_with_free_func (g_object_unref);
  for (const GSList *link = objects; link != NULL; link = link->next)
    g_ptr_array_add (held->components, g_object_ref (link->data));
  callback (self->ctx, held);
}

gsize
tote_eds_components_count (const ToteEdsComponents *held)
{
  return held->components->len;
}

char **
tote_eds_components_take_strings (ToteEdsComponents *held, gsize *count)
{
  GPtrArray *strings = g_ptr_array_new ();
  for (guint i = 0; i < held->components->len; i++)
    {
      char *text = eds.component_as_ical_string (held->components->pdata[i]);
      if (text != NULL)
        g_ptr_array_add (strings, text);
    }
  *count = strings->len;
  g_ptr_array_add (strings, NULL);
  tote_eds_components_free (held);
  return (char **) g_ptr_array_free (strings, FALSE);
}

void
tote_eds_components_free (ToteEdsComponents *held)
{
  g_ptr_array_unref (held->components);
  g_free (held);
}

/* ECalClientView's signals: libecal/e-cal-client-view.h:104-114, struct _ECalClientViewClass. */
static void
view_added_cb (ECalClientView *view, const GSList *objects, gpointer data)
{
  ToteEdsView *self = data;
  view_send_components (self, self->added, objects);
}

static void
view_modified_cb (ECalClientView *view, const GSList *objects, gpointer data)
{
  ToteEdsView *self = data;
  view_send_components (self, self->modified, objects);
}

/* Each removed ECalComponentId's uid and rid, side by side: an override (one occurrence of a
 * repeating to-do) is reported apart from its master, under the same uid. */
static void
view_removed_cb (ECalClientView *view, const GSList *ids, gpointer data)
{
  ToteEdsView *self = data;
  GPtrArray *uids = g_ptr_array_new ();
  GPtrArray *rids = g_ptr_array_new ();
  for (const GSList *link = ids; link != NULL; link = link->next)
    {
      const gchar *rid = eds.component_id_get_rid (link->data);
      g_ptr_array_add (uids, (gpointer) eds.component_id_get_uid (link->data));
      g_ptr_array_add (rids, (gpointer) (rid != NULL ? rid : ""));
    }
  gsize count = uids->len;
  g_ptr_array_add (uids, NULL);
  g_ptr_array_add (rids, NULL);
  self->removed (self->ctx, (const char *const *) uids->pdata, (const char *const *) rids->pdata, count);
  g_ptr_array_unref (uids);
  g_ptr_array_unref (rids);
}

static void
view_complete_cb (ECalClientView *view, const GError *error, gpointer data)
{
  ToteEdsView *self = data;
  if (error == NULL)
    {
      self->complete (self->ctx, NULL);
      return;
    }
  ToteEdsError e = { g_quark_to_string (error->domain), error->code, error->message };
  self->complete (self->ctx, &e);
}

static void
view_fail (ToteEdsView *self, GError *error)
{
  ToteEdsError e = { g_quark_to_string (error->domain), error->code, error->message };
  self->complete (self->ctx, &e);
  g_error_free (error);
}

static void
get_view_cb (GObject *object, GAsyncResult *result, gpointer data)
{
  ToteEdsView *self = data;
  GError *error = NULL;
  ECalClientView *view = NULL;
  eds.client_get_view_finish ((ECalClient *) object, result, &view, &error);
  if (self->freed)
    {
      g_clear_object (&view);
      g_clear_error (&error);
    }
  else if (error != NULL)
    {
      view_fail (self, error);
    }
  else
    {
      self->view = view;
      self->handlers[0] = g_signal_connect (view, "objects-added", G_CALLBACK (view_added_cb), self);
      self->handlers[1] = g_signal_connect (view, "objects-modified", G_CALLBACK (view_modified_cb), self);
      self->handlers[2] = g_signal_connect (view, "objects-removed", G_CALLBACK (view_removed_cb), self);
      self->handlers[3] = g_signal_connect (view, "complete", G_CALLBACK (view_complete_cb), self);
      eds.view_start (view, &error);
      if (error != NULL)
        view_fail (self, error);
    }
  view_unref (self);
}

ToteEdsView *
tote_eds_client_start_view (ToteEdsClient *client, ToteEdsComponentsCallback added, ToteEdsComponentsCallback modified,
                            ToteEdsIdsCallback removed, ToteEdsCompleteCallback complete, gpointer ctx,
                            GDestroyNotify destroy)
{
  g_return_val_if_fail (client != NULL && added != NULL && modified != NULL && removed != NULL && complete != NULL,
                        NULL);
  ToteEdsView *self = g_new0 (ToteEdsView, 1);
  self->ref_count = 2;
  self->added = added;
  self->modified = modified;
  self->removed = removed;
  self->complete = complete;
  self->ctx = ctx;
  self->destroy = destroy;
  eds.client_get_view (client->client, "#t", NULL, get_view_cb, self);
  return self;
}

void
tote_eds_view_free (ToteEdsView *self)
{
  if (self == NULL)
    return;
  self->freed = TRUE;
  if (self->view != NULL)
    {
      for (gsize i = 0; i < G_N_ELEMENTS (self->handlers); i++)
        g_signal_handler_disconnect (self->view, self->handlers[i]);
      GError *error = NULL;
      eds.view_stop (self->view, &error);
      if (error != NULL)
        {
          g_debug ("The view could not be stopped: %s", error->message);
          g_error_free (error);
        }
      g_clear_object (&self->view);
    }
  if (self->destroy != NULL)
    self->destroy (self->ctx);
  view_unref (self);
}
