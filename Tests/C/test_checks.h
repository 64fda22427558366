/*
 * The checks every C test counts (CHECK, CHECK_EQ_INT, CHECK_ERROR_MENTIONS, test_finish), for either SDL:
 * Tests/C/test_support.h (SDL2) and Tests/C/sdl3/test_support3.h (SDL3) include it after SDL and
 * sdlhaptics.h.
 */
#ifndef SDLHAPTICS_TEST_CHECKS_H
#define SDLHAPTICS_TEST_CHECKS_H

#include <stdio.h>
#include <string.h>

static int test_failures = 0;
static int test_checks = 0;

#define CHECK(condition)                                                                          \
    do {                                                                                          \
        test_checks++;                                                                            \
        if (!(condition)) {                                                                       \
            test_failures++;                                                                      \
            fprintf(stderr, "%s:%d: check failed: %s (SDLH_GetError: %s)\n", __FILE__, __LINE__,  \
                    #condition, SDLH_GetError());                                                 \
        }                                                                                         \
    } while (0)

#define CHECK_EQ_INT(actual, expected)                                                             \
    do {                                                                                          \
        long long check_actual_ = (long long)(actual), check_expected_ = (long long)(expected);    \
        test_checks++;                                                                            \
        if (check_actual_ != check_expected_) {                                                   \
            test_failures++;                                                                      \
            fprintf(stderr, "%s:%d: %s is %lld, expected %lld (SDLH_GetError: %s)\n", __FILE__,   \
                    __LINE__, #actual, check_actual_, check_expected_, SDLH_GetError());          \
        }                                                                                         \
    } while (0)

/* The error message mentions `text`. */
#define CHECK_ERROR_MENTIONS(text)                                                                \
    do {                                                                                          \
        test_checks++;                                                                            \
        if (strstr(SDLH_GetError(), (text)) == NULL) {                                            \
            test_failures++;                                                                      \
            fprintf(stderr, "%s:%d: SDLH_GetError() \"%s\" does not mention \"%s\"\n", __FILE__,  \
                    __LINE__, SDLH_GetError(), (text));                                           \
        }                                                                                         \
    } while (0)

static SDL_INLINE int test_finish(const char *name) {
    if (test_failures == 0) {
        printf("ok: %s (%d checks)\n", name, test_checks);
        return 0;
    }
    fprintf(stderr, "FAILED: %s (%d of %d checks failed)\n", name, test_failures, test_checks);
    return 1;
}

#endif
