/*
 * Every string the library hands to the game is free of control characters (issue 31, round two, F10):
 * a pad's name from its device (SDLH_PadInfo.name), each string of SDLH_ReloadInfo (path, error,
 * error_file, error_message), SDLH_GetMappingError, SDLH_UnmatchedName's name, SDLH_GetError, and the
 * lines SDLHaptics writes to SDL's log. A pad named "Evil<ESC>[2J<LF>pad<BEL>...", a config in a folder
 * named "err<ESC>[31m" and an action posted as "jum<ESC>[2Jp" come back with "\u001B", "\n" and "\u0007"
 * written out. Before the fix, SDLH_PadInfo.name held the ESC and the line feed, and SDLH_ReloadInfo.path
 * the ESC (error_file, naming the same file, was escaped).
 *
 * Usage: test_output_text TEMP_DIR SHIPPED_CONFIG
 */
#define _POSIX_C_SOURCE 200809L
#include <sys/stat.h>
#include "test_support.h"

#define MAX_LINES 64

static char logged[MAX_LINES][1100];
static int logged_count;
static char reload_texts[4][1100];
static int reloads_heard;

/* Whether `text` (UTF-8) holds a control character. */
static int has_control(const char *text) {
    const unsigned char *byte = (const unsigned char *)text;
    if (text == NULL) return 0;
    for (; *byte; byte++) if (*byte < 0x20 || *byte == 0x7F) return 1;
    return 0;
}

static void SDLCALL capture_log(void *userdata, int category, SDL_LogPriority priority, const char *message) {
    (void)userdata; (void)category; (void)priority;
    if (strstr(message, "SDLHaptics") != NULL && logged_count < MAX_LINES) {
        SDL_strlcpy(logged[logged_count], message, sizeof logged[0]);
        logged_count++;
    }
}

static void SDLCALL on_reload(void *userdata, const SDLH_ReloadInfo *info) {
    (void)userdata;
    if (info->succeeded) return;
    SDL_strlcpy(reload_texts[0], info->path ? info->path : "", sizeof reload_texts[0]);
    SDL_strlcpy(reload_texts[1], info->error ? info->error : "", sizeof reload_texts[1]);
    SDL_strlcpy(reload_texts[2], info->error_file ? info->error_file : "", sizeof reload_texts[2]);
    SDL_strlcpy(reload_texts[3], info->error_message ? info->error_message : "", sizeof reload_texts[3]);
    reloads_heard++;
}

static int write_file(const char *path, const char *text) {
    FILE *file = fopen(path, "w");
    if (file == NULL) return -1;
    fputs(text, file);
    return fclose(file);
}

int main(int argc, char **argv) {
    static const char *good = "version = 1\n[[rule]]\nevent = \"action\"\naction = \"jump\"\npattern = \"ImpactLight\"\n";
    static const char *broken = "version = 1\n[[rule]]\nevent = \"action\"\naction = \"jump\"\npattern = \"ImpactLight\"\nintensity = 7\n";
    char folder[1024], config[1100], pad_name[300];
    SDL_VirtualJoystickDesc desc;
    SDLH_PadInfo info;
    SDLH_UnmatchedName unmatched;
    double time = 0;
    int index, waited, device;
    if (argc < 2) {
        fprintf(stderr, "usage: test_output_text TEMP_DIR SHIPPED_CONFIG\n");
        return 2;
    }
    SDL_snprintf(folder, sizeof folder, "%s/err\x1b[31m", argv[1]);
    mkdir(folder, 0755);
    SDL_snprintf(config, sizeof config, "%s/haptics.toml", folder);
    CHECK_EQ_INT(write_file(config, good), 0);

    if (start_sdl() != 0) return 1;
    SDL_LogSetOutputFunction(capture_log, NULL);
    SDL_LogSetPriority(SDL_LOG_CATEGORY_APPLICATION, SDL_LOG_PRIORITY_DEBUG);

    /* A pad whose device name holds ESC, LF and BEL, then 2-byte characters past SDLH_PadInfo.name's size. */
    SDL_strlcpy(pad_name, "Evil\x1b[2J\npad\a ", sizeof pad_name);
    while (strlen(pad_name) < 290) SDL_strlcat(pad_name, "\xc3\xa9", sizeof pad_name);
    SDL_zero(desc);
    desc.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
    desc.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
    desc.naxes = SDL_CONTROLLER_AXIS_MAX;
    desc.nbuttons = SDL_CONTROLLER_BUTTON_MAX;
    desc.name = pad_name;
    device = SDL_JoystickAttachVirtualEx(&desc);
    CHECK(device >= 0);

    CHECK_EQ_INT(SDLH_Init(NULL), 0);
    pump();
    CHECK_EQ_INT(SDLH_GetNumPads(), 1);
    SDLH_STRUCT_INIT(info);
    CHECK_EQ_INT(SDLH_GetPad(0, &info), 0);
    CHECK(!has_control(info.name));
    CHECK(strstr(info.name, "Evil\\u001B[2J\\npad\\u0007 ") == info.name);
    CHECK(!has_control(info.profile));

    /* A config in that folder: loaded, then saved broken; the reload report and its log line. */
    CHECK_EQ_INT(SDLH_SetReloadCallback(on_reload, NULL), 0);
    CHECK_EQ_INT(SDLH_LoadMappingWithOptions(config, 1, 0.01), 0);
    CHECK_EQ_INT(write_file(config, broken), 0);
    for (waited = 0; waited < 500 && reloads_heard == 0; waited++) {
        SDL_Delay(10);
        frames(&time, 1);
    }
    CHECK_EQ_INT(reloads_heard, 1);
    for (index = 0; index < 4; index++) {
        CHECK(!has_control(reload_texts[index]));
        if (has_control(reload_texts[index])) fprintf(stderr, "SDLH_ReloadInfo string %d: %s\n", index, reload_texts[index]);
    }
    CHECK(strstr(reload_texts[0], "err\\u001B[31m/haptics.toml") != NULL);
    CHECK(strstr(reload_texts[2], "err\\u001B[31m/haptics.toml") != NULL);
    CHECK(SDLH_GetMappingErrorCount() >= 1);
    for (index = 0; index < SDLH_GetMappingErrorCount(); index++) CHECK(!has_control(SDLH_GetMappingError(index)));

    /* A name no rule takes, posted with ESC: its entry and its log line. */
    CHECK_EQ_INT(SDLH_PostAction(0, "jum\x1b[2Jp"), 0);
    frames(&time, 1);
    CHECK_EQ_INT(SDLH_GetNumUnmatchedNames(), 1);
    SDLH_STRUCT_INIT(unmatched);
    CHECK_EQ_INT(SDLH_GetUnmatchedName(0, &unmatched), 0);
    CHECK(unmatched.name != NULL && strcmp(unmatched.name, "jum\\u001B[2Jp") == 0);
    CHECK(!has_control(unmatched.kind));
    CHECK(!has_control(unmatched.suggestion));

    /* An error naming the folder. */
    CHECK_EQ_INT(SDLH_LoadMappingWithOptions(folder, 0, 1), SDLH_ERROR_CONFIG);
    CHECK(!has_control(SDLH_GetError()));
    CHECK_ERROR_MENTIONS("err\\u001B[31m");

    CHECK(logged_count >= 2);   /* the refused reload, the unmatched name */
    for (index = 0; index < logged_count; index++) {
        CHECK(!has_control(logged[index]));
        if (has_control(logged[index])) fprintf(stderr, "logged: %s\n", logged[index]);
    }
    CHECK_EQ_INT(SDLH_Quit(), 0);
    SDL_Quit();
    return test_finish("test_output_text");
}
