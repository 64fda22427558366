/*
 * Posting allocates nothing (issue 31, item 10): a post the queue takes, and a post refused because
 * this frame's queue is full (SDLH_ERROR_QUEUE_FULL, with its message in SDLH_GetError), call no
 * allocator on the posting thread. A refused post used to cost 4 mallocs (the error message was
 * formatted for each one); the message is now made when SDLHaptics starts and written into the
 * thread's error buffer as it is. (A thread's error buffer is made at its first error: once.)
 *
 * This program counts every malloc, calloc, realloc, posix_memalign, aligned_alloc and memalign made
 * on the posting thread, by defining them over glibc's (__libc_malloc...): the library's calls reach
 * these definitions first.
 *
 * Usage: test_post_alloc
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include "test_support.h"

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

static int post_collision(int index) {
    SDLH_Collision collision;
    SDLH_STRUCT_INIT(collision);
    collision.player = SDLH_EVERY_PLAYER;
    collision.mass_a = 1 + index % 500;
    collision.speed = index % 13;
    collision.material_a = index & 1 ? "crate" : "metal";
    collision.material_b = "stone";
    collision.has_position = 1;
    collision.x = index % 20;
    return SDLH_PostCollision(&collision);
}

int main(void) {
    double time = 0;
    int index, refused = 0, accepted = 0;
    long refused_allocations, accepted_allocations;
    if (start_sdl() != 0) return 1;
    CHECK_EQ_INT(SDLH_Init(NULL), 0);
    counted_thread = pthread_self();

    /* Fill this frame's queue; the first refusal makes this thread's error buffer. */
    for (index = 0; index < SDLH_MAX_EVENTS_PER_FRAME; index++) accepted += post_collision(index) == 0;
    CHECK_EQ_INT(accepted, SDLH_MAX_EVENTS_PER_FRAME);
    CHECK_EQ_INT(post_collision(0), SDLH_ERROR_QUEUE_FULL);

    counting = 1;
    for (index = 0; index < 1000; index++) {
        refused += post_collision(index) == SDLH_ERROR_QUEUE_FULL;
        refused += SDLH_PostAction(0, "jump") == SDLH_ERROR_QUEUE_FULL;
    }
    counting = 0;
    refused_allocations = allocations;
    CHECK_EQ_INT(refused, 2000);
    CHECK_ERROR_MENTIONS("SDLH_PostAction: this frame's event queue is full (16384 events): the event was dropped");
    CHECK_EQ_INT(refused_allocations, 0);

    time += 1.0 / 60.0;
    CHECK_EQ_INT(SDLH_UpdateAt(time), 0);   /* the queue is empty again */
    allocations = 0;
    accepted = 0;
    counting = 1;
    for (index = 0; index < 1000; index++) accepted += post_collision(index) == 0;
    counting = 0;
    accepted_allocations = allocations;
    CHECK_EQ_INT(accepted, 1000);
    CHECK_EQ_INT(accepted_allocations, 0);
    printf("2,000 refused posts: %ld allocations; 1,000 accepted posts: %ld allocations\n", refused_allocations, accepted_allocations);

    CHECK_EQ_INT(SDLH_Quit(), 0);
    SDL_Quit();
    return test_finish("test_post_alloc");
}
