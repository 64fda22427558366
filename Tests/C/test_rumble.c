/*
 * Exact rumble values through the C API: a virtual pad attached through SDL in C, a pattern from
 * memory played on it, settings, advanced player controls, the completion callback (with its user
 * pointer, on the game thread, during the update), and (0,0) on quit.
 *
 * Generic virtual pad: drive = intensity on both motors at sharpness 0.5, sent as
 * round(level * 65535): 1 -> 65535, 0.6 -> 39321, 0.5 -> 32768, 0.25 -> 16384.
 */
#include "test_support.h"

typedef struct Completion {
    int calls;
    SDL_threadID thread;
    SDLH_PatternPlayer *player;
} Completion;

static void SDLCALL on_complete(void *userdata, SDLH_PatternPlayer *player) {
    Completion *completion = (Completion *)userdata;
    completion->calls++;
    completion->thread = SDL_ThreadID();
    completion->player = player;
}

/* A callback that calls back into SDLHaptics: a new player is fine, an update from inside is refused. */
typedef struct Reentry {
    SDLH_Pattern *pattern;
    int play_result, update_result, calls;
} Reentry;

static void SDLCALL on_complete_reenter(void *userdata, SDLH_PatternPlayer *player) {
    Reentry *reentry = (Reentry *)userdata;
    reentry->calls++;
    reentry->play_result = SDLH_PlayPattern(reentry->pattern, 0, 1, SDLH_CATEGORY_CUSTOM, NULL);
    reentry->update_result = SDLH_UpdateAt(1e6);
    SDLH_FreePatternPlayer(player);
}

