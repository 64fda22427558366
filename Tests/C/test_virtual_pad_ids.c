/*
 * Virtual pads chosen by vendor:product, named after their profile, and bounded (issue 31):
 *
 *   - SDLH_AttachVirtualPadWithIds and SDLH_AttachVirtualPad("VVVV:PPPP") (C developer item b): the
 *     ids of a pad the library knows give that pad (045e:02ea: "xboxOne", with trigger motors);
 *     other ids give a pad with body motors that SDL types by its ids (045e:0b12, an Xbox Series pad:
 *     "xboxOne" without trigger motors; ids SDL does not know: SDL reports a virtual pad, "virtual");
 *     malformed ids are refused;
 *   - names (C developer item e): a pad with the "virtual" profile is "SDLHaptics virtual pad", not
 *     "SDLHaptics virtual generic"; the others are named after their profile, or their ids;
 *   - memory (item 4): a "ps5" pad took every trigger effect into a recording (+109 bytes each,
 *     unbounded); 200,000 effects now leave resident memory where it was;
 *   - errors quote the profile escaped (item 8): no control character reaches SDLH_GetError.
 *
 * Usage: test_virtual_pad_ids TEMP_DIR SHIPPED_CONFIG
 */
#define _POSIX_C_SOURCE 200809L
#include <unistd.h>
#include "test_support.h"

/* The pad SDLHaptics opened with this instance id, or a zeroed info. */
static SDLH_PadInfo pad_info(SDL_JoystickID id) {
    SDLH_PadInfo info;
    int index, count = SDLH_GetNumPads();
    for (index = 0; index < count; index++) {
        SDLH_STRUCT_INIT(info);
        if (SDLH_GetPad(index, &info) == 0 && info.instance_id == id) return info;
    }
    SDLH_STRUCT_INIT(info);
    return info;
}

static SDLH_VirtualPadState state_of(SDLH_VirtualPad *pad) {
    SDLH_VirtualPadState state;
    SDLH_STRUCT_INIT(state);
    SDLH_GetVirtualPadState(pad, &state);
    return state;
}

/* Resident memory in bytes (/proc/self/statm), or -1. */
static long long resident_bytes(void) {
    long long size = 0, resident = -1;
    FILE *statm = fopen("/proc/self/statm", "r");
    if (statm == NULL) return -1;
    if (fscanf(statm, "%lld %lld", &size, &resident) != 2) resident = -1;
    fclose(statm);
    return resident < 0 ? -1 : resident * (long long)sysconf(_SC_PAGESIZE);
}

