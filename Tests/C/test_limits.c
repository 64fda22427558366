/*
 * The header and the library agree on every limit (issue 26, item 8): each SDLH_MAX_* / SDLH_MIN_*
 * number of include/sdlhaptics.h, as compiled into this program, is accepted by the library at its
 * edge and refused one step past it, with the error the header names. (The header once promised
 * 16 MiB for SDLH_LoadPatternFromMemory while the library refused anything over 8 MiB.)
 *
 * Usage: test_limits TEMP_DIR SHIPPED_CONFIG
 */
#include <stdlib.h>
#include "test_support.h"

/* A valid AHAP document padded with spaces to exactly `size` bytes (size >= 200); malloc'ed. */
static char *padded_pattern(size_t size) {
    static const char head[] =
        "{\"Version\": 1.0, \"Pattern\": [{\"Event\": {\"Time\": 0.0, \"EventType\": \"HapticTransient\", "
        "\"EventParameters\": [{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": 1.0}]}}]}";
    char *text = (char *)malloc(size);
    if (text == NULL) return NULL;
    memset(text, ' ', size);
    memcpy(text, head, sizeof head - 1);
    return text;
}

static int write_bytes(const char *path, const char *bytes, size_t size) {
    FILE *file = fopen(path, "wb");
    size_t written;
    if (file == NULL) return -1;
    written = fwrite(bytes, 1, size, file);
    return fclose(file) == 0 && written == size ? 0 : -1;
}

static void check_players_and_safety(void) {
    SDLH_InitOptions options;
    SDLH_RumbleStats stats;
    SDLH_STRUCT_INIT(options);
    options.player_count = SDLH_MAX_PLAYERS + 1;
    CHECK_EQ_INT(SDLH_Init(&options), SDLH_ERROR_INVALID_ARGUMENT);
    options.player_count = 1;
    options.safety_milliseconds = SDLH_MAX_SAFETY_MILLISECONDS + 1;
    CHECK_EQ_INT(SDLH_Init(&options), SDLH_ERROR_INVALID_ARGUMENT);
    options.safety_milliseconds = SDLH_MAX_SAFETY_MILLISECONDS;
    options.player_count = SDLH_MAX_PLAYERS;
    CHECK_EQ_INT(SDLH_Init(&options), 0);
    SDLH_STRUCT_INIT(stats);
    CHECK_EQ_INT(SDLH_GetRumbleStats(SDLH_MAX_PLAYERS - 1, &stats), 0);
    CHECK_EQ_INT(SDLH_GetRumbleStats(SDLH_MAX_PLAYERS, &stats), SDLH_ERROR_UNKNOWN_PLAYER);
    CHECK_EQ_INT(SDLH_Quit(), 0);
}

static void check_queue(void) {
    SDLH_Custom custom;
    int index, failures = 0;
    SDLH_STRUCT_INIT(custom);
    custom.name = "buzz";
    for (index = 0; index < SDLH_MAX_EVENTS_PER_FRAME; index++) failures += SDLH_PostCustom(&custom) != 0;
    CHECK_EQ_INT(failures, 0);
    CHECK_EQ_INT(SDLH_PostCustom(&custom), SDLH_ERROR_QUEUE_FULL);
    CHECK_EQ_INT(SDLH_UpdateAt(1), 0);
    CHECK_EQ_INT(SDLH_PostCustom(&custom), 0);   /* the next frame has room again */
    CHECK_EQ_INT(SDLH_UpdateAt(2), 0);
}

static void check_handles(void) {
    static SDLH_Pattern *patterns[SDLH_MAX_LIVE_HANDLES];
    int index, missing = 0, freed = 0;
    for (index = 0; index < SDLH_MAX_LIVE_HANDLES; index++) {
        patterns[index] = SDLH_LoadPreset("Selection");
        missing += patterns[index] == NULL;
    }
    CHECK_EQ_INT(missing, 0);
    CHECK(SDLH_LoadPreset("Selection") == NULL);
    CHECK_ERROR_MENTIONS("patterns are live");
    for (index = 0; index < SDLH_MAX_LIVE_HANDLES; index++) freed += SDLH_FreePattern(patterns[index]) == 0;
    CHECK_EQ_INT(freed, SDLH_MAX_LIVE_HANDLES);
}

static void check_pattern_bytes(const char *folder) {
    char path[1024];
    char *text = padded_pattern((size_t)SDLH_MAX_PATTERN_BYTES + 1);
    SDLH_Pattern *pattern;
    CHECK(text != NULL);
    if (text == NULL) return;
    /* From memory. */
    pattern = SDLH_LoadPatternFromMemory(text, SDLH_MAX_PATTERN_BYTES);
    CHECK(pattern != NULL);
    CHECK_EQ_INT(SDLH_FreePattern(pattern), 0);
    CHECK(SDLH_LoadPatternFromMemory(text, (size_t)SDLH_MAX_PATTERN_BYTES + 1) == NULL);
    CHECK_ERROR_MENTIONS("size must be 1...8388608 bytes");
    /* From a file. */
    SDL_snprintf(path, sizeof path, "%s/limit.ahap", folder);
    CHECK_EQ_INT(write_bytes(path, text, SDLH_MAX_PATTERN_BYTES), 0);
    pattern = SDLH_LoadPattern(path);
    CHECK(pattern != NULL);
    CHECK_EQ_INT(SDLH_FreePattern(pattern), 0);
    CHECK_EQ_INT(write_bytes(path, text, (size_t)SDLH_MAX_PATTERN_BYTES + 1), 0);
    CHECK(SDLH_LoadPattern(path) == NULL);
    CHECK_ERROR_MENTIONS("at most 8388608 bytes");
    remove(path);
    free(text);
}

