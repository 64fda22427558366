/*
 * Counts allocations on one thread, for the C tests that check a path allocates nothing (test_post_alloc.c,
 * test_update_alloc.c): malloc, calloc, realloc, memalign, aligned_alloc and posix_memalign are defined here
 * over glibc's (__libc_malloc...), so the library's calls reach these definitions first. Include it in one
 * translation unit of a test program, after <pthread.h> and <stdlib.h>.
 *
 * Set `counted_thread` to the thread to watch (pthread_self()), `counting` to 1 around what is measured;
 * `allocations` is the count.
 */
#ifndef TEST_ALLOC_COUNT_H
#define TEST_ALLOC_COUNT_H

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static volatile int counting = 0;
static pthread_t counted_thread;
static volatile long allocations = 0;

static void count(void) {
    if (counting && pthread_equal(pthread_self(), counted_thread)) allocations++;
}

void *malloc(size_t size) { count(); return __libc_malloc(size); }
void *calloc(size_t number, size_t size) { count(); return __libc_calloc(number, size); }
void *realloc(void *pointer, size_t size) { count(); return __libc_realloc(pointer, size); }
void free(void *pointer) { __libc_free(pointer); }
void *memalign(size_t alignment, size_t size);
void *memalign(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size);
void *aligned_alloc(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
int posix_memalign(void **result, size_t alignment, size_t size) {
    count();
    *result = __libc_memalign(alignment, size);
    return *result == NULL ? 12 : 0;   /* ENOMEM */
}

#endif
