// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "tote-shim-object"

#include "tote-shim.h"

void
tote_shim_object_set_int (gpointer object, const char *property, int value)
{
  g_return_if_fail (G_IS_OBJECT (object));
  g_object_set (object, property, value, NULL);
}

void
tote_shim_object_set_double (gpointer object, const char *property, double value)
{
  g_return_if_fail (G_IS_OBJECT (object));
  g_object_set (object, property, value, NULL);
}

void
tote_shim_object_set_boolean (gpointer object, const char *property, gboolean value)
{
  g_return_if_fail (G_IS_OBJECT (object));
  g_object_set (object, property, value, NULL);
}

void
tote_shim_object_set_string (gpointer object, const char *property, const char *value)
{
  g_return_if_fail (G_IS_OBJECT (object));
  g_object_set (object, property, value, NULL);
}

void
tote_shim_object_get_string (gpointer object, const char *property, char **value)
{
  g_return_if_fail (G_IS_OBJECT (object));
  g_object_get (object, property, value, NULL);
}

int
tote_shim_object_get_int (gpointer object, const char *property)
{
  g_return_val_if_fail (G_IS_OBJECT (object), 0);
  int value = 0;
  g_object_get (object, property, &value, NULL);
  return value;
}
