#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <fontconfig/fontconfig.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "CSandbox.h"

// The files a locked-down renderer may still open: the fonts fontconfig knows, opened read-only
// before the seccomp filter. poppler opens a font that a PDF names but does not embed (fontconfig's
// stand-in for Helvetica) while it draws, long after start-up; these definitions of open and
// fopen, exported by glide-page-renderer, take the place of libc's for every library in the
// process and hand out a duplicate of the file opened earlier, without a system call. Anything
// else fails with EACCES, as the filter would have it. Every reader of a font file seeks before
// it reads (FreeType's streams, poppler's whole-file reads) or maps it, so duplicates sharing
// one file offset do not disturb each other in the renderer's one thread.

struct kept_file {
    char *path;
    int descriptor;
};

static struct kept_file *kept = NULL;
static size_t kept_count = 0;
static int is_locked = 0;

static void keep(const char *path) {
    for (size_t index = 0; index < kept_count; index++) {
        if (strcmp(kept[index].path, path) == 0) return;
    }
    int descriptor = (int)syscall(SYS_openat, AT_FDCWD, path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return;
    struct kept_file *grown = realloc(kept, (kept_count + 1) * sizeof *kept);
    char *copy = strdup(path);
    if (grown == NULL || copy == NULL) {
        if (grown != NULL) kept = grown;
        free(copy);
        close(descriptor);
        return;
    }
    kept = grown;
    kept[kept_count].path = copy;
    kept[kept_count].descriptor = descriptor;
    kept_count++;
}

int glide_sandbox_keep_fonts(int limit) {
    if (!FcInit()) return 0;
    FcFontSet *fonts = FcConfigGetFonts(FcConfigGetCurrent(), FcSetSystem);
    for (int index = 0; fonts != NULL && index < fonts->nfont && (int)kept_count < limit; index++) {
        FcChar8 *file = NULL;
        if (FcPatternGetString(fonts->fonts[index], FC_FILE, 0, &file) == FcResultMatch && file != NULL) keep((const char *)file);
    }
    return (int)kept_count;
}

void glide_sandbox_close_files(void) {
    is_locked = 1;
}

/// A duplicate of the kept file `path`, or -1 with errno EACCES (also for any way of opening
/// that could write).
static int kept_duplicate(const char *path, int flags) {
    if ((flags & O_ACCMODE) != O_RDONLY || (flags & (O_CREAT | O_TRUNC)) != 0 || path == NULL) {
        errno = EACCES;
        return -1;
    }
    for (size_t index = 0; index < kept_count; index++) {
        if (strcmp(kept[index].path, path) != 0) continue;
        int duplicate = fcntl(kept[index].descriptor, F_DUPFD_CLOEXEC, 0);
        if (duplicate >= 0) lseek(duplicate, 0, SEEK_SET);
        return duplicate;
    }
    errno = EACCES;
    return -1;
}

static int open_file(int directory, const char *path, int flags, mode_t mode) {
    if (is_locked) return kept_duplicate(path, flags);
    return (int)syscall(SYS_openat, directory, path, flags, mode);
}

static mode_t mode_argument(int flags, va_list arguments) {
    return (flags & (O_CREAT | O_TMPFILE)) != 0 ? (mode_t)va_arg(arguments, int) : 0;
}

int open(const char *path, int flags, ...) {
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = mode_argument(flags, arguments);
    va_end(arguments);
    return open_file(AT_FDCWD, path, flags, mode);
}

int open64(const char *path, int flags, ...) {
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = mode_argument(flags, arguments);
    va_end(arguments);
    return open_file(AT_FDCWD, path, flags, mode);
}

int __open_2(const char *path, int flags) { return open_file(AT_FDCWD, path, flags, 0); }
int __open64_2(const char *path, int flags) { return open_file(AT_FDCWD, path, flags, 0); }

int openat(int directory, const char *path, int flags, ...) {
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = mode_argument(flags, arguments);
    va_end(arguments);
    return is_locked && directory != AT_FDCWD ? (errno = EACCES, -1) : open_file(directory, path, flags, mode);
}

int openat64(int directory, const char *path, int flags, ...) {
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = mode_argument(flags, arguments);
    va_end(arguments);
    return is_locked && directory != AT_FDCWD ? (errno = EACCES, -1) : open_file(directory, path, flags, mode);
}

int __openat_2(int directory, const char *path, int flags) {
    return is_locked && directory != AT_FDCWD ? (errno = EACCES, -1) : open_file(directory, path, flags, 0);
}

int __openat64_2(int directory, const char *path, int flags) {
    return is_locked && directory != AT_FDCWD ? (errno = EACCES, -1) : open_file(directory, path, flags, 0);
}

typedef FILE *(*fopen_function)(const char *, const char *);

static FILE *open_stream(const char *path, const char *mode, const char *name) {
    if (!is_locked) {
        fopen_function next = (fopen_function)dlsym(RTLD_NEXT, name);
        if (next == NULL) {
            errno = ENOSYS;
            return NULL;
        }
        return next(path, mode);
    }
    int flags = (mode != NULL && mode[0] == 'r' && strchr(mode, '+') == NULL) ? O_RDONLY : O_RDWR;
    int descriptor = kept_duplicate(path, flags);
    if (descriptor < 0) return NULL;
    FILE *stream = fdopen(descriptor, "r");
    if (stream == NULL) close(descriptor);
    return stream;
}

FILE *fopen(const char *path, const char *mode) { return open_stream(path, mode, "fopen"); }
FILE *fopen64(const char *path, const char *mode) { return open_stream(path, mode, "fopen64"); }
