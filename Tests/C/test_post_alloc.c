/*
 * Posting allocates nothing (issue 31, item 10): a post the queue takes, and a post refused because
 * this frame's queue is full (SDLH_ERROR_QUEUE_FULL, with its message in SDLH_GetError), call no
 * allocator on the posting thread. A refused post used to cost 4 mallocs (the error message was
 * formatted for each one); the message is now made when SDLHaptics starts and written into the
 * thread's error buffer as it is. (A thread's error buffer is made at its first error: once.)
 *
 * This program counts every malloc, calloc, realloc, posix_memalign, aligned_alloc and memalign made
 * on the posting thread (test_alloc_count.h).
 *
 * Every other refusal of every post function allocates nothing either (issue 31, round two, F9: each
 * cost 1–3 mallocs, its message formatted into a String): an unknown player, a number that is NaN,
 * infinite, negative or out of range (also one whose shortest text is long, -0.30000000000000004),
 * invalid UTF-8, a name over SDLH_MAX_STRING_BYTES, a missing or empty name, a bad size, a bad enum
 * value, a NULL struct, a post after SDLH_Quit. Each is checked for its code and its message too.
 *
 * Usage: test_post_alloc
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <math.h>
#include <stdlib.h>
#include "test_support.h"
#include "test_alloc_count.h"

static long total_refusal_allocations = 0;

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

/* Every way a post can be refused, by function: each call returns its refusal (checked by `refusals`). */
static char long_name[SDLH_MAX_STRING_BYTES + 100];
static volatile double huge = 1e308;
static const char bad_utf8[] = {'a', 'b', (char)0xFF, (char)0xFE, 0};

typedef struct Refusal {
    const char *what;
    int expected;            /* the error code */
    const char *mentions;    /* SDLH_GetError mentions it */
} Refusal;

static const Refusal refusals[] = {
    {"action, unknown player", SDLH_ERROR_UNKNOWN_PLAYER, "player 99 does not exist"},
    {"action, invalid UTF-8", SDLH_ERROR_INVALID_ARGUMENT, "name is not valid UTF-8 (byte 2 of 4)"},
    {"action, name too long", SDLH_ERROR_INVALID_ARGUMENT, "name is longer than 4096 bytes"},
    {"action, empty name", SDLH_ERROR_INVALID_ARGUMENT, "name must not be empty"},
    {"action, NULL name", SDLH_ERROR_INVALID_ARGUMENT, "name must not be NULL"},
    {"action value, NaN", SDLH_ERROR_INVALID_ARGUMENT, "value must be a finite number, got nan"},
    {"action value, infinite", SDLH_ERROR_INVALID_ARGUMENT, "value must be a finite number, got inf"},
    {"collision, negative mass of a long text", SDLH_ERROR_INVALID_ARGUMENT, "mass_a must be a mass in kg > 0, or 0 for an immovable body; got -0.30000000000000004"},
    {"collision, NaN speed", SDLH_ERROR_INVALID_ARGUMENT, "speed must be a finite number >= 0"},
    {"collision, a huge negative impulse", SDLH_ERROR_INVALID_ARGUMENT, "got -1.7976931348623157e+308"},
    {"collision, bad size", SDLH_ERROR_INVALID_ARGUMENT, "SDLH_Collision.size is 99999"},
    {"collision, player 42", SDLH_ERROR_UNKNOWN_PLAYER, "player 42 does not exist: players are 0...3, or SDLH_EVERY_PLAYER (-1)"},
    {"collision, NaN position", SDLH_ERROR_INVALID_ARGUMENT, "position (x, y, z) must be finite, got (nan, 1.5, -2.0)"},
    {"collision, invalid UTF-8 material", SDLH_ERROR_INVALID_ARGUMENT, "material_a is not valid UTF-8"},
    {"collision, NULL", SDLH_ERROR_INVALID_ARGUMENT, "collision must not be NULL"},
    {"footstep, no surface", SDLH_ERROR_INVALID_ARGUMENT, "surface must not be NULL"},
    {"footstep, bad foot", SDLH_ERROR_INVALID_ARGUMENT, "foot must be an SDLH_Foot (0...2), got 77"},
    {"hit, direction out of range", SDLH_ERROR_INVALID_ARGUMENT, "direction must be within -1.0...1.0, got 9.0"},
    {"hit, bad blow", SDLH_ERROR_INVALID_ARGUMENT, "blow must be an SDLH_Blow (0...2), got 9"},
    {"hit, received and dealt", SDLH_ERROR_INVALID_ARGUMENT, "the deprecated dealt is 1"},
    {"texture, bad action", SDLH_ERROR_INVALID_ARGUMENT, "action must be an SDLH_TextureAction (0...2), got -5"},
    {"texture, start without kind", SDLH_ERROR_INVALID_ARGUMENT, "kind must not be NULL"},
    {"custom, long name", SDLH_ERROR_INVALID_ARGUMENT, "name is longer than 4096 bytes"},
    {"custom, invalid UTF-8 tag", SDLH_ERROR_INVALID_ARGUMENT, "tag is not valid UTF-8"},
    {"action struct, small size", SDLH_ERROR_INVALID_ARGUMENT, "SDLH_Action.size is 2"},
    {"feedback, bad case", SDLH_ERROR_INVALID_ARGUMENT, "feedback must be an SDLH_Feedback (0...16), got 99"},
    {"feedback, intensity 2", SDLH_ERROR_INVALID_ARGUMENT, "intensity must be within 0.0...1.0, got 2.0"},
    {"feedback, unknown player", SDLH_ERROR_UNKNOWN_PLAYER, "player -7 does not exist"},
};
enum { REFUSAL_COUNT = sizeof refusals / sizeof refusals[0] };

