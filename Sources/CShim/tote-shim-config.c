// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "tote-shim-config"

#include "tote-shim.h"

#ifndef TOTE_APP_ID
#define TOTE_APP_ID "io.github.totenotes.Tote"
#endif
#ifndef TOTE_VERSION
#define TOTE_VERSION "0.1.0"
#endif
#ifndef TOTE_LOCALEDIR
#define TOTE_LOCALEDIR "/usr/local/share/locale"
#endif
#ifndef TOTE_GETTEXT_PACKAGE
#define TOTE_GETTEXT_PACKAGE "tote"
#endif

const char *tote_shim_app_id (void) { return TOTE_APP_ID; }
const char *tote_shim_version (void) { return TOTE_VERSION; }
const char *tote_shim_locale_dir (void) { return TOTE_LOCALEDIR; }
const char *tote_shim_gettext_package (void) { return TOTE_GETTEXT_PACKAGE; }

void
tote_shim_log_message (const char *message)
{
  g_log ("Tote", G_LOG_LEVEL_MESSAGE, "%s", message);
}
