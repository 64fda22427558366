/*
 * Floods within the documented limits stay bounded (issue 31, round two, F5 and F6), each limit checked at
 * its edge and one step past it:
 *   - textures: 5, 8 and SDLH_MAX_PLAYING_TEXTURES textures of one rule, updated every frame, keep their
 *     voices (no voice starts after their first frame); one more is throttled every frame. On 671abd6 a
 *     rule's four voices were taken over in turn: 5 textures started 150 voices in two seconds, 64 started
 *     7,547, and none got past its attack;
 *   - commands: 64,000 SDLH_SetPatternPlayerParameter calls between two updates are accepted (each replaces
 *     the last); pause and resume in turn are accepted up to SDLH_MAX_PENDING_COMMANDS, then refused with
 *     SDLH_ERROR_LIMIT until the next update. On 671abd6 they piled up without bound and the next update
 *     took O(n^2): 2.8 s for 64,000;
 *   - rule voices: SDLH_MAX_RULE_VOICES + 50 rules posted for one player in one frame start
 *     SDLH_MAX_RULE_VOICES voices; the 50 others are throttled; once those voices ended, the 50 start
 *     (idle rules make room). On 671abd6 every rule kept four voices per player, without bound.
 *
 * Usage: test_floods TEMP_DIR SHIPPED_CONFIG
 */
#include <stdlib.h>
#include "test_support.h"

static SDLH_MappingStats stats(void) {
    SDLH_MappingStats s;
    SDLH_STRUCT_INIT(s);
    CHECK_EQ_INT(SDLH_GetMappingStats(&s), 0);
    return s;
}

/* Posts `count` textures of the rolling rule (started in frame 0, updated after) for `frames` frames;
   returns the voices started after the first frame, and the posts throttled in *throttled. */
static long long textures(int count, int frames_to_run, long long *throttled) {
    double time = 0;
    long long first = 0, before_throttled = stats().throttled;
    int frame, id;
    for (frame = 0; frame < frames_to_run; frame++) {
        for (id = 0; id < count; id++) {
            SDLH_Texture texture;
            SDLH_STRUCT_INIT(texture);
            texture.id = 1000 * count + id;
            texture.kind = "rolling";
            texture.value = 3 + id % 7;
            texture.action = frame == 0 ? SDLH_TEXTURE_START : SDLH_TEXTURE_UPDATE;
            SDLH_PostTexture(&texture);
        }
        frames(&time, 1);
        if (frame == 0) first = stats().voices_started;
    }
    *throttled = stats().throttled - before_throttled;
    for (id = 0; id < count; id++) {
        SDLH_Texture texture;
        SDLH_STRUCT_INIT(texture);
        texture.id = 1000 * count + id;
        texture.action = SDLH_TEXTURE_STOP;
        SDLH_PostTexture(&texture);
    }
    frames(&time, 120);
    return stats().voices_started - first;
}

static int write_rules(const char *path, int rules) {
    FILE *file = fopen(path, "w");
    int rule;
    if (file == NULL) return -1;
    fputs("version = 1\n[[rule]]\nevent = \"texture\"\ntexture = \"rolling\"\npattern = \"Heartbeat\"\n"
          "intensity = { input = \"value\", input_range = [0, 10] }\n", file);
    for (rule = 0; rule < rules; rule++) fprintf(file, "[[rule]]\nevent = \"action\"\naction = \"r%d\"\npattern = \"long.ahap\"\n", rule);
    return fclose(file);
}

