/*
 * A game's own headless haptics test, as docs/c-api.md ("Testing your game's haptics headless") shows
 * it (issue 25): SDL's hint for virtual button presses under the dummy video driver, a virtual pad
 * attached with the Xbox profile, its profile read back from SDLH_PadInfo, a button press the game
 * turns into an action, and what the pad received read back, down to (0,0) after SDLH_Quit. The Xbox
 * profile (dead zone, onset kick) is felt stronger than the ideal "virtual" profile for the same
 * event: what a real pad would give.
 *
 * Usage: test_virtual_pad TEMP_DIR SHIPPED_CONFIG
 */
#include "test_support.h"

static SDLH_VirtualPadState read_pad(SDLH_VirtualPad *pad) {
    SDLH_VirtualPadState state;
    SDLH_STRUCT_INIT(state);
    CHECK_EQ_INT(SDLH_GetVirtualPadState(pad, &state), 0);
    return state;
}

static int pad_index_of(SDL_JoystickID instance_id) {
    SDLH_PadInfo info;
    int index;
    for (index = 0; index < SDLH_GetNumPads(); index++) {
        SDLH_STRUCT_INIT(info);
        if (SDLH_GetPad(index, &info) == 0 && info.instance_id == instance_id) return index;
    }
    return -1;
}

int main(int argc, char **argv) {
    SDLH_VirtualPad *xbox, *ideal, *stale;
    SDLH_VirtualPadState xbox_state, ideal_state;
    SDLH_PadInfo info;
    SDL_Event event;
    SDL_Joystick *joystick;
    double time = 0;
    int pressed = 0, i;

    if (argc != 3) {
        fprintf(stderr, "usage: test_virtual_pad TEMP_DIR SHIPPED_CONFIG\n");
        return 2;
    }
    /* Without a focused window (the dummy video driver) SDL drops joystick input unless told. */
    SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1");
    if (start_sdl() != 0) return 1;

    /* Attached before SDLH_Init: opened by it. Unknown and impossible profiles are refused. */
    xbox = SDLH_AttachVirtualPad("xboxOne");
    CHECK(xbox != NULL);
    CHECK(SDLH_AttachVirtualPad("gamecube") == NULL);
    CHECK_ERROR_MENTIONS("expected one of xboxOne, ps4, ps5, switchPro, generic, virtual");
    CHECK(SDLH_AttachVirtualPad("xboxOneBluetooth") == NULL);
    CHECK_ERROR_MENTIONS("never Bluetooth");
    CHECK_EQ_INT(SDLH_Init(NULL), 0);
    ideal = SDLH_AttachVirtualPad("virtual");   /* after: arrives through the event loop */
    CHECK(ideal != NULL);
    pump();
    CHECK_EQ_INT(SDLH_GetNumPads(), 2);

    /* Each pad's profile, as SDLHaptics drives it. */
    xbox_state = read_pad(xbox);
    ideal_state = read_pad(ideal);
    CHECK(strcmp(xbox_state.profile, "xboxOne") == 0);
    CHECK(strcmp(ideal_state.profile, "virtual") == 0);
    SDLH_STRUCT_INIT(info);
    CHECK_EQ_INT(SDLH_GetPad(pad_index_of(xbox_state.instance_id), &info), 0);
    CHECK(strcmp(info.profile, "xboxOne") == 0);
    CHECK_EQ_INT(info.player, 0);
    CHECK_EQ_INT(info.has_trigger_rumble, 1);
    SDLH_STRUCT_INIT(info);
    CHECK_EQ_INT(SDLH_GetPad(pad_index_of(ideal_state.instance_id), &info), 0);
    CHECK(strcmp(info.profile, "virtual") == 0);
    CHECK_EQ_INT(info.player, 1);
    CHECK_EQ_INT(SDLH_GetPlayerForJoystick(xbox_state.instance_id), 0);

    CHECK_EQ_INT(SDLH_LoadMapping(argv[2]), 0);
    frames(&time, 10);

    /* The test presses A on the Xbox pad; the game's loop turns it into a dash for its player. */
    joystick = SDL_JoystickFromInstanceID(xbox_state.instance_id);
    CHECK(joystick != NULL);
    CHECK_EQ_INT(SDL_JoystickSetVirtualButton(joystick, SDL_CONTROLLER_BUTTON_A, SDL_PRESSED), 0);
    SDLH_ResetVirtualPad(xbox);
    for (i = 0; i < 5; i++) {
        while (SDL_PollEvent(&event)) {
            SDLH_HandleEvent(&event);
            if (event.type == SDL_CONTROLLERBUTTONDOWN && event.cbutton.button == SDL_CONTROLLER_BUTTON_A) {
                pressed++;
                CHECK_EQ_INT(SDLH_PostAction(SDLH_GetPlayerForJoystick(event.cbutton.which), "dash"), 0);
            }
        }
        frames(&time, 1);
    }
    CHECK_EQ_INT(pressed, 1);
    xbox_state = read_pad(xbox);
    CHECK(xbox_state.rumble_calls > 0);
    CHECK(xbox_state.peak_low_frequency > 0 || xbox_state.peak_high_frequency > 0);
    CHECK_EQ_INT(read_pad(ideal).rumble_calls, 0);   /* only player 0 dashed */
    SDL_JoystickSetVirtualButton(joystick, SDL_CONTROLLER_BUTTON_A, SDL_RELEASED);
    frames(&time, 60);

    /* The same soft landing for both players: the Xbox profile lifts it over its motors' dead zone
     * and kicks the onset, the ideal profile passes the intensity straight through. */
    SDLH_ResetVirtualPad(xbox);
    SDLH_ResetVirtualPad(ideal);
    CHECK_EQ_INT(SDLH_PostActionValue(SDLH_EVERY_PLAYER, "land", 0.5), 0);
    frames(&time, 20);
    xbox_state = read_pad(xbox);
    ideal_state = read_pad(ideal);
    CHECK(ideal_state.peak_low_frequency > 0);
    CHECK(xbox_state.peak_low_frequency > ideal_state.peak_low_frequency);
    frames(&time, 60);
    CHECK_EQ_INT(read_pad(xbox).low_frequency, 0);

    /* Quit: every pad at (0,0), readable afterwards; detached pads are gone for good. */
    CHECK_EQ_INT(SDLH_PostAction(SDLH_EVERY_PLAYER, "dash"), 0);
    frames(&time, 2);
    xbox_state = read_pad(xbox);
    CHECK(xbox_state.low_frequency > 0 || xbox_state.high_frequency > 0);
    CHECK_EQ_INT(SDLH_Quit(), 0);
    xbox_state = read_pad(xbox);
    ideal_state = read_pad(ideal);
    CHECK_EQ_INT(xbox_state.low_frequency, 0);
    CHECK_EQ_INT(xbox_state.high_frequency, 0);
    CHECK_EQ_INT(ideal_state.low_frequency, 0);
    CHECK_EQ_INT(ideal_state.high_frequency, 0);
    stale = xbox;
    CHECK_EQ_INT(SDLH_DetachVirtualPad(xbox), 0);
    CHECK_EQ_INT(SDLH_DetachVirtualPad(stale), SDLH_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(SDLH_GetVirtualPadState(stale, &xbox_state), SDLH_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(SDLH_DetachVirtualPad(NULL), 0);
    CHECK_EQ_INT(SDLH_DetachVirtualPad(ideal), 0);
    SDL_Quit();
    return test_finish("test_virtual_pad");
}
