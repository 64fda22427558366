/*
 * No call nests inside another (issue 31, round two, F1). SDL calls the game back in the middle of
 * SDLHaptics' work: a virtual pad's rumble callback as a pad is sent a level (inside SDLH_UpdateAt,
 * SDLH_StopAll, SDLH_SetHapticsEnabled(0), SDLH_Pause, SDLH_Quit...), SDL's log output function as
 * SDLHaptics logs a line (a name no rule takes, inside the update). A game-thread function called from
 * there is refused with SDLH_ERROR_INVALID_ARGUMENT ("called while SDLH_UpdateAt runs on this thread"),
 * every one of them, like SDLH_UpdateAt from a completion callback; the any-thread functions (posts,
 * SDLH_GetError) work (a post from inside SDLH_Quit is refused as after it). Before the fix, SDLH_StopAll, SDLH_SetHapticsEnabled(0), SDLH_Pause,
 * SDLH_UpdateAt and SDLH_Quit from a rumble callback aborted the process ("Fatal access conflict
 * detected"), and SDLH_UpdateAt and SDLH_Quit from the log output were accepted in the middle of the
 * update.
 *
 * Each case runs in a child process, so an abort is seen as one (exit status) rather than ending the test.
 *
 * Usage: test_reentry TEMP_DIR SHIPPED_CONFIG
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "test_support.h"

/* The game-thread functions a callback tries, each with arguments that would work outside. */
enum { CALL_COUNT = 24 };
static const char *call_names[CALL_COUNT] = {
    "SDLH_UpdateAt", "SDLH_Update", "SDLH_Quit", "SDLH_StopAll", "SDLH_SetHapticsEnabled", "SDLH_Pause",
    "SDLH_Resume", "SDLH_PlayPattern", "SDLH_PlayFeedback", "SDLH_LoadMapping", "SDLH_LoadPreset",
    "SDLH_FreePattern", "SDLH_GetNumPads", "SDLH_GetMappingStats", "SDLH_SetMasterIntensity",
    "SDLH_SetCategoryIntensity", "SDLH_HandleEvent", "SDLH_SetListener", "SDLH_GetNumUnmatchedNames",
    "SDLH_GetRumbleStats", "SDLH_SetPlayerForJoystick", "SDLH_AttachVirtualPad", "SDLH_StopPatternPlayer",
    "SDLH_EnableAudio"};

static SDLH_Pattern *pattern;
static SDLH_PatternPlayer *handle;
static const char *config_path;
static SDL_JoystickID pad_id;
static double game_time;
static int results[CALL_COUNT];        /* the last result of each call from inside */
static int refused_right[CALL_COUNT];  /* refused with SDLH_ERROR_INVALID_ARGUMENT naming the running function */
static int post_result = 1;
static int inside = 0, acted = 0;
static const char *running_name;       /* the function the callback expects to be inside */

/* Calls function `index` and returns its result (pointers: 0 or -1). */
static int call(int index) {
    SDLH_MappingStats stats;
    SDLH_RumbleStats rumble;
    SDL_Event event;
    SDLH_Pattern *preset;
    SDLH_VirtualPad *pad;
    switch (index) {
    case 0: return SDLH_UpdateAt(game_time + 0.001);
    case 1: return SDLH_Update();
    case 2: return SDLH_Quit();
    case 3: return SDLH_StopAll();
    case 4: return SDLH_SetHapticsEnabled(0);
    case 5: return SDLH_Pause();
    case 6: return SDLH_Resume();
    case 7: return SDLH_PlayPattern(pattern, 0, 1, SDLH_CATEGORY_CUSTOM, NULL);
    case 8: return SDLH_PlayFeedback(0, SDLH_FEEDBACK_SUCCESS, 1);
    case 9: return SDLH_LoadMappingWithOptions(config_path, 0, 1);
    case 10: preset = SDLH_LoadPreset("Heartbeat"); if (preset) SDLH_FreePattern(preset); return preset ? 0 : -1;
    case 11: return SDLH_FreePattern(pattern);
    case 12: return SDLH_GetNumPads();
    case 13: SDLH_STRUCT_INIT(stats); return SDLH_GetMappingStats(&stats);
    case 14: return SDLH_SetMasterIntensity(0.5);
    case 15: return SDLH_SetCategoryIntensity(SDLH_CATEGORY_CUSTOM, 0.5);
    case 16: SDL_zero(event); event.type = SDL_WINDOWEVENT; event.window.event = SDL_WINDOWEVENT_FOCUS_LOST;
             return SDLH_HandleEvent(&event);
    case 17: return SDLH_SetListener(0, 1, 2, 3);
    case 18: return SDLH_GetNumUnmatchedNames();
    case 19: SDLH_STRUCT_INIT(rumble); return SDLH_GetRumbleStats(0, &rumble);
    case 20: return SDLH_SetPlayerForJoystick(pad_id, 0);
    case 21: pad = SDLH_AttachVirtualPad("xboxOne"); if (pad) SDLH_DetachVirtualPad(pad); return pad ? 0 : -1;
    case 22: return SDLH_StopPatternPlayer(handle);
    default: return SDLH_EnableAudio();
    }
}

/* Tries every call once, from inside SDL's callback (the first time it is called for this case). */
static void act(void) {
    int index;
    if (inside || acted) return;
    inside = 1;
    acted = 1;
    for (index = 0; index < CALL_COUNT; index++) {
        char expected[96];
        results[index] = call(index);
        SDL_snprintf(expected, sizeof expected, "called while %s runs on this thread", running_name);
        refused_right[index] = results[index] == SDLH_ERROR_INVALID_ARGUMENT && strstr(SDLH_GetError(), expected) != NULL;
        if (!refused_right[index]) fprintf(stderr, "  %s from inside %s: %d (%s)\n", call_names[index], running_name, results[index], SDLH_GetError());
    }
    post_result = SDLH_PostAction(0, "jump");   /* any thread, so from here too */
    inside = 0;
}

