/*
 * A game that hot-reloads its config all day never runs out of room for long names (issue 31, round two, F7).
 * Names over 15 bytes are kept once each in a bounded table (SDLH_MAX_LONG_NAMES names, SDLH_MAX_LONG_NAME_BYTES
 * bytes at once); on 671abd6 nothing ever left it, so the third of three configs of 2,000 rules with names of
 * about 4,000 bytes was refused ("cannot be kept"), and after 262,144 names even a config naming
 * "double_jump_landing" was, still after SDLH_Quit and SDLH_Init. Now a name no loaded config writes makes room:
 *   - twenty versions of a config of 500 rules whose action names are about 4,000 bytes (40 MB of names in all,
 *     more than twice SDLH_MAX_LONG_NAME_BYTES) all load, and each version's names play (its last rule);
 *   - a config with a long name loads after SDLH_Quit and SDLH_Init;
 *   - a name of the config playing is never dropped: posted after the other loads, it still plays.
 *
 * Usage: test_long_names TEMP_DIR SHIPPED_CONFIG
 */
#include <stdlib.h>
#include "test_support.h"

#define RULES 500
#define NAME_BYTES 4000
#define VERSIONS 20

static char long_name[NAME_BYTES + 64];

/* The action name of rule `rule` of config `version`: "v<version>_r<rule>_" and 'x' to NAME_BYTES bytes. */
static const char *action_name(int version, int rule) {
    int length = SDL_snprintf(long_name, sizeof long_name, "v%d_r%d_", version, rule);
    memset(long_name + length, 'x', NAME_BYTES - (size_t)length);
    long_name[NAME_BYTES] = '\0';
    return long_name;
}

static int write_config(const char *path, int version) {
    FILE *file = fopen(path, "w");
    int rule;
    if (file == NULL) return -1;
    fputs("version = 1\n", file);
    for (rule = 0; rule < RULES; rule++) {
        fprintf(file, "[[rule]]\nevent = \"action\"\naction = \"%s\"\npattern = \"ImpactHeavy\"\n", action_name(version, rule));
    }
    return fclose(file);
}

/* Whether posting `name` for player 0 starts a voice. */
static int plays(const char *name, double *time) {
    SDLH_MappingStats before, after;
    SDLH_STRUCT_INIT(before);
    SDLH_STRUCT_INIT(after);
    SDLH_GetMappingStats(&before);
    if (SDLH_PostAction(0, name) != 0) return 0;
    frames(time, 2);
    SDLH_GetMappingStats(&after);
    frames(time, 60);
    return after.voices_started > before.voices_started;
}

int main(int argc, char **argv) {
    char config[1024], small[1024];
    double time = 0;
    int version, loaded = 0, played = 0;
    FILE *file;
    PadLog pad;
    if (argc < 2) {
        fprintf(stderr, "usage: test_long_names TEMP_DIR SHIPPED_CONFIG\n");
        return 2;
    }
    SDL_snprintf(config, sizeof config, "%s/long_names.toml", argv[1]);
    SDL_snprintf(small, sizeof small, "%s/small.toml", argv[1]);
    if (start_sdl() != 0) return 1;
    attach_pad(&pad);
    CHECK_EQ_INT(SDLH_Init(NULL), 0);
    pump();

    CHECK((long long)VERSIONS * RULES * NAME_BYTES > 2LL * SDLH_MAX_LONG_NAME_BYTES);
    for (version = 0; version < VERSIONS; version++) {
        int rc;
        CHECK_EQ_INT(write_config(config, version), 0);
        rc = SDLH_LoadMappingWithOptions(config, 0, 1);
        if (rc != 0) fprintf(stderr, "test_long_names: version %d refused: %s\n", version, SDLH_GetError());
        loaded += rc == 0;
        played += plays(action_name(version, RULES - 1), &time);
        if (version > 0) CHECK(!plays(action_name(version - 1, 0), &time));   /* the old config's names take no rule */
    }
    printf("%d configs of %d rules with %d-byte names: %d loaded, %d played their last rule\n", VERSIONS, RULES, NAME_BYTES, loaded, played);
    CHECK_EQ_INT(loaded, VERSIONS);
    CHECK_EQ_INT(played, VERSIONS);
    CHECK(plays(action_name(VERSIONS - 1, 0), &time));   /* the playing config's first name survived every sweep */

    CHECK_EQ_INT(SDLH_Quit(), 0);
    CHECK_EQ_INT(SDLH_Init(NULL), 0);
    pump();
    file = fopen(small, "w");
    CHECK(file != NULL);
    if (file != NULL) {
        fputs("version = 1\n[[rule]]\nevent = \"action\"\naction = \"double_jump_landing\"\npattern = \"ImpactHeavy\"\n", file);
        fclose(file);
    }
    CHECK_EQ_INT(SDLH_LoadMappingWithOptions(small, 0, 1), 0);
    CHECK(plays("double_jump_landing", &time));

    CHECK_EQ_INT(SDLH_Quit(), 0);
    SDL_Quit();
    return test_finish("test_long_names");
}
