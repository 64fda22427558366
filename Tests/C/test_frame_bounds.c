/*
 * Bounds on what one frame costs (issue 31, item 3), through the C API:
 *   - SDLH_MAX_PLAYING_PATTERNS patterns play at once per player through SDLH_PlayPattern, with or
 *     without a handle; one more is SDLH_ERROR_LIMIT (on c8dcd09 plays without a handle had no
 *     limit), and once they end, plays are taken again;
 *   - a pattern in which more than 256 haptic events sound at once as written is refused when it is
 *     loaded, naming the event (on c8dcd09 it loaded, and every frame summed all of them); 256 load.
 *
 * Usage: test_frame_bounds TEMP_DIR SHIPPED_CONFIG
 */
#include <stdlib.h>
#include "test_support.h"

/* `count` continuous events of `seconds`, starting 0.1 ms apart (they all overlap); malloc'ed. */
static char *overlapping(int count, const char *seconds) {
    size_t capacity = (size_t)count * 128 + 64, used;
    char *text = (char *)malloc(capacity);
    int k;
    if (text == NULL) return NULL;
    used = (size_t)SDL_snprintf(text, capacity, "{\"Version\": 1.0, \"Pattern\": [");
    for (k = 0; k < count; k++) {
        used += (size_t)SDL_snprintf(text + used, capacity - used,
                                     "%s{\"Event\": {\"Time\": %.4f, \"EventType\": \"HapticContinuous\", \"EventDuration\": %s}}",
                                     k ? ",\n" : "", k * 0.0001, seconds);
    }
    SDL_snprintf(text + used, capacity - used, "]}");
    return text;
}

static int peak_low(SDLH_VirtualPad *pad) {
    SDLH_VirtualPadState state;
    SDLH_STRUCT_INIT(state);
    CHECK_EQ_INT(SDLH_GetVirtualPadState(pad, &state), 0);
    return state.peak_low_frequency;
}

int main(void) {
    SDLH_VirtualPad *pad;
    SDLH_Pattern *pattern, *limit, *over;
    SDLH_PatternPlayer *player = NULL;
    double time = 0;
    char *text;
    int k, played = 0;

    if (start_sdl() != 0) return 1;
    CHECK_EQ_INT(SDLH_Init(NULL), 0);
    pad = SDLH_AttachVirtualPad("ps5");
    CHECK(pad != NULL);
    pump();

    /* SDLH_MAX_PLAYING_PATTERNS plays per player, fire and forget or not; one more is refused. */
    pattern = continuous_pattern("0.2");
    CHECK(pattern != NULL);
    for (k = 0; k < SDLH_MAX_PLAYING_PATTERNS; k++) played += SDLH_PlayPattern(pattern, 0, 1, SDLH_CATEGORY_CUSTOM, NULL) == 1;
    CHECK_EQ_INT(played, SDLH_MAX_PLAYING_PATTERNS);
    CHECK_EQ_INT(SDLH_PlayPattern(pattern, 0, 1, SDLH_CATEGORY_CUSTOM, NULL), SDLH_ERROR_LIMIT);
    CHECK_ERROR_MENTIONS("SDLH_MAX_PLAYING_PATTERNS");
    CHECK_EQ_INT(SDLH_PlayPattern(pattern, 0, 1, SDLH_CATEGORY_CUSTOM, &player), SDLH_ERROR_LIMIT);
    CHECK(player == NULL);
    frames(&time, 1);
    CHECK_EQ_INT(SDLH_PlayPattern(pattern, 0, 1, SDLH_CATEGORY_CUSTOM, NULL), SDLH_ERROR_LIMIT);
    /* They end after 0.2 s: plays are taken again; SDLH_StopAll frees every place at once. */
    frames(&time, 30);
    CHECK_EQ_INT(SDLH_PlayPattern(pattern, 0, 1, SDLH_CATEGORY_CUSTOM, &player), 1);
    CHECK(player != NULL);
    CHECK_EQ_INT(SDLH_FreePatternPlayer(player), 0);
    for (k = 1; k < SDLH_MAX_PLAYING_PATTERNS; k++) SDLH_PlayPattern(pattern, 0, 1, SDLH_CATEGORY_CUSTOM, NULL);
    CHECK_EQ_INT(SDLH_PlayPattern(pattern, 0, 1, SDLH_CATEGORY_CUSTOM, NULL), SDLH_ERROR_LIMIT);
    CHECK_EQ_INT(SDLH_StopAll(), 0);
    CHECK_EQ_INT(SDLH_PlayPattern(pattern, 0, 1, SDLH_CATEGORY_CUSTOM, NULL), 1);
    frames(&time, 2);

    /* 256 events sounding at once load; 257 are refused at the event that passes the limit. */
    text = overlapping(256, "30");
    CHECK(text != NULL);
    limit = SDLH_LoadPatternFromMemory(text, SDL_strlen(text));
    CHECK(limit != NULL);
    free(text);
    CHECK_EQ_INT(SDLH_PlayPattern(limit, 0, 1, SDLH_CATEGORY_CUSTOM, NULL), 1);
    frames(&time, 10);
    CHECK(peak_low(pad) > 0);
    text = overlapping(257, "30");
    CHECK(text != NULL);
    over = SDLH_LoadPatternFromMemory(text, SDL_strlen(text));
    CHECK(over == NULL);
    CHECK_ERROR_MENTIONS("Pattern[256]");
    CHECK_ERROR_MENTIONS("expected at most 256 haptic events sounding at once, found 257");
    free(text);

    CHECK_EQ_INT(SDLH_FreePattern(limit), 0);
    CHECK_EQ_INT(SDLH_FreePattern(pattern), 0);
    CHECK_EQ_INT(SDLH_Quit(), 0);
    SDL_Quit();
    return test_finish("test_frame_bounds");
}
