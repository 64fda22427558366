/*
 * What a frame costs under the floods our red team found superlinear (issue 31, round two, F5, F6, F7),
 * through the C API with virtual pads, headless. Run each at N and 4N: the figures should grow about 4x.
 *
 *   rules N PLAYERS     a config of N action rules naming one 3,600 s continuous pattern; each frame posts
 *                       the N actions for SDLH_EVERY_PLAYER (F5a). Prints frames 0..3 and the median of
 *                       frames 4..19 (ms), voices started, posts throttled, resident memory (MB).
 *   commands N PLAYERS  PLAYERS pattern players, N pause/resume calls in turn on each (they never fold; at
 *                       most SDLH_MAX_PENDING_COMMANDS wait) between two updates, 20 times (F5b). Prints the
 *                       median and slowest update (us) and the calls refused.
 *   textures N PLAYERS  N texture starts of the rolling rule (distinct ids) for SDLH_EVERY_PLAYER each frame,
 *                       20 frames (F5c: at most SDLH_MAX_PLAYING_TEXTURES play). Median and slowest (ms).
 *   names BYTES RULES   twenty configs in turn of RULES action rules whose names are BYTES long (F7: the
 *                       long names table makes room). Loads refused, slowest load (ms), resident memory.
 *
 * Usage: floods FOLDER MODE N PLAYERS   (writes its config and pattern into FOLDER)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static double now_ms(void) { return (double)SDL_GetPerformanceCounter() * 1e3 / (double)SDL_GetPerformanceFrequency(); }

/* The median of `count` figures (sorted in place) and, in *slowest, the largest. */
static double median(double *figures, int count, double *slowest) {
    qsort(figures, (size_t)count, sizeof figures[0], compare);
    *slowest = figures[count - 1];
    return figures[count / 2];
}

static SDLH_MappingStats stats(void) {
    SDLH_MappingStats s;
    SDLH_STRUCT_INIT(s);
    SDLH_GetMappingStats(&s);
    return s;
}

static const char long_ahap[] =
    "{\"Version\": 1, \"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"HapticContinuous\", \"EventDuration\": 3600,"
    " \"EventParameters\": [{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": 0.5}]}}]}";

static int rules(const char *folder, int n) {
    char path[1024], name[32];
    double t = 0, figures[16], slowest, start;
    int rule, frame;
    FILE *file;
    SDL_snprintf(path, sizeof path, "%s/long.ahap", folder);
    if ((file = fopen(path, "w")) == NULL) return 1;
    fputs(long_ahap, file);
    fclose(file);
    SDL_snprintf(path, sizeof path, "%s/rules.toml", folder);
    if ((file = fopen(path, "w")) == NULL) return 1;
    fputs("version = 1\n", file);
    for (rule = 0; rule < n; rule++) fprintf(file, "[[rule]]\nevent = \"action\"\naction = \"r%d\"\npattern = \"long.ahap\"\n", rule);
    fclose(file);
    if (SDLH_LoadMappingWithOptions(path, 0, 1) != 0) { printf("load: %s\n", SDLH_GetError()); return 1; }
    for (frame = 0; frame < 20; frame++) {
        double ms;
        for (rule = 0; rule < n; rule++) {
            SDL_snprintf(name, sizeof name, "r%d", rule);
            SDLH_PostAction(SDLH_EVERY_PLAYER, name);
        }
        start = now_ms();
        SDLH_UpdateAt(t += 1.0 / 60.0);
        ms = now_ms() - start;
        if (frame < 4) printf("rules %d: frame %d %.1f ms\n", n, frame, ms);
        else figures[frame - 4] = ms;
    }
    printf("rules %d: frames 4..19 median %.1f ms", n, median(figures, 16, &slowest));
    printf(" (slowest %.1f), voices started %lld, throttled %lld, %.0f MB\n", slowest,
           (long long)stats().voices_started, (long long)stats().throttled, resident_mb());
    return 0;
}

static int commands(int n, int players) {
    SDLH_Pattern *pattern = SDLH_LoadPatternFromMemory(long_ahap, strlen(long_ahap));
    SDLH_PatternPlayer **handles = (SDLH_PatternPlayer **)calloc((size_t)players, sizeof *handles);
    double t = 0, figures[20], slowest, start;
    long long refused = 0;
    int round, p, i;
    if (pattern == NULL || handles == NULL) return 1;
    for (p = 0; p < players; p++) SDLH_PlayPattern(pattern, 0, 1, SDLH_CATEGORY_CUSTOM, &handles[p]);
    SDLH_UpdateAt(t += 1.0 / 60.0);
    for (round = 0; round < 20; round++) {
        for (p = 0; p < players; p++) {
            for (i = 0; i < n; i++) refused += (i % 2 ? SDLH_ResumePatternPlayer(handles[p]) : SDLH_PausePatternPlayer(handles[p])) != 0;
        }
        start = now_ms();
        SDLH_UpdateAt(t += 1.0 / 60.0);
        figures[round] = (now_ms() - start) * 1e3;
    }
    printf("commands %d x %d players: update median %.0f us", n, players, median(figures, 20, &slowest));
    printf(" (slowest %.0f), %lld calls refused\n", slowest, refused);
    free(handles);
    return 0;
}

