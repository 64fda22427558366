/*
 * The C API on SDL3 (issue 32, "Done when"), through the real SDL 3 with virtual gamepads, a game written
 * against <SDL3/SDL.h> and linked with `pkg-config --cflags --libs sdlhaptics3`:
 *   - the header reads as SDL3's (SDLH_Version, SDL3's SDL_Event and SDL_JoystickID) and the library runs
 *     on SDL 3;
 *   - an action posted in frame N is felt in frame N;
 *   - pads come and go (SDL_EVENT_GAMEPAD_ADDED/REMOVED through SDLH_HandleEvent);
 *   - focus loss (SDL_EVENT_WINDOW_FOCUS_LOST) stops the rumble at once;
 *   - the pad is at (0,0) after SDLH_Quit, and after exit() without it (a child process: the front end's
 *     atexit handler), but not after SIGKILL (so the check can tell);
 *   - a virtual pad with the xboxOne profile (SDLH_AttachVirtualPad) reads back what it received;
 *   - with the disk audio driver, SDLH_EnableAudio plays a pattern's sound into the driver's file while
 *     the same pattern's haptics reach the pad.
 * (Trigger rumble and DualSense bytes equal to SDL2's: Tests/C/sdl3/parity_trace.c.)
 *
 * Usage: test_sdl3 TEMP_DIR SHIPPED_CONFIG
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "test_support3.h"

static const char *sound_pattern =
    "{\"Version\": 1, \"Pattern\": ["
    "{\"Event\": {\"Time\": 0, \"EventType\": \"AudioContinuous\", \"EventDuration\": 0.3,"
    " \"EventParameters\": [{\"ParameterID\": \"AudioVolume\", \"ParameterValue\": 0.8}]}},"
    "{\"Event\": {\"Time\": 0, \"EventType\": \"HapticContinuous\", \"EventDuration\": 0.3,"
    " \"EventParameters\": [{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": 1}]}}]}";

/* A child that rumbles a pad through the library and leaves `how`; returns the last "low high" its pad got. */
static int child_exit(const char *how, unsigned *low, unsigned *high) {
    int fds[2], status;
    char buffer[65536];
    size_t used = 0;
    ssize_t got;
    pid_t child;
    char *last, *end;
    if (pipe(fds) != 0) return -1;
    child = fork();
    if (child == 0) {
        Pad3 pad;
        double time = 0;
        close(fds[0]);
        SDL_zero(pad);
        pad.report_fd = fds[1];
        if (!SDL_Init(SDL_INIT_GAMEPAD) || attach_pad3(&pad, 0, 0) == 0 || SDLH_Init(NULL) != 0) _exit(3);
        pump3();
        SDLH_PlayFeedback(0, SDLH_FEEDBACK_ERROR, 1);
        frames3(&time, 3);
        if (strcmp(how, "kill") == 0) raise(SIGKILL);
        if (strcmp(how, "quit") == 0) SDLH_Quit();
        exit(0);   /* "exit": no SDLH_Quit, no SDL_Quit */
    }
    close(fds[1]);
    while ((got = read(fds[0], buffer + used, sizeof buffer - 1 - used)) > 0) used += (size_t)got;
    close(fds[0]);
    buffer[used] = 0;
    waitpid(child, &status, 0);
    if (used == 0) return -1;
    end = buffer + used - 1;                 /* the last line */
    while (end > buffer && *end == '\n') *end-- = 0;
    last = strrchr(buffer, '\n');
    last = last ? last + 1 : buffer;
    return sscanf(last, "%u %u", low, high) == 2 ? (int)(strchr(buffer, '\n') != NULL) + 1 : -1;
}