static void ids(void) {
    SDLH_VirtualPad *xbox, *series, *unknown, *by_string, *ideal, *dualsense;
    SDLH_VirtualPadState state;
    SDLH_PadInfo info;
    const char *bad[] = { "045e02ea", "045e:2ea", "045e:02eaX", "g45e:02ea", ":", "045e:02ea:0001" };
    size_t index;

    xbox = SDLH_AttachVirtualPadWithIds(0x045e, 0x02ea);
    series = SDLH_AttachVirtualPadWithIds(0x045e, 0x0b12);
    unknown = SDLH_AttachVirtualPadWithIds(0x1234, 0x5678);
    by_string = SDLH_AttachVirtualPad("054C:0CE6");     /* either case */
    ideal = SDLH_AttachVirtualPad("virtual");
    dualsense = SDLH_AttachVirtualPad("ps5");
    CHECK(xbox != NULL && series != NULL && unknown != NULL && by_string != NULL && ideal != NULL && dualsense != NULL);
    for (index = 0; index < sizeof bad / sizeof bad[0]; index++) {
        CHECK(SDLH_AttachVirtualPad(bad[index]) == NULL);
        CHECK_ERROR_MENTIONS("\"VVVV:PPPP\"");
    }
    pump();

    state = state_of(xbox);
    CHECK(strcmp(state.profile, "xboxOne") == 0);
    info = pad_info(state.instance_id);
    CHECK(strcmp(info.profile, "xboxOne") == 0);
    CHECK_EQ_INT(info.has_trigger_rumble, 1);             /* the Xbox One pad: its trigger motors too */
    CHECK(strcmp(info.name, "SDLHaptics virtual xboxOne") == 0);

    state = state_of(series);
    CHECK(strcmp(state.profile, "xboxOne") == 0);         /* SDL types 045e:0b12 as an Xbox One pad */
    info = pad_info(state.instance_id);
    CHECK(strcmp(info.profile, "xboxOne") == 0);
    CHECK_EQ_INT(info.has_trigger_rumble, 0);             /* other ids: body motors only */
    CHECK(strcmp(info.name, "SDLHaptics virtual 045e:0b12") == 0);

    state = state_of(unknown);
    CHECK(strcmp(state.profile, "virtual") == 0);         /* SDL reports a virtual pad it does not know as one */
    info = pad_info(state.instance_id);
    CHECK(strcmp(info.profile, "virtual") == 0);
    CHECK(strcmp(info.name, "SDLHaptics virtual 1234:5678") == 0);

    state = state_of(by_string);
    CHECK(strcmp(state.profile, "ps5") == 0);
    CHECK(strcmp(pad_info(state.instance_id).name, "SDLHaptics virtual ps5") == 0);

    state = state_of(ideal);                              /* C developer item e */
    CHECK(strcmp(state.profile, "virtual") == 0);
    info = pad_info(state.instance_id);
    CHECK(strcmp(info.profile, "virtual") == 0);
    CHECK(strcmp(info.name, "SDLHaptics virtual pad") == 0);

    /* Memory stays bounded: 200,000 trigger effects sent to the DualSense through SDL. */
    {
        SDL_GameController *controller = NULL;
        int device;
        Uint8 effect[47];
        long long before, after;
        int sent = 0, count;
        state = state_of(dualsense);
        for (device = 0; device < SDL_NumJoysticks(); device++) {
            if (SDL_JoystickGetDeviceInstanceID(device) == state.instance_id) controller = SDL_GameControllerOpen(device);
        }
        CHECK(controller != NULL);
        if (controller != NULL) {
            SDL_zero(effect);
            for (count = 0; count < 1000; count++) {   /* warm up */
                effect[11] = (Uint8)count;
                sent += SDL_GameControllerSendEffect(controller, effect, sizeof effect) == 0;
            }
            before = resident_bytes();
            for (count = 0; count < 200000; count++) {
                effect[11] = (Uint8)count;
                effect[12] = (Uint8)(count >> 8);
                sent += SDL_GameControllerSendEffect(controller, effect, sizeof effect) == 0;
            }
            after = resident_bytes();
            printf("200,000 trigger effects on a virtual \"ps5\" pad: resident memory %+lld bytes\n", after - before);
            CHECK_EQ_INT(sent, 201000);
            CHECK(before > 0 && after - before < 4 * 1024 * 1024);   /* was +21.8 MB (109 bytes each) */
            SDL_GameControllerClose(controller);
        }
    }

    /* A profile with control characters is refused, and quoted escaped (item 8). */
    CHECK(SDLH_AttachVirtualPad("x\x1b[31m\r\nok: forged\a") == NULL);
    CHECK(strstr(SDLH_GetError(), "\\u001B[31m\\r\\nok: forged\\u0007") != NULL);
    {
        const char *text = SDLH_GetError();
        int controls = 0;
        for (; *text; text++) controls += (unsigned char)*text < 0x20 || *text == 0x7f;
        CHECK_EQ_INT(controls, 0);
    }

    CHECK_EQ_INT(SDLH_DetachVirtualPad(xbox), 0);
    CHECK_EQ_INT(SDLH_DetachVirtualPad(series), 0);
    CHECK_EQ_INT(SDLH_DetachVirtualPad(unknown), 0);
    CHECK_EQ_INT(SDLH_DetachVirtualPad(by_string), 0);
    CHECK_EQ_INT(SDLH_DetachVirtualPad(ideal), 0);
    CHECK_EQ_INT(SDLH_DetachVirtualPad(dualsense), 0);
    pump();
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc != 3) {
        fprintf(stderr, "usage: test_virtual_pad_ids TEMP_DIR SHIPPED_CONFIG\n");
        return 2;
    }
    if (start_sdl() != 0) return 1;
    CHECK_EQ_INT(SDLH_Init(NULL), 0);
    ids();
    CHECK_EQ_INT(SDLH_Quit(), 0);
    SDL_Quit();
    return test_finish("test_virtual_pad_ids");
}
