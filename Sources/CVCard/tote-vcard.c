// SPDX-License-Identifier: GPL-3.0-or-later
/* tote-vcard.c: EVCard through dlopen at first use (see tote-vcard.h). */
#include "tote-vcard.h"

#include <dlfcn.h>

static struct {
  EVCard *(*new_from_string) (const gchar *);
  EVCardAttribute *(*get_attribute) (EVCard *, const gchar *);
  GList *(*get_attributes) (EVCard *);
  const gchar *(*attribute_get_name) (EVCardAttribute *);
  GList *(*attribute_get_values) (EVCardAttribute *);
  GList *(*attribute_get_param) (EVCardAttribute *, const gchar *);
  gboolean (*attribute_has_type) (EVCardAttribute *, const gchar *);
} evcard;

/* The soname Debian 12's libebook-contacts-1.2-4 installs; the development link as a
 * fallback, for a build against another Evolution Data Server. */
static const char *const library_names[] = { "libebook-contacts-1.2.so.4", "libebook-contacts-1.2.so" };

static gboolean
load_once (void)
{
  void *library = NULL;
  for (gsize i = 0; i < G_N_ELEMENTS (library_names) && library == NULL; i++)
    library = dlopen (library_names[i], RTLD_NOW | RTLD_LOCAL);
  if (library == NULL)
    {
      g_warning ("Contact cards cannot be read: %s", dlerror ());
      return FALSE;
    }
#define FIND(field, symbol) \
  if ((*(void **) &evcard.field = dlsym (library, symbol)) == NULL) \
    { \
      g_warning ("Contact cards cannot be read: %s has no %s", library_names[0], symbol); \
      return FALSE; \
    }
  FIND (new_from_string, "e_vcard_new_from_string");
  FIND (get_attribute, "e_vcard_get_attribute");
  FIND (get_attributes, "e_vcard_get_attributes");
  FIND (attribute_get_name, "e_vcard_attribute_get_name");
  FIND (attribute_get_values, "e_vcard_attribute_get_values");
  FIND (attribute_get_param, "e_vcard_attribute_get_param");
  FIND (attribute_has_type, "e_vcard_attribute_has_type");
#undef FIND
  return TRUE;
}

/* Loads the library if it is not yet; FALSE (with a warning, once) when it cannot be. */
static gboolean
tote_vcard_load (void)
{
  static gsize state = 0; /* 0: not yet, 1: loaded, 2: failed */
  if (g_once_init_enter (&state))
    g_once_init_leave (&state, load_once () ? 1 : 2);
  return state == 1;
}

EVCard *
tote_vcard_new_from_string (const gchar *str)
{
  return tote_vcard_load () ? evcard.new_from_string (str) : NULL;
}

EVCardAttribute *
tote_vcard_get_attribute (EVCard *evc, const gchar *name)
{
  return evcard.get_attribute (evc, name);
}

GList *
tote_vcard_get_attributes (EVCard *evc)
{
  return evcard.get_attributes (evc);
}

const gchar *
tote_vcard_attribute_get_name (EVCardAttribute *attr)
{
  return evcard.attribute_get_name (attr);
}

GList *
tote_vcard_attribute_get_values (EVCardAttribute *attr)
{
  return evcard.attribute_get_values (attr);
}

GList *
tote_vcard_attribute_get_param (EVCardAttribute *attr, const gchar *name)
{
  return evcard.attribute_get_param (attr, name);
}

gboolean
tote_vcard_attribute_has_type (EVCardAttribute *attr, const gchar *typestr)
{
  return evcard.attribute_has_type (attr, typestr);
}
