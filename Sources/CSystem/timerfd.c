#include <sys/timerfd.h>
#include <unistd.h>
#include "CSystem.h"

int glide_timerfd_create(void) {
    return timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
}

static struct timespec milliseconds(uint32_t ms) {
    struct timespec value = { .tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000L };
    return value;
}

int glide_timerfd_arm(int fd, uint32_t delay_ms, uint32_t interval_ms) {
    struct itimerspec spec = { .it_interval = milliseconds(interval_ms), .it_value = milliseconds(delay_ms) };
    return timerfd_settime(fd, 0, &spec, NULL);
}

uint64_t glide_timerfd_take_expirations(int fd) {
    uint64_t count = 0;
    if (read(fd, &count, sizeof count) != sizeof count) return 0;
    return count;
}
