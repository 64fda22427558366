/*
 * Hearing of hot reloads in C (issue 25): the reload callback is called once per reload, swapped in or
 * refused, on the game thread inside SDLH_Update, with the first problem's file, line, column and
 * message; a refused reload writes one line to SDL's log with no code at all, and
 * SDLH_SetReloadLogging(0) turns that line off. The callback may call back into SDLHaptics, but not
 * update: SDLH_Update and SDLH_UpdateAt from inside it are refused as from a completion callback
 * (issue 31, item 11: they used to nest callback -> update -> callback hundreds deep).
 *
 * Usage: test_reload_callback TEMP_DIR SHIPPED_CONFIG
 */
#include "test_support.h"

#define MAX_LOG_LINES 16

typedef struct Heard {
    int calls, successes, failures;
    SDL_threadID thread;
    int in_update;               /* set by the test around its updates */
    int outside_update;          /* calls that came outside an update */
    int succeeded, config_in_use, error_count, error_line, error_column;
    char path[1024], error[1024], error_file[1024], error_message[1024];
    Sint64 reloads, failed_reloads;
    int nested_load_result;      /* SDLH_GetMappingErrorCount from inside the callback */
    int nested_update, nested_update_at;   /* SDLH_Update and SDLH_UpdateAt from inside it */
    char nested_update_error[1024];
} Heard;

static Heard heard;
static char log_lines[MAX_LOG_LINES][1024];
static int log_count;

static void SDLCALL on_reload(void *userdata, const SDLH_ReloadInfo *info) {
    Heard *h = (Heard *)userdata;
    h->calls++;
    if (info->succeeded) h->successes++; else h->failures++;
    h->thread = SDL_ThreadID();
    if (!h->in_update) h->outside_update++;
    h->succeeded = info->succeeded;
    h->config_in_use = info->config_in_use;
    h->error_count = info->error_count;
    h->error_line = info->error_line;
    h->error_column = info->error_column;
    SDL_strlcpy(h->path, info->path ? info->path : "(null)", sizeof h->path);
    SDL_strlcpy(h->error, info->error ? info->error : "(null)", sizeof h->error);
    SDL_strlcpy(h->error_file, info->error_file ? info->error_file : "(null)", sizeof h->error_file);
    SDL_strlcpy(h->error_message, info->error_message ? info->error_message : "(null)", sizeof h->error_message);
    h->reloads = info->reloads;
    h->failed_reloads = info->failed_reloads;
    h->nested_load_result = SDLH_GetMappingErrorCount();   /* calling back in is allowed */
    h->nested_update = SDLH_Update();                       /* updating is not */
    h->nested_update_at = SDLH_UpdateAt(0);
    SDL_strlcpy(h->nested_update_error, SDLH_GetError(), sizeof h->nested_update_error);
}

static void SDLCALL capture_log(void *userdata, int category, SDL_LogPriority priority, const char *message) {
    (void)userdata;
    if (category != SDL_LOG_CATEGORY_APPLICATION || priority != SDL_LOG_PRIORITY_WARN) return;
    if (log_count < MAX_LOG_LINES) SDL_strlcpy(log_lines[log_count], message, sizeof log_lines[0]);
    log_count++;
}

static int write_config(const char *path, const char *intensity) {
    char text[512], temporary[1100];
    FILE *file;
    SDL_snprintf(text, sizeof text,
                 "version = 1\n\n[[rule]]\nname = \"buzz\"\nevent = \"action\"\naction = \"buzz\"\n"
                 "pattern = \"ImpactMedium\"\nintensity = %s\n", intensity);
    SDL_snprintf(temporary, sizeof temporary, "%s.saving", path);
    file = fopen(temporary, "wb");
    if (file == NULL) return -1;
    fputs(text, file);
    fclose(file);
    return rename(temporary, path);
}

/* Runs real-time frames until the callback was called `calls` times: at most 5 s. */
static void wait_for_calls(double *time, int calls) {
    int waited;
    for (waited = 0; waited < 500 && heard.calls < calls; waited++) {
        SDL_Delay(10);
        heard.in_update = 1;
        frames(time, 1);
        heard.in_update = 0;
    }
    if (heard.calls < calls) fprintf(stderr, "the callback was called %d times within 5 s, expected %d\n", heard.calls, calls);
}

