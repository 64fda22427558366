/*
 * The per-frame path allocates nothing in steady state (docs/performance.md; issue 31, round two): this
 * program counts every malloc, calloc, realloc and aligned allocation made on the game thread inside
 * SDLH_UpdateAt, through test_alloc_count.h. After 100
 * frames of warm-up, 100 frames each of:
 *   - 50 action rules (one with trigger_bias, so trigger voices start too) posted every frame for a "ps5" pad;
 *   - a pattern player paused, resumed and given a parameter every frame;
 *   - 8 textures of one rule updated every frame;
 * make 0 allocations (posts, calls and the update of each frame on the game thread). On this branch before its fix, a pattern player's command storage
 * was freed whenever every command had run, so each rule start and each commanded update allocated once
 * (5,000 and 100 mallocs here); 9b80208 made 0.
 *
 * Usage: test_update_alloc TEMP_DIR SHIPPED_CONFIG
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include "test_support.h"
#include "test_alloc_count.h"


static double clock_time = 0;

/* The end of frame `index`: its update; what the frame did is counted from frame 100 on (`begin`). */
static void frame(int index) {
    (void)index;
    clock_time += 1.0 / 60.0;
    SDLH_UpdateAt(clock_time);
    counting = 0;
}

/* The start of frame `index`: counting from frame 100 on (the posts, calls and update of the frame). */
static void begin(int index) { counting = index >= 100; }

int main(int argc, char **argv) {
    char config[1024], name[32];
    SDLH_PatternPlayer *player = NULL;
    long rules_allocations, commands_allocations, textures_allocations;
    int index, rule, id;
    FILE *file;
    if (argc < 2) {
        fprintf(stderr, "usage: test_update_alloc TEMP_DIR SHIPPED_CONFIG\n");
        return 2;
    }
    counted_thread = pthread_self();
    SDL_snprintf(config, sizeof config, "%s/alloc.toml", argv[1]);
    file = fopen(config, "w");
    CHECK(file != NULL);
    if (file == NULL) return test_finish("test_update_alloc");
    fputs("version = 1\n[[rule]]\nevent = \"texture\"\ntexture = \"rolling\"\npattern = \"Heartbeat\"\n"
          "intensity = { input = \"value\", input_range = [0, 10] }\n", file);
    for (rule = 0; rule < 50; rule++) {
        fprintf(file, "[[rule]]\nevent = \"action\"\naction = \"r%d\"\npattern = \"ImpactHeavy\"\n%s", rule,
                rule == 0 ? "trigger_bias = 1\n" : "");
    }
    fclose(file);

    if (start_sdl() != 0) return 1;
    CHECK_EQ_INT(SDLH_Init(NULL), 0);
    CHECK(SDLH_AttachVirtualPad("ps5") != NULL);
    pump();
    CHECK_EQ_INT(SDLH_LoadMappingWithOptions(config, 0, 1), 0);

    allocations = 0;
    for (index = 0; index < 200; index++) {
        begin(index);
        for (rule = 0; rule < 50; rule++) {
            SDL_snprintf(name, sizeof name, "r%d", rule);
            SDLH_PostAction(0, name);
        }
        frame(index);
    }
    rules_allocations = allocations;

    CHECK_EQ_INT(SDLH_PlayPattern(continuous_pattern("100"), 0, 1, SDLH_CATEGORY_CUSTOM, &player), 1);
    allocations = 0;
    for (index = 0; index < 200; index++) {
        begin(index);
        SDLH_PausePatternPlayer(player);
        SDLH_ResumePatternPlayer(player);
        SDLH_SetPatternPlayerParameter(player, SDLH_PARAMETER_HAPTIC_INTENSITY, (index % 10) / 10.0);
        frame(index);
    }
    commands_allocations = allocations;
    SDLH_StopPatternPlayer(player);

    allocations = 0;
    for (index = 0; index < 200; index++) {
        begin(index);
        for (id = 0; id < 8; id++) {
            SDLH_Texture texture;
            SDLH_STRUCT_INIT(texture);
            texture.id = id;
            texture.kind = "rolling";
            texture.value = 3 + id;
            texture.action = index == 0 ? SDLH_TEXTURE_START : SDLH_TEXTURE_UPDATE;
            SDLH_PostTexture(&texture);
        }
        frame(index);
    }
    textures_allocations = allocations;

    printf("allocations in 100 steady frames: 50 rules posted each frame %ld, pattern player commands %ld, 8 textures %ld\n",
           rules_allocations, commands_allocations, textures_allocations);
    CHECK_EQ_INT(rules_allocations, 0);
    CHECK_EQ_INT(commands_allocations, 0);
    CHECK_EQ_INT(textures_allocations, 0);

    CHECK_EQ_INT(SDLH_Quit(), 0);
    SDL_Quit();
    return test_finish("test_update_alloc");
}
