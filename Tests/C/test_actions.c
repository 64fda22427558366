/*
 * Game actions through the C API (issue 25): a one-line post felt with the shipped config (jump, land,
 * dash, shoot), the value defaulting to 1 in every form, a config of the test's own deciding exact
 * levels, and the mapping statistics that say why an event played nothing: unmatched, silenced by a
 * zero value, dropped by a cooldown, merged in a frame. Also SDLH_Hit's blow, the name that replaces
 * the deprecated dealt flag.
 *
 * Usage: test_actions TEMP_DIR SHIPPED_CONFIG
 */
#include "test_support.h"

static int write_text(const char *path, const char *text) {
    SDL_RWops *file = SDL_RWFromFile(path, "wb");
    size_t length = SDL_strlen(text);
    if (file == NULL) return -1;
    if (SDL_RWwrite(file, text, 1, length) != length) length = 0;
    SDL_RWclose(file);
    return length == 0 ? -1 : 0;
}

/* A continuous pattern at full intensity: drive = the rule's intensity on both motors of the
 * virtual profile, so levels are exact (0.5 -> 32768). */
static const char own_config[] =
    "version = 1\n"
    "[[rule]]\nname = \"dash\"\nevent = \"action\"\naction = \"dash\"\npattern = \"Buzz.ahap\"\n"
    "intensity = { input = \"value\", curve = \"linear\", input_range = [0.0, 1.0], output_range = [0.0, 1.0] }\n"
    "cooldown = 0.5\n"
    "[[rule]]\nname = \"dealt\"\nevent = \"hit\"\nreceived = false\npattern = \"Buzz.ahap\"\nintensity = 0.25\n"
    "[[rule]]\nname = \"received\"\nevent = \"hit\"\nreceived = true\npattern = \"Buzz.ahap\"\nintensity = 0.75\n";

static const char buzz_ahap[] =
    "{\"Version\": 1.0, \"Pattern\": [{\"Event\": {\"Time\": 0.0, \"EventType\": \"HapticContinuous\", "
    "\"EventDuration\": 0.1, \"EventParameters\": ["
    "{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": 1.0}, "
    "{\"ParameterID\": \"HapticSharpness\", \"ParameterValue\": 0.5}]}}]}\n";

static SDLH_MappingStats stats_now(void) {
    SDLH_MappingStats stats;
    SDLH_STRUCT_INIT(stats);
    CHECK_EQ_INT(SDLH_GetMappingStats(&stats), 0);
    return stats;
}

/* The highest body level the pad got within `count` frames after the posts. */
static Uint16 felt(SDLH_VirtualPad *pad, double *time, int count) {
    SDLH_VirtualPadState state;
    SDLH_STRUCT_INIT(state);
    SDLH_ResetVirtualPad(pad);
    frames(time, count);
    CHECK_EQ_INT(SDLH_GetVirtualPadState(pad, &state), 0);
    return state.peak_low_frequency > state.peak_high_frequency ? state.peak_low_frequency : state.peak_high_frequency;
}

