// SDLHaptics from C++: the same calls as the C example, with the library's lifetime in an RAII
// guard and a pattern handle in a unique_ptr (the header is plain C inside extern "C").
//
//   c++ -std=c++11 rumble_cpp.cpp $(pkg-config --cflags --libs sdlhaptics) -o example-cpp
//   ./example-cpp [--config PATH] [--headless]
//
// A pad feels a crate landing and footsteps on two surfaces from the shipped config, then the
// built-in Heartbeat preset played as a looping pattern that is stopped after a second. --headless
// attaches a virtual pad with the PS4 profile (SDLH_AttachVirtualPad) and exits 1 unless each moment
// was felt and the pad was left at (0,0).
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include "SDL.h"
#include "sdlhaptics.h"

namespace {

// ---- Error handling: SDLH_ calls return a negative code and explain in SDLH_GetError() ----
void check(int result, const char *what) {
    if (result < 0) throw std::runtime_error(std::string(what) + ": " + SDLH_GetError());
}

// ---- SDLHaptics for the lifetime of a scope: SDLH_Quit sends (0,0) to every pad ----
struct HapticsSession {
    explicit HapticsSession(const char *config) {
        check(SDLH_Init(nullptr), "SDLH_Init");
        if (SDLH_LoadMapping(config) < 0) {
            std::string message = SDLH_GetError();
            SDLH_Quit();
            throw std::runtime_error(message);
        }
    }
    ~HapticsSession() { SDLH_Quit(); }
    HapticsSession(const HapticsSession &) = delete;
    HapticsSession &operator=(const HapticsSession &) = delete;
};

struct PatternDeleter {
    void operator()(SDLH_Pattern *pattern) const { SDLH_FreePattern(pattern); }
};
using Pattern = std::unique_ptr<SDLH_Pattern, PatternDeleter>;

// ---- A virtual pad for --headless: attached for a profile, what it received read back ----
struct VirtualPadDeleter {
    void operator()(SDLH_VirtualPad *pad) const { SDLH_DetachVirtualPad(pad); }
};
using VirtualPad = std::unique_ptr<SDLH_VirtualPad, VirtualPadDeleter>;

SDLH_VirtualPadState padState(SDLH_VirtualPad *pad) {
    SDLH_VirtualPadState state;
    SDLH_STRUCT_INIT(state);
    if (pad) SDLH_GetVirtualPadState(pad, &state);
    return state;
}

void landing(double massKg) {
    SDLH_Collision collision;
    SDLH_STRUCT_INIT(collision);
    collision.mass_a = massKg;
    collision.speed = 4;
    collision.material_a = "crate";
    collision.material_b = "wood";
    check(SDLH_PostCollision(&collision), "SDLH_PostCollision");
}

void footstep(const char *surface) {
    SDLH_Footstep step;
    SDLH_STRUCT_INIT(step);
    step.surface = surface;
    step.speed = 3;
    step.foot = SDLH_FOOT_LEFT;
    check(SDLH_PostFootstep(&step), "SDLH_PostFootstep");
}

}  // namespace

int main(int argc, char **argv) {
    const char *config = "Assets/Haptics/haptics.toml";
    bool headless = false;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--headless") == 0) headless = true;
        else if (std::strcmp(argv[i], "--config") == 0 && i + 1 < argc) config = argv[++i];
    }
    // ---- Init ----
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) != 0) {
        std::fprintf(stderr, "SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    VirtualPad pad(headless ? SDLH_AttachVirtualPad("ps4") : nullptr);
    if (headless && !pad) std::fprintf(stderr, "virtual pad: %s\n", SDLH_GetError());
    int felt = 0;
    try {
        HapticsSession haptics(config);
        Pattern heartbeat(SDLH_LoadPreset("Heartbeat"));
        if (!heartbeat) throw std::runtime_error(SDLH_GetError());
        SDLH_PatternPlayer *loop = nullptr;
        const char *names[4] = { "landing", "grass", "metal", "heartbeat" };
        int moment = -1, reported = 0;

        // ---- Update: 5 seconds of frames on the game's clock ----
        for (int frame = 0; frame < 300; ++frame) {
            SDL_Event event;
            while (SDL_PollEvent(&event)) check(SDLH_HandleEvent(&event), "SDLH_HandleEvent");
            if (frame == 10) { landing(80); moment = 0; }
            if (frame == 70) { footstep("grass"); moment = 1; }
            if (frame == 100) { footstep("metal"); moment = 2; }
            if (frame == 160) {
                moment = 3;
                if (SDLH_PlayPattern(heartbeat.get(), 0, 1.0, SDLH_CATEGORY_NOTIFICATION, &loop) == 1)
                    check(SDLH_SetPatternPlayerLoop(loop, 1, 0), "SDLH_SetPatternPlayerLoop");
            }
            if (frame == 220 && loop) {
                check(SDLH_StopPatternPlayer(loop), "SDLH_StopPatternPlayer");
                check(SDLH_FreePatternPlayer(loop), "SDLH_FreePatternPlayer");
                loop = nullptr;
            }
            Sint64 calls = padState(pad.get()).rumble_calls;
            check(SDLH_UpdateAt(frame / 60.0), "SDLH_UpdateAt");
            SDLH_VirtualPadState state = padState(pad.get());
            if (headless && moment >= 0 && reported <= moment && state.rumble_calls > calls
                && (state.low_frequency || state.high_frequency)) {
                std::printf("frame %3d: %-9s low %5u high %5u\n", frame, names[moment], state.low_frequency, state.high_frequency);
                reported = moment + 1;
                ++felt;
            }
            if (!headless) SDL_Delay(16);
        }
    } catch (const std::exception &error) {   // ---- Shutdown happens in the destructors ----
        std::fprintf(stderr, "error: %s\n", error.what());
        pad.reset();
        SDL_Quit();
        return 1;
    }
    SDLH_VirtualPadState last = padState(pad.get());   // the session ended: the pad got (0,0)
    if (headless) std::printf("after quit: low %u high %u (profile %s)\n", last.low_frequency, last.high_frequency, last.profile);
    pad.reset();
    SDL_Quit();
    return headless && (felt != 4 || last.low_frequency != 0 || last.high_frequency != 0) ? 1 : 0;
}
