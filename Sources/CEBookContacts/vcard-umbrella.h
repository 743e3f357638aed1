/* EVCard alone: the umbrella header would bring in libedataserver and, through it, libxml2,
 * whose headers clash with Foundation's ICU (as in CLibXML2). */
#define __LIBEBOOK_CONTACTS_H_INSIDE__
#include <libebook-contacts/e-vcard.h>
#undef __LIBEBOOK_CONTACTS_H_INSIDE__
