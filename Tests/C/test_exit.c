/*
 * Rumble off on every way out (issue 26, item 14; issue 31, items 1 and 14): a child process rumbles a
 * virtual pad at full strength and then leaves in one of the ways a game leaves; its pad's rumble
 * callback writes every value SDL passes on into a pipe, and the parent reads the last one after the
 * child is gone, and how the child ended.
 *
 *   exit() without SDLH_Quit                  -> (0,0), exit 0: SDLHaptics' atexit handler
 *   SDLH_Quit() then exit()                   -> (0,0), exit 0: SDLH_Quit; the handler does nothing
 *   SDL_Quit() then exit(), no SDLH_Quit      -> (0,0), exit 0: SDL closes each pad with (0,0)
 *   quick_exit()                              -> (0,0), exit 0: the at_quick_exit handler
 *   exit() from a completion callback         -> (0,0), exit 0: the handler runs inside SDLH_UpdateAt
 *   SIGTERM or SIGINT, SDL's signal handlers  -> (0,0), exit 0: SDL_QUIT event, the loop ends, exit()
 *   SIGTERM, SDL_NO_SIGNAL_HANDLERS=1,
 *     the game's own handler ends the loop    -> (0,0), exit 0: what docs/c-api.md asks of such a game
 *   SIGTERM, SDL_NO_SIGNAL_HANDLERS=1, no handler,
 *   SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM with SDL's handlers (none for these)
 *                                             -> (0,0), killed by that signal: SDLHaptics' handler
 *                                                stops the pads, then the signal ends the process
 *   SIGPIPE from the game thread's own write to a closed pipe -> (0,0), killed by SIGPIPE
 *   SIGUSR1 with a handler of the game's installed before SDLH_Init
 *                                             -> the game's handler runs (SDLHaptics leaves it alone)
 *   SIGKILL                                   -> the last level stays: nothing runs (checked so the
 *                                                docs' statement stays true)
 *
 * Usage: test_exit
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "test_support.h"

/* quick_exit is C11; declared here for a C99 build (glibc has it). */
extern void quick_exit(int status);

enum Exit {
    EXIT_WITHOUT_QUIT, QUIT_THEN_EXIT, SDL_QUIT_THEN_EXIT, QUICK_EXIT, EXIT_IN_CALLBACK,
    SIGTERM_SDL_HANDLERS, SIGINT_SDL_HANDLERS, SIGTERM_GAME_HANDLER, SIGTERM_UNHANDLED,
    SIGNAL_SDL_HANDLERS, SIGPIPE_FROM_WRITE, SIGUSR1_GAME_HANDLER, SIGKILL_SENT
};

static int report_fd = -1;
static volatile sig_atomic_t terminate_requested = 0;

static void on_terminate(int signal_number) {
    (void)signal_number;
    terminate_requested = 1;
}

static void SDLCALL exit_now(void *userdata, SDLH_PatternPlayer *player) {
    (void)userdata;
    (void)player;
    exit(0);
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
    SDLH_Pattern *pattern;
    SDLH_PatternPlayer *player = NULL;
    SDL_Event event;
    struct rlimit no_core = { 0, 0 };
    double time = 0;
    int frame;
    setrlimit(RLIMIT_CORE, &no_core);   /* SIGQUIT dumps core by default: not here */
    /* A game whose SIGQUIT is at its default (a shell may have started this test ignoring it, and a
       library linked against a shared Swift runtime carries its crash reporter, which takes SIGQUIT
       and lets the game go on: docs/c-api.md, "Leaving"). */
    signal(SIGQUIT, SIG_DFL);
    if (how == SIGTERM_GAME_HANDLER || how == SIGTERM_UNHANDLED) SDL_setenv("SDL_NO_SIGNAL_HANDLERS", "1", 1);
    if (how == SIGTERM_GAME_HANDLER || how == SIGUSR1_GAME_HANDLER) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = on_terminate;
        sigaction(how == SIGTERM_GAME_HANDLER ? SIGTERM : SIGUSR1, &action, NULL);
    }
    if (start_sdl() != 0) _exit(3);
    if (attach_pad_calling(report_rumble, NULL) < 0 || SDLH_Init(NULL) != 0) _exit(4);
    pattern = continuous_pattern(how == EXIT_IN_CALLBACK ? "0.2" : "60");
    if (SDLH_PlayPattern(pattern, 0, 1, SDLH_CATEGORY_CUSTOM, &player) != 1) _exit(5);
    if (how == EXIT_IN_CALLBACK) SDLH_SetPatternPlayerCompletionCallback(player, exit_now, NULL);
    frames(&time, 2);   /* (65535, 65535) reaches the pad */

    switch (how) {
    case EXIT_WITHOUT_QUIT:
        exit(0);
    case QUIT_THEN_EXIT:
        SDLH_Quit();
        exit(0);
    case SDL_QUIT_THEN_EXIT:
        SDL_Quit();
        exit(0);
    case QUICK_EXIT:
        quick_exit(0);
        break;
    case EXIT_IN_CALLBACK:
        frames(&time, 30);   /* the pattern ends during these frames: its callback exits */
        _exit(6);
    case SIGPIPE_FROM_WRITE: {
        int fds[2];
        char byte = 0;
        if (pipe(fds) != 0) _exit(7);
        close(fds[0]);
        if (write(fds[1], &byte, 1) < 0) _exit(8);   /* SIGPIPE ends the process before write returns */
        _exit(9);
    }
    default:
        /* A game loop until SDL_QUIT or the game's own flag; the parent sends the signal. */
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
    _exit(10);
}

