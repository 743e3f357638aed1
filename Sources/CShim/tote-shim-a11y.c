// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "tote-shim-a11y"

#include "tote-shim.h"

void
tote_shim_accessible_set_label (GtkWidget *widget, const char *label)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  /* gtk_button_set_icon_name labels a button by its GtkImage, whose name is its type
   * name: Orca 43 would say "GtkImage Bold push button". */
  if (GTK_IS_BUTTON (widget))
    gtk_accessible_reset_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static void
toggle_button_checked (GtkToggleButton *button)
{
  gtk_accessible_update_state (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_STATE_CHECKED,
                               gtk_toggle_button_get_active (button)
                                 ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE,
                               -1);
}

GtkWidget *
tote_shim_check_toggle_button_new (void)
{
  GtkWidget *button = g_object_new (GTK_TYPE_TOGGLE_BUTTON,
                                    "accessible-role", GTK_ACCESSIBLE_ROLE_CHECKBOX, NULL);
  g_signal_connect (button, "toggled", G_CALLBACK (toggle_button_checked), NULL);
  toggle_button_checked (GTK_TOGGLE_BUTTON (button));
  return button;
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
