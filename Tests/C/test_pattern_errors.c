/*
 * A pattern's error is never hidden behind its warnings (issue 31, round two, F8): a pattern file with
 * 201 warnings (intensities of 2, clamped) before its one error (an event type "Bogus") is refused by
 * SDLH_LoadPattern, and by SDLH_LoadMapping for the rule that names it, with the error's place and what
 * is wrong (Pattern[201].Event.EventType, "Bogus"). Before the fix both said only "2 more problems not
 * listed": warnings and errors shared one cap of 200, and the summary line became the first error.
 *
 * Usage: test_pattern_errors TEMP_DIR SHIPPED_CONFIG
 */
#include "test_support.h"

static int write_warnings_then_error(const char *path, int warnings) {
    FILE *file = fopen(path, "w");
    int index;
    if (file == NULL) return -1;
    fputs("{\"Version\": 1, \"Pattern\": [", file);
    for (index = 0; index < warnings; index++) {
        fprintf(file, "{\"Event\": {\"Time\": %g, \"EventType\": \"HapticTransient\", \"EventParameters\": "
                      "[{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": 2}]}},", index * 0.01);
    }
    fputs("{\"Event\": {\"Time\": 5, \"EventType\": \"Bogus\"}}]}", file);
    return fclose(file);
}

int main(int argc, char **argv) {
    char pattern_path[1024], config_path[1024];
    FILE *config;
    if (argc < 2) {
        fprintf(stderr, "usage: test_pattern_errors TEMP_DIR SHIPPED_CONFIG\n");
        return 2;
    }
    SDL_snprintf(pattern_path, sizeof pattern_path, "%s/warnings.ahap", argv[1]);
    SDL_snprintf(config_path, sizeof config_path, "%s/warnings.toml", argv[1]);
    CHECK_EQ_INT(write_warnings_then_error(pattern_path, 201), 0);
    config = fopen(config_path, "w");
    CHECK(config != NULL);
    if (config == NULL) return test_finish("test_pattern_errors");
    fputs("version = 1\n[[rule]]\nevent = \"action\"\naction = \"jump\"\npattern = \"warnings.ahap\"\n", config);
    fclose(config);

    if (start_sdl() != 0) return 1;
    CHECK_EQ_INT(SDLH_Init(NULL), 0);
    CHECK(SDLH_LoadPattern(pattern_path) == NULL);
    CHECK_ERROR_MENTIONS("Pattern[201].Event.EventType");
    CHECK_ERROR_MENTIONS("\"Bogus\"");
    CHECK(strstr(SDLH_GetError(), "not listed") == NULL);

    CHECK_EQ_INT(SDLH_LoadMappingWithOptions(config_path, 0, 1), SDLH_ERROR_CONFIG);
    CHECK_ERROR_MENTIONS("Pattern[201].Event.EventType");
    CHECK_ERROR_MENTIONS("\"Bogus\"");
    CHECK(SDLH_GetMappingErrorCount() >= 1);
    CHECK(SDLH_GetMappingErrorCount() >= 1 && strstr(SDLH_GetMappingError(0), "Pattern[201]") != NULL);
    CHECK_EQ_INT(SDLH_Quit(), 0);
    SDL_Quit();
    return test_finish("test_pattern_errors");
}
