/*
 * Focus comes back (issue 32, SDL3 integration round 1, runtime item 1), through real SDL 2: window focus
 * events go through SDL's own queue (SDL_PushEvent, then SDL_PollEvent and SDLH_HandleEvent), and a
 * virtual pad records every rumble call. Under the default focus policy (SDLH_FOCUS_PAUSE) a game that
 * keeps running while unfocused keeps posting; on focus return:
 *   - one-shot taps posted while away are dropped once their time has passed: none plays, stacked or
 *     late (the pad gets nothing but (0,0) after the return) and their players are no longer playing;
 *   - the rest of a short pattern that focus loss cut is dropped too once its time has passed;
 *   - a long pattern that was playing goes on (time ran on while away: it is where it would be now);
 *   - a looping pattern goes on;
 *   - a tap posted in the first frame after the return is felt in that frame.
 * Tests/C/sdl3/test_focus_return3.c checks the same through SDL 3.
 *
 * Usage: test_focus_return TEMP_DIR SHIPPED_CONFIG
 */
#include "test_support.h"

static const char *tap_ahap =   /* 0.1 s, full strength: a footstep, a snake's step */
    "{\"Version\": 1.0, \"Pattern\": [{\"Event\": {\"Time\": 0.0, \"EventType\": \"HapticContinuous\", "
    "\"EventDuration\": 0.1, \"EventParameters\": [{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": 1.0}]}}]}";

static void focus(int gained) {
    SDL_Event event;
    SDL_zero(event);
    event.type = SDL_WINDOWEVENT;
    event.window.event = gained ? SDL_WINDOWEVENT_FOCUS_GAINED : SDL_WINDOWEVENT_FOCUS_LOST;
    CHECK(SDL_PushEvent(&event) == 1);
    pump();
}

/* Whether any rumble call from index `from` on was not (0,0). */
static int rumbled_since(const PadLog *log, int from) {
    int i;
    for (i = from; i < log->calls && i < PAD_LOG_CAPACITY; i++) {
        if (log->low[i] != 0 || log->high[i] != 0) return 1;
    }
    return 0;
}

int main(int argc, char **argv) {
    static PadLog log;
    SDLH_Pattern *tap, *long_pattern, *short_pattern, *loop_pattern;
    SDLH_PatternPlayer *taps[5] = { NULL }, *cut = NULL, *longer = NULL, *looping = NULL, *after = NULL;
    double time = 0;
    int i, mark;
    (void)argc;
    (void)argv;

    if (start_sdl() != 0) return 1;
    CHECK(attach_pad(&log) >= 0);
    CHECK_EQ_INT(SDLH_Init(NULL), 0);
    pump();
    tap = SDLH_LoadPatternFromMemory(tap_ahap, SDL_strlen(tap_ahap));
    long_pattern = continuous_pattern("10");
    short_pattern = continuous_pattern("0.6");
    loop_pattern = continuous_pattern("0.2");
    CHECK(tap != NULL && long_pattern != NULL && short_pattern != NULL && loop_pattern != NULL);

    /* 1. Taps posted while away, nothing else playing: none plays on the return. */
    frames(&time, 2);
    focus(0);
    mark = log.calls;
    for (i = 0; i < 5; i++) {   /* one every 6 frames, as a game that runs on */
        CHECK_EQ_INT(SDLH_PlayPattern(tap, 0, 1, SDLH_CATEGORY_CUSTOM, &taps[i]), 1);
        frames(&time, 6);
    }
    frames(&time, 12);                                     /* 0.3 s away after the last tap: all five are past */
    CHECK(!rumbled_since(&log, mark));                     /* silent while away */
    focus(1);
    mark = log.calls;
    frames(&time, 30);
    CHECK(!rumbled_since(&log, mark));                     /* nothing replayed, stacked or late */
    for (i = 0; i < 5; i++) CHECK_EQ_INT(SDLH_IsPatternPlayerPlaying(taps[i]), 0);
    /* A tap in the first frame after the return is felt in that frame. */
    CHECK_EQ_INT(SDLH_PlayPattern(tap, 0, 1, SDLH_CATEGORY_CUSTOM, &after), 1);
    mark = log.calls;
    frames(&time, 1);
    CHECK(rumbled_since(&log, mark));
    frames(&time, 30);

    /* 2. A long pattern and a short one play, a loop too; focus goes for one second. */
    CHECK_EQ_INT(SDLH_PlayPattern(long_pattern, 0, 1, SDLH_CATEGORY_CUSTOM, &longer), 1);
    CHECK_EQ_INT(SDLH_PlayPattern(short_pattern, 0, 1, SDLH_CATEGORY_CUSTOM, &cut), 1);
    CHECK_EQ_INT(SDLH_PlayPattern(loop_pattern, 0, 1, SDLH_CATEGORY_UI, &looping), 1);
    CHECK_EQ_INT(SDLH_SetPatternPlayerLoop(looping, 1, 0), 0);
    frames(&time, 6);                                      /* 0.1 s into each */
    CHECK(log.latest_low > 0 || log.latest_high > 0);
    focus(0);
    CHECK(log.latest_low == 0 && log.latest_high == 0);    /* (0,0) at once */
    frames(&time, 60);
    focus(1);
    frames(&time, 2);
    CHECK_EQ_INT(SDLH_IsPatternPlayerPlaying(cut), 0);     /* its 0.5 s left passed while away */
    CHECK_EQ_INT(SDLH_IsPatternPlayerPlaying(longer), 1);  /* goes on */
    CHECK_EQ_INT(SDLH_IsPatternPlayerPlaying(looping), 1); /* goes on */
    CHECK(log.latest_low > 0 || log.latest_high > 0);
    /* The long pattern is where it would be had it played on: 10 s from its start, not 11. */
    CHECK_EQ_INT(SDLH_StopPatternPlayer(looping), 0);
    frames(&time, 514);                                    /* about 9.7 s into it */
    CHECK_EQ_INT(SDLH_IsPatternPlayerPlaying(longer), 1);
    frames(&time, 36);                                     /* about 10.3 s: ended (had time stood still while away: 9.3 s, playing) */
    CHECK_EQ_INT(SDLH_IsPatternPlayerPlaying(longer), 0);

    for (i = 0; i < 5; i++) SDLH_FreePatternPlayer(taps[i]);
    SDLH_FreePatternPlayer(cut);
    SDLH_FreePatternPlayer(longer);
    SDLH_FreePatternPlayer(looping);
    SDLH_FreePatternPlayer(after);
    SDLH_FreePattern(tap);
    SDLH_FreePattern(long_pattern);
    SDLH_FreePattern(short_pattern);
    SDLH_FreePattern(loop_pattern);
    CHECK_EQ_INT(SDLH_Quit(), 0);
    SDL_Quit();
    return test_finish("test_focus_return");
}
