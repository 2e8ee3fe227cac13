#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/signalfd.h>
#include <unistd.h>
#include "CSystem.h"

static pthread_t frame_loop_thread;
static volatile sig_atomic_t frame_loop_takes_signals = 0;

static void exit_cleanly(int signal_number) {
    // sigprocmask blocks the three signals in the frame loop's thread only: threads started
    // while loading still take them, here. Once the frame loop has its signalfd, the signal is
    // sent on to that thread, where it waits for the signalfd, so that Glide ends through the
    // loop and reaps its renderers rather than leaving them behind.
    if (frame_loop_takes_signals && !pthread_equal(pthread_self(), frame_loop_thread)) {
        pthread_kill(frame_loop_thread, signal_number);
        return;
    }
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
    int descriptor = signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
    if (descriptor >= 0) {
        frame_loop_thread = pthread_self();
        frame_loop_takes_signals = 1;
    }
    return descriptor;
}

int glide_signalfd_take(int fd) {
    struct signalfd_siginfo info;
    if (read(fd, &info, sizeof info) != sizeof info) return 0;
    return (int)info.ssi_signo;
}
