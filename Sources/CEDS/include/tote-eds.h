// SPDX-License-Identifier: GPL-3.0-or-later
/* tote-eds.h: Evolution Data Server's task lists (ESourceRegistry, ECalClient), loaded at first use.
 *
 * Like tote-vcard.h: libecal-2.0, libedataserver-1.2 and libical-glib are found with dlopen when
 * the first call is made, never linked, so a start that does not sync loads none of their forty
 * libraries. Mechanism only: no retry, no merging, no choice between versions; ToteCore decides.
 *
 * Every call is asynchronous. Its callback runs once, on the thread-default GMainContext of the
 * thread that made the call (the main context for Tote), never from inside the call itself.
 * A failure is a ToteEdsError: the GError's domain as a string (g_quark_to_string), its code and
 * message, valid only during the callback. When the libraries cannot be loaded every call fails
 * with TOTE_EDS_ERROR_UNAVAILABLE. Strings given to a callback belong to the shim. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _ToteEdsRegistry ToteEdsRegistry;
typedef struct _ToteEdsClient ToteEdsClient;
typedef struct _ToteEdsView ToteEdsView;

typedef struct {
  const char *domain;
  gint code;
  const char *message;
} ToteEdsError;

/* The shim's own failures; their domain is TOTE_EDS_ERROR_DOMAIN. */
#define TOTE_EDS_ERROR_DOMAIN "tote-eds-error-quark"
typedef enum {
  TOTE_EDS_ERROR_UNAVAILABLE = 1,    /* a library or symbol is missing */
  TOTE_EDS_ERROR_NO_SUCH_SOURCE = 2, /* no ESource with that uid in the registry */
  TOTE_EDS_ERROR_INVALID_ICALENDAR = 3,
  TOTE_EDS_ERROR_NOT_SUPPORTED = 4,  /* the account cannot create lists, the list cannot be removed */
} ToteEdsErrorCode;

/* error is NULL on success. result: see each call; may be NULL on success. */
typedef void (*ToteEdsResultCallback) (gpointer ctx, const char *result, const ToteEdsError *error);
typedef void (*ToteEdsRegistryCallback) (gpointer ctx, ToteEdsRegistry *registry, const ToteEdsError *error);
typedef void (*ToteEdsClientCallback) (gpointer ctx, ToteEdsClient *client, const ToteEdsError *error);
typedef void (*ToteEdsChangedCallback) (gpointer ctx);
typedef void (*ToteEdsStringsCallback) (gpointer ctx, const char *const *strings, gsize count);
/* Objects a view gave, held until tote_eds_components_take_strings (which frees them). */
typedef struct _ToteEdsComponents ToteEdsComponents;
typedef void (*ToteEdsComponentsCallback) (gpointer ctx, ToteEdsComponents *components);
/* Components by id: uids[i] and rids[i] name one (ECalComponentId); a rid is "" for a master or
 * a to-do that does not repeat, an override's RECURRENCE-ID otherwise. */
typedef void (*ToteEdsIdsCallback) (gpointer ctx, const char *const *uids, const char *const *rids, gsize count);
typedef void (*ToteEdsCompleteCallback) (gpointer ctx, const ToteEdsError *error);
/* strings: count texts on success (error NULL); NULL with an error otherwise. */
typedef void (*ToteEdsStringsResultCallback) (gpointer ctx, const char *const *strings, gsize count,
                                              const ToteEdsError *error);

/* A source with the "Task List" extension. account_*: its parent source ("local-stub", "On This
 * Computer" for local lists; the collection or "caldav-stub" for CalDAV ones); "" without parent.
 * enabled: e_source_registry_check_enabled (the list and all its ancestors enabled). */
typedef struct {
  char *uid;
  char *name;
  char *account_uid;
  char *account_name;
  gboolean enabled;
} ToteEdsTaskList;

/* A parent of a task list, or a collection with calendars enabled, or the local stub.
 * can_create_lists: the local stub, or a source EDS marks remote-creatable. */
typedef struct {
  char *uid;
  char *name;
  gboolean can_create_lists;
} ToteEdsAccount;

/* Registry. The callback's registry is the caller's (tote_eds_registry_free). */
void             tote_eds_registry_new (GCancellable *cancellable, ToteEdsRegistryCallback callback, gpointer ctx);
/* changed runs on source-added, -removed, -changed, -enabled and -disabled. One watch per registry:
 * a new one replaces the last (whose destroy runs); tote_eds_registry_free ends it too. */
void             tote_eds_registry_watch (ToteEdsRegistry *registry, ToteEdsChangedCallback changed, gpointer ctx,
                                          GDestroyNotify destroy);
/* Snapshots, in the registry's order; free with the matching function. */
ToteEdsTaskList *tote_eds_registry_list_task_lists (ToteEdsRegistry *registry, gsize *count);
void             tote_eds_task_lists_free (ToteEdsTaskList *lists, gsize count);
ToteEdsAccount  *tote_eds_registry_list_accounts (ToteEdsRegistry *registry, gsize *count);
void             tote_eds_accounts_free (ToteEdsAccount *accounts, gsize count);
/* result: the new list's uid for the local stub (e_source_registry_create_sources); NULL for a
 * remote account (e_source_remote_create), whose backend gives the list a uid of its own, seen
 * only when the registry adds it. */
