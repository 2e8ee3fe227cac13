#pragma once
// Linux calls that Swift's Glibc module does not import (they need _GNU_SOURCE or headers
// it leaves out).
#include <stddef.h>
#include <stdint.h>

/// An anonymous, close-on-exec, sealable memory file, or -1 with errno set.
/// The corresponding C function is `memfd_create`.
int glide_memfd_create(const char *name);

/// A non-blocking, close-on-exec timer on the monotonic clock, or -1 with errno set.
/// The corresponding C function is `timerfd_create`.
int glide_timerfd_create(void);

/// Arms the timer to fire after `delay_ms`, then every `interval_ms` (0: once); a delay of 0
/// disarms it. Returns 0, or -1 with errno set. The corresponding C function is `timerfd_settime`.
int glide_timerfd_arm(int fd, uint32_t delay_ms, uint32_t interval_ms);

/// Reads how many times the timer fired since the last read (0 if none).
uint64_t glide_timerfd_take_expirations(int fd);

/// Blocks SIGINT, SIGTERM and SIGHUP for the process and returns a non-blocking,
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

/// The first occurrence of `needle` in `haystack`, or NULL. The corresponding C function is
/// `memmem` (a GNU extension).
const void *glide_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);
