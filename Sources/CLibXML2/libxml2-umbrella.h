// SPDX-License-Identifier: GPL-3.0-or-later
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
