/*
 * What hot reload costs while nothing changes (issue 31, item 12): an unchanged config of about
 * 8 MiB (one rule and comment lines, just under the config limit) loaded with the watcher at an
 * interval (0.01 s by default, SDLH_MIN_WATCH_INTERVAL), then, after 3 s (a file just written is
 * read once more 2 s after its last change), 10 s of a game loop that updates every 10 ms. Prints
 * the process's CPU time over those 10 s as a share of one core (getrusage), and the bytes the
 * process read (/proc/self/io, rchar). `make bench-c` builds the release library and runs it (at 0.01 s and 0.25 s).
 *
 * Usage: watch_cost FOLDER [INTERVAL_SECONDS]
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include "SDL.h"
#include "sdlhaptics.h"

static double cpu_seconds(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return (double)usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + (double)usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

static long long bytes_read(void) {
    char line[256];
    long long value = -1;
    FILE *io = fopen("/proc/self/io", "r");
    if (io == NULL) return -1;
    while (fgets(line, sizeof line, io) != NULL) {
        if (sscanf(line, "rchar: %lld", &value) == 1) break;
    }
    fclose(io);
    return value;
}

/* Runs the game loop for `milliseconds`: an update every 10 ms. */
static void run(Uint32 milliseconds) {
    Uint32 start = SDL_GetTicks();
    while (SDL_GetTicks() - start < milliseconds) {
        SDL_Delay(10);
        SDLH_Update();
    }
}

int main(int argc, char **argv) {
    char path[1024];
    double interval = argc > 2 ? atof(argv[2]) : SDLH_MIN_WATCH_INTERVAL, cpu;
    long long read_before;
    long written;
    FILE *file;
    if (argc < 2) {
        fprintf(stderr, "usage: watch_cost FOLDER [INTERVAL_SECONDS]\n");
        return 2;
    }
    SDL_snprintf(path, sizeof path, "%s/watch-cost.toml", argv[1]);
    file = fopen(path, "wb");
    if (file == NULL) return 1;
    fputs("version = 1\n\n[[rule]]\nevent = \"action\"\naction = \"jump\"\npattern = \"ImpactMedium\"\n", file);
    for (written = 0; written < 8L * 1024 * 1024 - 4096; written += 64) {
        fputs("# 3456789012345678901234567890123456789012345678901234567890123\n", file);
    }
    fclose(file);
    SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER);
    if (SDLH_Init(NULL) != 0 || SDLH_LoadMappingWithOptions(path, 1, interval) != 0) {
        fprintf(stderr, "%s\n", SDLH_GetError());
        return 1;
    }
    run(3000);
    cpu = cpu_seconds();
    read_before = bytes_read();
    run(10000);
    printf("an unchanged %ld-byte config watched every %.2f s: %.1f %% of a core over 10 s, %lld bytes read\n",
           written, interval, (cpu_seconds() - cpu) / 10.0 * 100.0, bytes_read() - read_before);
    SDLH_Quit();
    SDL_Quit();
    remove(path);
    return 0;
}
