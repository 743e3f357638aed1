// SPDX-License-Identifier: GPL-3.0-or-later
/* tote-html.h: libxml2's forgiving HTML parser behind opaque accessors, so that Swift never
 * imports libxml2's headers (they bring the system ICU, which clashes with Foundation's).
 * Parsing only: what to keep of a document is decided in ToteCore's HTMLImport. */
#pragma once

#include <stddef.h>

typedef struct _ToteHtmlDocument ToteHtmlDocument;
typedef struct _ToteHtmlNode ToteHtmlNode;

typedef enum {
  TOTE_HTML_NODE_OTHER = 0,
  TOTE_HTML_NODE_ELEMENT = 1,
  TOTE_HTML_NODE_TEXT = 2,
} ToteHtmlNodeKind;

/* Parses HTML bytes (UTF-8 unless the document says otherwise), never using the network.
 * Elements nested deeper than max_depth are left out of the tree and their text joins the
 * deepest element kept. NULL when nothing could be made of them. */
ToteHtmlDocument   *tote_html_parse (const char *bytes, size_t length, unsigned int max_depth);
void                tote_html_free (ToteHtmlDocument *document);
const ToteHtmlNode *tote_html_root (const ToteHtmlDocument *document);

ToteHtmlNodeKind    tote_html_node_kind (const ToteHtmlNode *node);
/* Element name as written (NULL for text). */
const char         *tote_html_node_name (const ToteHtmlNode *node);
/* Text of a text node (NULL for elements). */
const char         *tote_html_node_text (const ToteHtmlNode *node);
const ToteHtmlNode *tote_html_node_first_child (const ToteHtmlNode *node);
const ToteHtmlNode *tote_html_node_next (const ToteHtmlNode *node);
/* A newly allocated attribute value, or NULL; free it with tote_html_string_free. */
char               *tote_html_node_attribute (const ToteHtmlNode *node, const char *name);
void                tote_html_string_free (char *string);
