#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>
#include "CSystem.h"

int glide_open_path(const char *path) {
    return open(path, O_PATH | O_CLOEXEC);
}

int glide_pipe(int descriptors[2]) {
    return pipe2(descriptors, O_CLOEXEC);
}
