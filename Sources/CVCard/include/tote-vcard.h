// SPDX-License-Identifier: GPL-3.0-or-later
/* tote-vcard.h: Evolution Data Server's EVCard, loaded when a card is first read.
 *
 * Linking libebook-contacts-1.2 brings some forty libraries into every start (libedataserver,
 * libcamel, NSS, Kerberos, libsoup, libphonenumber with protobuf and ICU), which the dynamic
 * linker loads and relocates before the first frame (docs/platform-findings.md). These are
 * the few EVCard functions ToteCore calls, found with dlopen and dlsym at their first use
 * (thread-safe), with EVCard's own signatures. Mechanism only: what a card means is decided
 * in ToteCore (VCardFormat.swift). */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef struct _EVCard EVCard;
typedef struct _EVCardAttribute EVCardAttribute;

#define TOTE_EVC_FN    "FN"
#define TOTE_EVC_N     "N"
#define TOTE_EVC_EMAIL "EMAIL"

/* e_vcard_new_from_string, loading the library at the first call; NULL (with a warning, once)
 * when it cannot be loaded. */
EVCard          *tote_vcard_new_from_string (const gchar *str);
/* The others need a card from tote_vcard_new_from_string. */
EVCardAttribute *tote_vcard_get_attribute (EVCard *evc, const gchar *name);
GList           *tote_vcard_get_attributes (EVCard *evcard);
const gchar     *tote_vcard_attribute_get_name (EVCardAttribute *attr);
GList           *tote_vcard_attribute_get_values (EVCardAttribute *attr);
GList           *tote_vcard_attribute_get_param (EVCardAttribute *attr, const gchar *name);
gboolean         tote_vcard_attribute_has_type (EVCardAttribute *attr, const gchar *typestr);

G_END_DECLS
