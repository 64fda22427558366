/*
 * A game written against the header as it was before issue 25 (issue 25: "the header is a public API:
 * add and deprecate, never break"). It includes Tests/C/legacy/sdlhaptics.h, an exact copy of
 * include/sdlhaptics.h at main 1c7f85b (header version 0.9.0, before issue 25 grew SDLH_Hit,
 * SDLH_MappingStats and SDLH_PadInfo), uses only its calls, and runs against today's library: every
 * struct at its old size is accepted, read and written only as far as its size says (each struct sits
 * right before a page the process may not touch: a byte past it read or written would crash the test),
 * and behaves as it did: a hit with dealt = 1 is dealt, the mapping statistics and the pad's
 * description are what they were.
 *
 * Built by scripts/check-c-api.sh with the installed library (its own folder comes first for
 * "sdlhaptics.h"). Usage: test_legacy_api TEMP_DIR SHIPPED_CONFIG
 */
#define _DEFAULT_SOURCE   /* POSIX and BSD calls under -std=c99 */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "SDL.h"
#include "sdlhaptics.h"

static int failures, checks;
#define CHECK(condition)                                                                         \
    do {                                                                                         \
        checks++;                                                                                \
        if (!(condition)) {                                                                      \
            failures++;                                                                          \
            fprintf(stderr, "%s:%d: check failed: %s (SDLH_GetError: %s)\n", __FILE__, __LINE__, \
                    #condition, SDLH_GetError());                                                \
        }                                                                                        \
    } while (0)

static Uint16 last_low, last_high;
static int rumble_calls;
static int SDLCALL rumble(void *userdata, Uint16 low, Uint16 high) {
    (void)userdata;
    last_low = low;
    last_high = high;
    rumble_calls++;
    return 0;
}

/* Memory that ends where a page the process may not touch begins. */
static unsigned char *guarded_end(void) {
    long page = sysconf(_SC_PAGESIZE);
    unsigned char *pages = mmap(NULL, (size_t)page * 2, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (pages == MAP_FAILED || mprotect(pages + page, (size_t)page, PROT_NONE) != 0) return NULL;
    return pages + page;
}

static const char config_text[] =
    "version = 1\n"
    "[[rule]]\nevent = \"hit\"\nreceived = false\npattern = \"Buzz.ahap\"\nintensity = 0.25\n"
    "[[rule]]\nevent = \"hit\"\nreceived = true\npattern = \"Buzz.ahap\"\nintensity = 0.75\n";
static const char buzz_ahap[] =
    "{\"Version\": 1.0, \"Pattern\": [{\"Event\": {\"Time\": 0.0, \"EventType\": \"HapticContinuous\", "
    "\"EventDuration\": 0.1, \"EventParameters\": ["
    "{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": 1.0}, "
    "{\"ParameterID\": \"HapticSharpness\", \"ParameterValue\": 0.5}]}}]}\n";

static void frames(double *time, int count) {
    while (count-- > 0) {
        *time += 1.0 / 60.0;
        SDLH_UpdateAt(*time);
    }
}

int main(int argc, char **argv) {
    char path[1024];
    FILE *file;
    SDL_VirtualJoystickDesc desc;
    SDL_Event event;
    unsigned char *end;
    SDLH_Hit *hit;
    SDLH_PadInfo *info;
    SDLH_MappingStats *stats;
    double time = 0;

    if (argc != 3) return 2;
    /* The sizes this game was built with: the structs before issue 25. */
    CHECK(sizeof(SDLH_Hit) == 80);
    CHECK(sizeof(SDLH_PadInfo) == 148);
    CHECK(sizeof(SDLH_MappingStats) == 56);
    SDL_snprintf(path, sizeof path, "%s/Buzz.ahap", argv[1]);
    if ((file = fopen(path, "wb")) == NULL) return 1;
    fputs(buzz_ahap, file);
    fclose(file);
    SDL_snprintf(path, sizeof path, "%s/haptics.toml", argv[1]);
    if ((file = fopen(path, "wb")) == NULL) return 1;
    fputs(config_text, file);
    fclose(file);

    SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER);
    SDL_zero(desc);
    desc.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
    desc.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
    desc.naxes = SDL_CONTROLLER_AXIS_MAX;
    desc.nbuttons = SDL_CONTROLLER_BUTTON_MAX;
    desc.Rumble = rumble;
    CHECK(SDL_JoystickAttachVirtualEx(&desc) >= 0);
    CHECK(SDLH_Init(NULL) == 0);
    while (SDL_PollEvent(&event)) SDLH_HandleEvent(&event);
    CHECK(SDLH_LoadMapping(path) == 0);
    end = guarded_end();
    CHECK(end != NULL);
    if (end == NULL) return 1;

    /* SDLH_PadInfo at its old size: filled as before, nothing written past it. */
    info = (SDLH_PadInfo *)(void *)(end - sizeof(SDLH_PadInfo));
    SDLH_STRUCT_INIT(*info);
    CHECK(SDLH_GetNumPads() == 1);
    CHECK(SDLH_GetPad(0, info) == 0);
    CHECK(info->player == 0);
    CHECK(info->has_rumble == 1);
    CHECK(info->name[0] != '\0');

    /* SDLH_Hit at its old size: dealt = 1 is dealt (0.25), 0 is received (0.75); nothing read past it. */
    hit = (SDLH_Hit *)(void *)(end - sizeof(SDLH_Hit));
    SDLH_STRUCT_INIT(*hit);
    hit->damage = 10;
    hit->dealt = 1;
    CHECK(SDLH_PostHit(hit) == 0);
    frames(&time, 1);
    CHECK(last_low == 16384 && last_high == 16384);
    frames(&time, 30);
    hit->dealt = 0;
    CHECK(SDLH_PostHit(hit) == 0);
    frames(&time, 1);
    CHECK(last_low == 49151 && last_high == 49151);
    frames(&time, 30);

    /* SDLH_MappingStats at its old size: its six counters, nothing written past them. */
    stats = (SDLH_MappingStats *)(void *)(end - sizeof(SDLH_MappingStats));
    SDLH_STRUCT_INIT(*stats);
    CHECK(SDLH_GetMappingStats(stats) == 0);
    CHECK(stats->events == 2);
    CHECK(stats->unmatched == 0);
    CHECK(stats->started == 2);
    CHECK(stats->reloads == 0 && stats->failed_reloads == 0 && stats->dropped == 0);

    /* A size smaller than the old struct is still refused, as it was. */
    stats->size = 8;
    CHECK(SDLH_GetMappingStats(stats) == SDLH_ERROR_INVALID_ARGUMENT);

    CHECK(SDLH_Quit() == 0);
    CHECK(last_low == 0 && last_high == 0);
    CHECK(rumble_calls > 0);
    SDL_Quit();
    if (failures == 0) {
        printf("ok: test_legacy_api (%d checks, built with the header from before issue 25)\n", checks);
        return 0;
    }
    fprintf(stderr, "FAILED: test_legacy_api (%d of %d checks failed)\n", failures, checks);
    return 1;
}
