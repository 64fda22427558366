/*
 * What posting costs through the C API (issue 16), measured the same way as its Swift twin
 * (Tools/PostBench: GameHaptics.post): four virtual pads, the shipped config, a listener per
 * player, the crash of Benchmarks/MappingEvents (masses 1...500 kg, speeds 0...12 m/s, four
 * materials as strings, positions along x). `make bench-c` builds both in release mode and runs them.
 *
 *   post one event: 200 rounds of 1,000 posts, each round timed and divided by 1,000 (an update
 *                   between rounds, untimed, empties the queue); median and p90 over rounds, in ns
 *   a frame of 10,000 posts: 100 frames of 10,000 posts then SDLH_UpdateAt (mapping, engine, pads);
 *                   median and p90 of the whole frame and of its posting share, in µs
 *   then where one post's time goes: best of 50 rounds of 1,000 posts without names, with one, two
 *                   names (player 0, no position); and a post refused with a full queue (median and best)
 *
 * Usage: post_bench CONFIG
 */
#include <stdio.h>
#include <stdlib.h>
#include "SDL.h"
#include "sdlhaptics.h"

static int SDLCALL ignore_rumble(void *userdata, Uint16 low, Uint16 high) {
    (void)userdata; (void)low; (void)high;
    return 0;
}

/* Best of 50 rounds of 1,000 calls of `body`, per call in ns (an update between rounds, untimed). */
#define BEST_OF_50(label, body)                                                                     \
    do {                                                                                            \
        double best = 1e18;                                                                         \
        int round_, call_;                                                                          \
        for (round_ = 0; round_ < 50; round_++) {                                                   \
            Uint64 start_ = SDL_GetPerformanceCounter();                                            \
            for (call_ = 0; call_ < 1000; call_++) { body; }                                        \
            double each_ = (double)(SDL_GetPerformanceCounter() - start_) * ns / 1000.0;            \
            if (each_ < best) best = each_;                                                         \
            SDLH_UpdateAt(time += 1.0 / 60.0);                                                      \
        }                                                                                           \
        printf("C API   %-31s best %6.1f ns\n", label, best);                                        \
    } while (0)

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double percentile(double *values, int count, int p) {
    qsort(values, (size_t)count, sizeof *values, compare);
    return values[(count - 1) * p / 100];
}

static const char *materials[4] = { "crate", "metal", "wood", "stone" };

static void post(int counter) {
    SDLH_Collision collision;
    SDLH_STRUCT_INIT(collision);
    collision.player = SDLH_EVERY_PLAYER;
    collision.mass_a = 1 + counter % 500;
    collision.speed = counter % 13;
    collision.material_a = materials[counter & 3];
    collision.material_b = "stone";
    collision.has_position = 1;
    collision.x = counter % 20;
    if (SDLH_PostCollision(&collision) != 0) {
        fprintf(stderr, "%s\n", SDLH_GetError());
        exit(1);
    }
}

int main(int argc, char **argv) {
    enum { ROUNDS = 200, FRAMES = 100 };
    static double per_post[ROUNDS], frame_us[FRAMES], posting_us[FRAMES];
    double time = 0, ns = 1e9 / (double)SDL_GetPerformanceFrequency();
    int counter = 0, i, j, player;
    SDL_Event event;

    if (argc != 2) { fprintf(stderr, "usage: post_bench CONFIG\n"); return 2; }
    SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER);
    for (player = 0; player < 4; player++) {
        SDL_VirtualJoystickDesc desc;
        SDL_zero(desc);
        desc.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
        desc.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
        desc.naxes = SDL_CONTROLLER_AXIS_MAX;
        desc.nbuttons = SDL_CONTROLLER_BUTTON_MAX;
        desc.Rumble = ignore_rumble;
        SDL_JoystickAttachVirtualEx(&desc);
    }
    if (SDLH_Init(NULL) != 0 || SDLH_LoadMappingWithOptions(argv[1], 0, 1) != 0) {
        fprintf(stderr, "%s\n", SDLH_GetError());
        return 1;
    }
    while (SDL_PollEvent(&event)) SDLH_HandleEvent(&event);
    for (player = 0; player < 4; player++) SDLH_SetListener(player, player, 0, 0);
    for (i = 0; i < 120; i++) {   /* warm up */
        for (j = 0; j < 10; j++) post(++counter);
        SDLH_UpdateAt(time += 1.0 / 60.0);
    }

    for (i = 0; i < ROUNDS; i++) {
        Uint64 start = SDL_GetPerformanceCounter();
        for (j = 0; j < 1000; j++) post(++counter);
        per_post[i] = (double)(SDL_GetPerformanceCounter() - start) * ns / 1000.0;
        SDLH_UpdateAt(time += 1.0 / 60.0);
    }
    for (i = 0; i < FRAMES; i++) {
        Uint64 start = SDL_GetPerformanceCounter(), posted;
        for (j = 0; j < 10000; j++) post(++counter);
        posted = SDL_GetPerformanceCounter();
        SDLH_UpdateAt(time += 1.0 / 60.0);
        frame_us[i] = (double)(SDL_GetPerformanceCounter() - start) * ns / 1000.0;
        posting_us[i] = (double)(posted - start) * ns / 1000.0;
    }
    printf("C API   post one event:                 median %6.1f ns   p90 %6.1f ns\n",
           percentile(per_post, ROUNDS, 50), percentile(per_post, ROUNDS, 90));
    printf("C API   frame of 10,000 posts + update: median %6.0f us   p90 %6.0f us   (posting: median %6.0f us)\n",
           percentile(frame_us, FRAMES, 50), percentile(frame_us, FRAMES, 90), percentile(posting_us, FRAMES, 50));
    {   /* where the time of one post goes */
        SDLH_Collision collision;
        SDLH_STRUCT_INIT(collision);
        collision.player = 0;
        collision.mass_a = 10;
        collision.speed = 3;
        BEST_OF_50("feedback post (no names):", SDLH_PostFeedback(0, SDLH_FEEDBACK_SUCCESS, 1));
        BEST_OF_50("collision, no names:", SDLH_PostCollision(&collision));
        collision.material_a = "crate";
        BEST_OF_50("collision, one name:", SDLH_PostCollision(&collision));
        collision.material_b = "stone";
        BEST_OF_50("collision, two names:", SDLH_PostCollision(&collision));

        /* A post refused because this frame's queue is full (issue 31, item 10): median and best of
           50 rounds of 1,000, the queue kept full between rounds. */
        {
            static double refused[50];
            int round;
            for (i = 0; i < SDLH_MAX_EVENTS_PER_FRAME; i++) SDLH_PostCollision(&collision);
            for (round = 0; round < 50; round++) {
                Uint64 start = SDL_GetPerformanceCounter();
                for (j = 0; j < 1000; j++) {
                    if (SDLH_PostCollision(&collision) != SDLH_ERROR_QUEUE_FULL) { fprintf(stderr, "not refused\n"); return 1; }
                }
                refused[round] = (double)(SDL_GetPerformanceCounter() - start) * ns / 1000.0;
            }
            printf("C API   %-31s median %6.1f ns   best %6.1f ns\n", "refused post (queue full):",
                   percentile(refused, 50, 50), percentile(refused, 50, 0));
            SDLH_UpdateAt(time += 1.0 / 60.0);
        }
    }
    SDLH_Quit();
    SDL_Quit();
    return 0;
}
