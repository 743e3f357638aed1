// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "tote-shim-ui"

#include "tote-shim.h"

/* The .ui files live in data/ui (where xgettext finds them) and are compiled in, so
 * an uninstalled build and the test binaries need no resource bundle. */
static const char shortcuts_ui[] = {
#embed "../../data/ui/shortcuts.ui"
  , 0
};

const char *
tote_shim_shortcuts_ui (void)
{
  return shortcuts_ui;
}
