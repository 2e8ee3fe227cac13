#pragma once
#include <cairo.h>
#include <cairo-pdf.h>
