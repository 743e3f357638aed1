/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tote-shim-snapshot-area.c: a widget that draws through a callback given its GtkSnapshot.
 *
 * GtkDrawingArea draws with cairo: every snapshot appends one cairo node the size of the
 * whole widget, which GSK must fill, draw into and (with the GL renderer) upload as a texture
 * on every redraw, however little is drawn in it. Over a whole note that cost 9 ms of each
 * frame under llvmpipe. A snapshot callback appends render nodes (text, colours) that
 * GSK draws from its glyph cache and that cover only what is drawn. */
#define G_LOG_DOMAIN "tote-shim-snapshot-area"

#include "tote-shim.h"

struct _ToteShimSnapshotArea
{
  GtkWidget parent_instance;
  ToteSnapshotFunc draw;
  gpointer context;
  GDestroyNotify destroy;
};

G_DEFINE_FINAL_TYPE (ToteShimSnapshotArea, tote_shim_snapshot_area, GTK_TYPE_WIDGET)

static void
tote_shim_snapshot_area_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  ToteShimSnapshotArea *self = TOTE_SHIM_SNAPSHOT_AREA (widget);

  if (self->draw != NULL)
    self->draw (widget, snapshot, self->context);
}

static void
tote_shim_snapshot_area_finalize (GObject *object)
{
  ToteShimSnapshotArea *self = TOTE_SHIM_SNAPSHOT_AREA (object);

  if (self->destroy != NULL && self->context != NULL)
    self->destroy (self->context);
  G_OBJECT_CLASS (tote_shim_snapshot_area_parent_class)->finalize (object);
}

static void
tote_shim_snapshot_area_class_init (ToteShimSnapshotAreaClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = tote_shim_snapshot_area_finalize;
  GTK_WIDGET_CLASS (klass)->snapshot = tote_shim_snapshot_area_snapshot;
}

static void
tote_shim_snapshot_area_init (ToteShimSnapshotArea *self)
{
}

GtkWidget *
tote_shim_snapshot_area_new (ToteSnapshotFunc draw, gpointer context, GDestroyNotify destroy)
{
  ToteShimSnapshotArea *self = g_object_new (TOTE_TYPE_SHIM_SNAPSHOT_AREA, NULL);

  self->draw = draw;
  self->context = context;
  self->destroy = destroy;
  return GTK_WIDGET (self);
}

void
tote_shim_snapshot_append_layout (GtkSnapshot *snapshot, double x, double y, PangoLayout *layout,
                                  const GdkRGBA *color)
{
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((float) x, (float) y));
  gtk_snapshot_append_layout (snapshot, layout, color);
  gtk_snapshot_restore (snapshot);
}
