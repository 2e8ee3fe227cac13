#define _GNU_SOURCE
#include <sys/mman.h>
#include "CSystem.h"

int glide_memfd_create(const char *name) {
    return memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}
