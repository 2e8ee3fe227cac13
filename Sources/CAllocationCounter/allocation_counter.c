// Counts heap allocations by standing in for the C allocator: an executable's own malloc
// family takes precedence over libc's for the whole process (ELF symbol interposition, with
// the executable's symbols exported), and each wrapper forwards to glibc's `__libc_*` entry
// point. `free` is not wrapped: the memory still comes from glibc, so glibc's free is right.
// Written in C because Swift reserves the name `malloc` for its runtime.
#include <errno.h>
#include <stddef.h>

#include "CAllocationCounter.h"

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static unsigned long allocations;

static void count_one(void) {
    __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
}

unsigned long allocation_counter_count(void) {
    return __atomic_load_n(&allocations, __ATOMIC_RELAXED);
}

void *malloc(size_t size) {
    count_one();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_one();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_one();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    count_one();
    int isPowerOfTwo = alignment != 0 && (alignment & (alignment - 1)) == 0;
    if (!isPowerOfTwo || alignment % sizeof(void *) != 0) return EINVAL;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}
