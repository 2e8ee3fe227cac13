#pragma once
// Linux calls that Swift's Glibc module does not import (they need _GNU_SOURCE or headers
// it leaves out).
#include <stddef.h>
#include <stdint.h>

/// An anonymous, close-on-exec, sealable memory file, or -1 with errno set.
/// The corresponding C function is `memfd_create`.
int glide_memfd_create(const char *name);

/// Seals a memory file from `glide_memfd_create` against writing, shrinking, growing and further
/// seals, whoever holds it: 0, or -1 with errno set. The corresponding C call is
/// `fcntl(F_ADD_SEALS)`.
int glide_memfd_seal(int fd);

/// A non-blocking, close-on-exec timer on the monotonic clock, or -1 with errno set.
/// The corresponding C function is `timerfd_create`.
int glide_timerfd_create(void);

/// Arms the timer to fire after `delay_ms`, then every `interval_ms` (0: once); a delay of 0
/// disarms it. Returns 0, or -1 with errno set. The corresponding C function is `timerfd_settime`.
int glide_timerfd_arm(int fd, uint32_t delay_ms, uint32_t interval_ms);

/// Reads how many times the timer fired since the last read (0 if none).
uint64_t glide_timerfd_take_expirations(int fd);

/// Ignores SIGPIPE (a closed pipe gives EPIPE instead) and makes SIGINT, SIGTERM and SIGHUP
/// end the process at once with status 0: the set-up before the window exists, when a read of
/// a FIFO or a device may block and nothing is open for writing. `glide_termination_signalfd`
/// later takes the three signals over for the frame loop.
void glide_handle_signals_while_loading(void);

/// Blocks SIGINT, SIGTERM and SIGHUP in the calling thread (the frame loop's), from then on
/// sends it those that a thread started earlier takes, and returns a non-blocking,
/// close-on-exec descriptor that becomes readable when one arrives, or -1 with errno set.
/// The corresponding C function is `signalfd`.
int glide_termination_signalfd(void);

/// Reads one pending signal from a signalfd; returns its number, or 0 if none.
int glide_signalfd_take(int fd);

/// A non-blocking, close-on-exec event counter that a worker thread bumps to wake the poll
/// loop, or -1 with errno set. The corresponding C function is `eventfd`.
int glide_eventfd_create(void);

/// Adds one to the counter, waking whoever polls it; safe from any thread.
void glide_eventfd_signal(int fd);

/// Reads and resets the counter; 0 if nothing was signalled.
uint64_t glide_eventfd_take(int fd);

/// Limits the calling process's address space to `address_space_bytes` and its CPU time to
/// `cpu_seconds` (then SIGXCPU), and turns off core dumps: for a child that decodes untrusted
/// files. Returns 0, or -1 with errno set. The corresponding C function is `setrlimit`.
int glide_limit_resources(uint64_t address_space_bytes, uint32_t cpu_seconds);

/// Limits child `pid`'s address space (0: unlimited) and CPU time (0: unlimited) and turns off
/// its core dumps, from the parent, right after it starts. Returns 0, or -1 with errno set.
/// The corresponding C function is `prlimit`.
int glide_limit_process(int pid, uint64_t address_space_bytes, uint32_t cpu_seconds);

/// Asks the kernel to SIGKILL the calling process when its parent dies, so a decoder never
/// outlives the viewer. Returns 0, or -1 with errno set. The corresponding C call is
/// `prctl(PR_SET_PDEATHSIG)`.
int glide_die_with_parent(void);

/// A handle on the file at `path` that reads nothing and never blocks (a FIFO included),
/// close-on-exec, or -1 with errno set: `/proc/self/fd/N` then names the file. The
/// corresponding C call is `open(path, O_PATH)`.
int glide_open_path(const char *path);

/// A close-on-exec pipe: `descriptors[0]` reads, `descriptors[1]` writes. Returns 0, or -1
/// with errno set. The corresponding C function is `pipe2`.
int glide_pipe(int descriptors[2]);

/// Lowers the calling process's scheduling priority by `increment` nice levels, so a decoder
/// never takes a core from the frame loop. Returns 0, or -1 with errno set. The corresponding
/// C function is `nice`.
int glide_lower_priority(int increment);

/// The first occurrence of `needle` in `haystack`, or NULL. The corresponding C function is
/// `memmem` (a GNU extension).
const void *glide_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

/// Waits at most `milliseconds` for the thread to end and joins it: 0 when it ended, ETIMEDOUT
/// when it still runs (it is then still joinable). The corresponding C function is
/// `pthread_timedjoin_np`.
int glide_join_thread_within(unsigned long thread, uint32_t milliseconds);

/// Names the thread (its first 15 bytes), as `top -H`, gdb and /proc/self/task/N/comm show it;
/// 0 on success. The corresponding C function is `pthread_setname_np`.
int glide_name_thread(unsigned long thread, const char *name);

/// Lowers the calling thread's scheduling priority (only this thread's) by `increment` nice
/// levels; 0 on success. The corresponding C function is `setpriority`.
int glide_lower_calling_thread_priority(int increment);

/// Gives the free memory of every malloc arena back to the system (`malloc_trim(0)`, which
/// glibc applies to all arenas since 2.8): 1 when some was released.
int glide_trim_heap(void);

/// A connected pair of close-on-exec Unix sockets that keep message boundaries
/// (`SOCK_SEQPACKET`): a page renderer's requests one way, its replies the other. Returns 0, or
/// -1 with errno set. The corresponding C function is `socketpair`.
int glide_socket_pair(int descriptors[2]);

/// Sends `length` bytes as one message, with `descriptor` (unless -1) passed along
/// (`SCM_RIGHTS`); never raises SIGPIPE. The bytes sent, or -1 with errno set. The corresponding
/// C function is `sendmsg`.
long glide_send_message(int socket, const void *bytes, size_t length, int descriptor);

/// Receives one message of at most `capacity` bytes; `*descriptor` is the descriptor it carried
/// (close-on-exec), or -1. A message longer than `capacity` is refused (-1, EMSGSIZE). The bytes
/// received (0: the peer is gone), or -1 with errno set. The corresponding C function is `recvmsg`.
long glide_receive_message(int socket, void *bytes, size_t capacity, int *descriptor);

/// Seals a memory file from `glide_memfd_create` against shrinking, growing and further seals,
/// but not writing: pixels a child draws into it can never be cut from under the parent's
/// mapping (which would fault). 0, or -1 with errno set.
int glide_memfd_seal_size(int fd);

/// Forks the calling process (single-threaded, as a page renderer's zygote is) into a child
/// whose parent is the caller's own parent (`CLONE_PARENT`): Glide, which reaps it and sees how it
/// ended, as a program it started. The child's ID in the caller, 0 in the child, -1 with errno
/// set. The corresponding C call is `clone` without a stack of its own, as `fork` makes it.
int glide_fork_sibling(void);

/// Names the calling thread, the name `ps` and /proc show for a single-threaded process (at most
/// 15 bytes). 0, or -1 with errno set. The corresponding C call is `prctl(PR_SET_NAME)`.
int glide_set_process_name(const char *name);

/// Adds to the spawn file actions `actions` (a `posix_spawn_file_actions_t`) the closing of
/// every descriptor from `lowest` up in the child: what a process inherited without
/// close-on-exec (a launcher's socket, a test harness's pipe) is not passed on. Returns 0 or an
/// error number. The corresponding C function is `posix_spawn_file_actions_addclosefrom_np`
/// (glibc 2.34).
int glide_spawn_close_from(void *actions, int lowest);
