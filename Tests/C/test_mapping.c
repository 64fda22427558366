/*
 * The mapping config through the C API: exact values from a config of the test's own, hot reload
 * of a saved edit (on by default), a broken edit reported with file:line:column while the last good
 * config stays, the load budget (a config whose pattern files pass it is refused at the rule that
 * passes it, and the config in use stays), and the shipped config (Assets/Haptics/haptics.toml)
 * turning a collision, a footstep and a texture into rumble on a virtual pad.
 *
 * Usage: test_mapping TEMP_DIR SHIPPED_CONFIG
 */
#include "test_support.h"

static const char buzz_ahap[] =
    "{\"Version\": 1.0, \"Pattern\": [{\"Event\": {\"Time\": 0.0, \"EventType\": \"HapticContinuous\", "
    "\"EventDuration\": 0.2, \"EventParameters\": ["
    "{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": 1.0}, "
    "{\"ParameterID\": \"HapticSharpness\", \"ParameterValue\": 0.5}]}}]}\n";

static int write_file(const char *path, const char *text) {
    SDL_RWops *file = SDL_RWFromFile(path, "wb");
    size_t length = SDL_strlen(text);
    if (file == NULL) {
        fprintf(stderr, "cannot write %s: %s\n", path, SDL_GetError());
        return -1;
    }
    if (SDL_RWwrite(file, text, 1, length) != length) length = 0;
    SDL_RWclose(file);
    return length == 0 ? -1 : 0;
}

/* Saves the way editors do: a temporary file renamed over the config, so the watcher never reads a
 * half-written file (a truncated config that still parses, such as an empty one, would be swapped in). */
static int write_config(const char *path, const char *intensity) {
    char text[512], temporary[1100];
    SDL_snprintf(text, sizeof text,
                 "version = 1\n\n[[rule]]\nname = \"buzz\"\nevent = \"custom\"\ncustom = \"buzz\"\n"
                 "pattern = \"Buzz.ahap\"\nintensity = %s\n", intensity);
    SDL_snprintf(temporary, sizeof temporary, "%s.saving", path);
    if (write_file(temporary, text) != 0) return -1;
    return rename(temporary, path) == 0 ? 0 : -1;
}

/* A config of `count` rules, each naming its own one-event AHAP file (written beside it): every file
 * counts at least 16 KiB towards the load budget's 64 MiB (docs/config.md, "Limits"), so 4,096 fit
 * and the 4,097th passes it (issue 26). */
static int write_budget_config(const char *folder, const char *config, int count) {
    char path[1100], rule[160];
    size_t capacity = (size_t)count * sizeof rule + 1, length = 0;
    char *text = (char *)SDL_malloc(capacity);
    int index, result;
    if (text == NULL) return -1;
    text[0] = 0;
    for (index = 0; index < count; index++) {
        SDL_snprintf(path, sizeof path, "%s/p%d.ahap", folder, index);
        if (write_file(path, buzz_ahap) != 0) {
            SDL_free(text);
            return -1;
        }
        SDL_snprintf(rule, sizeof rule, "[[rule]]\nevent = \"custom\"\ncustom = \"c%d\"\npattern = \"p%d.ahap\"\n", index, index);
        SDL_strlcpy(text + length, rule, capacity - length);
        length += SDL_strlen(rule);
    }
    result = write_file(config, text);
    SDL_free(text);
    return result;
}

static void post_buzz(void) {
    SDLH_Custom buzz;
    SDL_zero(buzz);
    buzz.size = sizeof buzz;
    buzz.name = "buzz";
    buzz.value = 1;
    CHECK_EQ_INT(SDLH_PostCustom(&buzz), 0);
}

/* Runs real-time frames until the watcher's reload (or failure) is swapped in: at most 5 s. */
static void wait_for_reload(double *time, Sint64 reloads_before, Sint64 failures_before) {
    SDLH_MappingStats stats;
    int waited;
    SDL_zero(stats);
    stats.size = sizeof stats;
    for (waited = 0; waited < 500; waited++) {
        SDL_Delay(10);
        frames(time, 1);
        SDLH_GetMappingStats(&stats);
        if (stats.reloads > reloads_before || stats.failed_reloads > failures_before) return;
    }
    fprintf(stderr, "no reload noticed within 5 s\n");
}

