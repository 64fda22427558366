/*
 * The files SDLHaptics reads while a game runs (issue 31):
 *
 *   - opening never blocks (item 2): a FIFO at a pattern's or config's path is refused at once as
 *     "a pipe (FIFO)"; a FIFO swapped in and out at the path while the game loads it, thousands of
 *     times, never blocks a load (the child doing it is killed by an alarm if one does), and the
 *     hot-reload watcher, raced the same way, still loads the next good save;
 *   - a reload report says what kind of failure it is (C developer item c): a deleted config is
 *     SDLH_RELOAD_MISSING at line 0, not "line 1"; syntax, schema, encoding, not a file, too large
 *     and a broken pattern each have their kind;
 *   - an .ahap file the config names is hot-reloaded like the config (C developer item a): a saved
 *     edit is felt, a broken save is reported as SDLH_RELOAD_PATTERN and the last good pattern stays,
 *     and a pattern missing at launch is picked up when it appears;
 *   - the watcher's idle cost does not grow with the file's size (item 12): an unchanged 8 MiB config
 *     watched at the shortest interval (0.01 s) reads almost nothing (the kernel's count of bytes
 *     read by the process, /proc/self/io, over one second: it was 100 reads of the whole file).
 *
 * Usage: test_files TEMP_DIR SHIPPED_CONFIG
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "test_support.h"

typedef struct Heard {
    int calls, succeeded, failure, error_line, error_column;
    char error_message[1024];
} Heard;

static Heard heard;
static const char *folder;

static void SDLCALL on_reload(void *userdata, const SDLH_ReloadInfo *info) {
    Heard *h = (Heard *)userdata;
    h->calls++;
    h->succeeded = info->succeeded;
    h->failure = info->size >= sizeof(SDLH_ReloadInfo) ? info->failure : -1;
    h->error_line = info->error_line;
    h->error_column = info->error_column;
    SDL_strlcpy(h->error_message, info->error_message ? info->error_message : "(null)", sizeof h->error_message);
}

/* 64 bytes: a TOML comment line. */
static const char comment_line[] = "# 3456789012345678901234567890123456789012345678901234567890123\n";

static void path_in(char *path, size_t size, const char *name) { SDL_snprintf(path, size, "%s/%s", folder, name); }

/* Writes `text` to `name` in the folder by renaming a whole new file over it (as editors save). */
static int save(const char *name, const char *text) {
    char path[1024], temporary[1100];
    FILE *file;
    path_in(path, sizeof path, name);
    SDL_snprintf(temporary, sizeof temporary, "%s.saving", path);
    file = fopen(temporary, "wb");
    if (file == NULL) return -1;
    fputs(text, file);
    fclose(file);
    return rename(temporary, path);
}

/* A FIFO at `name` (renamed over whatever is there). */
static int fifo_at(const char *name) {
    char path[1024], temporary[1100];
    path_in(path, sizeof path, name);
    SDL_snprintf(temporary, sizeof temporary, "%s.fifo", path);
    unlink(temporary);
    if (mkfifo(temporary, 0600) != 0) return -1;
    return rename(temporary, path);
}

static const char *config_text(const char *pattern, const char *intensity) {
    static char text[512];
    SDL_snprintf(text, sizeof text, "version = 1\n\n[[rule]]\nevent = \"action\"\naction = \"buzz\"\npattern = \"%s\"\nintensity = %s\n",
                 pattern, intensity);
    return text;
}

static const char *ahap_text(const char *intensity) {
    static char text[512];
    SDL_snprintf(text, sizeof text,
                 "{\"Version\": 1.0, \"Pattern\": [{\"Event\": {\"Time\": 0.0, \"EventType\": \"HapticContinuous\", "
                 "\"EventDuration\": 5.0, \"EventParameters\": [{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": %s}, "
                 "{\"ParameterID\": \"HapticSharpness\", \"ParameterValue\": 0.5}]}}]}", intensity);
    return text;
}

/* Real-time frames until the reload callback was called `calls` times: at most 5 s. */
static void wait_for_calls(double *time, int calls) {
    int waited;
    for (waited = 0; waited < 500 && heard.calls < calls; waited++) {
        SDL_Delay(10);
        frames(time, 1);
    }
    if (heard.calls < calls) fprintf(stderr, "the reload callback was called %d times within 5 s, expected %d\n", heard.calls, calls);
}