int main(int argc, char **argv) {
    static const char *shipped_actions[] = { "jump", "land", "dash", "shoot" };
    char config[1024], pattern[1024];
    SDLH_VirtualPad *pad;
    SDLH_MappingStats before, after;
    SDLH_Action action;
    SDLH_Hit hit;
    double time = 0;
    Uint16 light, hard;
    int i;

    if (argc != 3) {
        fprintf(stderr, "usage: test_actions TEMP_DIR SHIPPED_CONFIG\n");
        return 2;
    }
    if (start_sdl() != 0) return 1;
    CHECK_EQ_INT(SDLH_Init(NULL), 0);
    pad = SDLH_AttachVirtualPad("virtual");
    CHECK(pad != NULL);
    pump();
    CHECK_EQ_INT(SDLH_GetNumPads(), 1);

    /* The shipped config: each action in one line, felt. */
    CHECK_EQ_INT(SDLH_LoadMapping(argv[2]), 0);
    for (i = 0; i < 4; i++) {
        SDLH_VirtualPadState state;
        SDLH_STRUCT_INIT(state);
        CHECK_EQ_INT(SDLH_PostAction(0, shipped_actions[i]), 0);
        if (felt(pad, &time, 10) == 0) {
            fprintf(stderr, "the shipped config's '%s' was not felt\n", shipped_actions[i]);
            CHECK(0);
        }
        frames(&time, 50);
        CHECK_EQ_INT(SDLH_GetVirtualPadState(pad, &state), 0);   /* and it ended */
        CHECK_EQ_INT(state.low_frequency, 0);
        CHECK_EQ_INT(state.high_frequency, 0);
    }
    /* A landing's value is its fall speed: a long fall is felt harder than a hop. */
    CHECK_EQ_INT(SDLH_PostActionValue(0, "land", 1), 0);
    light = felt(pad, &time, 30);
    CHECK_EQ_INT(SDLH_PostActionValue(0, "land", 12), 0);
    hard = felt(pad, &time, 30);
    CHECK(light > 0);
    CHECK(hard > light);
    /* An action the config does not name plays nothing and is counted as unmatched. */
    before = stats_now();
    CHECK_EQ_INT(SDLH_PostAction(0, "open_menu"), 0);
    CHECK_EQ_INT(felt(pad, &time, 5), 0);
    after = stats_now();
    CHECK_EQ_INT(after.unmatched - before.unmatched, 1);
    CHECK_EQ_INT(after.events - before.events, 1);

    /* Refused: NULL or empty names, NaN values, unknown players. */
    CHECK_EQ_INT(SDLH_PostAction(0, NULL), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_PostAction(0, ""), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_PostActionValue(0, "land", SDL_sqrt(-1.0)), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("value must be a finite number");
    CHECK_EQ_INT(SDLH_PostAction(9, "jump"), SDLH_ERROR_UNKNOWN_PLAYER);
    CHECK_EQ_INT(SDLH_PostActionEx(NULL), SDLH_ERROR_INVALID_ARGUMENT);

    /* A config of the test's own: exact levels, and every counter. */
    SDL_snprintf(config, sizeof config, "%s/actions.toml", argv[1]);
    SDL_snprintf(pattern, sizeof pattern, "%s/Buzz.ahap", argv[1]);
    CHECK_EQ_INT(write_text(pattern, buzz_ahap), 0);
    CHECK_EQ_INT(write_text(config, own_config), 0);
    CHECK_EQ_INT(SDLH_LoadMappingWithOptions(config, 0, 1), 0);
    frames(&time, 60);

    /* Value 1 unless given, in every form: the one-line post and the struct with has_value 0. */
    CHECK_EQ_INT(SDLH_PostAction(0, "dash"), 0);
    CHECK_EQ_INT(felt(pad, &time, 1), 65535);
    frames(&time, 60);
    SDLH_STRUCT_INIT(action);
    action.name = "dash";
    CHECK_EQ_INT(SDLH_PostActionEx(&action), 0);
    CHECK_EQ_INT(felt(pad, &time, 1), 65535);
    frames(&time, 60);
    action.has_value = 1;
    action.value = 0.5;
    CHECK_EQ_INT(SDLH_PostActionEx(&action), 0);
    CHECK_EQ_INT(felt(pad, &time, 1), 32768);
    frames(&time, 60);

    /* Silenced: a value of 0 maps to intensity 0. */
    before = stats_now();
    CHECK_EQ_INT(SDLH_PostActionValue(0, "dash", 0), 0);
    CHECK_EQ_INT(felt(pad, &time, 1), 0);
    after = stats_now();
    CHECK_EQ_INT(after.silenced - before.silenced, 1);
    CHECK_EQ_INT(after.unmatched - before.unmatched, 0);

    /* Merged: two dashes in one frame play once, the stronger; dropped: another within the cooldown. */
    before = stats_now();
    CHECK_EQ_INT(SDLH_PostActionValue(0, "dash", 0.25), 0);
    CHECK_EQ_INT(SDLH_PostActionValue(0, "dash", 0.5), 0);
    CHECK_EQ_INT(felt(pad, &time, 1), 32768);
    CHECK_EQ_INT(SDLH_PostAction(0, "dash"), 0);
    frames(&time, 1);
    after = stats_now();
    CHECK_EQ_INT(after.coalesced - before.coalesced, 1);
    CHECK_EQ_INT(after.cooled_down - before.cooled_down, 1);
    CHECK_EQ_INT(after.started - before.started, 1);
    CHECK_EQ_INT(after.out_of_range - before.out_of_range, 0);
    frames(&time, 60);

    /* SDLH_Hit.blow: which way the blow went, in words; the deprecated dealt still works. */
    SDLH_STRUCT_INIT(hit);
    hit.damage = 10;
    hit.blow = SDLH_BLOW_DEALT;
    CHECK_EQ_INT(SDLH_PostHit(&hit), 0);
    CHECK_EQ_INT(felt(pad, &time, 1), 16384);        /* the "dealt" rule: 0.25 */
    frames(&time, 30);
    hit.blow = SDLH_BLOW_RECEIVED;
    CHECK_EQ_INT(SDLH_PostHit(&hit), 0);
    CHECK_EQ_INT(felt(pad, &time, 1), 49151);        /* the "received" rule: 0.75 */
    frames(&time, 30);
    hit.blow = SDLH_BLOW_DEFAULT;                     /* zero, as SDLH_STRUCT_INIT leaves it: received */
    CHECK_EQ_INT(SDLH_PostHit(&hit), 0);
    CHECK_EQ_INT(felt(pad, &time, 1), 49151);
    frames(&time, 30);
    hit.dealt = 1;                                    /* the 0.9.0 spelling */
    CHECK_EQ_INT(SDLH_PostHit(&hit), 0);
    CHECK_EQ_INT(felt(pad, &time, 1), 16384);
    frames(&time, 30);
    hit.blow = SDLH_BLOW_RECEIVED;                    /* says both ways: refused, nothing posted */
    CHECK_EQ_INT(SDLH_PostHit(&hit), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("deprecated dealt");
    hit.dealt = 0;
    hit.blow = 3;
    CHECK_EQ_INT(SDLH_PostHit(&hit), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("SDLH_Blow");

    CHECK_EQ_INT(SDLH_Quit(), 0);
    CHECK_EQ_INT(SDLH_DetachVirtualPad(pad), 0);
    SDL_Quit();
    return test_finish("test_actions");
}
