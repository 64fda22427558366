/*
 * What one frame costs with the heaviest patterns the limits admit (issue 31, item 3), through the C
 * API: four "ps5" virtual pads, 8 rules naming one 8 MB pattern, every rule's action posted for every
 * player each frame (ordinary posts), and PLAYS_PER_PLAYER fire-and-forget SDLH_PlayPattern of the
 * same file per player (0 by default; past SDLH_MAX_PLAYING_PATTERNS they are refused).
 *
 *   attack    the outside attack's file: 88,000 overlapping 30 s continuous events (7.9 MB), refused
 *             since issue 31 (more than 256 events sounding at once)
 *   admitted  the same 88,000 events as 344 waves of 256 overlapping 10 s events (7.9 MB): as heavy
 *             as the limits admit, accepted
 *
 * For each: the load (result, seconds), the first SDLH_UpdateAt after the posts (ms), then the
 * median and the slowest of the next 240 frames (ms), resident memory before the load and at the end
 * (MB, /proc/self/statm).
 *
 * Usage: frame_bounds FOLDER [PLAYS_PER_PLAYER]   (writes attack.ahap, admitted.ahap and their .toml there)
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "SDL.h"
#include "sdlhaptics.h"

static double resident_mb(void) {
    long pages = 0, resident = 0;
    FILE *file = fopen("/proc/self/statm", "r");
    if (file == NULL) return -1;
    if (fscanf(file, "%ld %ld", &pages, &resident) != 2) resident = -1;
    fclose(file);
    return (double)resident * (double)sysconf(_SC_PAGESIZE) / 1e6;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* 88,000 continuous events: all overlapping 30 s ones (waves == 0), or waves of 256 overlapping 10 s ones. */
static int write_pattern(const char *path, int waves) {
    FILE *file = fopen(path, "w");
    int k;
    if (file == NULL) return -1;
    fputs("{\"Version\":1.0,\"Pattern\":[", file);
    for (k = 0; k < 88000; k++) {
        double time = waves ? (k / 256) * 10.0 + (k % 256) * 0.0001 : (k % 100) * 0.001;
        fprintf(file, "%s{\"Event\":{\"Time\":%.4f,\"EventType\":\"HapticContinuous\",\"EventDuration\":%s}}",
                k ? "," : "", time, waves ? "9.99" : "30");
    }
    fputs("]}\n", file);
    return fclose(file);
}

static int write_config(const char *path, const char *pattern) {
    FILE *file = fopen(path, "w");
    int rule;
    if (file == NULL) return -1;
    fputs("version = 1\n", file);
    for (rule = 0; rule < 8; rule++) {
        fprintf(file, "\n[[rule]]\nevent = \"action\"\naction = \"a%d\"\npattern = \"%s\"\n", rule, pattern);
    }
    return fclose(file);
}

static void run(const char *folder, const char *name, int plays) {
    static const char *actions[8] = {"a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7"};
    char config[1024], pattern_path[1024];
    double ms[240], time = 0, ns = 1e9 / (double)SDL_GetPerformanceFrequency(), before, load, first;
    SDLH_InitOptions options;
    SDLH_Pattern *pattern;
    Uint64 start;
    int frame, rule, player, played = 0, refused = 0, result;

    SDL_snprintf(config, sizeof config, "%s/%s.toml", folder, name);
    SDL_snprintf(pattern_path, sizeof pattern_path, "%s/%s.ahap", folder, name);
    SDLH_STRUCT_INIT(options);
    options.player_count = 4;
    if (SDLH_Init(&options) != 0) { fprintf(stderr, "SDLH_Init: %s\n", SDLH_GetError()); exit(1); }
    for (player = 0; player < 4; player++) SDLH_AttachVirtualPad("ps5");
    {
        SDL_Event event;
        while (SDL_PollEvent(&event)) SDLH_HandleEvent(&event);
    }
    before = resident_mb();
    start = SDL_GetPerformanceCounter();
    result = SDLH_LoadMappingWithOptions(config, 0, 0.25);
    load = (double)(SDL_GetPerformanceCounter() - start) * ns / 1e9;
    printf("%-8s load: %s in %.2f s%s%s\n", name, result == 0 ? "ok" : "refused", load, result == 0 ? "" : ": ",
           result == 0 ? "" : SDLH_GetError());
    pattern = SDLH_LoadPattern(pattern_path);
    for (player = 0; player < 4 && pattern != NULL; player++) {
        int k;
        for (k = 0; k < plays; k++) {
            int code = SDLH_PlayPattern(pattern, player, 1, SDLH_CATEGORY_CUSTOM, NULL);
            played += code == 1;
            refused += code == SDLH_ERROR_LIMIT;
        }
    }
    for (rule = 0; rule < 8; rule++) SDLH_PostAction(SDLH_EVERY_PLAYER, actions[rule]);
    start = SDL_GetPerformanceCounter();
    SDLH_UpdateAt(time += 1.0 / 60.0);
    first = (double)(SDL_GetPerformanceCounter() - start) * ns / 1e6;
    for (frame = 0; frame < 240; frame++) {
        for (rule = 0; rule < 8; rule++) SDLH_PostAction(SDLH_EVERY_PLAYER, actions[rule]);
        start = SDL_GetPerformanceCounter();
        SDLH_UpdateAt(time += 1.0 / 60.0);
        ms[frame] = (double)(SDL_GetPerformanceCounter() - start) * ns / 1e6;
    }
    qsort(ms, 240, sizeof ms[0], compare);
    printf("%-8s plays: %d played, %d refused with SDLH_ERROR_LIMIT (pattern %s)\n", name, played, refused,
           pattern ? "loaded" : SDLH_GetError());
    printf("%-8s first update %.2f ms; next 240 frames median %.3f ms, slowest %.3f ms; resident %.0f MB before the load, %.0f MB at the end\n",
           name, first, ms[120], ms[239], before, resident_mb());
    SDLH_FreePattern(pattern);
    SDLH_Quit();
}

int main(int argc, char **argv) {
    char path[1024];
    int plays = argc == 3 ? atoi(argv[2]) : 0;
    if (argc != 2 && argc != 3) { fprintf(stderr, "usage: frame_bounds FOLDER [PLAYS_PER_PLAYER]\n"); return 2; }
    SDL_snprintf(path, sizeof path, "%s/attack.ahap", argv[1]);
    if (write_pattern(path, 0) != 0) return 1;
    SDL_snprintf(path, sizeof path, "%s/admitted.ahap", argv[1]);
    if (write_pattern(path, 1) != 0) return 1;
    SDL_snprintf(path, sizeof path, "%s/attack.toml", argv[1]);
    if (write_config(path, "attack.ahap") != 0) return 1;
    SDL_snprintf(path, sizeof path, "%s/admitted.toml", argv[1]);
    if (write_config(path, "admitted.ahap") != 0) return 1;
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) != 0) { fprintf(stderr, "SDL_Init: %s\n", SDL_GetError()); return 1; }
    run(argv[1], "attack", plays);
    run(argv[1], "admitted", plays);
    SDL_Quit();
    return 0;
}