static int textures(const char *folder, int n) {
    char path[1024];
    double t = 0, figures[20], slowest, start;
    long long id = 0;
    int frame, k;
    FILE *file;
    SDL_snprintf(path, sizeof path, "%s/textures.toml", folder);
    if ((file = fopen(path, "w")) == NULL) return 1;
    fputs("version = 1\n[[rule]]\nevent = \"texture\"\ntexture = \"rolling\"\npattern = \"Heartbeat\"\n"
          "intensity = { input = \"value\", input_range = [0, 20] }\n", file);
    fclose(file);
    if (SDLH_LoadMappingWithOptions(path, 0, 1) != 0) { printf("load: %s\n", SDLH_GetError()); return 1; }
    for (frame = 0; frame < 20; frame++) {
        for (k = 0; k < n; k++) {
            SDLH_Texture texture;
            SDLH_STRUCT_INIT(texture);
            texture.player = SDLH_EVERY_PLAYER;
            texture.id = id++;
            texture.action = SDLH_TEXTURE_START;
            texture.kind = "rolling";
            texture.value = k % 20;
            SDLH_PostTexture(&texture);
        }
        start = now_ms();
        SDLH_UpdateAt(t += 1.0 / 60.0);
        figures[frame] = now_ms() - start;
    }
    printf("textures %d: median %.1f ms", n, median(figures, 20, &slowest));
    printf(" (slowest %.1f), voices started %lld, throttled %lld, %.0f MB\n", slowest, (long long)stats().voices_started,
           (long long)stats().throttled, resident_mb());
    return 0;
}

static int names(const char *folder, int bytes, int n) {
    char path[1024];
    double slowest = 0;
    int version, rule, k, refused = 0;
    SDL_snprintf(path, sizeof path, "%s/names.toml", folder);
    for (version = 0; version < 20; version++) {
        double start, ms;
        FILE *file = fopen(path, "w");
        if (file == NULL) return 1;
        fputs("version = 1\n", file);
        for (rule = 0; rule < n; rule++) {
            fprintf(file, "[[rule]]\nevent = \"action\"\naction = \"v%d_r%d_", version, rule);
            for (k = 0; k < bytes; k++) fputc('x', file);
            fputs("\"\npattern = \"ImpactLight\"\n", file);
        }
        fclose(file);
        start = now_ms();
        refused += SDLH_LoadMappingWithOptions(path, 0, 1) != 0;
        ms = now_ms() - start;
        if (ms > slowest) slowest = ms;
    }
    printf("names: 20 configs of %d rules with %d-byte names: %d refused, slowest load %.0f ms, %.0f MB\n",
           n, bytes, refused, slowest, resident_mb());
    return 0;
}

int main(int argc, char **argv) {
    SDLH_InitOptions options;
    int n, players, pad, result;
    if (argc < 5) {
        fprintf(stderr, "usage: floods FOLDER rules|commands|textures|names N PLAYERS (names: BYTES RULES)\n");
        return 2;
    }
    n = atoi(argv[3]);
    players = atoi(argv[4]);
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) != 0) return 1;
    SDLH_STRUCT_INIT(options);
    options.player_count = strcmp(argv[2], "rules") == 0 || strcmp(argv[2], "textures") == 0 ? players : 1;
    if (SDLH_Init(&options) != 0) { printf("init: %s\n", SDLH_GetError()); return 1; }
    for (pad = 0; pad < options.player_count; pad++) SDLH_AttachVirtualPad("xboxOne");
    {
        SDL_Event event;
        while (SDL_PollEvent(&event)) SDLH_HandleEvent(&event);
    }
    if (strcmp(argv[2], "rules") == 0) result = rules(argv[1], n);
    else if (strcmp(argv[2], "commands") == 0) result = commands(n, players);
    else if (strcmp(argv[2], "textures") == 0) result = textures(argv[1], n);
    else if (strcmp(argv[2], "names") == 0) result = names(argv[1], n, players);
    else { fprintf(stderr, "floods: unknown mode %s\n", argv[2]); result = 2; }
    SDLH_Quit();
    SDL_Quit();
    return result;
}
