#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <fontconfig/fontconfig.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "CSandbox.h"

// The files a locked-down renderer may still open: the fonts fontconfig knows, and the document
// with, for an indirect DjVu, its page files, opened read-only before the seccomp filter. poppler opens a font that a PDF names but does not embed (fontconfig's
// stand-in for Helvetica) while it draws, long after start-up; these definitions of open and
// fopen, exported by glide-page-renderer, take the place of libc's for every library in the
// process and hand out a duplicate of the file opened earlier, without a system call. Anything
// else fails with EACCES, as the filter would have it. DjVuLibre opens its document by name,
// again for each read of an indirect document's page and after its own stream pool closes the
// file (DataPool's OpenFiles), so it is served the same way. Every reader of a font file seeks before
// it reads (FreeType's streams, poppler's whole-file reads) or maps it, so duplicates sharing
// one file offset do not disturb each other in the renderer's one thread.

struct kept_file {
    char *path;
    int descriptor;
    /// The file's identity: a path spelled otherwise (`a//b`, a link) still finds it.
    dev_t device;
    ino_t inode;
    /// Kept from a descriptor the renderer was given: served even before the lock-down.
    int is_given;
};

static struct kept_file *kept = NULL;
static size_t kept_count = 0;
static int is_locked = 0;
/// Guards `kept`: a library's own threads (DjVuLibre's) may open files while more are kept.
static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;

/// Keeps `descriptor` (taken over) as the file `path`; 0, or a negative errno.
static int keep_descriptor(const char *path, int descriptor, int is_given) {
    struct stat status;
    if (fstat(descriptor, &status) != 0) {
        int error = errno;
        close(descriptor);
        return -error;
    }
    pthread_mutex_lock(&kept_lock);
    struct kept_file *grown = realloc(kept, (kept_count + 1) * sizeof *kept);
    char *copy = strdup(path);
    if (grown == NULL || copy == NULL) {
        if (grown != NULL) kept = grown;
        pthread_mutex_unlock(&kept_lock);
        free(copy);
        close(descriptor);
        return -ENOMEM;
    }
    kept = grown;
    kept[kept_count].path = copy;
    kept[kept_count].descriptor = descriptor;
    kept[kept_count].device = status.st_dev;
    kept[kept_count].inode = status.st_ino;
    kept[kept_count].is_given = is_given;
    kept_count++;
    pthread_mutex_unlock(&kept_lock);
    return 0;
}

/// The kept file named `path`, or NULL; with `kept_lock` held.
static struct kept_file *kept_with_path(const char *path) {
    for (size_t index = 0; index < kept_count; index++) {
        if (strcmp(kept[index].path, path) == 0) return &kept[index];
    }
    return NULL;
}

static int is_kept(const char *path) {
    pthread_mutex_lock(&kept_lock);
    int found = kept_with_path(path) != NULL;
    pthread_mutex_unlock(&kept_lock);
    return found;
}

static void keep(const char *path) {
    if (is_kept(path)) return;
    int descriptor = (int)syscall(SYS_openat, AT_FDCWD, path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return;
    (void)keep_descriptor(path, descriptor, 0);
}

int glide_sandbox_keep_file(const char *path, int descriptor) {
    if (path == NULL) return -EINVAL;
    if (is_kept(path)) return 0;
    int kept_descriptor = descriptor >= 0 ? fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
                                          : (int)syscall(SYS_openat, AT_FDCWD, path, O_RDONLY | O_CLOEXEC);
    if (kept_descriptor < 0) return -errno;
    return keep_descriptor(path, kept_descriptor, descriptor >= 0);
}

int glide_sandbox_raise_descriptor_limit(void) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return -1;
    if (limit.rlim_cur == limit.rlim_max) return 0;
    limit.rlim_cur = limit.rlim_max;
    return setrlimit(RLIMIT_NOFILE, &limit);
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

/// The kept file named `path`, or else (once locked, when the name is spelled otherwise) the
/// kept file that is the same file; NULL when none is. With `kept_lock` held.
static struct kept_file *kept_file_named(const char *path) {
    struct kept_file *named = kept_with_path(path);
    if (named != NULL) return named;
    struct stat status;
    if (!is_locked || kept_count == 0 || stat(path, &status) != 0) return NULL;
    for (size_t index = 0; index < kept_count; index++) {
        if (kept[index].device == status.st_dev && kept[index].inode == status.st_ino) return &kept[index];
    }
    return NULL;
}

/// A duplicate of the kept file `path`, or -1 with errno EACCES (also for any way of opening
/// that could write).
static int kept_duplicate(const char *path, int flags) {
    if ((flags & O_ACCMODE) != O_RDONLY || (flags & (O_CREAT | O_TRUNC)) != 0 || path == NULL) {
        errno = EACCES;
        return -1;
    }
    pthread_mutex_lock(&kept_lock);
    struct kept_file *file = kept_file_named(path);
    int duplicate = file != NULL ? fcntl(file->descriptor, F_DUPFD_CLOEXEC, 0) : -1;
    pthread_mutex_unlock(&kept_lock);
    if (file == NULL) {
        errno = EACCES;
        return -1;
    }
    if (duplicate >= 0) lseek(duplicate, 0, SEEK_SET);
    return duplicate;
}

static int open_file(int directory, const char *path, int flags, mode_t mode) {
    if (is_locked) return kept_duplicate(path, flags);
    // A document kept from a descriptor (the renderer's standard input) is that file, even
    // before the lock-down.
    if (directory == AT_FDCWD && path != NULL && (flags & O_ACCMODE) == O_RDONLY && (flags & (O_CREAT | O_TRUNC)) == 0) {
        pthread_mutex_lock(&kept_lock);
        struct kept_file *given = kept_with_path(path);
        int is_given = given != NULL && given->is_given;
        pthread_mutex_unlock(&kept_lock);
        if (is_given) return kept_duplicate(path, flags);
    }
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
