#pragma once
// GitHub's CommonMark with its extensions (tables, strikethrough, task lists, autolinks);
// footnotes are an option of the core parser.
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
// The parser's extensions, which the HTML renderer needs to render tables and the like.
#include <cmark-gfm-extension_api.h>
