/*
 * An exit in the middle of an update (issue 31, item 1): a game whose SIGINT handler calls exit()
 * while the game thread is inside SDLH_UpdateAt. The library's exit handler used to run
 * SDLH_StopAll's work inside the update it interrupted ("Fatal access conflict detected", and the
 * pad stuck at full strength in 17 of 45 runs). Now it touches no state an update holds: every run
 * must end with exit status 0 and the pad at (0,0).
 *
 * Each child plays eight long patterns at full strength on one virtual pad (so an update does real
 * work), and a pattern on a second pad, one of SDLHaptics' own (SDLH_AttachVirtualPad: its rumble
 * callback takes a lock, which the stop at exit must not wait for when the exit interrupted it), and
 * runs SDLH_UpdateAt in a tight loop, so nearly all of its time is spent inside updates;
 * the parent sends SIGINT at a random moment 0-4 ms after both of the pad's motors run (since issue 33
 * the mixer's overlap limiter holds eight overlapping patterns below full on purpose, so the pad no
 * longer reaches 65535; waiting for that hung the test). The same is
 * done with exit() called by another thread of the game at a random moment (the game thread goes on
 * updating while exit runs), and by the SIGINT handler on a thread that is not the game thread
 * (SDL_NO_SIGNAL_HANDLERS=1 in every case, so the game's handler is the one that runs). A child that
 * has not ended 20 s after the parent's word counts as hung and is killed.
 *
 * Usage: test_exit_during_update
 */
#define _POSIX_C_SOURCE 200809L
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "test_support.h"

enum How { SIGINT_EXITS, OTHER_THREAD_EXITS };

static int report_fd = -1;
static int go_fd = -1;

static void on_sigint(int signal_number) {
    (void)signal_number;
    exit(0);   /* what the attack did: not async-signal-safe, but games do it */
}

/* The virtual pad's rumble callback: every value, one line each, to the parent. */
static int SDLCALL report_rumble(void *userdata, Uint16 low, Uint16 high) {
    char line[32];
    int length = SDL_snprintf(line, sizeof line, "%u %u\n", (unsigned)low, (unsigned)high);
    (void)userdata;
    if (write(report_fd, line, (size_t)length) != length) return -1;
    return 0;
}

/* Another thread of the game: waits for the parent's word (a byte on go_fd), then exits. */
static void *exit_later(void *unused) {
    char byte;
    (void)unused;
    if (read(go_fd, &byte, 1) == 1) exit(0);
    return NULL;
}

static void run_child(enum How how) {
    struct sigaction action;
    double time = 0;
    int voice;
    SDL_setenv("SDL_NO_SIGNAL_HANDLERS", "1", 1);
    memset(&action, 0, sizeof action);
    action.sa_handler = on_sigint;
    sigaction(SIGINT, &action, NULL);
    if (start_sdl() != 0) _exit(3);
    if (attach_pad_calling(report_rumble, NULL) < 0 || SDLH_AttachVirtualPad("xboxOne") == NULL || SDLH_Init(NULL) != 0) _exit(4);
    for (voice = 0; voice < 8; voice++) {
        if (SDLH_PlayPattern(continuous_pattern("600"), 0, 1, SDLH_CATEGORY_CUSTOM, NULL) != 1) _exit(5);
    }
    /* A pattern whose levels change every frame on SDLHaptics' own pad: its callback runs often. */
    if (SDLH_PlayPattern(SDLH_LoadPreset("Heartbeat"), 1, 1, SDLH_CATEGORY_CUSTOM, NULL) != 1) _exit(5);
    if (how == OTHER_THREAD_EXITS) {
        pthread_t thread;
        if (pthread_create(&thread, NULL, exit_later, NULL) != 0) _exit(6);
    }
    for (;;) {   /* nothing but updates: a signal almost always lands inside one */
        time += 1.0 / 60.0;
        SDLH_UpdateAt(time);
    }
}

