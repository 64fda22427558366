/*
 * Bad input from C: NULL pointers, bad struct sizes, NaN and negative masses, non-UTF-8 strings,
 * unknown players, unknown enum values, use after free of handles, made-up handles, the wrong
 * thread, calls before init and after quit. Each returns its error code and a message saying what
 * was expected; nothing crashes, and events posted correctly around the bad ones still play.
 */
#include <math.h>
#include "test_support.h"

/* Whether the calling thread's error message holds a control character (issue 31, item 8). */
static int error_has_control_character(void) {
    const unsigned char *text = (const unsigned char *)SDLH_GetError();
    for (; *text; text++) {
        if (*text < 0x20 || *text == 0x7f) return 1;
    }
    return 0;
}

static int SDLCALL post_from_thread(void *data) {
    SDLH_Custom custom;
    int *results = (int *)data;
    SDL_zero(custom);
    custom.size = sizeof custom;
    custom.name = "buzz";
    custom.value = 1;
    results[0] = SDLH_PostCustom(&custom);   /* any thread: fine */
    results[1] = SDLH_Update();              /* game thread only */
    results[2] = (strstr(SDLH_GetError(), "game thread") != NULL);
    results[3] = SDLH_PostCollision(NULL);
    /* Thread-local: this thread's message, not the game thread's. */
    results[4] = (strstr(SDLH_GetError(), "collision must not be NULL") != NULL);
    return 0;
}

