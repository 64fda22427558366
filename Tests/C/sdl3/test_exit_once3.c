/*
 * What exit() sends, and how often (issue 32, SDL3 integration round 1, runtime item 3), through real SDL 3:
 * a child process rumbles two virtual gamepads, one with body motors only and one with trigger motors too
 * (it gives SDL a RumbleTriggers callback: SDL_PROP_JOYSTICK_CAP_TRIGGER_RUMBLE_BOOLEAN), then calls exit()
 * without SDLH_Quit; every callback writes what SDL passes on into a pipe. The stop sequence goes out
 * once per pad, exactly as docs/c-api.md ("Leaving") states it: body (1,1) then (0,0); trigger (1,1)
 * then (0,0) only to the pad that has trigger motors. Tests/C/test_exit_once.c: the same through SDL 2.
 *
 * Usage: test_exit_once3
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "test_support3.h"

static int report_fd = -1;

static void report(int pad, char kind, Uint16 a, Uint16 b) {
    char line[40];
    int length = SDL_snprintf(line, sizeof line, "%d%c %u %u\n", pad, kind, (unsigned)a, (unsigned)b);
    if (write(report_fd, line, (size_t)length) != length) _exit(20);
}
static bool SDLCALL body(void *userdata, Uint16 low, Uint16 high) { report((int)(intptr_t)userdata, 'B', low, high); return true; }
static bool SDLCALL triggers(void *userdata, Uint16 left, Uint16 right) { report((int)(intptr_t)userdata, 'T', left, right); return true; }

static SDL_JoystickID attach(int pad, int with_triggers) {
    SDL_VirtualJoystickDesc desc;
    SDL_INIT_INTERFACE(&desc);
    desc.type = SDL_JOYSTICK_TYPE_GAMEPAD;
    desc.naxes = SDL_GAMEPAD_AXIS_COUNT;
    desc.nbuttons = SDL_GAMEPAD_BUTTON_COUNT;
    desc.Rumble = body;
    if (with_triggers) desc.RumbleTriggers = triggers;
    desc.userdata = (void *)(intptr_t)pad;
    return SDL_AttachVirtualJoystick(&desc);
}

/* The lines of pad `pad` (its digit) in `text`, in order, into `out`. */
static void lines_of(const char *text, char pad, char *out, size_t size) {
    size_t used = 0;
    while (*text) {
        const char *end = strchr(text, '\n');
        size_t length = end ? (size_t)(end - text) + 1 : strlen(text);
        if (text[0] == pad && used + length < size) { memcpy(out + used, text + 1, length - 1); used += length - 1; }
        text += length;
    }
    out[used] = '\0';
}

int main(void) {
    int fds[2], status = 0;
    static char buffer[65536], pad0[4096], pad1[4096];
    size_t used = 0;
    ssize_t got;
    pid_t child;
    const char *stop;

    if (pipe(fds) != 0) return 1;
    fflush(stdout);
    child = fork();
    if (child == 0) {
        SDLH_InitOptions options;
        double time = 0;
        close(fds[0]);
        report_fd = fds[1];
        if (!SDL_Init(SDL_INIT_GAMEPAD)) _exit(3);
        if (attach(0, 0) == 0 || attach(1, 1) == 0) _exit(4);
        SDLH_STRUCT_INIT(options);
        options.player_count = 2;
        if (SDLH_Init(&options) != 0) _exit(5);
        pump3();
        if (SDLH_PlayFeedback(0, SDLH_FEEDBACK_ERROR, 1) != 1 || SDLH_PlayFeedback(1, SDLH_FEEDBACK_ERROR, 1) != 1) _exit(6);
        frames3(&time, 3);
        report(9, 'X', 0, 0);   /* the exit starts here */
        exit(0);
    }
    close(fds[1]);
    while ((got = read(fds[0], buffer + used, sizeof buffer - 1 - used)) > 0) used += (size_t)got;
    close(fds[0]);
    buffer[used] = '\0';
    waitpid(child, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    stop = strstr(buffer, "9X 0 0\n");
    CHECK(stop != NULL);
    if (stop != NULL) {
        stop += strlen("9X 0 0\n");
        lines_of(stop, '0', pad0, sizeof pad0);
        lines_of(stop, '1', pad1, sizeof pad1);
        printf("test_exit_once3: after exit(), the pad without trigger motors got:\n%sthe pad with them:\n%s", pad0, pad1);
        CHECK(strcmp(pad0, "B 1 1\nB 0 0\n") == 0);                  /* once; no trigger call */
        CHECK(strcmp(pad1, "B 1 1\nB 0 0\nT 1 1\nT 0 0\n") == 0);    /* once, triggers too */
    }
    return test_finish("test_exit_once3");
}