int main(int argc, char **argv) {
    PadLog pad;
    SDLH_MappingStats stats;
    SDLH_Collision collision;
    SDLH_Footstep footstep;
    SDLH_Texture texture;
    char config[1024], pattern[1024], budget[1024];
    double time = 0;
    int calls_before;
    Uint16 heavy, light;

    if (argc != 3) {
        fprintf(stderr, "usage: test_mapping TEMP_DIR SHIPPED_CONFIG\n");
        return 2;
    }
    SDL_snprintf(config, sizeof config, "%s/haptics.toml", argv[1]);
    SDL_snprintf(pattern, sizeof pattern, "%s/Buzz.ahap", argv[1]);
    if (write_file(pattern, buzz_ahap) != 0 || write_config(config, "0.5") != 0) return 1;
    if (start_sdl() != 0) return 1;
    attach_pad(&pad);   /* connected before init: opened by SDLH_Init */
    CHECK_EQ_INT(SDLH_Init(NULL), 0);
    CHECK_EQ_INT(SDLH_GetNumPads(), 1);

    /* The config's intensity reaches the pad exactly: 0.5 of a full continuous pattern. */
    CHECK_EQ_INT(SDLH_LoadMapping(config), 0);
    CHECK_EQ_INT(SDLH_GetMappingErrorCount(), 0);
    post_buzz();
    frames(&time, 1);
    CHECK_EQ_INT(last_low(&pad), 32768);
    CHECK_EQ_INT(last_high(&pad), 32768);
    frames(&time, 20);
    CHECK_EQ_INT(last_low(&pad), 0);

    /* A saved edit is swapped in while the game runs. */
    SDL_zero(stats);
    stats.size = sizeof stats;
    CHECK_EQ_INT(SDLH_GetMappingStats(&stats), 0);
    CHECK_EQ_INT(stats.reloads, 0);
    CHECK_EQ_INT(write_config(config, "0.25"), 0);
    wait_for_reload(&time, 0, 0);
    CHECK_EQ_INT(SDLH_GetMappingStats(&stats), 0);
    CHECK_EQ_INT(stats.reloads, 1);
    post_buzz();
    frames(&time, 1);
    CHECK_EQ_INT(last_low(&pad), 16384);
    frames(&time, 20);

    /* A broken edit: reported with file:line:column; the last good config keeps playing. */
    CHECK_EQ_INT(write_config(config, "1.5"), 0);
    wait_for_reload(&time, 1, 0);
    CHECK_EQ_INT(SDLH_GetMappingStats(&stats), 0);
    CHECK_EQ_INT(stats.failed_reloads, 1);
    CHECK_EQ_INT(SDLH_GetMappingErrorCount(), 1);
    CHECK(SDLH_GetMappingError(0) != NULL &&
          strstr(SDLH_GetMappingError(0), "haptics.toml:8:13: error: rule[0].intensity: 1.5 is out of range") != NULL);
    post_buzz();
    frames(&time, 1);
    CHECK_EQ_INT(last_low(&pad), 16384);
    frames(&time, 20);

    /* Fixed again: the errors clear. */
    CHECK_EQ_INT(write_config(config, "1"), 0);
    wait_for_reload(&time, 1, 1);
    CHECK_EQ_INT(SDLH_GetMappingErrorCount(), 0);
    post_buzz();
    frames(&time, 1);
    CHECK_EQ_INT(last_low(&pad), 65535);
    frames(&time, 20);

    /* A broken file at load: SDLH_ERROR_CONFIG with file:line:column; the previous config stays. */
    CHECK_EQ_INT(write_file(pattern, "{ not json"), 0);
    CHECK_EQ_INT(SDLH_LoadMapping(config), SDLH_ERROR_CONFIG);
    CHECK_ERROR_MENTIONS("haptics.toml:");
    CHECK(SDLH_GetMappingErrorCount() >= 1);
    CHECK_EQ_INT(write_file(pattern, buzz_ahap), 0);

    /* SDLH_LoadMapping loads within the same budget as hapticsctl check: the rule whose pattern file
     * passes it is the one problem reported, and the config in use stays. */
    SDL_snprintf(budget, sizeof budget, "%s/budget.toml", argv[1]);
    CHECK_EQ_INT(write_budget_config(argv[1], budget, 4097), 0);
    CHECK_EQ_INT(SDLH_LoadMapping(budget), SDLH_ERROR_CONFIG);
    CHECK_ERROR_MENTIONS("passes the config's budget of");
    CHECK_EQ_INT(SDLH_GetMappingErrorCount(), 1);
    CHECK(SDLH_GetMappingError(0) != NULL &&
          strstr(SDLH_GetMappingError(0), "budget.toml:16388:11: error: rule[4096].pattern: loading this pattern passes "
                                          "the config's budget of 67108864 bytes") != NULL);
    post_buzz();
    frames(&time, 1);
    CHECK_EQ_INT(last_low(&pad), 65535);
    frames(&time, 20);

    /* The shipped config: a collision, a footstep and a texture. */
    CHECK_EQ_INT(SDLH_LoadMapping(argv[2]), 0);
    CHECK_EQ_INT(SDLH_GetMappingErrorCount(), 0);
    frames(&time, 60);
    SDL_zero(collision);
    collision.size = sizeof collision;
    collision.mass_a = 1000;
    collision.speed = 6;
    collision.material_a = "crate";
    collision.material_b = "stone";
    CHECK_EQ_INT(SDLH_PostCollision(&collision), 0);
    calls_before = pad.calls;
    frames(&time, 1);
    CHECK(pad.calls > calls_before);
    heavy = last_low(&pad) > last_high(&pad) ? last_low(&pad) : last_high(&pad);
    CHECK(heavy > 0);
    frames(&time, 60);
    collision.mass_a = 1;
    collision.speed = 1;
    CHECK_EQ_INT(SDLH_PostCollision(&collision), 0);
    frames(&time, 1);
    light = last_low(&pad) > last_high(&pad) ? last_low(&pad) : last_high(&pad);
    CHECK(light > 0);
    CHECK(heavy > light);   /* the config's log impulse curve: 1000 kg at 6 m/s is stronger than 1 kg at 1 m/s */
    frames(&time, 60);

    SDL_zero(footstep);
    footstep.size = sizeof footstep;
    footstep.surface = "metal";
    footstep.speed = 3;
    CHECK_EQ_INT(SDLH_PostFootstep(&footstep), 0);
    calls_before = pad.calls;
    frames(&time, 2);
    CHECK(pad.calls > calls_before);
    frames(&time, 60);

    SDL_zero(texture);
    texture.size = sizeof texture;
    texture.id = 1;
    texture.action = SDLH_TEXTURE_START;
    texture.kind = "rolling";
    texture.value = 4;
    CHECK_EQ_INT(SDLH_PostTexture(&texture), 0);
    frames(&time, 10);
    CHECK(last_low(&pad) > 0 || last_high(&pad) > 0);
    SDL_zero(stats);
    stats.size = sizeof stats;
    CHECK_EQ_INT(SDLH_GetMappingStats(&stats), 0);
    CHECK_EQ_INT(stats.unmatched, 0);
    texture.action = SDLH_TEXTURE_STOP;
    CHECK_EQ_INT(SDLH_PostTexture(&texture), 0);
    frames(&time, 60);
    CHECK_EQ_INT(last_low(&pad), 0);
    CHECK_EQ_INT(last_high(&pad), 0);

    /* Quit while a texture plays: (0,0). */
    texture.action = SDLH_TEXTURE_START;
    CHECK_EQ_INT(SDLH_PostTexture(&texture), 0);
    frames(&time, 10);
    CHECK(last_low(&pad) > 0 || last_high(&pad) > 0);
    CHECK_EQ_INT(SDLH_Quit(), 0);
    CHECK_EQ_INT(last_low(&pad), 0);
    CHECK_EQ_INT(last_high(&pad), 0);

    detach_pad(pad.instance_id);
    SDL_Quit();
    return test_finish("test_mapping");
}