int main(void) {
    PadLog pad;
    SDLH_Collision collision;
    SDLH_Footstep footstep;
    SDLH_Hit hit;
    SDLH_Texture texture;
    SDLH_Custom custom;
    SDLH_InitOptions options;
    SDLH_MappingStats mapping_stats;
    SDLH_RumbleStats rumble_stats;
    SDLH_Pattern *pattern, *stale_pattern;
    SDLH_PatternPlayer *player = NULL, *stale_player;
    double value = 0, time = 0;
    int results[5] = { 0, 0, 0, 0, 0 };
    SDL_Thread *thread;
    static const char not_utf8[] = { (char)0xFF, (char)0xFE, 'x', 0 };

    if (start_sdl() != 0) return 1;
    attach_pad(&pad);

    /* Before init: every call that needs SDLHaptics says so. */
    SDL_zero(collision);
    collision.size = sizeof collision;
    collision.mass_a = 40;
    collision.speed = 6;
    CHECK_EQ_INT(SDLH_PostCollision(&collision), SDLH_ERROR_NOT_INITIALIZED);
    CHECK_ERROR_MENTIONS("SDLH_PostCollision: SDLHaptics is not initialized");
    CHECK_EQ_INT(SDLH_Update(), SDLH_ERROR_NOT_INITIALIZED);
    CHECK_EQ_INT(SDLH_Quit(), SDLH_ERROR_NOT_INITIALIZED);
    CHECK_EQ_INT(SDLH_LoadMapping("haptics.toml"), SDLH_ERROR_NOT_INITIALIZED);
    CHECK(SDLH_LoadPreset("Heartbeat") == NULL);
    CHECK_EQ_INT(SDLH_SetMasterIntensity(1), SDLH_ERROR_NOT_INITIALIZED);
    CHECK_EQ_INT(SDLH_GetNumPads(), SDLH_ERROR_NOT_INITIALIZED);
    CHECK_EQ_INT(SDLH_WasInit(), 0);
    SDLH_ClearError();
    CHECK(SDLH_GetError()[0] == '\0');
    CHECK_EQ_INT(SDLH_GetVersion(NULL), SDLH_ERROR_INVALID_ARGUMENT);

    /* Init options. */
    SDL_zero(options);
    CHECK_EQ_INT(SDLH_Init(&options), SDLH_ERROR_INVALID_ARGUMENT);   /* size 0 */
    CHECK_ERROR_MENTIONS("sizeof(SDLH_InitOptions)");
    options.size = sizeof options;
    options.player_count = 17;
    CHECK_EQ_INT(SDLH_Init(&options), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("player_count must be 1...16");
    options.player_count = 2;
    options.focus_policy = 9;
    CHECK_EQ_INT(SDLH_Init(&options), SDLH_ERROR_INVALID_ARGUMENT);
    options.focus_policy = SDLH_FOCUS_PAUSE;
    CHECK_EQ_INT(SDLH_WasInit(), 0);
    CHECK_EQ_INT(SDLH_Init(&options), 0);
    CHECK_EQ_INT(SDLH_Init(&options), SDLH_ERROR_ALREADY_INITIALIZED);
    pump();

    /* Event structs. */
    CHECK_EQ_INT(SDLH_PostCollision(NULL), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("collision must not be NULL");
    collision.size = 4;
    CHECK_EQ_INT(SDLH_PostCollision(&collision), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("SDLH_Collision.size");
    collision.size = 0xDEADBEEF;   /* uninitialised */
    CHECK_EQ_INT(SDLH_PostCollision(&collision), SDLH_ERROR_INVALID_ARGUMENT);
    collision.size = sizeof collision;
    collision.mass_a = SDL_sqrt(-1.0);   /* NaN */
    CHECK_EQ_INT(SDLH_PostCollision(&collision), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("mass_a must be a mass in kg");
    collision.mass_a = -3;
    CHECK_EQ_INT(SDLH_PostCollision(&collision), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("got -3");
    collision.mass_a = 40;
    collision.mass_b = -1;
    CHECK_EQ_INT(SDLH_PostCollision(&collision), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("mass_b");
    collision.mass_b = 0;
    collision.speed = -6;
    CHECK_EQ_INT(SDLH_PostCollision(&collision), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("speed must be a finite number >= 0");
    collision.speed = 6;
    collision.impulse = SDL_sqrt(-1.0);
    CHECK_EQ_INT(SDLH_PostCollision(&collision), SDLH_ERROR_INVALID_ARGUMENT);
    collision.impulse = 0;
    collision.material_a = not_utf8;
    CHECK_EQ_INT(SDLH_PostCollision(&collision), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("material_a is not valid UTF-8");
    collision.material_a = "crate";
    collision.tag = not_utf8;
    CHECK_EQ_INT(SDLH_PostCollision(&collision), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("tag is not valid UTF-8");
    collision.tag = NULL;
    collision.has_position = 1;
    collision.x = SDL_sqrt(-1.0);
    CHECK_EQ_INT(SDLH_PostCollision(&collision), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("position");
    collision.has_position = 0;
    collision.player = 2;
    CHECK_EQ_INT(SDLH_PostCollision(&collision), SDLH_ERROR_UNKNOWN_PLAYER);
    CHECK_ERROR_MENTIONS("player 2 does not exist: players are 0...1");
    collision.player = -2;
    CHECK_EQ_INT(SDLH_PostCollision(&collision), SDLH_ERROR_UNKNOWN_PLAYER);
    collision.player = SDLH_EVERY_PLAYER;
    CHECK_EQ_INT(SDLH_PostCollision(&collision), 0);
    collision.player = 0;
    CHECK_EQ_INT(SDLH_PostCollision(&collision), 0);

    SDL_zero(footstep);
    footstep.size = sizeof footstep;
    footstep.speed = 2;
    CHECK_EQ_INT(SDLH_PostFootstep(&footstep), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("surface must not be NULL");
    footstep.surface = not_utf8;
    CHECK_EQ_INT(SDLH_PostFootstep(&footstep), SDLH_ERROR_INVALID_ARGUMENT);
    footstep.surface = "metal";
    footstep.foot = 7;
    CHECK_EQ_INT(SDLH_PostFootstep(&footstep), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("SDLH_Foot");
    footstep.foot = SDLH_FOOT_LEFT;
    footstep.weight = -70;
    CHECK_EQ_INT(SDLH_PostFootstep(&footstep), SDLH_ERROR_INVALID_ARGUMENT);
    footstep.weight = 0;
    CHECK_EQ_INT(SDLH_PostFootstep(&footstep), 0);

    SDL_zero(hit);
    hit.size = sizeof hit;
    hit.damage = -1;
    CHECK_EQ_INT(SDLH_PostHit(&hit), SDLH_ERROR_INVALID_ARGUMENT);
    hit.damage = 10;
    hit.has_direction = 1;
    hit.direction = 2;
    CHECK_EQ_INT(SDLH_PostHit(&hit), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("direction must be within -1.0...1.0");
    hit.direction = -1;
    CHECK_EQ_INT(SDLH_PostHit(&hit), 0);

    SDL_zero(texture);
    texture.size = sizeof texture;
    texture.id = 7;
    texture.action = SDLH_TEXTURE_START;
    CHECK_EQ_INT(SDLH_PostTexture(&texture), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("kind must not be NULL");
    texture.action = 3;
    CHECK_EQ_INT(SDLH_PostTexture(&texture), SDLH_ERROR_INVALID_ARGUMENT);
    texture.action = SDLH_TEXTURE_UPDATE;
    texture.value = HUGE_VAL;
    CHECK_EQ_INT(SDLH_PostTexture(&texture), SDLH_ERROR_INVALID_ARGUMENT);
    texture.value = 3;
    CHECK_EQ_INT(SDLH_PostTexture(&texture), 0);   /* an update needs no kind */

    SDL_zero(custom);
    custom.size = sizeof custom;
    CHECK_EQ_INT(SDLH_PostCustom(&custom), SDLH_ERROR_INVALID_ARGUMENT);
    custom.name = "";
    CHECK_EQ_INT(SDLH_PostCustom(&custom), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("name must not be empty");
    custom.name = "a name longer than fifteen bytes, hashed";
    CHECK_EQ_INT(SDLH_PostCustom(&custom), 0);

    CHECK_EQ_INT(SDLH_PostFeedback(0, 17, 1), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_PostFeedback(0, SDLH_FEEDBACK_IMPACT_HEAVY, 1.5), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_PostFeedback(5, SDLH_FEEDBACK_SUCCESS, 1), SDLH_ERROR_UNKNOWN_PLAYER);
    CHECK_EQ_INT(SDLH_PlayFeedback(-1, SDLH_FEEDBACK_SUCCESS, 1), SDLH_ERROR_UNKNOWN_PLAYER);
    CHECK_EQ_INT(SDLH_PlayFeedback(0, -1, 1), SDLH_ERROR_INVALID_ARGUMENT);

    /* Every valid event above was kept: 2 collisions, a footstep, a hit, a texture update, a custom. */
    SDL_zero(mapping_stats);
    mapping_stats.size = sizeof mapping_stats;
    frames(&time, 1);
    CHECK_EQ_INT(SDLH_GetMappingStats(&mapping_stats), 0);
    CHECK_EQ_INT(mapping_stats.events, 6);
    CHECK_EQ_INT(mapping_stats.dropped, 0);
    mapping_stats.size = 0;
    CHECK_EQ_INT(SDLH_GetMappingStats(&mapping_stats), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_GetMappingStats(NULL), SDLH_ERROR_INVALID_ARGUMENT);

    /* Lifecycle arguments. */
    CHECK_EQ_INT(SDLH_HandleEvent(NULL), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_UpdateAt(SDL_sqrt(-1.0)), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("game_time_seconds must be a finite number");

    /* Mapping. */
    CHECK_EQ_INT(SDLH_LoadMapping(NULL), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_LoadMapping(not_utf8), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_LoadMapping("/nonexistent/haptics.toml"), SDLH_ERROR_CONFIG);
    CHECK_ERROR_MENTIONS("/nonexistent/haptics.toml");
    /* One line, like SDL's log line of a refused reload (C developer item d): the first problem, how
       many there are, what it means for the game. */
    CHECK(strchr(SDLH_GetError(), '\n') == NULL);
    CHECK_ERROR_MENTIONS("SDLH_LoadMapping: /nonexistent/haptics.toml:1:1: error: expected a readable file, found nothing at this path (1 problem); ");
    CHECK_ERROR_MENTIONS("no config is in use");

    /* Arguments quoted in a message are escaped: a control character never reaches a log (item 8). */
    CHECK(SDLH_LoadPreset("Heartbeat\x1b[2J\r\nok: forged\a") == NULL);
    CHECK_ERROR_MENTIONS("no preset named \"Heartbeat\\u001B[2J\\r\\nok: forged\\u0007\"");
    CHECK(!error_has_control_character());
    CHECK(SDLH_LoadPattern("/nonexistent/a\x1b]0;title\a\nb.ahap") == NULL);
    CHECK_ERROR_MENTIONS("a\\u001B]0;title\\u0007\\nb.ahap");
    CHECK(!error_has_control_character());
    CHECK_EQ_INT(SDLH_LoadMapping("/nonexistent/\x1b[31m\n.toml"), SDLH_ERROR_CONFIG);
    CHECK(!error_has_control_character());
    CHECK(SDLH_GetMappingErrorCount() >= 1);
    CHECK(SDLH_GetMappingError(0) != NULL);
    CHECK(SDLH_GetMappingError(99) == NULL);
    CHECK_ERROR_MENTIONS("out of range");
    CHECK_EQ_INT(SDLH_LoadMappingWithOptions("haptics.toml", 1, 0), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_SetListener(0, SDL_sqrt(-1.0), 0, 0), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_SetListener(9, 0, 0, 0), SDLH_ERROR_UNKNOWN_PLAYER);
    CHECK_EQ_INT(SDLH_SetListener(1, 0, 0, 0), 0);
    CHECK_EQ_INT(SDLH_ClearListener(1), 0);

    /* Patterns. */
    CHECK(SDLH_LoadPattern(NULL) == NULL);
    CHECK(SDLH_LoadPattern("/nonexistent.ahap") == NULL);
    CHECK_ERROR_MENTIONS("SDLH_LoadPattern: /nonexistent.ahap: file: expected a readable file, found nothing at this path");
    CHECK(strstr(SDLH_GetError(), "/nonexistent.ahap: /nonexistent.ahap") == NULL);   /* the path once */
    CHECK(SDLH_LoadPatternFromMemory(NULL, 10) == NULL);
    CHECK(SDLH_LoadPatternFromMemory("{", 0) == NULL);
    CHECK(SDLH_LoadPatternFromMemory("{\"Pattern\": 3}", 14) == NULL);
    CHECK_ERROR_MENTIONS("<memory>");
    CHECK(SDLH_LoadPatternFromMemory(not_utf8, 3) == NULL);
    pattern = continuous_pattern("0.5");
    CHECK(pattern != NULL);
    CHECK_EQ_INT(SDLH_GetPatternDuration(pattern, NULL), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_PlayPattern(NULL, 0, 1, SDLH_CATEGORY_CUSTOM, &player), SDLH_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(SDLH_PlayPattern(pattern, 5, 1, SDLH_CATEGORY_CUSTOM, &player), SDLH_ERROR_UNKNOWN_PLAYER);
    CHECK_EQ_INT(SDLH_PlayPattern(pattern, 0, SDL_sqrt(-1.0), SDLH_CATEGORY_CUSTOM, &player), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_PlayPattern(pattern, 0, 1, 6, &player), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("SDLH_Category");
    CHECK_EQ_INT(SDLH_PlayPattern(pattern, 0, 1, SDLH_CATEGORY_CUSTOM, &player), 1);
    CHECK_EQ_INT(SDLH_SetPatternPlayerRate(player, 0), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_SetPatternPlayerRate(player, SDL_sqrt(-1.0)), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_SeekPatternPlayer(player, -1), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_SetPatternPlayerLoop(player, 1, -1), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_SetPatternPlayerParameter(player, 12, 0), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_SetPatternPlayerParameter(player, SDLH_PARAMETER_HAPTIC_INTENSITY, 2), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("HapticIntensityControl must be within 0.0...1.0");
    CHECK_EQ_INT(SDLH_SetPatternPlayerParameter(player, SDLH_PARAMETER_HAPTIC_SHARPNESS, -0.5), 0);

    /* Use after free: detected for patterns and players, double free too; a pattern handle is not a player. */
    stale_pattern = pattern;
    stale_player = player;
    CHECK_EQ_INT(SDLH_IsPatternPlayerPlaying((SDLH_PatternPlayer *)pattern), SDLH_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(SDLH_FreePattern((SDLH_Pattern *)player), SDLH_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(SDLH_FreePatternPlayer(player), 0);
    CHECK_EQ_INT(SDLH_FreePattern(pattern), 0);
    CHECK_EQ_INT(SDLH_FreePattern(stale_pattern), SDLH_ERROR_INVALID_HANDLE);
    CHECK_ERROR_MENTIONS("pattern is not a live handle");
    CHECK_EQ_INT(SDLH_PlayPattern(stale_pattern, 0, 1, SDLH_CATEGORY_CUSTOM, NULL), SDLH_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(SDLH_GetPatternDuration(stale_pattern, &value), SDLH_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(SDLH_StopPatternPlayer(stale_player), SDLH_ERROR_INVALID_HANDLE);
    CHECK_ERROR_MENTIONS("player is not a live handle");
    CHECK_EQ_INT(SDLH_FreePatternPlayer(stale_player), SDLH_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(SDLH_SetPatternPlayerCompletionCallback(stale_player, NULL, NULL), SDLH_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(SDLH_StopPatternPlayer((SDLH_PatternPlayer *)&value), SDLH_ERROR_INVALID_HANDLE);   /* made up */
    CHECK_EQ_INT(SDLH_FreePattern(NULL), 0);
    CHECK_EQ_INT(SDLH_FreePatternPlayer(NULL), 0);
    /* A new pattern reuses the slot, and the stale handle still does not match it. */
    pattern = continuous_pattern("0.5");
    CHECK(pattern != NULL);
    CHECK(pattern != stale_pattern);
    CHECK_EQ_INT(SDLH_GetPatternDuration(stale_pattern, &value), SDLH_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(SDLH_GetPatternDuration(pattern, &value), 0);

    /* The stated limit: 65,536 live patterns (one is live already); one more is refused, freeing makes room. */
    {
        static SDLH_Pattern *many[65536];
        int made = 0, refused = 0;
        while (made < 65536) {
            many[made] = SDLH_LoadPreset("Heartbeat");
            if (many[made] == NULL) break;
            made++;
        }
        CHECK_EQ_INT(made, 65535);
        CHECK(SDLH_LoadPreset("Heartbeat") == NULL);
        CHECK_ERROR_MENTIONS("65536 patterns are live");
        refused = SDLH_FreePattern(many[0]);
        CHECK_EQ_INT(refused, 0);
        many[0] = SDLH_LoadPreset("Heartbeat");
        CHECK(many[0] != NULL);
        for (made = 0; made < 65535; made++) SDLH_FreePattern(many[made]);
        CHECK_EQ_INT(SDLH_GetPatternDuration(many[100], &value), SDLH_ERROR_INVALID_HANDLE);
    }

    /* Settings. */
    CHECK_EQ_INT(SDLH_SetMasterIntensity(1.5), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_ERROR_MENTIONS("intensity must be within 0.0...1.0, got 1.5");
    CHECK_EQ_INT(SDLH_SetMasterIntensity(SDL_sqrt(-1.0)), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_GetMasterIntensity(NULL), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_SetCategoryIntensity(-1, 1), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_SetAudioVolume(0.5), SDLH_ERROR_NOT_FOUND);
    CHECK_ERROR_MENTIONS("SDLH_EnableAudio");
    CHECK_EQ_INT(SDLH_IsAudioEnabled(), 0);

    /* Audio (the dummy driver in tests): on, volume, off. */
    CHECK_EQ_INT(SDLH_EnableAudio(), 0);
    CHECK_EQ_INT(SDLH_IsAudioEnabled(), 1);
    CHECK_EQ_INT(SDLH_SetAudioVolume(1.5), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_SetAudioVolume(0.5), 0);
    CHECK_EQ_INT(SDLH_DisableAudio(), 0);
    CHECK_EQ_INT(SDLH_DisableAudio(), 0);
    CHECK_EQ_INT(SDLH_IsAudioEnabled(), 0);

    /* Pads. */
    CHECK_EQ_INT(SDLH_GetPlayerForJoystick(12345), SDLH_ERROR_NOT_FOUND);
    CHECK_EQ_INT(SDLH_SetPlayerForJoystick(pad.instance_id, 7), SDLH_ERROR_UNKNOWN_PLAYER);
    CHECK_EQ_INT(SDLH_SetPlayerForJoystick(12345, 0), SDLH_ERROR_NOT_FOUND);
    CHECK_EQ_INT(SDLH_SetPlayerForJoystick(pad.instance_id, 1), 0);
    CHECK_EQ_INT(SDLH_GetPlayerForJoystick(pad.instance_id), 1);
    CHECK_EQ_INT(SDLH_GetPad(0, NULL), SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(SDLH_GetRumbleStats(2, &rumble_stats), SDLH_ERROR_UNKNOWN_PLAYER);
    rumble_stats.size = 0;
    CHECK_EQ_INT(SDLH_GetRumbleStats(0, &rumble_stats), SDLH_ERROR_INVALID_ARGUMENT);

    /* The wrong thread: posting works, game-thread functions refuse; messages are per thread. */
    SDLH_ClearError();
    thread = SDL_CreateThread(post_from_thread, "poster", results);
    SDL_WaitThread(thread, NULL);
    CHECK_EQ_INT(results[0], 0);
    CHECK_EQ_INT(results[1], SDLH_ERROR_WRONG_THREAD);
    CHECK_EQ_INT(results[2], 1);
    CHECK_EQ_INT(results[3], SDLH_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(results[4], 1);
    CHECK(SDLH_GetError()[0] == '\0');   /* the game thread's message is untouched */

    /* After quit: not initialized, and handles from before are refused after a new init. */
    CHECK_EQ_INT(SDLH_Quit(), 0);
    CHECK_EQ_INT(SDLH_Quit(), SDLH_ERROR_NOT_INITIALIZED);
    CHECK_EQ_INT(SDLH_PostCollision(&collision), SDLH_ERROR_NOT_INITIALIZED);
    CHECK_EQ_INT(SDLH_GetPatternDuration(pattern, &value), SDLH_ERROR_NOT_INITIALIZED);
    CHECK_EQ_INT(SDLH_Init(NULL), 0);
    CHECK_EQ_INT(SDLH_GetPatternDuration(pattern, &value), SDLH_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(SDLH_FreePattern(pattern), SDLH_ERROR_INVALID_HANDLE);
    CHECK_EQ_INT(SDLH_Quit(), 0);

    detach_pad(pad.instance_id);
    SDL_Quit();
    return test_finish("test_errors");
}
