/*
 * What the headless advice in docs/c-api.md ("Testing your game's haptics headless") says about SDL 2, measured
 * here so it stays true (issue 32, SDL3 integration round 1, item 7): under the dummy video driver SDL 2's
 * window never gets focus, and with SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS "0" a virtual pad's buttons do
 * not arrive; with "1" they do. (SDL 3 is different: Tests/C/sdl3/test_headless_focus3.c.) Prints what it saw.
 *
 * Usage: test_headless_focus
 */
#include "test_support.h"

static int run(const char *hint, int *gained, int *focused) {
    SDL_Event e; int f, buttons = 0, index; SDL_Joystick *j; SDL_Window *w;
    *gained = -1;
    SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, hint);
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) != 0) return 2;
    w = SDL_CreateWindow("t", 0, 0, 64, 64, 0);
    index = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, 6, 15, 0);
    j = SDL_JoystickOpen(index); SDL_GameControllerOpen(index);
    for (f = 0; f < 10; f++) {
        SDL_JoystickSetVirtualButton(j, 0, f % 2);
        SDL_JoystickUpdate();
        while (SDL_PollEvent(&e)) {
            if (e.type == SDL_WINDOWEVENT && e.window.event == SDL_WINDOWEVENT_FOCUS_GAINED && *gained < 0) *gained = f;
            if (e.type == SDL_CONTROLLERBUTTONDOWN || e.type == SDL_JOYBUTTONDOWN) buttons++;
        }
    }
    *focused = (SDL_GetWindowFlags(w) & SDL_WINDOW_INPUT_FOCUS) != 0;
    printf("SDL 2: driver %s, FOCUS_GAINED at frame %d, input focus flag %d, keyboard focus %s, button-down events with ALLOW_BACKGROUND_EVENTS=%s: %d\n",
            SDL_GetCurrentVideoDriver(), *gained, (SDL_GetWindowFlags(w) & SDL_WINDOW_INPUT_FOCUS) != 0, SDL_GetKeyboardFocus() == w ? "the window" : "none", hint, buttons);
    SDL_DestroyWindow(w);
    SDL_Quit();
    return buttons;
}

int main(void) {
    int gained, focused;
    CHECK_EQ_INT(run("0", &gained, &focused), 0);   /* no focus: the pad's buttons are dropped */
    CHECK_EQ_INT(gained, -1);
    CHECK_EQ_INT(focused, 0);
    CHECK(run("1", &gained, &focused) >= 5);        /* the hint lets them through */
    return test_finish("test_headless_focus");
}
