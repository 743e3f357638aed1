// SPDX-License-Identifier: GPL-3.0-or-later
#include "tote-html.h"

#include <limits.h>
#include <pthread.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

/* libxml2 2.9 sets up its globals (dictionary mutex, encoding handlers) on first use, racily:
 * two first parses at once deadlocked or crashed (the test suite imports HTML on several
 * threads). xmlInitParser once, before any parse, is what its documentation asks. */
static pthread_once_t initialized = PTHREAD_ONCE_INIT;

/* libxml2 builds the tree through nodePush, which stops the whole parse past 256 open
 * elements (2,048 with XML_PARSE_HUGE): everything after such a place was lost. Elements
 * deeper than max_depth are therefore not made into nodes; their text joins the deepest
 * element kept, so deep input keeps its text, flattened. */
typedef struct {
  startElementSAXFunc start_element;
  endElementSAXFunc end_element;
  unsigned int depth;
  unsigned int max_depth;
} DepthCap;

static void
capped_start_element (void *context, const xmlChar *name, const xmlChar **attributes)
{
  xmlParserCtxtPtr parser = context;
  DepthCap *cap = parser->_private;

  cap->depth++;
  if (cap->depth <= cap->max_depth)
    cap->start_element (context, name, attributes);
}

static void
capped_end_element (void *context, const xmlChar *name)
{
  xmlParserCtxtPtr parser = context;
  DepthCap *cap = parser->_private;

  if (cap->depth <= cap->max_depth)
    cap->end_element (context, name);
  if (cap->depth > 0)
    cap->depth--;
}

ToteHtmlDocument *
tote_html_parse (const char *bytes, size_t length, unsigned int max_depth)
{
  int options = HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING |
                HTML_PARSE_NONET | HTML_PARSE_COMPACT;
  htmlParserCtxtPtr parser;
  DepthCap cap = { 0 };
  xmlDocPtr document;

  if (bytes == NULL || length == 0 || length > INT_MAX)
    return NULL;
  pthread_once (&initialized, xmlInitParser);
  parser = htmlCreateMemoryParserCtxt (bytes, (int) length);
  if (parser == NULL)
    return NULL;
  htmlCtxtUseOptions (parser, options);
  cap.start_element = parser->sax->startElement;
  cap.end_element = parser->sax->endElement;
  cap.max_depth = max_depth;
  parser->sax->startElement = capped_start_element;
  parser->sax->endElement = capped_end_element;
  parser->_private = &cap;
  htmlParseDocument (parser);
  document = parser->myDoc;
  parser->myDoc = NULL;
  parser->_private = NULL;
  /* As htmlReadMemory does: the document keeps the parser's dictionary. */
  if (parser->dictNames && document != NULL && document->dict == parser->dict)
    parser->dict = NULL;
  htmlFreeParserCtxt (parser);
  return (ToteHtmlDocument *) document;
}

void
tote_html_free (ToteHtmlDocument *document)
{
  if (document != NULL)
    xmlFreeDoc ((xmlDocPtr) document);
}

const ToteHtmlNode *
tote_html_root (const ToteHtmlDocument *document)
{
  return (const ToteHtmlNode *) xmlDocGetRootElement ((const xmlDoc *) document);
}

ToteHtmlNodeKind
tote_html_node_kind (const ToteHtmlNode *node)
{
  switch (((const xmlNode *) node)->type)
    {
    case XML_ELEMENT_NODE:
      return TOTE_HTML_NODE_ELEMENT;
    case XML_TEXT_NODE:
    case XML_CDATA_SECTION_NODE:
      return TOTE_HTML_NODE_TEXT;
    default:
      return TOTE_HTML_NODE_OTHER;
    }
}

const char *
tote_html_node_name (const ToteHtmlNode *node)
{
  const xmlNode *n = (const xmlNode *) node;
  return n->type == XML_ELEMENT_NODE ? (const char *) n->name : NULL;
}

const char *
tote_html_node_text (const ToteHtmlNode *node)
{
  const xmlNode *n = (const xmlNode *) node;
  return n->type == XML_ELEMENT_NODE ? NULL : (const char *) n->content;
}

const ToteHtmlNode *
tote_html_node_first_child (const ToteHtmlNode *node)
{
  return (const ToteHtmlNode *) ((const xmlNode *) node)->children;
}

const ToteHtmlNode *
tote_html_node_next (const ToteHtmlNode *node)
{
  return (const ToteHtmlNode *) ((const xmlNode *) node)->next;
}

char *
tote_html_node_attribute (const ToteHtmlNode *node, const char *name)
{
  return (char *) xmlGetProp ((const xmlNode *) node, (const xmlChar *) name);
}

void
tote_html_string_free (char *string)
{
  if (string != NULL)
    xmlFree (string);
}