int main(void) {
    PadLog pad;
    SDLH_Pattern *long_pattern, *short_pattern;
    SDLH_PatternPlayer *player = NULL;
    SDLH_RumbleStats stats;
    SDLH_PadInfo info;
    Completion completion;
    SDL_version version;
    double time = 0, value = 0;
    int calls_before;

    if (start_sdl() != 0) return 1;
    CHECK_EQ_INT(SDLH_GetVersion(&version), 0);
    CHECK_EQ_INT(version.major, SDLH_MAJOR_VERSION);
    CHECK_EQ_INT(version.minor, SDLH_MINOR_VERSION);
    CHECK_EQ_INT(version.patch, SDLH_PATCH_VERSION);
    CHECK(SDLH_VERSION_ATLEAST(0, 9, 0));

    /* A pad plugged in after SDLH_Init reaches it through the SDL event the game hands over. */
    CHECK_EQ_INT(SDLH_Init(NULL), 0);
    CHECK_EQ_INT(SDLH_WasInit(), 1);
    CHECK(attach_pad(&pad) >= 0);
    CHECK_EQ_INT(SDLH_GetNumPads(), 0);
    pump();
    CHECK_EQ_INT(SDLH_GetNumPads(), 1);
    CHECK_EQ_INT(SDLH_GetPlayerForJoystick(pad.instance_id), 0);
    SDLH_STRUCT_INIT(info);
    CHECK_EQ_INT(info.size, sizeof(SDLH_PadInfo));
    CHECK_EQ_INT(SDLH_GetPad(0, &info), 0);
    CHECK_EQ_INT(info.instance_id, pad.instance_id);
    CHECK_EQ_INT(info.player, 0);
    CHECK_EQ_INT(info.has_rumble, 1);
    CHECK(info.name[0] != '\0');

    /* Exact values: intensity 0.6 of a continuous pattern. */
    long_pattern = continuous_pattern("10.0");
    CHECK(long_pattern != NULL);
    CHECK_EQ_INT(SDLH_PlayPattern(long_pattern, 0, 0.6, SDLH_CATEGORY_CUSTOM, &player), 1);
    CHECK(player != NULL);
    frames(&time, 1);
    CHECK_EQ_INT(pad.calls, 1);
    CHECK_EQ_INT(last_low(&pad), 39321);
    CHECK_EQ_INT(last_high(&pad), 39321);
    SDLH_STRUCT_INIT(stats);
    CHECK_EQ_INT(SDLH_GetRumbleStats(0, &stats), 0);
    CHECK_EQ_INT(stats.low_frequency, 39321);
    CHECK_EQ_INT(stats.high_frequency, 39321);
    CHECK_EQ_INT(stats.body_changes, 1);
    CHECK(stats.rumble_calls >= 1);

    /* Dynamic parameter: intensity control 0.5 on a pattern at 0.6... replaces the play intensity. */
    CHECK_EQ_INT(SDLH_SetPatternPlayerParameter(player, SDLH_PARAMETER_HAPTIC_INTENSITY, 0.5), 0);
    frames(&time, 1);
    CHECK_EQ_INT(last_low(&pad), 32768);
    CHECK_EQ_INT(SDLH_IsPatternPlayerPlaying(player), 1);

    /* Settings: master intensity, category intensity, the off switch. */
    CHECK_EQ_INT(SDLH_SetMasterIntensity(0.5), 0);
    frames(&time, 1);
    CHECK_EQ_INT(last_low(&pad), 16384);
    CHECK_EQ_INT(SDLH_GetMasterIntensity(&value), 0);
    CHECK(value == 0.5);
    CHECK_EQ_INT(SDLH_SetMasterIntensity(1), 0);
    CHECK_EQ_INT(SDLH_SetCategoryIntensity(SDLH_CATEGORY_CUSTOM, 0.5), 0);
    frames(&time, 1);
    CHECK_EQ_INT(last_low(&pad), 16384);
    CHECK_EQ_INT(SDLH_GetCategoryIntensity(SDLH_CATEGORY_CUSTOM, &value), 0);
    CHECK(value == 0.5);
    CHECK_EQ_INT(SDLH_SetCategoryIntensity(SDLH_CATEGORY_IMPACT, 0.1), 0);   /* another category: no change */
    frames(&time, 1);
    CHECK_EQ_INT(last_low(&pad), 16384);
    CHECK_EQ_INT(SDLH_SetCategoryIntensity(SDLH_CATEGORY_CUSTOM, 1), 0);
    CHECK_EQ_INT(SDLH_SetHapticsEnabled(0), 0);
    CHECK_EQ_INT(last_low(&pad), 0);          /* at once, not at the next update (issue 31, item 16) */
    CHECK_EQ_INT(last_high(&pad), 0);
    frames(&time, 1);
    CHECK_EQ_INT(last_low(&pad), 0);
    CHECK_EQ_INT(last_high(&pad), 0);
    CHECK_EQ_INT(SDLH_SetHapticsEnabled(1), 0);
    frames(&time, 1);
    CHECK_EQ_INT(last_low(&pad), 32768);

    /* Pause (the game's menu): (0,0) at once; resume where it was. */
    CHECK_EQ_INT(SDLH_Pause(), 0);
    CHECK_EQ_INT(last_low(&pad), 0);
    frames(&time, 3);
    CHECK_EQ_INT(last_low(&pad), 0);
    CHECK_EQ_INT(SDLH_Resume(), 0);
    frames(&time, 1);
    CHECK_EQ_INT(last_low(&pad), 32768);

    /* Focus loss handed over as an SDL event (the default policy pauses): (0,0) at once; focus back resumes. */
    {
        SDL_Event focus;
        SDL_zero(focus);
        focus.type = SDL_WINDOWEVENT;
        focus.window.event = SDL_WINDOWEVENT_FOCUS_LOST;
        CHECK_EQ_INT(SDLH_HandleEvent(&focus), 0);
        CHECK_EQ_INT(last_low(&pad), 0);
        frames(&time, 2);
        CHECK_EQ_INT(last_low(&pad), 0);
        focus.window.event = SDL_WINDOWEVENT_FOCUS_GAINED;
        CHECK_EQ_INT(SDLH_HandleEvent(&focus), 0);
        frames(&time, 1);
        CHECK_EQ_INT(last_low(&pad), 32768);
    }

    /* Player pause and resume. */
    CHECK_EQ_INT(SDLH_PausePatternPlayer(player), 0);
    frames(&time, 1);
    CHECK_EQ_INT(last_low(&pad), 0);
    CHECK_EQ_INT(SDLH_IsPatternPlayerPlaying(player), 1);
    CHECK_EQ_INT(SDLH_ResumePatternPlayer(player), 0);
    frames(&time, 1);
    CHECK_EQ_INT(last_low(&pad), 32768);

    /* Stop: a continuous event without a release is cut; the player finishes. */
    CHECK_EQ_INT(SDLH_StopPatternPlayer(player), 0);
    frames(&time, 2);
    CHECK_EQ_INT(last_low(&pad), 0);
    CHECK_EQ_INT(SDLH_IsPatternPlayerPlaying(player), 0);
    CHECK_EQ_INT(SDLH_FreePatternPlayer(player), 0);

    /* Completion callback: once, with the user pointer, on the game thread, during the update. */
    short_pattern = continuous_pattern("0.1");
    CHECK(short_pattern != NULL);
    CHECK_EQ_INT(SDLH_GetPatternDuration(short_pattern, &value), 0);
    CHECK(value > 0.099 && value < 0.101);
    SDL_zero(completion);
    CHECK_EQ_INT(SDLH_PlayPattern(short_pattern, 0, 1, SDLH_CATEGORY_IMPACT, &player), 1);
    CHECK_EQ_INT(SDLH_SetPatternPlayerCompletionCallback(player, on_complete, &completion), 0);
    frames(&time, 1);
    CHECK_EQ_INT(last_low(&pad), 65535 / 10 + 1);   /* impact category at 0.1: round(0.1 * 65535) = 6554 */
    CHECK_EQ_INT(completion.calls, 0);
    frames(&time, 10);
    CHECK_EQ_INT(completion.calls, 1);
    CHECK(completion.thread == SDL_ThreadID());
    CHECK(completion.player == player);
    CHECK_EQ_INT(last_low(&pad), 0);
    frames(&time, 10);
    CHECK_EQ_INT(completion.calls, 1);
    CHECK_EQ_INT(SDLH_FreePatternPlayer(player), 0);
    CHECK_EQ_INT(SDLH_SetCategoryIntensity(SDLH_CATEGORY_IMPACT, 1), 0);

    /* Loop: a looping 0.1 s pattern never finishes; rate 2 plays it twice as fast. */
    SDL_zero(completion);
    CHECK_EQ_INT(SDLH_PlayPattern(short_pattern, 0, 1, SDLH_CATEGORY_CUSTOM, &player), 1);
    CHECK_EQ_INT(SDLH_SetPatternPlayerCompletionCallback(player, on_complete, &completion), 0);
    CHECK_EQ_INT(SDLH_SetPatternPlayerLoop(player, 1, 0), 0);
    frames(&time, 30);
    CHECK_EQ_INT(completion.calls, 0);
    CHECK_EQ_INT(SDLH_IsPatternPlayerPlaying(player), 1);
    CHECK_EQ_INT(last_low(&pad), 65535);
    CHECK_EQ_INT(SDLH_SetPatternPlayerLoop(player, 0, 0), 0);
    CHECK_EQ_INT(SDLH_SetPatternPlayerRate(player, 2), 0);
    CHECK_EQ_INT(SDLH_SeekPatternPlayer(player, 0), 0);
    /* The seek lands on the next frame; 0.1 s of pattern at rate 2 is 0.05 s of game time, so it
     * ends within 5 frames of 1/60 s (at rate 1 it would need 7). */
    frames(&time, 3);
    CHECK_EQ_INT(completion.calls, 0);
    frames(&time, 2);
    CHECK_EQ_INT(completion.calls, 1);
    CHECK_EQ_INT(SDLH_FreePatternPlayer(player), 0);

    /* A freed player's callback is never called. */
    SDL_zero(completion);
    CHECK_EQ_INT(SDLH_PlayPattern(short_pattern, 0, 1, SDLH_CATEGORY_CUSTOM, &player), 1);
    CHECK_EQ_INT(SDLH_SetPatternPlayerCompletionCallback(player, on_complete, &completion), 0);
    CHECK_EQ_INT(SDLH_FreePatternPlayer(player), 0);
    frames(&time, 20);
    CHECK_EQ_INT(completion.calls, 0);

    /* Calling back into SDLHaptics from a callback. */
    {
        Reentry reentry;
        SDL_zero(reentry);
        reentry.pattern = short_pattern;
        CHECK_EQ_INT(SDLH_PlayPattern(short_pattern, 0, 1, SDLH_CATEGORY_CUSTOM, &player), 1);
        CHECK_EQ_INT(SDLH_SetPatternPlayerCompletionCallback(player, on_complete_reenter, &reentry), 0);
        frames(&time, 10);
        CHECK_EQ_INT(reentry.calls, 1);
        CHECK_EQ_INT(reentry.play_result, 1);
        CHECK_EQ_INT(reentry.update_result, SDLH_ERROR_INVALID_ARGUMENT);
        CHECK_EQ_INT(SDLH_IsPatternPlayerPlaying(player), SDLH_ERROR_INVALID_HANDLE);   /* freed in the callback */
        frames(&time, 1);
        CHECK_EQ_INT(last_low(&pad), 65535);   /* the pattern the callback started */
        frames(&time, 20);
        CHECK_EQ_INT(reentry.calls, 1);
    }

    /* Fire and forget; feedback cases; a player without a pad is not an error. */
    CHECK_EQ_INT(SDLH_PlayPattern(short_pattern, 0, 1, SDLH_CATEGORY_CUSTOM, NULL), 1);
    CHECK_EQ_INT(SDLH_PlayPattern(short_pattern, 1, 1, SDLH_CATEGORY_CUSTOM, &player), 0);
    CHECK(player == NULL);
    frames(&time, 20);
    calls_before = pad.calls;
    CHECK_EQ_INT(SDLH_PlayFeedback(0, SDLH_FEEDBACK_IMPACT_HEAVY, 1), 1);
    CHECK_EQ_INT(SDLH_PlayFeedback(1, SDLH_FEEDBACK_SUCCESS, 1), 0);
    frames(&time, 1);
    CHECK(pad.calls > calls_before);
    CHECK(last_low(&pad) > 0);
    frames(&time, 60);
    CHECK_EQ_INT(SDLH_PostFeedback(0, SDLH_FEEDBACK_SUCCESS, 1), 0);   /* no config: its preset plays */
    calls_before = pad.calls;
    frames(&time, 1);
    CHECK(pad.calls > calls_before);

    /* Presets by name. */
    {
        SDLH_Pattern *heartbeat = SDLH_LoadPreset("Heartbeat");
        CHECK(heartbeat != NULL);
        CHECK(SDLH_LoadPreset("NoSuchPreset") == NULL);
        CHECK_ERROR_MENTIONS("Heartbeat");
        CHECK_EQ_INT(SDLH_FreePattern(heartbeat), 0);
    }

    /* Quit in the middle of a pattern: the pad's last call is (0,0). */
    CHECK_EQ_INT(SDLH_PlayPattern(long_pattern, 0, 1, SDLH_CATEGORY_CUSTOM, NULL), 1);
    frames(&time, 2);
    CHECK_EQ_INT(last_low(&pad), 65535);
    CHECK_EQ_INT(SDLH_Quit(), 0);
    CHECK_EQ_INT(last_low(&pad), 0);
    CHECK_EQ_INT(last_high(&pad), 0);
    CHECK_EQ_INT(SDLH_WasInit(), 0);
    /* The game's own SDL subsystems are still running: SDLHaptics released only its references. */
    CHECK(SDL_WasInit(SDL_INIT_GAMECONTROLLER) != 0);
    CHECK(SDL_WasInit(SDL_INIT_VIDEO) != 0);

    detach_pad(pad.instance_id);
    SDL_Quit();
    return test_finish("test_rumble");
}
