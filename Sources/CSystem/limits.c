#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include "CSystem.h"

int glide_limit_resources(uint64_t address_space_bytes, uint32_t cpu_seconds) {
    struct rlimit memory = { .rlim_cur = address_space_bytes, .rlim_max = address_space_bytes };
    struct rlimit cpu = { .rlim_cur = cpu_seconds, .rlim_max = cpu_seconds + 1 };
    // No core dumps of a decoder that a hostile file crashed.
    struct rlimit core = { .rlim_cur = 0, .rlim_max = 0 };
    if (setrlimit(RLIMIT_AS, &memory) != 0) return -1;
    if (setrlimit(RLIMIT_CPU, &cpu) != 0) return -1;
    return setrlimit(RLIMIT_CORE, &core);
}

int glide_die_with_parent(void) {
    return prctl(PR_SET_PDEATHSIG, SIGKILL);
}

int glide_lower_priority(int increment) {
    errno = 0;
    return nice(increment) == -1 && errno != 0 ? -1 : 0;
}

int glide_limit_process(int pid, uint64_t address_space_bytes, uint32_t cpu_seconds) {
    struct rlimit memory = { .rlim_cur = address_space_bytes, .rlim_max = address_space_bytes };
    struct rlimit cpu = { .rlim_cur = cpu_seconds, .rlim_max = cpu_seconds + 1 };
    struct rlimit core = { .rlim_cur = 0, .rlim_max = 0 };
    if (address_space_bytes > 0 && prlimit(pid, RLIMIT_AS, &memory, NULL) != 0) return -1;
    if (cpu_seconds > 0 && prlimit(pid, RLIMIT_CPU, &cpu, NULL) != 0) return -1;
    return prlimit(pid, RLIMIT_CORE, &core, NULL);
}