static int SDLCALL acting_rumble(void *userdata, Uint16 low, Uint16 high) {
    (void)userdata; (void)low; (void)high;
    act();
    return 0;
}

static void SDLCALL acting_log(void *userdata, int category, SDL_LogPriority priority, const char *message) {
    (void)userdata; (void)category; (void)priority;
    if (strstr(message, "SDLHaptics") != NULL) act();
}

/* Starts SDLHaptics with a pad whose rumble callback acts (or SDL's log output acting), plays, and calls
 * `outer` (what SDL's callback will be inside). Returns 0 when every call from inside was refused as
 * expected, the post worked and SDLHaptics works after; exits the child. */
static void child_case(const char *where, const char *outer) {
    int index, failed = 0, device;
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    if (start_sdl() != 0) _exit(3);
    if (strcmp(where, "log") == 0) {
        static PadLog quiet;
        attach_pad(&quiet);
        pad_id = quiet.instance_id;
    } else {
        device = attach_pad_calling(acting_rumble, NULL);
        pad_id = SDL_JoystickGetDeviceInstanceID(device);
    }
    if (SDLH_Init(NULL) != 0) _exit(4);
    pump();
    if (SDLH_LoadMappingWithOptions(config_path, 0, 1) != 0) _exit(5);
    pattern = continuous_pattern("5");
    if (pattern == NULL || SDLH_PlayPattern(pattern, 0, 1, SDLH_CATEGORY_CUSTOM, &handle) != 1) _exit(6);
    game_time = 1.0 / 60.0;
    running_name = outer;
    if (strcmp(where, "log") == 0) {
        SDL_LogSetOutputFunction(acting_log, NULL);
        SDL_LogSetPriority(SDL_LOG_CATEGORY_APPLICATION, SDL_LOG_PRIORITY_DEBUG);
        SDLH_PostAction(0, "jummp");   /* the update logs it: a name no rule takes */
        SDLH_UpdateAt(game_time);
    } else {
        /* A first frame puts the pad at full strength (SDL's callback acts once, on that first level, when
         * the outer call is the update; else the outer call's stop sends the zeros it acts on). */
        if (strcmp(outer, "SDLH_UpdateAt") != 0) {
            acted = 1;
            SDLH_UpdateAt(game_time);
            acted = 0;
        }
        if (strcmp(outer, "SDLH_UpdateAt") == 0) SDLH_UpdateAt(game_time += 1.0 / 60.0);
        else if (strcmp(outer, "SDLH_StopAll") == 0) SDLH_StopAll();
        else if (strcmp(outer, "SDLH_SetHapticsEnabled") == 0) SDLH_SetHapticsEnabled(0);
        else if (strcmp(outer, "SDLH_Pause") == 0) SDLH_Pause();
        else if (strcmp(outer, "SDLH_Quit") == 0) SDLH_Quit();
    }
    if (!acted) { fprintf(stderr, "  %s/%s: SDL's callback never ran\n", where, outer); _exit(7); }
    for (index = 0; index < CALL_COUNT; index++) if (!refused_right[index]) failed++;
    /* SDLH_Quit closes posting before it stops the pads: posts from then on are refused as after it. */
    if (post_result != (strcmp(outer, "SDLH_Quit") == 0 ? SDLH_ERROR_NOT_INITIALIZED : 0)) { fprintf(stderr, "  %s/%s: SDLH_PostAction from inside: %d\n", where, outer, post_result); failed++; }
    /* After the outer call returned, everything works again. */
    if (strcmp(outer, "SDLH_Quit") == 0) {
        if (SDLH_WasInit() != 0 || SDLH_Init(NULL) != 0) failed++;
    } else if (SDLH_StopAll() != 0 || SDLH_UpdateAt(game_time + 1) != 0) {
        fprintf(stderr, "  %s/%s: after the call: %s\n", where, outer, SDLH_GetError());
        failed++;
    }
    SDLH_Quit();
    _exit(failed == 0 ? 0 : 1);
}

/* Runs one case in a child; 1 when it exited with 0. */
static int run_case(const char *where, const char *outer) {
    int status;
    pid_t child = fork();
    if (child == 0) child_case(where, outer);
    if (child < 0 || waitpid(child, &status, 0) != child) return 0;
    if (!WIFEXITED(status)) {
        fprintf(stderr, "  %s/%s: the child died with signal %d\n", where, outer, WIFSIGNALED(status) ? WTERMSIG(status) : 0);
        return 0;
    }
    if (WEXITSTATUS(status) != 0) fprintf(stderr, "  %s/%s: the child exited with %d\n", where, outer, WEXITSTATUS(status));
    return WEXITSTATUS(status) == 0;
}

int main(int argc, char **argv) {
    static const char *outers[] = {"SDLH_UpdateAt", "SDLH_StopAll", "SDLH_SetHapticsEnabled", "SDLH_Pause", "SDLH_Quit"};
    unsigned index;
    if (argc < 3) {
        fprintf(stderr, "usage: test_reentry TEMP_DIR SHIPPED_CONFIG\n");
        return 2;
    }
    config_path = argv[2];
    for (index = 0; index < sizeof outers / sizeof outers[0]; index++) CHECK(run_case("rumble", outers[index]));
    CHECK(run_case("log", "SDLH_UpdateAt"));
    return test_finish("test_reentry");
}
