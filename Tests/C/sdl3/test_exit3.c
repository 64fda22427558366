/*
 * Rumble off on the way out, on SDL3 (issue 31, round two, F3 and F4; Tests/C/test_exit.c is SDL2's, with
 * every signal): a child rumbles a virtual gamepad at full strength and is ended by a signal its game
 * left at the default (SDL's handlers off); the pad's last values, reported by its rumble callback, must
 * be (0,0) and the child killed by that signal:
 *   - signals the library's first list missed: SIGPROF, SIGIO, SIGPWR, SIGRTMIN, SIGRTMAX (F4);
 *   - a launcher that initialised and quit SDLHaptics once, then forked the game without exec, and
 *     the game's SIGHUP (F3: the handlers saw the launcher's process, the stopper thread was its).
 *
 * Usage: test_exit3 TEMP_DIR SHIPPED_CONFIG
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "test_support3.h"

/* A 60 s continuous pattern at full intensity: (65535, 65535) on the pad. */
static const char *continuous =
    "{\"Version\": 1, \"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"HapticContinuous\", \"EventDuration\": 60,"
    " \"EventParameters\": [{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": 1},"
    " {\"ParameterID\": \"HapticSharpness\", \"ParameterValue\": 0.5}]}}]}";

/* The game: rumbles, then loops until the signal ends it. Never returns. */
static void run_game(int report_fd) {
    Pad3 pad;
    double time = 0;
    int frame;
    SDL_zero(pad);
    pad.report_fd = report_fd;
    if (!SDL_Init(SDL_INIT_GAMEPAD) || attach_pad3(&pad, 0, 0) == 0 || SDLH_Init(NULL) != 0) _exit(3);
    pump3();
    if (SDLH_PlayPattern(SDLH_LoadPatternFromMemory(continuous, strlen(continuous)), 0, 1, SDLH_CATEGORY_CUSTOM, NULL) != 1) _exit(4);
    for (frame = 0; frame < 1000; frame++) {
        pump3();
        frames3(&time, 1);
        SDL_Delay(10);
    }
    _exit(6);   /* no signal within 10 s */
}

/* Runs a child that ends by `signal_number` (sent to its group once its pad rumbled), as a launcher that
   forks the game when `launcher`; 1 when the pad was last at (0,0) and the game was killed by the signal. */
static int run(int signal_number, int launcher) {
    int fds[2], status = 0, signalled = 0;
    char buffer[65536];
    size_t used = 0;
    ssize_t got;
    pid_t child;
    unsigned low = 99999, high = 99999;
    char *line;
    if (pipe(fds) != 0) return 0;
    child = fork();
    if (child == 0) {
        setpgid(0, 0);
        close(fds[0]);
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
        if (launcher) {
            sigset_t all;
            pid_t game;
            if (!SDL_Init(SDL_INIT_GAMEPAD) || SDLH_Init(NULL) != 0) _exit(3);
            SDLH_Quit();
            SDL_Quit();
            game = fork();
            if (game == 0) run_game(fds[1]);
            close(fds[1]);
            sigfillset(&all);
            sigprocmask(SIG_BLOCK, &all, NULL);
            if (game < 0 || waitpid(game, &status, 0) != game) _exit(11);
            _exit(WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status));
        }
        run_game(fds[1]);
    }
    setpgid(child, child);
    close(fds[1]);
    while ((got = read(fds[0], buffer + used, sizeof buffer - 1 - used)) > 0) {
        used += (size_t)got;
        buffer[used] = 0;
        if (!signalled && strstr(buffer, "65535 65535\n") != NULL) {
            kill(-child, signal_number);
            signalled = 1;
        }
        if (used == sizeof buffer - 1) break;
    }
    close(fds[0]);
    waitpid(child, &status, 0);
    buffer[used] = 0;
    for (line = strtok(buffer, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        if (sscanf(line, "%u %u", &low, &high) != 2) low = high = 99999;
    }
    printf("signal %d%s: pad last at (%u, %u), %s %d\n", signal_number, launcher ? " to a game forked by a launcher" : "",
           low, high, WIFSIGNALED(status) ? "killed by signal" : "exit status", WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
    if (!signalled || low != 0 || high != 0) return 0;
    if (launcher) return WIFEXITED(status) && WEXITSTATUS(status) == 128 + signal_number;
    return WIFSIGNALED(status) && WTERMSIG(status) == signal_number;
}

int main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    CHECK(run(SIGPROF, 0));
    CHECK(run(SIGIO, 0));
    CHECK(run(SIGPWR, 0));
    CHECK(run(SIGRTMIN, 0));
    CHECK(run(SIGRTMAX, 0));
    CHECK(run(SIGHUP, 1));
    return test_finish("test_exit3");
}
