#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "CSystem.h"

int glide_spawn_close_from(void *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, lowest);
}

int glide_fork_sibling(void) {
    // The raw call: glibc's fork() takes no flags, and clone() wants a stack of its own, where
    // this child goes on from here on a copy of the caller's, as after fork().
    return (int)syscall(SYS_clone, CLONE_PARENT | SIGCHLD, NULL, NULL, NULL, NULL);
}

int glide_set_process_name(const char *name) {
    return prctl(PR_SET_NAME, name, 0, 0, 0);
}