/* Posts "buzz" and returns the pad's low-frequency level a few frames later. */
static Uint16 felt(SDLH_VirtualPad *pad, double *time) {
    SDLH_VirtualPadState state;
    SDLH_StopAll();
    frames(time, 12);
    SDLH_ResetVirtualPad(pad);
    SDLH_PostAction(0, "buzz");
    frames(time, 3);
    SDLH_STRUCT_INIT(state);
    SDLH_GetVirtualPadState(pad, &state);
    return state.low_frequency;
}

/* ---- A FIFO never blocks --------------------------------------------------------------------- */

static volatile int racing = 1;

static void *swap_paths(void *unused) {
    int round = 0;
    (void)unused;
    while (racing) {
        fifo_at(round % 2 ? "race.ahap" : "race.toml");
        save(round % 2 ? "race.ahap" : "race.toml", round % 2 ? ahap_text("0.5") : config_text("race.ahap", "1"));
        round++;
    }
    return NULL;
}

/* The child of the racing test: loads while another thread swaps FIFOs in and out; an alarm kills
   it if a load blocks. Exit status: 0, or the step that failed. */
static void race_child(void) {
    char pattern_path[1024], config_path[1024];
    pthread_t swapper;
    Uint32 start;
    int loads = 0;
    alarm(30);
    if (start_sdl() != 0 || SDLH_Init(NULL) != 0) _exit(3);
    SDLH_SetReloadLogging(0);
    path_in(pattern_path, sizeof pattern_path, "race.ahap");
    path_in(config_path, sizeof config_path, "race.toml");
    if (save("race.ahap", ahap_text("0.5")) != 0 || save("race.toml", config_text("race.ahap", "1")) != 0) _exit(4);
    if (pthread_create(&swapper, NULL, swap_paths, NULL) != 0) _exit(5);
    start = SDL_GetTicks();
    while (SDL_GetTicks() - start < 1500) {
        SDLH_Pattern *pattern = SDLH_LoadPattern(pattern_path);
        if (pattern != NULL) SDLH_FreePattern(pattern);
        SDLH_LoadMappingWithOptions(config_path, 0, 1);
        loads++;
    }
    racing = 0;
    pthread_join(swapper, NULL);
    printf("racing FIFOs: %d loads of a pattern and a config in 1.5 s, none blocked\n", loads);
    fflush(stdout);
    _exit(loads > 0 ? 0 : 6);
}

