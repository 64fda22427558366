/*
 * Handles are unique for the life of the process (issue 26, item 7): a pattern or player handle
 * from before SDLH_Quit never equals a handle of a later session, so using it gives
 * SDLH_ERROR_INVALID_HANDLE, as the header promises, instead of freeing or stopping what the new
 * session made in the same slot.
 *
 * Usage: test_handles
 */
#include "test_support.h"

#define SESSIONS 3

int main(void) {
    PadLog pad;
    SDLH_Pattern *patterns[SESSIONS];
    SDLH_PatternPlayer *players[SESSIONS];
    double time = 0, seconds = 0;
    int session, earlier;

    if (start_sdl() != 0) return 1;
    attach_pad(&pad);
    for (session = 0; session < SESSIONS; session++) {
        CHECK_EQ_INT(SDLH_Init(NULL), 0);
        patterns[session] = continuous_pattern("10");
        players[session] = NULL;
        CHECK(patterns[session] != NULL);
        CHECK_EQ_INT(SDLH_PlayPattern(patterns[session], 0, 1, SDLH_CATEGORY_CUSTOM, &players[session]), 1);
        CHECK(players[session] != NULL);
        frames(&time, 1);
        CHECK_EQ_INT(last_low(&pad), 65535);

        for (earlier = 0; earlier < session; earlier++) {
            /* The same slot is reused, under a new generation: never the same handle. */
            CHECK(patterns[earlier] != patterns[session]);
            CHECK(players[earlier] != players[session]);
            /* The stale handles are refused and touch nothing of this session. */
            CHECK_EQ_INT(SDLH_GetPatternDuration(patterns[earlier], &seconds), SDLH_ERROR_INVALID_HANDLE);
            CHECK_EQ_INT(SDLH_FreePattern(patterns[earlier]), SDLH_ERROR_INVALID_HANDLE);
            CHECK_ERROR_MENTIONS("from before SDLH_Quit");
            CHECK_EQ_INT(SDLH_StopPatternPlayer(players[earlier]), SDLH_ERROR_INVALID_HANDLE);
            CHECK_EQ_INT(SDLH_IsPatternPlayerPlaying(players[earlier]), SDLH_ERROR_INVALID_HANDLE);
            CHECK_EQ_INT(SDLH_FreePatternPlayer(players[earlier]), SDLH_ERROR_INVALID_HANDLE);
        }
        /* This session's pattern and player are untouched. */
        CHECK_EQ_INT(SDLH_GetPatternDuration(patterns[session], &seconds), 0);
        CHECK(seconds > 9.9 && seconds < 10.1);
        CHECK_EQ_INT(SDLH_IsPatternPlayerPlaying(players[session]), 1);
        frames(&time, 1);
        CHECK_EQ_INT(last_low(&pad), 65535);
        CHECK_EQ_INT(SDLH_Quit(), 0);
        CHECK_EQ_INT(last_low(&pad), 0);
    }

    detach_pad(pad.instance_id);
    SDL_Quit();
    return test_finish("test_handles");
}