typedef struct Case {
    enum Exit how;
    const char *name;
    int signal;       /* sent by the parent once the pad rumbles; 0: none */
    int stops;        /* the pad's last values are (0,0) */
    int killed_by;    /* the child ends killed by this signal; 0: it exits with status 0 */
} Case;

/* Runs one child; returns 0 when it ended as the case says, and the last values its pad received
   and whether it ever got full strength. */
static int run(const Case *c, unsigned *low, unsigned *high, int *rumbled) {
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
        run_child(c->how);
    }
    close(pipe_fds[1]);
    while ((got = read(pipe_fds[0], buffer + used, sizeof buffer - 1 - used)) > 0) {
        used += (size_t)got;
        buffer[used] = '\0';
        if (!signalled && c->signal != 0 && strstr(buffer, "65535 65535\n") != NULL) {
            kill(child, c->signal);   /* it rumbles: now the signal */
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
    printf("%s: child %s %d, pad last at (%u, %u)\n", c->name, WIFSIGNALED(status) ? "killed by signal" : "exited",
           WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status), *low, *high);
    if (c->killed_by != 0) return WIFSIGNALED(status) && WTERMSIG(status) == c->killed_by ? 0 : -1;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

int main(void) {
    static const Case cases[] = {
        { EXIT_WITHOUT_QUIT, "exit() without SDLH_Quit", 0, 1, 0 },
        { QUIT_THEN_EXIT, "SDLH_Quit() then exit()", 0, 1, 0 },
        { SDL_QUIT_THEN_EXIT, "SDL_Quit() then exit(), no SDLH_Quit", 0, 1, 0 },
        { QUICK_EXIT, "quick_exit() without SDLH_Quit", 0, 1, 0 },
        { EXIT_IN_CALLBACK, "exit() from a completion callback, inside SDLH_UpdateAt", 0, 1, 0 },
        { SIGTERM_SDL_HANDLERS, "SIGTERM with SDL's signal handlers", SIGTERM, 1, 0 },
        { SIGINT_SDL_HANDLERS, "SIGINT with SDL's signal handlers", SIGINT, 1, 0 },
        { SIGTERM_GAME_HANDLER, "SIGTERM, SDL_NO_SIGNAL_HANDLERS=1, the game's own handler", SIGTERM, 1, 0 },
        { SIGTERM_UNHANDLED, "SIGTERM, SDL_NO_SIGNAL_HANDLERS=1, no handler of the game's", SIGTERM, 1, SIGTERM },
        { SIGNAL_SDL_HANDLERS, "SIGHUP (a closed terminal)", SIGHUP, 1, SIGHUP },
        { SIGNAL_SDL_HANDLERS, "SIGQUIT", SIGQUIT, 1, SIGQUIT },
        { SIGNAL_SDL_HANDLERS, "SIGPIPE sent", SIGPIPE, 1, SIGPIPE },
        { SIGNAL_SDL_HANDLERS, "SIGUSR1", SIGUSR1, 1, SIGUSR1 },
        { SIGNAL_SDL_HANDLERS, "SIGUSR2", SIGUSR2, 1, SIGUSR2 },
        { SIGNAL_SDL_HANDLERS, "SIGALRM", SIGALRM, 1, SIGALRM },
        { SIGPIPE_FROM_WRITE, "SIGPIPE from the game thread's write to a closed pipe", 0, 1, SIGPIPE },
        { SIGUSR1_GAME_HANDLER, "SIGUSR1 with the game's own handler (left alone)", SIGUSR1, 1, 0 },
        { SIGKILL_SENT, "SIGKILL", SIGKILL, 0, SIGKILL },
    };
    unsigned low, high;
    int rumbled;
    size_t index;
    for (index = 0; index < sizeof cases / sizeof cases[0]; index++) {
        CHECK_EQ_INT(run(&cases[index], &low, &high, &rumbled), 0);
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
