/*
 * Posting from many threads while the game thread updates, then quitting while they still post:
 * every post is either taken (and counted by the mapping) or refused with a code, never lost
 * silently, and nothing crashes.
 */
#include "test_support.h"

enum { THREADS = 8, POSTS = 10000 };

typedef struct Poster {
    int accepted, full, after_quit, other;
    int keep_posting;   /* set before the thread starts */
} Poster;

static SDL_atomic_t stop_flag;

static int SDLCALL poster(void *data) {
    Poster *counts = (Poster *)data;
    SDLH_Footstep step;
    int i, result;
    SDLH_STRUCT_INIT(step);
    step.player = SDLH_EVERY_PLAYER;
    step.surface = "metal";
    step.speed = 2;
    for (i = 0; i < POSTS || (counts->keep_posting && !SDL_AtomicGet(&stop_flag)); i++) {
        result = SDLH_PostFootstep(&step);
        if (result == 0) counts->accepted++;
        else if (result == SDLH_ERROR_QUEUE_FULL) counts->full++;
        else if (result == SDLH_ERROR_NOT_INITIALIZED) counts->after_quit++;
        else counts->other++;
        if (i >= POSTS && counts->after_quit > 100) break;
    }
    return 0;
}

int main(void) {
    SDL_Thread *threads[THREADS];
    Poster counts[THREADS];
    SDLH_MappingStats stats;
    double time = 0;
    int i, accepted = 0, full = 0, after_quit = 0, other = 0;

    if (start_sdl() != 0) return 1;
    CHECK_EQ_INT(SDLH_Init(NULL), 0);

    /* Eight posters against the game thread's updates. */
    SDL_AtomicSet(&stop_flag, 0);
    for (i = 0; i < THREADS; i++) {
        SDL_zero(counts[i]);
        threads[i] = SDL_CreateThread(poster, "poster", &counts[i]);
    }
    for (i = 0; i < 2000; i++) {
        frames(&time, 1);
        SDL_Delay(0);
    }
    for (i = 0; i < THREADS; i++) SDL_WaitThread(threads[i], NULL);
    frames(&time, 1);
    for (i = 0; i < THREADS; i++) {
        accepted += counts[i].accepted;
        full += counts[i].full;
        other += counts[i].other;
    }
    SDLH_STRUCT_INIT(stats);
    CHECK_EQ_INT(SDLH_GetMappingStats(&stats), 0);
    CHECK_EQ_INT(accepted + full, THREADS * POSTS);
    CHECK_EQ_INT(other, 0);
    CHECK_EQ_INT(stats.events, accepted);   /* every accepted post reached the mapping */
    CHECK_EQ_INT(stats.dropped, full);

    /* Quit while they post: their posts turn into SDLH_ERROR_NOT_INITIALIZED. */
    for (i = 0; i < THREADS; i++) {
        SDL_zero(counts[i]);
        counts[i].keep_posting = 1;
        threads[i] = SDL_CreateThread(poster, "poster", &counts[i]);
    }
    frames(&time, 5);
    CHECK_EQ_INT(SDLH_Quit(), 0);
    SDL_Delay(50);
    SDL_AtomicSet(&stop_flag, 1);
    other = 0;
    for (i = 0; i < THREADS; i++) {
        SDL_WaitThread(threads[i], NULL);
        after_quit += counts[i].after_quit;
        other += counts[i].other;
    }
    CHECK(after_quit > 0);
    CHECK_EQ_INT(other, 0);

    SDL_Quit();
    return test_finish("test_threads");
}