/* Makes refused post number `index` of `refusals`; returns its result. */
static int refused_post(int index) {
    SDLH_Collision collision;
    SDLH_Footstep footstep;
    SDLH_Hit hit;
    SDLH_Texture texture;
    SDLH_Custom custom;
    SDLH_Action action;
    SDLH_STRUCT_INIT(collision);
    collision.mass_a = 1;
    SDLH_STRUCT_INIT(footstep);
    SDLH_STRUCT_INIT(hit);
    SDLH_STRUCT_INIT(texture);
    SDLH_STRUCT_INIT(custom);
    custom.name = "sling_drawn";
    SDLH_STRUCT_INIT(action);
    action.name = "jump";
    switch (index) {
    case 0: return SDLH_PostAction(99, "jump");
    case 1: return SDLH_PostAction(0, bad_utf8);
    case 2: return SDLH_PostAction(0, long_name);
    case 3: return SDLH_PostAction(0, "");
    case 4: return SDLH_PostAction(0, NULL);
    case 5: return SDLH_PostActionValue(0, "jump", (double)NAN);
    case 6: return SDLH_PostActionValue(0, "jump", huge * 10);
    case 7: collision.mass_a = -0.1 - 0.2; return SDLH_PostCollision(&collision);
    case 8: collision.speed = (double)NAN; return SDLH_PostCollision(&collision);
    case 9: collision.impulse = -1.7976931348623157e308; return SDLH_PostCollision(&collision);
    case 10: collision.size = 99999; return SDLH_PostCollision(&collision);
    case 11: collision.player = 42; return SDLH_PostCollision(&collision);
    case 12: collision.has_position = 1; collision.x = (double)NAN; collision.y = 1.5; collision.z = -2;
             return SDLH_PostCollision(&collision);
    case 13: collision.material_a = bad_utf8; return SDLH_PostCollision(&collision);
    case 14: return SDLH_PostCollision(NULL);
    case 15: return SDLH_PostFootstep(&footstep);
    case 16: footstep.surface = "grass"; footstep.foot = 77; return SDLH_PostFootstep(&footstep);
    case 17: hit.has_direction = 1; hit.direction = 9; return SDLH_PostHit(&hit);
    case 18: hit.blow = 9; return SDLH_PostHit(&hit);
    case 19: hit.blow = SDLH_BLOW_RECEIVED; hit.dealt = 1; return SDLH_PostHit(&hit);
    case 20: texture.action = -5; return SDLH_PostTexture(&texture);
    case 21: texture.action = SDLH_TEXTURE_START; return SDLH_PostTexture(&texture);
    case 22: custom.name = long_name; return SDLH_PostCustom(&custom);
    case 23: custom.tag = bad_utf8; return SDLH_PostCustom(&custom);
    case 24: action.size = 2; return SDLH_PostActionEx(&action);
    case 25: return SDLH_PostFeedback(0, 99, 0.5);
    case 26: return SDLH_PostFeedback(0, SDLH_FEEDBACK_IMPACT_HEAVY, 2.0);
    default: return SDLH_PostFeedback(-7, SDLH_FEEDBACK_SUCCESS, 0.5);
    }
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


    /* Every other refusal: its code and message, then 100 more of it counted. */
    memset(long_name, 'x', sizeof long_name - 1);
    long_name[sizeof long_name - 1] = 0;
    for (index = 0; index < REFUSAL_COUNT; index++) {
        int round, right = 0;
        long before = total_refusal_allocations;
        CHECK_EQ_INT(refused_post(index), refusals[index].expected);
        CHECK_ERROR_MENTIONS(refusals[index].mentions);
        allocations = 0;
        counting = 1;
        for (round = 0; round < 100; round++) right += refused_post(index) == refusals[index].expected;
        counting = 0;
        CHECK_EQ_INT(right, 100);
        if (allocations != 0) fprintf(stderr, "%s: %ld allocations in 100 refused posts\n", refusals[index].what, allocations);
        CHECK_EQ_INT(allocations, 0);
        total_refusal_allocations = before + allocations;
    }
    CHECK_EQ_INT(SDLH_UpdateAt(time + 1), 0);
    printf("%d kinds of refused post, 100 each: %ld allocations\n", (int)REFUSAL_COUNT, total_refusal_allocations);

    CHECK_EQ_INT(SDLH_Quit(), 0);
    allocations = 0;
    counting = 1;
    for (index = 0; index < 100; index++) refused += SDLH_PostAction(0, "jump") == SDLH_ERROR_NOT_INITIALIZED;
    counting = 0;
    CHECK_EQ_INT(allocations, 0);
    CHECK_ERROR_MENTIONS("SDLH_PostAction: SDLHaptics is not initialized");
    SDL_Quit();
    return test_finish("test_post_alloc");
}
