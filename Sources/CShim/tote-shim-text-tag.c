/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tote-shim-text-tag.c: a GtkTextTag that a screen reader can query.
 *
 * GTK 4.8.3's gtk_text_buffer_get_run_attributes (gtktextbuffer.c), which answers AT-SPI's
 * GetAttributes and GetAttributeRun, reads a coloured tag's "foreground" into a GdkRGBA*.
 * That property is a write-only string: GLib refuses the read, the pointer stays
 * uninitialised and GTK dereferences and frees it (Orca's "read attributes" crashed Tote).
 * It also reads "background-rgba" whenever "background-set" is TRUE, which is NULL when the
 * flag was set without a colour. This subclass gives "foreground" a readable GdkRGBA of its
 * own (GLib rejects duplicate names only on the same type) and reports "background-set"
 * only when there is a colour. Drawing reads the tag's private fields, never these
 * properties, so what is shown does not change. Set colours with "foreground-rgba". */
#define G_LOG_DOMAIN "tote-shim-text-tag"

#include "tote-shim.h"

struct _ToteShimTextTag
{
  GtkTextTag parent_instance;
};

G_DEFINE_FINAL_TYPE (ToteShimTextTag, tote_shim_text_tag, GTK_TYPE_TEXT_TAG)

enum
{
  PROP_0,
  PROP_FOREGROUND,
  PROP_BACKGROUND_SET,
};

static void
tote_shim_text_tag_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  GdkRGBA *rgba = NULL;

  switch (prop_id)
    {
    case PROP_FOREGROUND:
      g_object_get (object, "foreground-rgba", &rgba, NULL);
      if (rgba == NULL)
        {
          const GdkRGBA black = { 0, 0, 0, 1 };
          rgba = gdk_rgba_copy (&black);
        }
      g_value_take_boxed (value, rgba);
      break;
    case PROP_BACKGROUND_SET:
      /* GLib hands over GtkTextTag's own pspec here: it follows the override. */
      G_OBJECT_CLASS (tote_shim_text_tag_parent_class)->get_property (object, pspec->param_id, value, pspec);
      if (g_value_get_boolean (value))
        {
          g_object_get (object, "background-rgba", &rgba, NULL);
          if (rgba != NULL)
            gdk_rgba_free (rgba);
          else
            g_value_set_boolean (value, FALSE);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tote_shim_text_tag_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_FOREGROUND:
      g_object_set (object, "foreground-rgba", g_value_get_boxed (value), NULL);
      break;
    case PROP_BACKGROUND_SET:
      G_OBJECT_CLASS (tote_shim_text_tag_parent_class)->set_property (object, pspec->param_id, value, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tote_shim_text_tag_class_init (ToteShimTextTagClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = tote_shim_text_tag_get_property;
  object_class->set_property = tote_shim_text_tag_set_property;
  g_object_class_install_property (
      object_class, PROP_FOREGROUND,
      g_param_spec_boxed ("foreground", NULL, NULL, GDK_TYPE_RGBA,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY));
  g_object_class_override_property (object_class, PROP_BACKGROUND_SET, "background-set");
}

static void
tote_shim_text_tag_init (ToteShimTextTag *self)
{
}

GtkTextTag *
tote_shim_text_tag_new (const char *name)
{
  return g_object_new (TOTE_TYPE_SHIM_TEXT_TAG, "name", name, NULL);
}

void
tote_shim_text_tag_set_color (GtkTextTag *tag, const char *property, const char *css_color)
{
  GdkRGBA rgba;

  g_return_if_fail (GTK_IS_TEXT_TAG (tag));
  if (!gdk_rgba_parse (&rgba, css_color))
    rgba = (GdkRGBA) { 0, 0, 0, 1 };
  g_object_set (tag, property, &rgba, NULL);
}