int main(int argc, char **argv) {
    Pad3 pad, second;
    SDLH_Version version;
    SDLH_VirtualPad *xbox;
    SDLH_VirtualPadState state;
    SDLH_PadInfo info;
    SDLH_Pattern *pattern;
    char audio_file[1024];
    double time = 0;
    unsigned low = 0, high = 0;
    int calls, index, xbox_index = -1;
    FILE *file;

    if (argc != 3) { fprintf(stderr, "usage: test_sdl3 TEMP_DIR SHIPPED_CONFIG\n"); return 2; }
    SDL_snprintf(audio_file, sizeof audio_file, "%s/out.raw", argv[1]);
    /* SDL3 reads the environment once: drivers are chosen with hints before SDL_Init, overriding the
       SDL_AUDIO_DRIVER=dummy the test runner sets. */
    SDL_SetHintWithPriority(SDL_HINT_VIDEO_DRIVER, "dummy", SDL_HINT_OVERRIDE);
    SDL_SetHintWithPriority(SDL_HINT_AUDIO_DRIVER, "disk", SDL_HINT_OVERRIDE);
    SDL_SetHintWithPriority(SDL_HINT_AUDIO_DISK_OUTPUT_FILE, audio_file, SDL_HINT_OVERRIDE);

    /* The header as an SDL3 game reads it, and SDL 3 under the library. */
    CHECK(SDL_MAJOR_VERSION == 3);
    CHECK(SDL_VERSIONNUM_MAJOR(SDL_GetVersion()) == 3);
    CHECK_EQ_INT(SDLH_GetVersion(&version), 0);
    CHECK(version.major == SDLH_MAJOR_VERSION && version.minor == SDLH_MINOR_VERSION);
    CHECK(SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMEPAD));

    /* Frame N: a pad arrives through SDL3's event, the shipped config's jump is felt on the update of its frame. */
    SDL_zero(pad); pad.report_fd = -1;
    CHECK(attach_pad3(&pad, 0, 0) != 0);
    CHECK_EQ_INT(SDLH_Init(NULL), 0);
    pump3();
    CHECK_EQ_INT(SDLH_GetNumPads(), 1);
    CHECK_EQ_INT(SDLH_GetPlayerForJoystick(pad.id), 0);
    CHECK_EQ_INT(SDLH_LoadMapping(argv[2]), 0);
    frames3(&time, 2);
    CHECK_EQ_INT(pad.calls, 0);
    CHECK_EQ_INT(SDLH_PostAction(0, "jump"), 0);
    frames3(&time, 1);
    CHECK(pad.calls > 0 && (pad.low > 0 || pad.high > 0));
    frames3(&time, 90);
    CHECK(pad.low == 0 && pad.high == 0);

    /* Focus loss stops the rumble at once; focus back, it plays again. */
    CHECK_EQ_INT(SDLH_PlayFeedback(0, SDLH_FEEDBACK_ERROR, 1), 1);
    frames3(&time, 1);
    CHECK(pad.low > 0 || pad.high > 0);
    send_event3(SDL_EVENT_WINDOW_FOCUS_LOST);
    CHECK(pad.low == 0 && pad.high == 0);
    calls = pad.calls;
    frames3(&time, 10);
    CHECK(pad.low == 0 && pad.high == 0);
    send_event3(SDL_EVENT_WINDOW_FOCUS_GAINED);
    frames3(&time, 60);
    CHECK(pad.calls >= calls);

    /* Pads come and go: a second one takes player 1; the first leaves and is forgotten. */
    SDL_zero(second); second.report_fd = -1;
    CHECK(attach_pad3(&second, 0, 0) != 0);
    pump3();
    CHECK_EQ_INT(SDLH_GetNumPads(), 2);
    CHECK_EQ_INT(SDLH_GetPlayerForJoystick(second.id), 1);
    CHECK(SDL_DetachVirtualJoystick(pad.id));
    pump3();
    CHECK_EQ_INT(SDLH_GetNumPads(), 1);
    CHECK_EQ_INT(SDLH_GetPlayerForJoystick(pad.id), SDLH_ERROR_NOT_FOUND);
    CHECK_EQ_INT(SDLH_PlayFeedback(1, SDLH_FEEDBACK_SUCCESS, 1), 1);
    frames3(&time, 1);
    CHECK(second.low > 0 || second.high > 0);

    /* A virtual pad with the xboxOne profile, attached by the library through SDL3, reads back what it got. */
    xbox = SDLH_AttachVirtualPad("xboxOne");
    CHECK(xbox != NULL);
    pump3();
    for (index = 0; index < SDLH_GetNumPads(); index++) {
        SDLH_STRUCT_INIT(info);
        if (SDLH_GetPad(index, &info) == 0 && strcmp(info.profile, "xboxOne") == 0) xbox_index = index;
    }
    CHECK(xbox_index >= 0);
    SDLH_STRUCT_INIT(info);
    CHECK_EQ_INT(SDLH_GetPad(xbox_index, &info), 0);
    CHECK_EQ_INT(info.player, 0);   /* the player the first pad freed */
    CHECK_EQ_INT(SDLH_PlayFeedback(0, SDLH_FEEDBACK_ERROR, 1), 1);
    frames3(&time, 2);
    SDLH_STRUCT_INIT(state);
    CHECK_EQ_INT(SDLH_GetVirtualPadState(xbox, &state), 0);
    CHECK(state.instance_id == info.instance_id);
    CHECK(state.rumble_calls > 0 && state.peak_low_frequency > 0);

    /* Sound with SDL3's disk driver: the pattern's tone is in the file, its haptics on the pad. */
    CHECK_EQ_INT(SDLH_EnableAudio(), 0);
    pattern = SDLH_LoadPatternFromMemory(sound_pattern, strlen(sound_pattern));
    CHECK(pattern != NULL);
    calls = second.calls;
    CHECK_EQ_INT(SDLH_PlayPattern(pattern, 1, 1, SDLH_CATEGORY_IMPACT, NULL), 1);
    for (index = 0; index < 40; index++) { frames3(&time, 1); SDL_Delay(10); }
    CHECK(second.calls > calls && second.peak_low > 0);
    CHECK_EQ_INT(SDLH_DisableAudio(), 0);
    SDLH_FreePattern(pattern);
    file = fopen(audio_file, "rb");
    CHECK(file != NULL);
    if (file) {
        float samples[4096];
        size_t count, i, audible = 0, total = 0;
        while ((count = fread(samples, sizeof samples[0], 4096, file)) > 0) {
            for (i = 0; i < count; i++) if (samples[i] != 0) audible++;
            total += count;
        }
        fclose(file);
        CHECK(total > 0 && audible > 0);
    }

    /* Quit: every pad at (0,0). */
    CHECK_EQ_INT(SDLH_PlayFeedback(1, SDLH_FEEDBACK_ERROR, 1), 1);
    frames3(&time, 1);
    CHECK(second.low > 0 || second.high > 0);
    CHECK_EQ_INT(SDLH_Quit(), 0);
    CHECK(second.low == 0 && second.high == 0);
    SDL_Quit();

    /* Leaving without SDLH_Quit: exit() still leaves the pad at (0,0); SIGKILL cannot. */
    CHECK(child_exit("exit", &low, &high) == 2);
    CHECK(low == 0 && high == 0);
    CHECK(child_exit("quit", &low, &high) == 2);
    CHECK(low == 0 && high == 0);
    CHECK(child_exit("kill", &low, &high) > 0);
    CHECK(low > 0 || high > 0);
    return test_finish("test_sdl3");
}