int main(int argc, char **argv) {
    static const char *long_ahap =
        "{\"Version\": 1, \"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"HapticContinuous\", \"EventDuration\": 2,"
        " \"EventParameters\": [{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": 0.5}]}}]}";
    static const int counts[] = {5, 8, SDLH_MAX_PLAYING_TEXTURES};
    char config[1024], pattern_path[1024], name[32];
    SDLH_PatternPlayer *player;
    SDLH_MappingStats before, after;
    long long throttled;
    double time = 100;
    unsigned index;
    int call, accepted, rule;
    FILE *file;
    PadLog pad;
    if (argc < 2) {
        fprintf(stderr, "usage: test_floods TEMP_DIR SHIPPED_CONFIG\n");
        return 2;
    }
    SDL_snprintf(config, sizeof config, "%s/floods.toml", argv[1]);
    SDL_snprintf(pattern_path, sizeof pattern_path, "%s/long.ahap", argv[1]);
    file = fopen(pattern_path, "w");
    CHECK(file != NULL);
    if (file == NULL) return test_finish("test_floods");
    fputs(long_ahap, file);
    fclose(file);
    CHECK_EQ_INT(write_rules(config, SDLH_MAX_RULE_VOICES + 50), 0);

    if (start_sdl() != 0) return 1;
    attach_pad(&pad);
    CHECK_EQ_INT(SDLH_Init(NULL), 0);
    pump();
    CHECK_EQ_INT(SDLH_LoadMappingWithOptions(config, 0, 1), 0);

    /* Textures of one rule keep their voices; one past the limit is throttled every frame. */
    for (index = 0; index < sizeof counts / sizeof counts[0]; index++) {
        long long restarts = textures(counts[index], 120, &throttled);
        printf("%d textures of one rule, 120 frames: %lld voices started after their first frame, %lld throttled\n",
               counts[index], restarts, throttled);
        CHECK_EQ_INT(restarts, 0);
        CHECK_EQ_INT(throttled, 0);
    }
    textures(SDLH_MAX_PLAYING_TEXTURES + 1, 30, &throttled);
    CHECK_EQ_INT(throttled, 30);

    /* Commands piled on one pattern player between two updates. */
    CHECK_EQ_INT(SDLH_PlayPattern(SDLH_LoadPatternFromMemory(long_ahap, strlen(long_ahap)), 0, 1, SDLH_CATEGORY_CUSTOM, &player), 1);
    frames(&time, 1);
    accepted = 0;
    for (call = 0; call < 64000; call++) {
        accepted += SDLH_SetPatternPlayerParameter(player, SDLH_PARAMETER_HAPTIC_INTENSITY, (call % 10) / 10.0) == 0;
    }
    CHECK_EQ_INT(accepted, 64000);
    frames(&time, 1);
    accepted = 0;
    for (call = 0; call < SDLH_MAX_PENDING_COMMANDS; call++) {
        accepted += (call % 2 ? SDLH_ResumePatternPlayer(player) : SDLH_PausePatternPlayer(player)) == 0;
    }
    CHECK_EQ_INT(accepted, SDLH_MAX_PENDING_COMMANDS);
    CHECK_EQ_INT(SDLH_PausePatternPlayer(player), SDLH_ERROR_LIMIT);
    CHECK_ERROR_MENTIONS("SDLH_MAX_PENDING_COMMANDS");
    CHECK_EQ_INT(SDLH_SeekPatternPlayer(player, 1), SDLH_ERROR_LIMIT);
    frames(&time, 1);
    CHECK_EQ_INT(SDLH_PausePatternPlayer(player), 0);   /* they ran: room again */
    CHECK_EQ_INT(SDLH_StopPatternPlayer(player), 0);
    CHECK_EQ_INT(SDLH_FreePatternPlayer(player), 0);
    frames(&time, 60);

    /* Rules posted for one player past the voices the rules may hold. */
    before = stats();
    for (rule = 0; rule < SDLH_MAX_RULE_VOICES + 50; rule++) {
        SDL_snprintf(name, sizeof name, "r%d", rule);
        CHECK_EQ_INT(SDLH_PostAction(0, name), 0);
    }
    frames(&time, 1);
    after = stats();
    CHECK_EQ_INT(after.voices_started - before.voices_started, SDLH_MAX_RULE_VOICES);
    CHECK_EQ_INT(after.throttled - before.throttled, 50);
    CHECK(last_low(&pad) > 0);
    frames(&time, 180);   /* every 2 s voice has ended */
    before = stats();
    for (rule = SDLH_MAX_RULE_VOICES; rule < SDLH_MAX_RULE_VOICES + 50; rule++) {
        SDL_snprintf(name, sizeof name, "r%d", rule);
        SDLH_PostAction(0, name);
    }
    frames(&time, 1);
    after = stats();
    CHECK_EQ_INT(after.voices_started - before.voices_started, 50);
    CHECK_EQ_INT(after.throttled - before.throttled, 0);
    printf("%d rules for one player: %d voices, 50 throttled; after they ended, the 50 started\n",
           SDLH_MAX_RULE_VOICES + 50, SDLH_MAX_RULE_VOICES);

    CHECK_EQ_INT(SDLH_Quit(), 0);
    SDL_Quit();
    return test_finish("test_floods");
}
