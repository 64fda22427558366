/*
 * Posts no rule takes, names compared exactly, one counting unit (issue 31), through the C API:
 *   - SDLH_PostAction(0, "jummp") is silent, but the next update writes one debug line to SDL's log
 *     ("action \"jummp\" matches no rule of ...; did you mean \"jump\"?"), once per name, and
 *     SDLH_GetNumUnmatchedNames / SDLH_GetUnmatchedName list it with its posts (the C developer's item);
 *   - two action names with the same 64-bit FNV-1a hash: each plays only its own rule (item 5; on
 *     c8dcd09 the other name fired the rule and did not count as unmatched);
 *   - SDLH_MappingStats: every post ends in exactly one field, a post for a player without a pad in
 *     no_pad, an unmatched texture for every player once (item 7);
 *   - action = "" in a config is refused with its file:line and rule path; a 4,096-byte action name
 *     loads and a post of it plays (item 15).
 *
 * Usage: test_unmatched TEMP_DIR SHIPPED_CONFIG
 */
#include <stdlib.h>
#include "test_support.h"

typedef struct LogLines {
    int count;
    char last[1024];
} LogLines;

static void SDLCALL capture(void *userdata, int category, SDL_LogPriority priority, const char *message) {
    LogLines *lines = (LogLines *)userdata;
    (void)category;
    if (priority != SDL_LOG_PRIORITY_DEBUG || strstr(message, "matches no rule") == NULL) return;
    lines->count++;
    SDL_strlcpy(lines->last, message, sizeof lines->last);
}

static int write_text(const char *path, const char *text) {
    FILE *file = fopen(path, "wb");
    size_t length = strlen(text);
    if (file == NULL) return -1;
    if (fwrite(text, 1, length, file) != length) { fclose(file); return -1; }
    return fclose(file);
}

static SDLH_MappingStats stats(void) {
    SDLH_MappingStats s;
    SDLH_STRUCT_INIT(s);
    CHECK_EQ_INT(SDLH_GetMappingStats(&s), 0);
    return s;
}

static Sint64 outcomes(const SDLH_MappingStats *s) {
    return s->started + s->updated + s->coalesced + s->cooled_down + s->throttled + s->out_of_range + s->silenced
        + s->no_pad + s->unmatched;
}

static int peak_low(SDLH_VirtualPad *pad) {
    SDLH_VirtualPadState state;
    SDLH_STRUCT_INIT(state);
    CHECK_EQ_INT(SDLH_GetVirtualPadState(pad, &state), 0);
    return state.peak_low_frequency;
}

