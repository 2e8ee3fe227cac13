#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
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

int glide_lower_calling_thread_priority(int increment) {
    // On Linux a nice value belongs to a thread: PRIO_PROCESS with a thread ID sets that
    // thread's alone (setpriority(2), "Bugs").
    errno = 0;
    pid_t thread = (pid_t)syscall(SYS_gettid);
    int current = getpriority(PRIO_PROCESS, (id_t)thread);
    if (current == -1 && errno != 0) return -1;
    return setpriority(PRIO_PROCESS, (id_t)thread, current + increment);
}