/* Swapped in and out while loading: never blocks (a child, killed by an alarm if a load does). */
static void race(void) {
    int status = 0;
    pid_t child;
    fflush(stdout);
    child = fork();
    if (child == 0) race_child();
    CHECK(child > 0);
    waitpid(child, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    if (WIFSIGNALED(status)) fprintf(stderr, "the racing child was killed by signal %d (an alarm: a load blocked)\n", WTERMSIG(status));
}

static void fifos(void) {
    char path[1024];
    double time = 0;
    Uint32 start;
    int calls;

    /* A FIFO at the path from the start: refused at once, in the readers' words. */
    CHECK_EQ_INT(fifo_at("pipe.ahap"), 0);
    path_in(path, sizeof path, "pipe.ahap");
    start = SDL_GetTicks();
    CHECK(SDLH_LoadPattern(path) == NULL);
    CHECK_ERROR_MENTIONS("expected a regular file, found a pipe (FIFO)");
    CHECK_EQ_INT(fifo_at("pipe.toml"), 0);
    path_in(path, sizeof path, "pipe.toml");
    CHECK_EQ_INT(SDLH_LoadMappingWithOptions(path, 0, 1), SDLH_ERROR_CONFIG);
    CHECK_ERROR_MENTIONS("expected a regular file, found a pipe (FIFO)");
    CHECK(SDL_GetTicks() - start < 2000);

    /* The watcher, raced the same way for a second, still loads the next good save. */
    CHECK_EQ_INT(save("watched.toml", config_text("ImpactMedium", "0.5")), 0);
    path_in(path, sizeof path, "watched.toml");
    CHECK_EQ_INT(SDLH_LoadMappingWithOptions(path, 1, 0.01), 0);
    start = SDL_GetTicks();
    while (SDL_GetTicks() - start < 1000) {
        fifo_at("watched.toml");
        SDL_Delay(3);
        save("watched.toml", config_text("ImpactMedium", "0.5"));
        SDL_Delay(3);
        frames(&time, 1);
    }
    SDL_Delay(100);
    frames(&time, 1);
    calls = heard.calls;
    CHECK_EQ_INT(save("watched.toml", config_text("ImpactMedium", "0.25")), 0);
    wait_for_calls(&time, calls + 1);
    CHECK_EQ_INT(heard.succeeded, 1);
}

/* ---- Each failure has its kind ---------------------------------------------------------------- */

static void failure_kinds(void) {
    char path[1024], big_path[1024];
    double time = 0;
    int calls;
    FILE *big;
    long written;

    CHECK_EQ_INT(save("kinds.toml", config_text("ImpactMedium", "0.5")), 0);
    path_in(path, sizeof path, "kinds.toml");
    CHECK_EQ_INT(SDLH_LoadMappingWithOptions(path, 1, 0.01), 0);

#define EXPECT_FAILURE(kind, line)                                                                  \
    do {                                                                                            \
        wait_for_calls(&time, ++calls);                                                             \
        CHECK_EQ_INT(heard.succeeded, 0);                                                           \
        CHECK_EQ_INT(heard.failure, kind);                                                          \
        CHECK_EQ_INT(heard.error_line, line);                                                       \
    } while (0)

    calls = heard.calls;
    CHECK_EQ_INT(unlink(path), 0);                                     /* deleted: the file as a whole */
    EXPECT_FAILURE(SDLH_RELOAD_MISSING, 0);
    CHECK_EQ_INT(heard.error_column, 0);
    CHECK(strstr(heard.error_message, "found nothing at this path") != NULL);
    CHECK_EQ_INT(save("kinds.toml", "[[rule]\n"), 0);                   /* not TOML */
    EXPECT_FAILURE(SDLH_RELOAD_SYNTAX, 1);
    CHECK_EQ_INT(save("kinds.toml", config_text("ImpactMedium", "1.5")), 0);   /* out of range */
    EXPECT_FAILURE(SDLH_RELOAD_SCHEMA, 7);
    CHECK_EQ_INT(save("kinds.toml", "version = 1\n# \xff\n"), 0);      /* not UTF-8 */
    EXPECT_FAILURE(SDLH_RELOAD_ENCODING, 2);
    CHECK_EQ_INT(save("kinds.toml", config_text("nowhere.ahap", "0.5")), 0);   /* a pattern file that is not there */
    EXPECT_FAILURE(SDLH_RELOAD_PATTERN, 6);
    CHECK_EQ_INT(fifo_at("kinds.toml"), 0);                             /* not a regular file */
    EXPECT_FAILURE(SDLH_RELOAD_NOT_A_FILE, 0);
    path_in(big_path, sizeof big_path, "kinds.toml.big");               /* past the config size limit */
    big = fopen(big_path, "wb");
    CHECK(big != NULL);
    if (big != NULL) {
        for (written = 0; written < 8L * 1024 * 1024 + 64; written += 64) fputs(comment_line, big);
        fclose(big);
    }
    CHECK_EQ_INT(rename(big_path, path), 0);
    EXPECT_FAILURE(SDLH_RELOAD_TOO_LARGE, 0);
    if (geteuid() != 0) {                                               /* root reads anything */
        CHECK_EQ_INT(save("kinds.toml", config_text("ImpactMedium", "0.5")), 0);
        wait_for_calls(&time, ++calls);
        CHECK_EQ_INT(heard.succeeded, 1);
        CHECK_EQ_INT(heard.failure, SDLH_RELOAD_SUCCEEDED);
        CHECK_EQ_INT(chmod(path, 0), 0);
        EXPECT_FAILURE(SDLH_RELOAD_UNREADABLE, 0);
        chmod(path, 0600);
    }
    CHECK_EQ_INT(save("kinds.toml", config_text("ImpactMedium", "0.5")), 0);
    wait_for_calls(&time, ++calls);
    CHECK_EQ_INT(heard.succeeded, 1);
    CHECK_EQ_INT(heard.failure, SDLH_RELOAD_SUCCEEDED);
#undef EXPECT_FAILURE
}

/* ---- Patterns are hot-reloaded ---------------------------------------------------------------- */

static void pattern_reload(void) {
    char path[1024];
    SDLH_VirtualPad *pad;
    double time = 0;
    int calls;
    Uint16 half, full;

    pad = SDLH_AttachVirtualPad("virtual");   /* linear and instant: the pattern's intensity arrives as is */
    CHECK(pad != NULL);
    pump();
    CHECK_EQ_INT(save("buzz.ahap", ahap_text("0.5")), 0);
    CHECK_EQ_INT(save("patterns.toml", config_text("buzz.ahap", "1")), 0);
    path_in(path, sizeof path, "patterns.toml");
    CHECK_EQ_INT(SDLH_LoadMappingWithOptions(path, 1, 0.01), 0);
    half = felt(pad, &time);
    CHECK(half > 30000 && half < 36000);

    /* A saved edit of the pattern alone: reloaded, felt. */
    calls = heard.calls;
    CHECK_EQ_INT(save("buzz.ahap", ahap_text("1.0")), 0);
    wait_for_calls(&time, calls + 1);
    CHECK_EQ_INT(heard.succeeded, 1);
    full = felt(pad, &time);
    CHECK_EQ_INT(full, 65535);

    /* A broken save of the pattern: reported like a broken config, the last good one stays. */
    CHECK_EQ_INT(save("buzz.ahap", "{\"Version\": 1.0, \"Pattern\": [{\"Event\": "), 0);
    wait_for_calls(&time, calls + 2);
    CHECK_EQ_INT(heard.succeeded, 0);
    CHECK_EQ_INT(heard.failure, SDLH_RELOAD_PATTERN);
    CHECK_EQ_INT(heard.error_line, 6);
    CHECK(strstr(heard.error_message, "buzz.ahap") != NULL);
    CHECK_EQ_INT(felt(pad, &time), 65535);
    CHECK_EQ_INT(save("buzz.ahap", ahap_text("0.5")), 0);               /* fixed */
    wait_for_calls(&time, calls + 3);
    CHECK_EQ_INT(heard.succeeded, 1);
    half = felt(pad, &time);
    CHECK(half > 30000 && half < 36000);

    /* A pattern missing at launch: the load fails, and the pattern's first save is picked up. */
    CHECK_EQ_INT(save("late.toml", config_text("later.ahap", "1")), 0);
    path_in(path, sizeof path, "late.toml");
    CHECK_EQ_INT(SDLH_LoadMappingWithOptions(path, 1, 0.01), SDLH_ERROR_CONFIG);
    CHECK_ERROR_MENTIONS("later.ahap");
    calls = heard.calls;
    CHECK_EQ_INT(save("later.ahap", ahap_text("1.0")), 0);
    wait_for_calls(&time, calls + 1);
    CHECK_EQ_INT(heard.succeeded, 1);
    CHECK_EQ_INT(felt(pad, &time), 65535);
    SDLH_StopAll();
    frames(&time, 2);
    CHECK_EQ_INT(SDLH_DetachVirtualPad(pad), 0);
    pump();
}

/* ---- The watcher's idle cost ------------------------------------------------------------------- */

/* The bytes this process has read through read() and the like (/proc/self/io, rchar), or -1. */
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

static void idle_cost(void) {
    char path[1024], temporary[1100];
    double time = 0;
    FILE *file;
    long written;
    long long before, after;
    Uint32 start;

    path_in(path, sizeof path, "big.toml");
    SDL_snprintf(temporary, sizeof temporary, "%s.saving", path);
    file = fopen(temporary, "wb");
    CHECK(file != NULL);
    if (file == NULL) return;
    fputs(config_text("ImpactMedium", "0.5"), file);
    for (written = 0; written < 8L * 1024 * 1024 - 4096; written += 64) fputs(comment_line, file);
    fclose(file);
    CHECK_EQ_INT(rename(temporary, path), 0);
    CHECK_EQ_INT(SDLH_LoadMappingWithOptions(path, 1, SDLH_MIN_WATCH_INTERVAL), 0);
    /* A file just written is read once more 2 s after its last change (MappingConfigWatcher.verificationDelay). */
    start = SDL_GetTicks();
    while (SDL_GetTicks() - start < 2600) { SDL_Delay(10); frames(&time, 1); }
    before = bytes_read();
    start = SDL_GetTicks();
    while (SDL_GetTicks() - start < 1000) { SDL_Delay(10); frames(&time, 1); }
    after = bytes_read();
    printf("an unchanged 8 MiB config watched every 0.01 s for 1 s: %lld bytes read\n", after - before);
    CHECK(before >= 0);
    CHECK(after - before < 1024 * 1024);   /* was about 100 x 8 MiB */
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: test_files TEMP_DIR SHIPPED_CONFIG\n");
        return 2;
    }
    folder = argv[1];
    signal(SIGPIPE, SIG_IGN);
    SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1");
    race();   /* forks: before SDL starts in this process */
    if (start_sdl() != 0) return 1;
    CHECK_EQ_INT(SDLH_Init(NULL), 0);
    SDLH_SetReloadCallback(on_reload, &heard);
    SDLH_SetReloadLogging(0);
    fifos();
    failure_kinds();
    pattern_reload();
    idle_cost();
    CHECK_EQ_INT(SDLH_Quit(), 0);
    SDL_Quit();
    return test_finish("test_files");
}
