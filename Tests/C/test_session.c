/*
 * A whole game session through the C API, the one scripts/check-c-api.sh also runs under valgrind
 * (issue 26): a config loaded with hot reload on (the watcher thread reads it every 0.02 s), a
 * saved edit swapped in by the watcher, 10,000 frames with footsteps and feedback posted from the
 * game thread (and now and then a collision, a hit dealt or received, a texture, a custom event and
 * game actions in each of their three forms), then SDLH_Quit and SDL_Quit. The watcher's reload
 * reaches a reload callback (issue 25) on the game thread. Under valgrind it must report no memory error and no definite or indirect leak
 * (docs/reliability.md, "Under valgrind").
 *
 * Usage: test_session TEMP_DIR SHIPPED_CONFIG [FRAMES]
 */
#include "test_support.h"

/* Presets only, so the config is the test's own and needs no pattern files. */
static int write_config(const char *path, const char *step_intensity) {
    char text[2560], temporary[1100];
    SDL_RWops *file;
    size_t length;
    SDL_snprintf(text, sizeof text,
                 "version = 1\n\n"
                 "[[rule]]\nname = \"step on metal\"\nevent = \"footstep\"\nsurface = \"metal\"\n"
                 "pattern = \"ImpactHeavy\"\nintensity = %s\ncategory = \"footstep\"\n\n"
                 "[[rule]]\nname = \"step\"\nevent = \"footstep\"\npattern = \"ImpactLight\"\n"
                 "intensity = { input = \"speed\", curve = \"linear\", input_range = [0.0, 6.0], output_range = [0.3, 0.7] }\n\n"
                 "[[rule]]\nname = \"selection\"\nevent = \"feedback\"\nfeedback = \"selection\"\n"
                 "pattern = \"Selection\"\nintensity = 0.8\ncategory = \"ui\"\n\n"
                 "[[rule]]\nname = \"bump\"\nevent = \"collision\"\npattern = \"ImpactMedium\"\n"
                 "intensity = { input = \"impulse\", curve = \"log\", input_range = [0.5, 5000.0], output_range = [0.1, 1.0] }\n\n"
                 "[[rule]]\nname = \"hit\"\nevent = \"hit\"\npattern = \"ImpactHeavy\"\n\n"
                 "[[rule]]\nname = \"rolling\"\nevent = \"texture\"\ntexture = \"rolling\"\npattern = \"ImpactLight\"\n\n"
                 "[[rule]]\nname = \"buzz\"\nevent = \"custom\"\ncustom = \"buzz\"\npattern = \"ImpactLight\"\n\n"
                 "[[rule]]\nname = \"jump\"\nevent = \"action\"\naction = \"jump\"\npattern = \"ImpactLight\"\n\n"
                 "[[rule]]\nname = \"land\"\nevent = \"action\"\naction = \"land\"\npattern = \"ImpactMedium\"\n"
                 "intensity = { input = \"value\", curve = \"linear\", input_range = [0.0, 12.0], output_range = [0.3, 1.0] }\n",
                 step_intensity);
    SDL_snprintf(temporary, sizeof temporary, "%s.saving", path);
    file = SDL_RWFromFile(temporary, "wb");
    if (file == NULL) return -1;
    length = SDL_strlen(text);
    if (SDL_RWwrite(file, text, 1, length) != length) length = 0;
    SDL_RWclose(file);
    return length != 0 && rename(temporary, path) == 0 ? 0 : -1;
}

/* Counts the reloads the callback hears of (game thread, inside SDLH_Update). */
static void SDLCALL count_reload(void *userdata, const SDLH_ReloadInfo *info) {
    if (info->succeeded) (*(int *)userdata)++;
}