void             tote_eds_registry_create_task_list (ToteEdsRegistry *registry, const char *account_uid,
                                                     const char *display_name, GCancellable *cancellable,
                                                     ToteEdsResultCallback callback, gpointer ctx);
/* e_source_remote_delete when EDS marks the list remote-deletable, else e_source_remove (which
 * forgets the list here and leaves a server's copy). result: NULL. */
void             tote_eds_registry_remove_task_list (ToteEdsRegistry *registry, const char *uid,
                                                     GCancellable *cancellable, ToteEdsResultCallback callback,
                                                     gpointer ctx);
void             tote_eds_registry_free (ToteEdsRegistry *registry);

/* e_cal_client_connect for tasks, not waiting for the backend to reach its server
 * (wait_for_connected_seconds -1): an unreachable server leaves the client offline, not failed.
 * The callback's client is the caller's (tote_eds_client_free). */
void             tote_eds_client_connect (ToteEdsRegistry *registry, const char *source_uid, GCancellable *cancellable,
                                          ToteEdsClientCallback callback, gpointer ctx);
/* The view of every object ("#t"). added and modified give the objects (one VTODO each; a
 * repeating to-do's master and each override apart), the callee's to turn into text with
 * tote_eds_components_take_strings, removed gives their ids, complete runs once when the first
 * population ends (or the view could not start). None runs after tote_eds_view_free, which
 * runs destroy. */
ToteEdsView     *tote_eds_client_start_view (ToteEdsClient *client, ToteEdsComponentsCallback added,
                                             ToteEdsComponentsCallback modified, ToteEdsIdsCallback removed,
                                             ToteEdsCompleteCallback complete, gpointer ctx, GDestroyNotify destroy);
void             tote_eds_view_free (ToteEdsView *view);
/* The iCalendar text of each object, count of them (free with g_strfreev); frees components.
 * From any thread, once: libical's writing and freeing of 10,000 to-dos is most of a second. */
char           **tote_eds_components_take_strings (ToteEdsComponents *components, gsize *count);
gsize            tote_eds_components_count (const ToteEdsComponents *components);
/* From any thread. */
void             tote_eds_components_free (ToteEdsComponents *components);
/* ical: the text of one VTODO (a UID is made up when it has none), with
 * E_CAL_OPERATION_FLAG_CONFLICT_FAIL. result: its uid. */
void             tote_eds_client_create (ToteEdsClient *client, const char *ical, GCancellable *cancellable,
                                         ToteEdsResultCallback callback, gpointer ctx);
/* E_CAL_OBJ_MOD_ALL with E_CAL_OPERATION_FLAG_CONFLICT_FAIL. The CalDAV backend sends the
 * X-EVOLUTION-CALDAV-ETAG property of ical as If-Match, so the text must keep the one of the
 * version it edits (from the view or tote_eds_client_get): a changed server copy, or a text
 * without it, is refused with E_CLIENT_ERROR_OUT_OF_SYNC. result: NULL. */
void             tote_eds_client_modify (ToteEdsClient *client, const char *ical, GCancellable *cancellable,
                                         ToteEdsResultCallback callback, gpointer ctx);
/* E_CAL_OBJ_MOD_ALL with E_CAL_OPERATION_FLAG_CONFLICT_FAIL: refused (out of sync) when the
 * server's copy changed since the backend's cache last saw it. result: NULL. */
void             tote_eds_client_remove (ToteEdsClient *client, const char *uid, GCancellable *cancellable,
                                         ToteEdsResultCallback callback, gpointer ctx);
/* result: the object's iCalendar text as the backend's cache holds it (a VCALENDAR when it has
 * detached instances); after a refusal, the server's copy only once a refresh has brought it. */
void             tote_eds_client_get (ToteEdsClient *client, const char *uid, GCancellable *cancellable,
                                      ToteEdsResultCallback callback, gpointer ctx);
/* e_cal_client_get_objects_for_uid: every component the backend's cache holds under uid (a
 * repeating to-do's master and each of its overrides apart), each as its text;
 * E_CAL_CLIENT_ERROR_OBJECT_NOT_FOUND when there is none. */
void             tote_eds_client_get_all (ToteEdsClient *client, const char *uid, GCancellable *cancellable,
                                          ToteEdsStringsResultCallback callback, gpointer ctx);
/* e_client_refresh: asks the backend to fetch the server's changes now; they arrive through the
 * view after the callback. A CalDAV backend opened while its server was unreachable stays
 * read-only (writes: E_CLIENT_ERROR_PERMISSION_DENIED) until a refresh. result: NULL. */
void             tote_eds_client_refresh (ToteEdsClient *client, GCancellable *cancellable,
                                          ToteEdsResultCallback callback, gpointer ctx);
/* e_client_is_readonly, e_client_is_online: the backend's state as last reported. */
gboolean         tote_eds_client_is_readonly (ToteEdsClient *client);
gboolean         tote_eds_client_is_online (ToteEdsClient *client);
void             tote_eds_client_free (ToteEdsClient *client);

G_END_DECLS
