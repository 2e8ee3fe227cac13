#pragma once
// GitHub's CommonMark with its extensions (tables, strikethrough, task lists, autolinks);
// footnotes are an option of the core parser.
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
