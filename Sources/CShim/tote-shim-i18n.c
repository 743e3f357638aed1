// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "tote-shim-i18n"

#include "tote-shim.h"

#include <locale.h>
#include <libintl.h>
#include <string.h>

void
tote_shim_init_i18n (void)
{
  setlocale (LC_ALL, "");
  bindtextdomain (tote_shim_gettext_package (), tote_shim_locale_dir ());
  bind_textdomain_codeset (tote_shim_gettext_package (), "UTF-8");
  textdomain (tote_shim_gettext_package ());
}

const char *
tote_shim_gettext (const char *msgid)
{
  return g_dgettext (tote_shim_gettext_package (), msgid);
}

const char *
tote_shim_ngettext (const char *msgid, const char *msgid_plural, gulong n)
{
  return g_dngettext (tote_shim_gettext_package (), msgid, msgid_plural, n);
}

const char *
tote_shim_pgettext (const char *context, const char *msgid)
{
  return g_dpgettext2 (tote_shim_gettext_package (), context, msgid);
}
