// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "tote-shim-a11y"

#include "tote-shim.h"

void
tote_shim_accessible_set_label (GtkWidget *widget, const char *label)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void
tote_shim_accessible_set_description (GtkWidget *widget, const char *description)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  if (description == NULL)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  else
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

void
tote_shim_accessible_set_level (GtkWidget *widget, int level)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                  GTK_ACCESSIBLE_PROPERTY_LEVEL, level, -1);
}