/* Whether a line of the reports shows both motors running (the child is playing its patterns). */
static int rumbling(const char *reports) {
    const char *line = reports;
    while (line != NULL && *line != '\0') {
        unsigned low = 0, high = 0;
        if (sscanf(line, "%u %u", &low, &high) == 2 && low > 0 && high > 0) return 1;
        line = strchr(line, '\n');
        if (line != NULL) line++;
    }
    return 0;
}

/* One child; returns 0 when it exited with status 0 and its pad ended at (0,0). */
static int run(enum How how, unsigned delay_us, int *stuck, int *crashed) {
    int report[2], go[2], status = 0, signalled = 0, hung = 0;
    Uint32 deadline = 0;
    char buffer[65536];
    size_t used = 0;
    ssize_t got;
    unsigned low = 99999, high = 99999;
    char *line;
    pid_t child;
    if (pipe(report) != 0 || pipe(go) != 0) return -1;
    fflush(stdout);
    fflush(stderr);
    child = fork();
    if (child < 0) return -1;
    if (child == 0) {
        close(report[0]);
        close(go[1]);
        report_fd = report[1];
        go_fd = go[0];
        run_child(how);
    }
    close(report[1]);
    close(go[0]);
    for (;;) {
        struct pollfd ready;
        ready.fd = report[0];
        ready.events = POLLIN;
        ready.revents = 0;
        if (poll(&ready, 1, 1000) == 0) {   /* nothing for a second */
            if (deadline != 0 && SDL_GetTicks() > deadline) {
                hung = 1;
                kill(child, SIGKILL);
            }
            continue;
        }
        got = read(report[0], buffer + used, sizeof buffer - 1 - used);
        if (got <= 0) break;
        used += (size_t)got;
        buffer[used] = '\0';
        if (!signalled && rumbling(buffer)) {
            struct timespec pause;
            pause.tv_sec = 0;
            pause.tv_nsec = (long)delay_us * 1000;
            nanosleep(&pause, NULL);
            if (how == SIGINT_EXITS) kill(child, SIGINT);
            else if (write(go[1], "x", 1) != 1) kill(child, SIGKILL);
            signalled = 1;
            deadline = SDL_GetTicks() + 20000;
        }
        if (used == sizeof buffer - 1) used = 0;   /* keep reading; only the last lines matter */
    }
    close(report[0]);
    close(go[1]);
    waitpid(child, &status, 0);
    buffer[used] = '\0';
    for (line = strtok(buffer, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        if (sscanf(line, "%u %u", &low, &high) != 2) low = high = 99999;
    }
    if (hung) fprintf(stderr, "test_exit_during_update: a child did not end within 20 s (killed)\n");
    *crashed += !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    *stuck += !(low == 0 && high == 0);
    if (!(WIFEXITED(status) && WEXITSTATUS(status) == 0) || low != 0 || high != 0) {
        fprintf(stderr, "test_exit_during_update: %s after %u us: child %s %d, pad last at (%u, %u)\n",
                how == SIGINT_EXITS ? "SIGINT" : "exit() on another thread", delay_us,
                WIFSIGNALED(status) ? "killed by signal" : "exited",
                WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status), low, high);
        return -1;
    }
    return 0;
}

int main(void) {
    enum { RUNS = 30 };
    int index, stuck = 0, crashed = 0;
    srand((unsigned)getpid());
    for (index = 0; index < RUNS; index++) CHECK_EQ_INT(run(SIGINT_EXITS, (unsigned)(rand() % 4000), &stuck, &crashed), 0);
    printf("SIGINT whose handler calls exit(), mid-update: %d runs, %d ended otherwise than exit 0, %d left the pad rumbling\n",
           RUNS, crashed, stuck);
    stuck = crashed = 0;
    for (index = 0; index < RUNS / 2; index++) CHECK_EQ_INT(run(OTHER_THREAD_EXITS, (unsigned)(rand() % 4000), &stuck, &crashed), 0);
    printf("exit() on another thread while the game thread updates: %d runs, %d ended otherwise than exit 0, %d left the pad rumbling\n",
           RUNS / 2, crashed, stuck);
    return test_finish("test_exit_during_update");
}
