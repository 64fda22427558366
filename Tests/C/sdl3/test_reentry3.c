/*
 * No call nests inside another, on SDL3 too (issue 31, round two, F1; Tests/C/test_reentry.c is SDL2's):
 * a virtual gamepad's rumble callback, which SDL 3 calls as SDLHaptics sends a level (inside
 * SDLH_UpdateAt, SDLH_StopAll, SDLH_SetHapticsEnabled(0), SDLH_Pause, SDLH_Quit), and SDL's log output
 * function, which SDL calls as SDLHaptics logs a name no rule takes inside the update, call game-thread
 * functions: each is refused with SDLH_ERROR_INVALID_ARGUMENT naming the running function, a post works,
 * and the process lives. Each case runs in a child process (an abort would show as its exit status).
 *
 * Usage: test_reentry3 TEMP_DIR SHIPPED_CONFIG
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "test_support3.h"

enum { CALL_COUNT = 12 };
static const char *call_names[CALL_COUNT] = {
    "SDLH_UpdateAt", "SDLH_Quit", "SDLH_StopAll", "SDLH_SetHapticsEnabled", "SDLH_Pause", "SDLH_PlayPattern",
    "SDLH_PlayFeedback", "SDLH_LoadMapping", "SDLH_FreePattern", "SDLH_HandleEvent", "SDLH_AttachVirtualPad",
    "SDLH_GetNumPads"};

static SDLH_Pattern *pattern;
static const char *config_path;
static const char *running_name;
static int refused_right[CALL_COUNT];
static int post_result = 1, inside = 0, acted = 0, armed = 0;

static int call(int index) {
    SDL_Event event;
    SDLH_VirtualPad *pad;
    switch (index) {
    case 0: return SDLH_UpdateAt(100);
    case 1: return SDLH_Quit();
    case 2: return SDLH_StopAll();
    case 3: return SDLH_SetHapticsEnabled(0);
    case 4: return SDLH_Pause();
    case 5: return SDLH_PlayPattern(pattern, 0, 1, SDLH_CATEGORY_CUSTOM, NULL);
    case 6: return SDLH_PlayFeedback(0, SDLH_FEEDBACK_SUCCESS, 1);
    case 7: return SDLH_LoadMappingWithOptions(config_path, 0, 1);
    case 8: return SDLH_FreePattern(pattern);
    case 9: SDL_zero(event); event.type = SDL_EVENT_WINDOW_FOCUS_LOST; return SDLH_HandleEvent(&event);
    case 10: pad = SDLH_AttachVirtualPad("xboxOne"); if (pad) SDLH_DetachVirtualPad(pad); return pad ? 0 : -1;
    default: return SDLH_GetNumPads();
    }
}

static void act(void) {
    int index;
    if (!armed || inside || acted) return;
    inside = acted = 1;
    for (index = 0; index < CALL_COUNT; index++) {
        char expected[96];
        int result = call(index);
        SDL_snprintf(expected, sizeof expected, "called while %s runs on this thread", running_name);
        refused_right[index] = result == SDLH_ERROR_INVALID_ARGUMENT && strstr(SDLH_GetError(), expected) != NULL;
        if (!refused_right[index]) fprintf(stderr, "  %s from inside %s: %d (%s)\n", call_names[index], running_name, result, SDLH_GetError());
    }
    post_result = SDLH_PostAction(0, "jump");
    inside = 0;
}

static bool SDLCALL acting_rumble(void *userdata, Uint16 low, Uint16 high) {
    (void)userdata; (void)low; (void)high;
    act();
    return true;
}

static void SDLCALL acting_log(void *userdata, int category, SDL_LogPriority priority, const char *message) {
    (void)userdata; (void)category; (void)priority;
    if (strstr(message, "SDLHaptics") != NULL) act();
}

static void child_case(const char *where, const char *outer) {
    SDL_VirtualJoystickDesc desc;
    int index, failed = 0;
    double time = 1.0 / 60.0;
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    if (!SDL_Init(SDL_INIT_GAMEPAD)) _exit(3);
    SDL_INIT_INTERFACE(&desc);
    desc.type = SDL_JOYSTICK_TYPE_GAMEPAD;
    desc.naxes = SDL_GAMEPAD_AXIS_COUNT;
    desc.nbuttons = SDL_GAMEPAD_BUTTON_COUNT;
    desc.Rumble = acting_rumble;
    if (SDL_AttachVirtualJoystick(&desc) == 0 || SDLH_Init(NULL) != 0) _exit(4);
    pump3();
    if (SDLH_LoadMappingWithOptions(config_path, 0, 1) != 0) _exit(5);
    pattern = SDLH_LoadPreset("Heartbeat");
    if (pattern == NULL || SDLH_PlayPattern(pattern, 0, 1, SDLH_CATEGORY_CUSTOM, NULL) != 1) _exit(6);
    running_name = outer;
    if (strcmp(where, "log") == 0) {
        SDL_SetLogOutputFunction(acting_log, NULL);
        SDL_SetLogPriority(SDL_LOG_CATEGORY_APPLICATION, SDL_LOG_PRIORITY_DEBUG);
        SDLH_PostAction(0, "jummp");
        armed = 1;
        SDLH_UpdateAt(time);
    } else {
        if (strcmp(outer, "SDLH_UpdateAt") != 0) SDLH_UpdateAt(time);   /* the pad at a level: the outer call's stop acts */
        armed = 1;
        if (strcmp(outer, "SDLH_UpdateAt") == 0) SDLH_UpdateAt(time);
        else if (strcmp(outer, "SDLH_StopAll") == 0) SDLH_StopAll();
        else if (strcmp(outer, "SDLH_SetHapticsEnabled") == 0) SDLH_SetHapticsEnabled(0);
        else if (strcmp(outer, "SDLH_Pause") == 0) SDLH_Pause();
        else if (strcmp(outer, "SDLH_Quit") == 0) SDLH_Quit();
    }
    if (!acted) { fprintf(stderr, "  %s/%s: SDL's callback never ran\n", where, outer); _exit(7); }
    for (index = 0; index < CALL_COUNT; index++) if (!refused_right[index]) failed++;
    if (post_result != (strcmp(outer, "SDLH_Quit") == 0 ? SDLH_ERROR_NOT_INITIALIZED : 0)) failed++;
    armed = 0;
    if (strcmp(outer, "SDLH_Quit") == 0) {
        if (SDLH_Init(NULL) != 0) failed++;
    } else if (SDLH_StopAll() != 0 || SDLH_UpdateAt(time + 1) != 0) {
        failed++;
    }
    SDLH_Quit();
    _exit(failed == 0 ? 0 : 1);
}

static int run_case(const char *where, const char *outer) {
    int status;
    pid_t child = fork();
    if (child == 0) child_case(where, outer);
    if (child < 0 || waitpid(child, &status, 0) != child) return 0;
    if (!WIFEXITED(status)) {
        fprintf(stderr, "  %s/%s: the child died with signal %d\n", where, outer, WIFSIGNALED(status) ? WTERMSIG(status) : 0);
        return 0;
    }
    return WEXITSTATUS(status) == 0;
}

int main(int argc, char **argv) {
    static const char *outers[] = {"SDLH_UpdateAt", "SDLH_StopAll", "SDLH_SetHapticsEnabled", "SDLH_Pause", "SDLH_Quit"};
    unsigned index;
    if (argc < 3) {
        fprintf(stderr, "usage: test_reentry3 TEMP_DIR SHIPPED_CONFIG\n");
        return 2;
    }
    config_path = argv[2];
    for (index = 0; index < sizeof outers / sizeof outers[0]; index++) CHECK(run_case("rumble", outers[index]));
    CHECK(run_case("log", "SDLH_UpdateAt"));
    return test_finish("test_reentry3");
}
