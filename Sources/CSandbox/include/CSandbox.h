#pragma once
// What a page renderer gives up once its document is open: the kernel's no-new-privileges bit,
// a seccomp filter (libseccomp) and rlimits. Only glide-page-renderer links this module.
#include <stdint.h>

/// Locks the calling process down for good: `prctl(PR_SET_NO_NEW_PRIVS)`, an address space of
/// at most `address_space_bytes` (0: left as it is), no core dumps, and a seccomp filter under
/// which `open`, `openat`, `openat2`, `creat`, `connect`, `socket`, `bind`, `listen`, `accept`,
/// `execve`, `execveat`, `fork`, `vfork` and `ptrace` fail with EACCES in every thread (every other call is
/// allowed: a library that opens a file late, as fontconfig may for a font, gets an error it
/// already handles, not a killed renderer). Returns 0, or a negative errno.
int glide_sandbox_lock_down(uint64_t address_space_bytes);

/// Sets the soft CPU limit of the calling process to the CPU time it has used so far plus
/// `seconds` (then SIGXCPU, within the hard limit): a backstop for one render, should the
/// parent not kill the renderer in time. Returns 0, or -1 with errno set.
int glide_sandbox_limit_cpu_from_now(uint32_t seconds);

/// Opens, read-only, the font files fontconfig knows (at most `limit`), for a locked-down
/// renderer to read later: its `open` and `fopen` (this module's, which stand in for libc's)
/// hand out duplicates of them. Returns how many are kept.
int glide_sandbox_keep_fonts(int limit);

/// Keeps the file `path` for a locked-down renderer to open later (as the fonts): a duplicate of
/// `descriptor` when it is not negative (a document Glide opened), else the file opened
/// read-only now. From then on `open(path)` and `fopen(path)` hand out duplicates of it, before
/// and after the lock-down; after it, a path naming the same file another way does too.
/// Returns 0, or a negative errno.
int glide_sandbox_keep_file(const char *path, int descriptor);

/// Raises the soft limit on open descriptors to the hard one, so a document of many files (an
/// indirect DjVu's page files) can be kept open. Returns 0, or -1 with errno set.
int glide_sandbox_raise_descriptor_limit(void);

/// From now on `open` and `fopen` serve only the kept files (EACCES for anything else), without
/// a system call: call it just before `glide_sandbox_lock_down`.
void glide_sandbox_close_files(void);
