#pragma once
// libarchive: EPUB's zip read entry by entry, never unpacked to disk; the tests write books
// with its zip writer.
#include <archive.h>
#include <archive_entry.h>