int main(int argc, char **argv) {
    char config[1024], expected[1200];
    SDLH_MappingStats stats;
    SDL_LogOutputFunction previous_output;
    void *previous_userdata;
    double time = 0;
    int logged;

    if (argc != 3) {
        fprintf(stderr, "usage: test_reload_callback TEMP_DIR SHIPPED_CONFIG\n");
        return 2;
    }
    SDL_snprintf(config, sizeof config, "%s/haptics.toml", argv[1]);
    if (write_config(config, "0.5") != 0) return 1;
    SDL_LogGetOutputFunction(&previous_output, &previous_userdata);
    SDL_LogSetOutputFunction(capture_log, NULL);
    if (start_sdl() != 0) return 1;
    CHECK_EQ_INT(SDLH_SetReloadCallback(on_reload, &heard), 0);   /* before SDLH_Init: kept */
    CHECK_EQ_INT(SDLH_Init(NULL), 0);
    CHECK_EQ_INT(SDLH_LoadMappingWithOptions(config, 1, 0.05), 0);
    frames(&time, 5);
    CHECK_EQ_INT(heard.calls, 0);                                  /* a load is not a reload */

    /* A good save: one call, succeeded, during an update, on this thread. */
    CHECK_EQ_INT(write_config(config, "0.25"), 0);
    wait_for_calls(&time, 1);
    CHECK_EQ_INT(heard.calls, 1);
    CHECK_EQ_INT(heard.succeeded, 1);
    CHECK_EQ_INT(heard.config_in_use, 1);
    CHECK_EQ_INT(heard.error_count, 0);
    CHECK(strcmp(heard.error, "(null)") == 0);
    CHECK(strcmp(heard.path, config) == 0);
    CHECK_EQ_INT(heard.reloads, 1);
    CHECK_EQ_INT(heard.outside_update, 0);
    CHECK(heard.thread == SDL_ThreadID());
    CHECK_EQ_INT(log_count, 0);                                    /* success is not logged */
    CHECK_EQ_INT(heard.nested_update, SDLH_ERROR_INVALID_ARGUMENT);  /* no update inside an update */
    CHECK_EQ_INT(heard.nested_update_at, SDLH_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(heard.nested_update_error, "SDLH_UpdateAt: called from a reload callback: the update is already running") != NULL);

    /* A broken save: one call with the first problem; one warning line in SDL's log. */
    CHECK_EQ_INT(write_config(config, "1.5"), 0);
    wait_for_calls(&time, 2);
    CHECK_EQ_INT(heard.calls, 2);
    CHECK_EQ_INT(heard.succeeded, 0);
    CHECK_EQ_INT(heard.config_in_use, 1);                          /* the last good config stays */
    CHECK_EQ_INT(heard.error_count, 1);
    CHECK_EQ_INT(heard.error_line, 8);
    CHECK_EQ_INT(heard.error_column, 13);
    CHECK(strcmp(heard.error_file, config) == 0);
    CHECK(strstr(heard.error_message, "rule[0].intensity: 1.5 is out of range") == heard.error_message);
    SDL_snprintf(expected, sizeof expected, "%s:8:13: error: rule[0].intensity: 1.5 is out of range", config);
    CHECK(strstr(heard.error, expected) == heard.error);
    CHECK_EQ_INT(heard.failed_reloads, 1);
    CHECK_EQ_INT(heard.nested_load_result, 1);
    CHECK_EQ_INT(log_count, 1);
    CHECK(strstr(log_lines[0], expected) != NULL);
    CHECK(strstr(log_lines[0], "the config in use stays") != NULL);
    CHECK(strchr(log_lines[0], '\n') == NULL);

    /* Fixed: heard, not logged. */
    CHECK_EQ_INT(write_config(config, "0.75"), 0);
    wait_for_calls(&time, 3);
    CHECK_EQ_INT(heard.succeeded, 1);
    CHECK_EQ_INT(log_count, 1);

    /* Logging off: broken again, the callback hears it, SDL's log does not. */
    CHECK_EQ_INT(SDLH_SetReloadLogging(0), 0);
    CHECK_EQ_INT(write_config(config, "-1"), 0);
    wait_for_calls(&time, 4);
    CHECK_EQ_INT(heard.failures, 2);
    logged = log_count;
    CHECK_EQ_INT(logged, 1);

    /* Callback removed, logging on again: no call, one more line. */
    CHECK_EQ_INT(SDLH_SetReloadCallback(NULL, NULL), 0);
    CHECK_EQ_INT(SDLH_SetReloadLogging(1), 0);
    CHECK_EQ_INT(write_config(config, "2"), 0);
    {
        int waited;
        for (waited = 0; waited < 500 && log_count == logged; waited++) { SDL_Delay(10); frames(&time, 1); }
    }
    CHECK_EQ_INT(log_count, 2);
    CHECK_EQ_INT(heard.calls, 4);
    SDLH_STRUCT_INIT(stats);
    CHECK_EQ_INT(SDLH_GetMappingStats(&stats), 0);
    CHECK_EQ_INT(stats.reloads, 2);
    CHECK_EQ_INT(stats.failed_reloads, 3);

    CHECK_EQ_INT(SDLH_Quit(), 0);
    SDL_LogSetOutputFunction(previous_output, previous_userdata);
    SDL_Quit();
    return test_finish("test_reload_callback");
}
