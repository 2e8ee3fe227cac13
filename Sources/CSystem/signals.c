#include <signal.h>
#include <string.h>
#include <sys/signalfd.h>
#include <unistd.h>
#include "CSystem.h"

static void exit_cleanly(int signal_number) {
    (void)signal_number;
    // Only async-signal-safe calls here: nothing is open for writing yet, so there is
    // nothing to finish.
    _exit(0);
}

void glide_handle_signals_while_loading(void) {
    // A reader gone from `--trace -` must give EPIPE, not a silent death.
    signal(SIGPIPE, SIG_IGN);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = exit_cleanly;
    sigemptyset(&action.sa_mask);
    // No SA_RESTART: a read blocked on a FIFO or a device ends with EINTR, though the
    // handler exits first anyway.
    action.sa_flags = 0;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
}

int glide_termination_signalfd(void) {
    sigset_t mask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGINT);
    sigaddset(&mask, SIGTERM);
    sigaddset(&mask, SIGHUP);
    if (sigprocmask(SIG_BLOCK, &mask, NULL) != 0) return -1;
    return signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
}

int glide_signalfd_take(int fd) {
    struct signalfd_siginfo info;
    if (read(fd, &info, sizeof info) != sizeof info) return 0;
    return (int)info.ssi_signo;
}
