#pragma once
// libxml2's HTML parser: HTML inside Markdown (and, for EPUB, XHTML) read into a tree the
// block mapping walks. No network, no DTD, no entity from outside the bytes given.
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, whose headers then clash with the copy of ICU that
// Foundation carries, in any module that sees both. Nothing here touches the encoding
// handler's ICU converters, the only declarations that need them.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
