#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <seccomp.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include "CSandbox.h"

int glide_sandbox_lock_down(uint64_t address_space_bytes) {
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -errno;
    if (address_space_bytes > 0) {
        struct rlimit memory = { .rlim_cur = address_space_bytes, .rlim_max = address_space_bytes };
        if (setrlimit(RLIMIT_AS, &memory) != 0) return -errno;
    }
    struct rlimit core = { .rlim_cur = 0, .rlim_max = 0 };
    if (setrlimit(RLIMIT_CORE, &core) != 0) return -errno;
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ALLOW);
    if (filter == NULL) return -ENOMEM;
    // Every thread of the process, not only the caller: a library may have started threads of
    // its own before (DjVuLibre decodes on threads it starts as it reads the document).
    int synced = seccomp_attr_set(filter, SCMP_FLTATR_CTL_TSYNC, 1);
    if (synced != 0) {
        seccomp_release(filter);
        return synced;
    }
    // What a renderer has no business doing once its document is open: reach another file,
    // the network or another program. Looked up by name, so a call this libseccomp or this
    // architecture does not know (openat2 on an old kernel's headers) is skipped.
    static const char *const denied[] = {
        "open", "openat", "openat2", "creat", "open_by_handle_at", "connect", "socket", "bind", "listen", "accept",
        "accept4", "execve", "execveat", "fork", "vfork", "ptrace", "process_vm_writev",
    };
    int result = 0;
    for (size_t index = 0; index < sizeof denied / sizeof denied[0]; index++) {
        int number = seccomp_syscall_resolve_name(denied[index]);
        if (number == __NR_SCMP_ERROR) continue;
        result = seccomp_rule_add(filter, SCMP_ACT_ERRNO(EACCES), number, 0);
        if (result != 0) break;
    }
    if (result == 0) result = seccomp_load(filter);
    seccomp_release(filter);
    return result;
}

int glide_sandbox_limit_cpu_from_now(uint32_t seconds) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return -1;
    rlim_t used = (rlim_t)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + 1;
    struct rlimit current;
    if (getrlimit(RLIMIT_CPU, &current) != 0) return -1;
    struct rlimit cpu = { .rlim_cur = used + seconds, .rlim_max = current.rlim_max };
    if (cpu.rlim_max != RLIM_INFINITY && cpu.rlim_cur > cpu.rlim_max) cpu.rlim_cur = cpu.rlim_max;
    return setrlimit(RLIMIT_CPU, &cpu);
}