int main(int argc, char **argv) {
    static const char colliding_a[] = "hit_7e820901f1e65f74", colliding_b[] = "hit_9d2bbf31a78fad02";
    char config[1024], broken[1024], text[8192], *longest;
    SDLH_InitOptions options;
    SDLH_UnmatchedName unmatched;
    SDLH_MappingStats s;
    SDLH_VirtualPad *pad;
    SDLH_Texture texture;
    LogLines lines;
    double time = 0;

    if (argc != 3) {
        fprintf(stderr, "usage: test_unmatched TEMP_DIR SHIPPED_CONFIG\n");
        return 2;
    }
    SDL_zero(lines);
    SDL_LogSetOutputFunction(capture, &lines);
    SDL_LogSetPriority(SDL_LOG_CATEGORY_APPLICATION, SDL_LOG_PRIORITY_DEBUG);
    if (start_sdl() != 0) return 1;
    SDLH_STRUCT_INIT(options);
    options.player_count = 2;
    CHECK_EQ_INT(SDLH_Init(&options), 0);
    pad = SDLH_AttachVirtualPad("virtual");
    CHECK(pad != NULL);
    pump();

    SDL_snprintf(config, sizeof config, "%s/unmatched.toml", argv[1]);
    SDL_snprintf(text, sizeof text,
                 "[[rule]]\nevent = \"action\"\naction = \"jump\"\npattern = \"ImpactMedium\"\n\n"
                 "[[rule]]\nevent = \"action\"\naction = \"%s\"\npattern = \"ImpactHeavy\"\n\n"
                 "[[rule]]\nevent = \"custom\"\ncustom = \"door_slam\"\npattern = \"ImpactHeavy\"\n", colliding_a);
    CHECK_EQ_INT(write_text(config, text), 0);
    CHECK_EQ_INT(SDLH_LoadMappingWithOptions(config, 0, 0.25), 0);

    /* A misspelt action: silent, one debug line with a suggestion, listed with its posts. */
    CHECK_EQ_INT(SDLH_PostAction(0, "jummp"), 0);
    CHECK_EQ_INT(SDLH_PostAction(0, "jummp"), 0);
    frames(&time, 1);
    CHECK_EQ_INT(lines.count, 1);
    CHECK(strstr(lines.last, "SDLHaptics: action \"jummp\" matches no rule of ") == lines.last);
    CHECK(strstr(lines.last, "unmatched.toml; did you mean \"jump\"?") != NULL);
    CHECK_EQ_INT(peak_low(pad), 0);
    CHECK_EQ_INT(SDLH_PostAction(0, "jummp"), 0);
    frames(&time, 1);
    CHECK_EQ_INT(lines.count, 1);   /* once per name */
    CHECK_EQ_INT(SDLH_GetNumUnmatchedNames(), 1);
    SDLH_STRUCT_INIT(unmatched);
    CHECK_EQ_INT(SDLH_GetUnmatchedName(0, &unmatched), 0);
    CHECK(unmatched.kind != NULL && strcmp(unmatched.kind, "action") == 0);
    CHECK(unmatched.name != NULL && strcmp(unmatched.name, "jummp") == 0);
    CHECK(unmatched.suggestion != NULL && strcmp(unmatched.suggestion, "jump") == 0);
    CHECK_EQ_INT(unmatched.posts, 3);
    CHECK_EQ_INT(SDLH_GetUnmatchedName(1, &unmatched), SDLH_ERROR_NOT_FOUND);
    CHECK_EQ_INT(SDLH_GetUnmatchedName(0, NULL), SDLH_ERROR_INVALID_ARGUMENT);

    /* Two names with one 64-bit hash: the other one is unmatched, the right one plays. */
    CHECK_EQ_INT(SDLH_PostAction(0, colliding_b), 0);
    frames(&time, 5);
    CHECK_EQ_INT(peak_low(pad), 0);
    CHECK_EQ_INT(SDLH_GetNumUnmatchedNames(), 2);
    CHECK(strstr(lines.last, colliding_b) != NULL);
    CHECK_EQ_INT(SDLH_PostAction(0, colliding_a), 0);
    frames(&time, 5);
    CHECK(peak_low(pad) > 0);

    /* One unit: a post for player 1 (no pad) is no_pad; an unmatched texture for every player counts once. */
    s = stats();
    CHECK_EQ_INT(outcomes(&s), s.events);
    CHECK_EQ_INT(s.unmatched, 4);
    CHECK_EQ_INT(SDLH_PostAction(1, "jump"), 0);
    SDLH_STRUCT_INIT(texture);
    texture.player = SDLH_EVERY_PLAYER;
    texture.kind = "rain";
    CHECK_EQ_INT(SDLH_PostTexture(&texture), 0);
    frames(&time, 1);
    s = stats();
    CHECK_EQ_INT(s.no_pad, 1);
    CHECK_EQ_INT(s.unmatched, 5);
    CHECK_EQ_INT(outcomes(&s), s.events);
    CHECK(s.voices_started >= 1);

    /* A rule no post could match is refused where it is written; 4,096 bytes are the longest name. */
    SDL_snprintf(broken, sizeof broken, "%s/empty_action.toml", argv[1]);
    CHECK_EQ_INT(write_text(broken, "[[rule]]\nevent = \"action\"\npattern = \"ImpactMedium\"\naction = \"\"\n"), 0);
    CHECK_EQ_INT(SDLH_LoadMappingWithOptions(broken, 0, 0.25), SDLH_ERROR_CONFIG);
    CHECK_ERROR_MENTIONS("empty_action.toml:4:10: error: rule[0].action: expected a name, found an empty string");
    longest = (char *)malloc(SDLH_MAX_STRING_BYTES + 1);
    CHECK(longest != NULL);
    if (longest != NULL) {
        memset(longest, 'n', SDLH_MAX_STRING_BYTES);
        longest[SDLH_MAX_STRING_BYTES] = '\0';
        SDL_snprintf(text, sizeof text, "[[rule]]\nevent = \"action\"\npattern = \"ImpactHeavy\"\naction = \"%s\"\n", longest);
        CHECK_EQ_INT(write_text(broken, text), 0);
        CHECK_EQ_INT(SDLH_LoadMappingWithOptions(broken, 0, 0.25), 0);
        CHECK_EQ_INT(SDLH_ResetVirtualPad(pad), 0);
        CHECK_EQ_INT(SDLH_PostAction(0, longest), 0);
        frames(&time, 5);
        CHECK(peak_low(pad) > 0);
        CHECK_EQ_INT(SDLH_GetNumUnmatchedNames(), 0);   /* a new config starts the list again */
        free(longest);
    }

    CHECK_EQ_INT(SDLH_DetachVirtualPad(pad), 0);
    CHECK_EQ_INT(SDLH_Quit(), 0);
    SDL_Quit();
    return test_finish("test_unmatched");
}
