/*
 * What exit() sends, and how often (issue 32, SDL3 integration round 1, runtime item 3), through real SDL 2:
 * a child process rumbles a virtual pad that has body and trigger motors, then calls exit() without
 * SDLH_Quit; both callbacks write every value SDL passes on into a pipe. A C game has two exit handlers
 * on the way out (the C library's and the front door's); the stop sequence must go out once, exactly
 * as docs/c-api.md ("Leaving") states it: body (1,1) then (0,0), trigger (1,1) then (0,0).
 * Tests/C/sdl3/test_exit_once3.c checks the same through SDL 3, with a pad without trigger motors too.
 *
 * Usage: test_exit_once
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "test_support.h"

static int report_fd = -1;

static void report(char kind, Uint16 a, Uint16 b) {
    char line[40];
    int length = SDL_snprintf(line, sizeof line, "%c %u %u\n", kind, (unsigned)a, (unsigned)b);
    if (write(report_fd, line, (size_t)length) != length) _exit(20);
}
static int SDLCALL body(void *userdata, Uint16 low, Uint16 high) { (void)userdata; report('B', low, high); return 0; }
static int SDLCALL triggers(void *userdata, Uint16 left, Uint16 right) { (void)userdata; report('T', left, right); return 0; }

int main(void) {
    int fds[2], status = 0;
    static char buffer[65536];
    size_t used = 0;
    ssize_t got;
    pid_t child;
    const char *stop, *expected = "B 1 1\nB 0 0\nT 1 1\nT 0 0\n";

    if (pipe(fds) != 0) return 1;
    fflush(stdout);
    child = fork();
    if (child == 0) {
        SDL_VirtualJoystickDesc desc;
        SDLH_Pattern *pattern;
        double time = 0;
        close(fds[0]);
        report_fd = fds[1];
        if (start_sdl() != 0) _exit(3);
        SDL_zero(desc);
        desc.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
        desc.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
        desc.naxes = SDL_CONTROLLER_AXIS_MAX;
        desc.nbuttons = SDL_CONTROLLER_BUTTON_MAX;
        desc.Rumble = body;
        desc.RumbleTriggers = triggers;
        if (SDL_JoystickAttachVirtualEx(&desc) < 0 || SDLH_Init(NULL) != 0) _exit(4);
        pump();
        pattern = continuous_pattern("60");
        if (SDLH_PlayPattern(pattern, 0, 1, SDLH_CATEGORY_CUSTOM, NULL) != 1) _exit(5);
        frames(&time, 3);
        report('X', 0, 0);   /* the exit starts here */
        exit(0);
    }
    close(fds[1]);
    while ((got = read(fds[0], buffer + used, sizeof buffer - 1 - used)) > 0) used += (size_t)got;
    close(fds[0]);
    buffer[used] = '\0';
    waitpid(child, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    CHECK(strstr(buffer, "B 65535 65535\n") != NULL);   /* it rumbled */
    stop = strstr(buffer, "X 0 0\n");
    CHECK(stop != NULL);
    if (stop != NULL) {
        stop += strlen("X 0 0\n");
        printf("test_exit_once: after exit(): %s", *stop ? "" : "nothing\n");
        fputs(stop, stdout);
        CHECK(strcmp(stop, expected) == 0);              /* once, in this order, nothing more */
    }
    return test_finish("test_exit_once");
}
