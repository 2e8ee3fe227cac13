#pragma once
// Pixel loops that Swift's auto-vectoriser does not make fast enough: SSE2 and AVX2 have byte-wise
// maximum and minimum, which the Swift loop over 32-bit pixels does not reach.
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// Inverts the lightness (HSL) of `count` cairo RGB24/ARGB32 pixels in place, keeping their hue,
/// saturation and top byte: each colour channel gets 255 − max − min added. Night pages
/// (issue 26) run it over every page a renderer or decoder makes.
void glide_invert_lightness(uint32_t *pixels, size_t count);

/// The same, `pixelsAtATime` pixels at a time (1, 4 with SSE2, 8 with AVX2), so tests can check
/// every width against the others; false, with the pixels untouched, where this processor has
/// no such width.
bool glide_invert_lightness_at_width(uint32_t *pixels, size_t count, unsigned pixelsAtATime);
