#include <malloc.h>
#include "CSystem.h"

int glide_trim_heap(void) {
    return malloc_trim(0);
}
