#include "CPixels.h"

#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define GLIDE_X86 1
#endif

static inline uint32_t inverted(uint32_t pixel) {
    uint32_t red = (pixel >> 16) & 0xff, green = (pixel >> 8) & 0xff, blue = pixel & 0xff;
    uint32_t high = red > green ? red : green, low = red < green ? red : green;
    high = high > blue ? high : blue;
    low = low < blue ? low : blue;
    // 255 − max − min lies in −255…255 and every channel plus it stays in 0…255, so adding it
    // to the packed channels at once neither carries nor borrows between them.
    return (pixel & 0xff000000u) | ((pixel & 0x00ffffffu) + (255u - high - low) * 0x010101u);
}

#ifdef GLIDE_X86
// `bytes` / 4 pixels at a time, in byte lanes, in clang's vector types: a pixel's byte 0 (blue)
// meets its green and red when the pixel is shifted down by 8 and 16 bits, so byte 0 of the
// byte-wise maximum and minimum (SSE2's pmaxub and pminub, AVX2's vpmaxub and vpminub) is the
// pixel's max and min; the shift, masked to byte 0, is copied to bytes 1 and 2 and added
// byte-wise (modulo 256, exact as above), leaving the top byte alone.
#define GLIDE_INVERT_VECTORS(name, bytes, instructions)                                            \
    typedef uint8_t name##Bytes __attribute__((vector_size(bytes)));                               \
    typedef uint32_t name##Words __attribute__((vector_size(bytes)));                              \
    __attribute__((target(instructions))) static size_t name(uint32_t *pixels, size_t count) {     \
        size_t index = 0;                                                                          \
        for (; index + (bytes) / 4 <= count; index += (bytes) / 4) {                               \
            name##Words pixel;                                                                     \
            memcpy(&pixel, pixels + index, bytes);                                                 \
            name##Bytes blue = (name##Bytes)pixel, green = (name##Bytes)(pixel >> 8),              \
                        red = (name##Bytes)(pixel >> 16);                                          \
            name##Bytes high = __builtin_elementwise_max(__builtin_elementwise_max(blue, green), red); \
            name##Bytes low = __builtin_elementwise_min(__builtin_elementwise_min(blue, green), red);  \
            name##Words shift = (name##Words)((uint8_t)255 - high - low) & 0xff;                   \
            shift |= (shift << 8) | (shift << 16);                                                 \
            name##Bytes result = blue + (name##Bytes)shift;                                        \
            memcpy(pixels + index, &result, bytes);                                                \
        }                                                                                          \
        return index;                                                                              \
    }

// SSE2 is every x86-64's; AVX2 most made since 2013 have (a page is about two million pixels,
// and one pass over them was a quarter of what a page of text costs poppler to draw).
GLIDE_INVERT_VECTORS(invertFourAtATime, 16, "sse2")
GLIDE_INVERT_VECTORS(invertEightAtATime, 32, "avx2")
#endif

bool glide_invert_lightness_at_width(uint32_t *pixels, size_t count, unsigned pixelsAtATime) {
    size_t index = 0;
    switch (pixelsAtATime) {
    case 1:
        break;
#ifdef GLIDE_X86
    case 4:
        index = invertFourAtATime(pixels, count);
        break;
    case 8:
        if (!__builtin_cpu_supports("avx2")) return false;
        index = invertEightAtATime(pixels, count);
        break;
#endif
    default:
        return false;
    }
    for (; index < count; index++) pixels[index] = inverted(pixels[index]);
    return true;
}

void glide_invert_lightness(uint32_t *pixels, size_t count) {
    if (!glide_invert_lightness_at_width(pixels, count, 8) && !glide_invert_lightness_at_width(pixels, count, 4))
        glide_invert_lightness_at_width(pixels, count, 1);
}