static void check_strings_and_errors(void) {
    char *name = (char *)malloc(SDLH_MAX_STRING_BYTES + 2);
    size_t length;
    CHECK(name != NULL);
    if (name == NULL) return;
    memset(name, 'a', SDLH_MAX_STRING_BYTES + 1);
    name[SDLH_MAX_STRING_BYTES] = '\0';
    CHECK(SDLH_LoadPreset(name) == NULL);
    CHECK_ERROR_MENTIONS("no preset named");   /* taken as a name, just not a preset's */
    /* That message quotes the 4,096-byte name: it is cut to the header's length. */
    length = strlen(SDLH_GetError());
    CHECK(length <= SDLH_MAX_ERROR_BYTES && length >= SDLH_MAX_ERROR_BYTES - 3);
    name[SDLH_MAX_STRING_BYTES] = 'a';
    name[SDLH_MAX_STRING_BYTES + 1] = '\0';
    CHECK(SDLH_LoadPreset(name) == NULL);
    CHECK_ERROR_MENTIONS("longer than 4096 bytes");
    free(name);
}

static void check_struct_size(void) {
    union {
        SDLH_Custom custom;
        char bytes[SDLH_MAX_STRUCT_SIZE + 1];
    } larger;
    SDL_zero(larger);
    larger.custom.name = "buzz";
    larger.custom.size = SDLH_MAX_STRUCT_SIZE;   /* a struct of a later header, as large as accepted */
    CHECK_EQ_INT(SDLH_PostCustom(&larger.custom), 0);
    larger.custom.size = SDLH_MAX_STRUCT_SIZE + 1;
    CHECK_EQ_INT(SDLH_PostCustom(&larger.custom), SDLH_ERROR_INVALID_ARGUMENT);
}

static void check_watch_interval(const char *config) {
    CHECK_EQ_INT(SDLH_LoadMappingWithOptions(config, 0, SDLH_MIN_WATCH_INTERVAL), 0);
    CHECK_EQ_INT(SDLH_LoadMappingWithOptions(config, 0, SDLH_MAX_WATCH_INTERVAL), 0);
    CHECK_EQ_INT(SDLH_LoadMappingWithOptions(config, 0, SDLH_MIN_WATCH_INTERVAL * 0.99), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_LoadMappingWithOptions(config, 0, SDLH_MAX_WATCH_INTERVAL * 1.01), SDLH_ERROR_INVALID_ARGUMENT);
}

static void check_playback_rate(void) {
    SDLH_Pattern *pattern = continuous_pattern("10");
    SDLH_PatternPlayer *player = NULL;
    CHECK_EQ_INT(SDLH_PlayPattern(pattern, 0, 1, SDLH_CATEGORY_CUSTOM, &player), 1);
    CHECK_EQ_INT(SDLH_SetPatternPlayerRate(player, SDLH_MIN_PLAYBACK_RATE), 0);
    CHECK_EQ_INT(SDLH_SetPatternPlayerRate(player, SDLH_MAX_PLAYBACK_RATE), 0);
    CHECK_EQ_INT(SDLH_SetPatternPlayerRate(player, SDLH_MIN_PLAYBACK_RATE * 0.99), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_SetPatternPlayerRate(player, SDLH_MAX_PLAYBACK_RATE * 1.01), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_FreePatternPlayer(player), 0);
    CHECK_EQ_INT(SDLH_FreePattern(pattern), 0);
}

/* SDLH_MAX_VIRTUAL_PADS attached at once (issue 31: SDL 2.26 attaches one in time growing with the
   square of those attached, so the handle table's SDLH_MAX_LIVE_HANDLES could never be reached). */
static void check_virtual_pads(void) {
    static SDLH_VirtualPad *pads[SDLH_MAX_VIRTUAL_PADS];
    int index, missing = 0, detached = 0;
    for (index = 0; index < SDLH_MAX_VIRTUAL_PADS; index++) {
        pads[index] = SDLH_AttachVirtualPad(NULL);
        missing += pads[index] == NULL;
    }
    CHECK_EQ_INT(missing, 0);
    CHECK(SDLH_AttachVirtualPad(NULL) == NULL);
    CHECK_ERROR_MENTIONS("SDLH_MAX_VIRTUAL_PADS");
    CHECK(SDLH_AttachVirtualPadWithIds(0x045e, 0x02ea) == NULL);
    CHECK_EQ_INT(SDLH_DetachVirtualPad(pads[0]), 0);
    pads[0] = SDLH_AttachVirtualPad("ps4");   /* room again */
    CHECK(pads[0] != NULL);
    for (index = 0; index < SDLH_MAX_VIRTUAL_PADS; index++) detached += SDLH_DetachVirtualPad(pads[index]) == 0;
    CHECK_EQ_INT(detached, SDLH_MAX_VIRTUAL_PADS);
    pump();
}

int main(int argc, char **argv) {
    PadLog pad;
    if (argc != 3) {
        fprintf(stderr, "usage: test_limits TEMP_DIR SHIPPED_CONFIG\n");
        return 2;
    }
    if (start_sdl() != 0) return 1;
    attach_pad(&pad);
    check_players_and_safety();
    CHECK_EQ_INT(SDLH_Init(NULL), 0);
    check_queue();
    check_handles();
    check_pattern_bytes(argv[1]);
    check_strings_and_errors();
    check_struct_size();
    check_watch_interval(argv[2]);
    check_playback_rate();
    check_virtual_pads();
    CHECK_EQ_INT(SDLH_Quit(), 0);
    detach_pad(pad.instance_id);
    SDL_Quit();
    return test_finish("test_limits");
}