int main(int argc, char **argv) {
    PadLog pad;
    SDLH_MappingStats stats;
    SDLH_Footstep footstep;
    SDLH_Collision collision;
    SDLH_Hit hit;
    SDLH_Texture texture;
    SDLH_Custom custom;
    SDLH_Action action;
    int reloads_heard = 0;
    char config[1024];
    double time = 0;
    int frame, total = 10000, waited, calls_before;
    static const char *const surfaces[] = {"metal", "grass", "stone", "metal"};

    if (argc < 3) {
        fprintf(stderr, "usage: test_session TEMP_DIR SHIPPED_CONFIG [FRAMES]\n");
        return 2;
    }
    if (argc > 3) total = SDL_atoi(argv[3]);
    SDL_snprintf(config, sizeof config, "%s/session.toml", argv[1]);
    if (write_config(config, "1.0") != 0) return 1;
    if (start_sdl() != 0) return 1;
    attach_pad(&pad);
    CHECK_EQ_INT(SDLH_Init(NULL), 0);
    CHECK_EQ_INT(SDLH_SetReloadCallback(count_reload, &reloads_heard), 0);
    CHECK_EQ_INT(SDLH_LoadMappingWithOptions(config, 1, 0.02), 0);

    /* A saved edit, swapped in by the watcher (at most 10 s of real time: valgrind is slow). */
    SDL_zero(stats);
    stats.size = sizeof stats;
    CHECK_EQ_INT(write_config(config, "0.5"), 0);
    for (waited = 0; waited < 1000 && stats.reloads == 0; waited++) {
        SDL_Delay(10);
        frames(&time, 1);
        SDLH_GetMappingStats(&stats);
    }
    CHECK_EQ_INT(stats.reloads, 1);
    CHECK_EQ_INT(reloads_heard, 1);

    SDL_zero(footstep);
    footstep.size = sizeof footstep;
    footstep.speed = 3;
    SDL_zero(collision);
    collision.size = sizeof collision;
    collision.mass_a = 20;
    collision.speed = 4;
    collision.material_a = "crate";
    SDL_zero(hit);
    hit.size = sizeof hit;
    hit.damage = 10;
    SDL_zero(texture);
    texture.size = sizeof texture;
    texture.id = 7;
    texture.kind = "rolling";
    texture.value = 2;
    SDL_zero(custom);
    custom.size = sizeof custom;
    custom.name = "buzz";
    custom.value = 1;
    SDL_zero(action);
    action.size = sizeof action;
    action.name = "land";
    action.tag = "session";
    calls_before = pad.calls;
    for (frame = 0; frame < total; frame++) {
        if (frame % 15 == 0) {
            footstep.surface = surfaces[(frame / 15) % 4];
            footstep.foot = (frame / 15) % 2 == 0 ? SDLH_FOOT_LEFT : SDLH_FOOT_RIGHT;
            footstep.player = frame % 2 == 0 ? 0 : SDLH_EVERY_PLAYER;
            footstep.has_position = frame % 4 == 0;
            footstep.x = frame * 0.01;
            CHECK_EQ_INT(SDLH_PostFootstep(&footstep), 0);
        }
        if (frame % 40 == 0) CHECK_EQ_INT(SDLH_PostFeedback(0, SDLH_FEEDBACK_SELECTION, 1), 0);
        if (frame % 97 == 0) CHECK_EQ_INT(SDLH_PostFeedback(SDLH_EVERY_PLAYER, SDLH_FEEDBACK_IMPACT_HEAVY, 0.5), 0);
        if (frame % 250 == 0) {
            collision.player = frame % 500 == 0 ? 0 : SDLH_EVERY_PLAYER;
            CHECK_EQ_INT(SDLH_PostCollision(&collision), 0);
            hit.critical = frame % 500 == 0;
            hit.blow = frame % 500 == 0 ? SDLH_BLOW_DEALT : SDLH_BLOW_RECEIVED;
            CHECK_EQ_INT(SDLH_PostHit(&hit), 0);
            CHECK_EQ_INT(SDLH_PostCustom(&custom), 0);
        }
        if (frame % 120 == 0) CHECK_EQ_INT(SDLH_PostAction(frame % 240 == 0 ? 0 : SDLH_EVERY_PLAYER, "jump"), 0);
        if (frame % 120 == 60) CHECK_EQ_INT(SDLH_PostActionValue(0, "land", (frame / 120) % 13), 0);
        if (frame % 360 == 180) {
            action.has_value = frame % 720 == 180;
            action.value = 9;
            action.has_position = frame % 720 != 180;
            action.x = 1;
            action.player = frame % 720 == 180 ? 0 : SDLH_EVERY_PLAYER;
            CHECK_EQ_INT(SDLH_PostActionEx(&action), 0);
        }
        if (frame % 1000 == 0) {
            texture.action = SDLH_TEXTURE_START;
            CHECK_EQ_INT(SDLH_PostTexture(&texture), 0);
        } else if (frame % 1000 == 300) {
            texture.action = SDLH_TEXTURE_STOP;
            CHECK_EQ_INT(SDLH_PostTexture(&texture), 0);
        } else if (frame % 1000 < 300 && frame % 30 == 0) {
            texture.action = SDLH_TEXTURE_UPDATE;
            texture.value = (frame % 7) * 0.5;
            CHECK_EQ_INT(SDLH_PostTexture(&texture), 0);
        }
        frames(&time, 1);
        if (frame % 600 == 0) pump();
    }
    CHECK(pad.calls > calls_before);
    CHECK_EQ_INT(SDLH_GetMappingStats(&stats), 0);
    CHECK(stats.events >= total / 15);
    CHECK_EQ_INT(stats.unmatched, 0);
    CHECK_EQ_INT(stats.dropped, 0);

    CHECK_EQ_INT(SDLH_SetReloadCallback(NULL, NULL), 0);
    CHECK_EQ_INT(SDLH_Quit(), 0);
    CHECK_EQ_INT(last_low(&pad), 0);
    CHECK_EQ_INT(last_high(&pad), 0);
    detach_pad(pad.instance_id);
    SDL_Quit();
    return test_finish("test_session");
}
