#pragma once
// Fontconfig's application fonts (a book's embedded fonts) and pango's fontconfig font map,
// which is told when they change.
#include <fontconfig/fontconfig.h>
#include <fontconfig/fcfreetype.h>
#include <pango/pangofc-fontmap.h>
