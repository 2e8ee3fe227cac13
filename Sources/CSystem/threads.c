#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <time.h>
#include "CSystem.h"

int glide_join_thread_within(unsigned long thread, uint32_t milliseconds) {
    // pthread_timedjoin_np's deadline is on CLOCK_REALTIME.
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += milliseconds / 1000;
    deadline.tv_nsec += (long)(milliseconds % 1000) * 1000000L;
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec += 1;
        deadline.tv_nsec -= 1000000000L;
    }
    return pthread_timedjoin_np((pthread_t)thread, NULL, &deadline);
}

int glide_name_thread(unsigned long thread, const char *name) {
    // The kernel keeps 15 bytes and the NUL; a longer name is refused with ERANGE.
    char shortened[16];
    size_t length = strnlen(name, sizeof shortened - 1);
    memcpy(shortened, name, length);
    shortened[length] = '\0';
    return pthread_setname_np((pthread_t)thread, shortened);
}
