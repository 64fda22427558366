/*
 * What the headless advice in docs/c-api.md ("Testing your game's haptics headless") says about SDL 3, measured
 * here so it stays true (issue 32, SDL3 integration round 1, item 7): under the dummy video driver SDL 3's
 * window gets focus (SDL_EVENT_WINDOW_FOCUS_GAINED in the first frame's events, SDL_WINDOW_INPUT_FOCUS) and a
 * virtual pad's buttons arrive with SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS "0": no hint is needed. (SDL 2
 * is the opposite: Tests/C/test_headless_focus.c.) Prints what it saw.
 *
 * Usage: test_headless_focus3
 */
#define _POSIX_C_SOURCE 200809L
#include <unistd.h>
#include "test_support3.h"
int main(void) {
    SDL_Event e; int f, gained = -1, buttons = 0; SDL_JoystickID id; SDL_Joystick *j; SDL_VirtualJoystickDesc d;
    SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "0");
    if (!SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMEPAD)) return 2;
    SDL_Window *w = SDL_CreateWindow("t", 64, 64, 0);
    SDL_INIT_INTERFACE(&d); d.type = SDL_JOYSTICK_TYPE_GAMEPAD; d.naxes = SDL_GAMEPAD_AXIS_COUNT; d.nbuttons = SDL_GAMEPAD_BUTTON_COUNT;
    id = SDL_AttachVirtualJoystick(&d); j = SDL_OpenJoystick(id); SDL_OpenGamepad(id);
    for (f = 0; f < 10; f++) {
        SDL_SetJoystickVirtualButton(j, 0, f % 2);
        SDL_UpdateJoysticks();
        while (SDL_PollEvent(&e)) {
            if (e.type == SDL_EVENT_WINDOW_FOCUS_GAINED && gained < 0) gained = f;
            if (e.type == SDL_EVENT_GAMEPAD_BUTTON_DOWN || e.type == SDL_EVENT_JOYSTICK_BUTTON_DOWN) buttons++;
        }
    }
    printf("SDL %d: driver %s, FOCUS_GAINED at frame %d, input focus flag %d, keyboard focus %s, button-down events with ALLOW_BACKGROUND_EVENTS=0: %d\n",
            SDL_GetVersion(), SDL_GetCurrentVideoDriver(), gained, (SDL_GetWindowFlags(w) & SDL_WINDOW_INPUT_FOCUS) != 0, SDL_GetKeyboardFocus() == w ? "the window" : "none", buttons);
    CHECK_EQ_INT(gained, 0);                                           /* focus in the first frame */
    CHECK((SDL_GetWindowFlags(w) & SDL_WINDOW_INPUT_FOCUS) != 0);
    CHECK(buttons >= 5);                                               /* five presses arrived without the hint */
    SDL_Quit();
    return test_finish("test_headless_focus3");
}
