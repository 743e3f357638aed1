#include "tote-html.h"

#include <limits.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

ToteHtmlDocument *
tote_html_parse (const char *bytes, size_t length)
{
  int options = HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING |
                HTML_PARSE_NONET | HTML_PARSE_COMPACT;

  if (bytes == NULL || length == 0 || length > INT_MAX)
    return NULL;
  return (ToteHtmlDocument *) htmlReadMemory (bytes, (int) length, NULL, NULL, options);
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
