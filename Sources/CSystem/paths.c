#define _GNU_SOURCE
#include <fcntl.h>
#include "CSystem.h"

int glide_open_path(const char *path) {
    return open(path, O_PATH | O_CLOEXEC);
}
