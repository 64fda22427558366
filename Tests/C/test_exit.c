/*
 * Rumble off on every way out (issue 26, item 14): a child process rumbles a virtual pad at full
 * strength and then leaves in one of the ways a game leaves; its pad's rumble callback writes every
 * value SDL passes on into a pipe, and the parent reads the last one after the child is gone.
 *
 *   exit() without SDLH_Quit            -> (0,0): SDLHaptics' atexit handler
 *   SDL_Quit() then exit(), no SDLH_Quit -> (0,0): SDL closes each pad with (0,0)
 *   SIGTERM or SIGINT, SDL's signal handlers on
 *                                        -> (0,0): SDL_QUIT event, the loop ends, exit()
 *   SIGTERM, SDL_NO_SIGNAL_HANDLERS=1,
 *     the game's own handler ends the loop -> (0,0): what docs/c-api.md tells such a game to do
 *   SIGTERM, SDL_NO_SIGNAL_HANDLERS=1,
 *     no handler                         -> the last level stays: the process is killed, nothing runs
 *                                           (checked so the docs' statement stays true)
 *
 * Usage: test_exit
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "test_support.h"

enum Exit { EXIT_WITHOUT_QUIT, SDL_QUIT_THEN_EXIT, SIGTERM_SDL_HANDLERS, SIGINT_SDL_HANDLERS, SIGTERM_GAME_HANDLER, SIGTERM_UNHANDLED };

static int report_fd = -1;
static volatile sig_atomic_t terminate_requested = 0;

static void on_terminate(int signal_number) {
    (void)signal_number;
    terminate_requested = 1;
}

/* The virtual pad's rumble callback: every value, one line each, to the parent. */
static int SDLCALL report_rumble(void *userdata, Uint16 low, Uint16 high) {
    char line[32];
    int length = SDL_snprintf(line, sizeof line, "%u %u\n", (unsigned)low, (unsigned)high);
    (void)userdata;
    if (write(report_fd, line, (size_t)length) != length) return -1;
    return 0;
}

/* The child: a game that rumbles, then leaves as `how` says. Never returns. */
static void run_child(enum Exit how) {
    SDL_VirtualJoystickDesc desc;
    SDLH_Pattern *pattern;
    SDL_Event event;
    double time = 0;
    int frame;
    if (how == SIGTERM_GAME_HANDLER || how == SIGTERM_UNHANDLED) SDL_setenv("SDL_NO_SIGNAL_HANDLERS", "1", 1);
    if (how == SIGTERM_GAME_HANDLER) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = on_terminate;
        sigaction(SIGTERM, &action, NULL);
    }
    if (start_sdl() != 0) _exit(3);
    SDL_zero(desc);
    desc.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
    desc.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
    desc.naxes = SDL_CONTROLLER_AXIS_MAX;
    desc.nbuttons = SDL_CONTROLLER_BUTTON_MAX;
    desc.Rumble = report_rumble;
    if (SDL_JoystickAttachVirtualEx(&desc) < 0 || SDLH_Init(NULL) != 0) _exit(4);
    pattern = continuous_pattern("60");
    if (SDLH_PlayPattern(pattern, 0, 1, SDLH_CATEGORY_CUSTOM, NULL) != 1) _exit(5);
    frames(&time, 2);   /* (65535, 65535) reaches the pad */

    switch (how) {
    case EXIT_WITHOUT_QUIT:
        exit(0);
    case SDL_QUIT_THEN_EXIT:
        SDL_Quit();
        exit(0);
    default:
        /* A game loop until SDL_QUIT or the game's own flag; the parent sends SIGTERM. */
        for (frame = 0; frame < 1000 && !terminate_requested; frame++) {
            int quit = 0;
            while (SDL_PollEvent(&event)) {
                SDLH_HandleEvent(&event);
                if (event.type == SDL_QUIT) quit = 1;
            }
            if (quit) exit(0);       /* the game leaves without SDLH_Quit: the atexit handler stops the pad */
            frames(&time, 1);
            SDL_Delay(10);
        }
        if (terminate_requested) {   /* what docs/c-api.md asks of a game that handles signals itself */
            SDLH_Quit();
            SDL_Quit();
            exit(0);
        }
        _exit(6);                    /* no signal within 10 s */
    }
}

/* Runs one child; returns the last values its pad received and whether it ever got full strength. */
static int run(enum Exit how, const char *name, unsigned *low, unsigned *high, int *rumbled) {
    int pipe_fds[2], status = 0;
    char buffer[65536];
    size_t used = 0;
    ssize_t got;
    pid_t child;
    char *line;
    int signalled = 0;

    *low = *high = 99999;
    *rumbled = 0;
    if (pipe(pipe_fds) != 0) return -1;
    fflush(stdout);
    fflush(stderr);
    child = fork();
    if (child < 0) return -1;
    if (child == 0) {
        close(pipe_fds[0]);
        report_fd = pipe_fds[1];
        run_child(how);
    }
    close(pipe_fds[1]);
    while ((got = read(pipe_fds[0], buffer + used, sizeof buffer - 1 - used)) > 0) {
        used += (size_t)got;
        buffer[used] = '\0';
        if (!signalled && how >= SIGTERM_SDL_HANDLERS && strstr(buffer, "65535 65535\n") != NULL) {
            kill(child, how == SIGINT_SDL_HANDLERS ? SIGINT : SIGTERM);   /* it rumbles: now the signal */
            signalled = 1;
        }
        if (used == sizeof buffer - 1) break;
    }
    close(pipe_fds[0]);
    waitpid(child, &status, 0);
    buffer[used] = '\0';
    *rumbled = strstr(buffer, "65535 65535\n") != NULL;
    for (line = strtok(buffer, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        if (sscanf(line, "%u %u", low, high) != 2) *low = *high = 99999;
    }
    printf("%s: child %s %d, pad last at (%u, %u)\n", name, WIFSIGNALED(status) ? "killed by signal" : "exited",
           WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status), *low, *high);
    if (how == SIGTERM_UNHANDLED) return WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM ? 0 : -1;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

int main(void) {
    static const struct { enum Exit how; const char *name; int stops; } cases[] = {
        { EXIT_WITHOUT_QUIT, "exit() without SDLH_Quit", 1 },
        { SDL_QUIT_THEN_EXIT, "SDL_Quit() then exit(), no SDLH_Quit", 1 },
        { SIGTERM_SDL_HANDLERS, "SIGTERM with SDL's signal handlers", 1 },
        { SIGINT_SDL_HANDLERS, "SIGINT with SDL's signal handlers", 1 },
        { SIGTERM_GAME_HANDLER, "SIGTERM, SDL_NO_SIGNAL_HANDLERS=1, the game's own handler", 1 },
        { SIGTERM_UNHANDLED, "SIGTERM, SDL_NO_SIGNAL_HANDLERS=1, no handler", 0 },
    };
    unsigned low, high;
    int rumbled;
    size_t index;
    for (index = 0; index < sizeof cases / sizeof cases[0]; index++) {
        CHECK_EQ_INT(run(cases[index].how, cases[index].name, &low, &high, &rumbled), 0);
        CHECK(rumbled);
        if (cases[index].stops) {
            CHECK_EQ_INT(low, 0);
            CHECK_EQ_INT(high, 0);
        } else {
            CHECK_EQ_INT(low, 65535);   /* killed: nothing could stop it (docs/reliability.md) */
            CHECK_EQ_INT(high, 65535);
        }
    }
    return test_finish("test_exit");
}
