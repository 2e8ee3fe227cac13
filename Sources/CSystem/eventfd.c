#include <stdint.h>
#include <sys/eventfd.h>
#include <unistd.h>
#include "CSystem.h"

int glide_eventfd_create(void) {
    return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

void glide_eventfd_signal(int fd) {
    uint64_t one = 1;
    // A full counter (2^64 - 2 wake-ups unread) fails with EAGAIN and is still readable,
    // so the reader wakes up either way.
    (void)!write(fd, &one, sizeof one);
}

uint64_t glide_eventfd_take(int fd) {
    uint64_t count = 0;
    if (read(fd, &count, sizeof count) != sizeof count) return 0;
    return count;
}
