/*
 * SDLHaptics: haptics middleware for SDL2 games, the C API.
 *
 * A game says what happened (a 40 kg crate hit stone at 6 m/s, a foot came down on metal) and
 * SDLHaptics turns it into gamepad rumble that feels right, through a mapping config that designers
 * own and that is reloaded while the game runs. docs/c-api.md: the 30-line integration, threading,
 * ownership, errors and this reference with examples.
 *
 *     SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER);
 *     SDLH_Init(NULL);                                    // after the game's SDL_Init
 *     SDLH_LoadMapping("data/haptics/haptics.toml");      // hot-reloaded while the game runs
 *     while (running) {
 *         while (SDL_PollEvent(&event)) SDLH_HandleEvent(&event);
 *         SDLH_Collision hit;
 *         SDLH_STRUCT_INIT(hit);                          // zero (the defaults), size set
 *         hit.mass_a = 40; hit.speed = 6; hit.material_a = "crate"; hit.material_b = "stone";
 *         SDLH_PostCollision(&hit);                       // any thread
 *         SDLH_Update();                                  // once per frame, game thread
 *     }
 *     SDLH_Quit();                                        // every pad gets (0,0)
 *
 * Conventions (as SDL's own headers):
 * - Functions returning int give 0 (or a documented non-negative value) on success and a negative
 *   SDLH_ERROR_* code on failure; SDLH_GetError() then says what and where. Functions returning a
 *   pointer return NULL on failure.
 * - Threads: SDLH_Init fixes the game thread (the thread that runs SDL's event loop). Functions
 *   marked "game thread" refuse other threads with SDLH_ERROR_WRONG_THREAD. The SDLH_Post* functions
 *   and SDLH_GetError may be called from any thread.
 * - Players count from 0. Times are in seconds, masses in kilograms, distances and positions in the
 *   game's world units, speeds in world units per second. Intensities are 0...1.
 * - Strings passed in must be NUL-terminated UTF-8; the library copies what it keeps. Strings
 *   returned are owned by the library (the lifetime is stated per function).
 * - Handles (SDLH_Pattern, SDLH_PatternPlayer) are opaque and checked on every call: a freed handle,
 *   a handle from before SDLH_Quit or a made-up pointer is refused with SDLH_ERROR_INVALID_HANDLE.
 *
 * Copyright the SDLHaptics authors. Released under the same terms as the rest of the package.
 */
#ifndef SDLHAPTICS_H_
#define SDLHAPTICS_H_

#ifndef SDL_h_
#include "SDL.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Prepares a struct of this API (events, options, statistics): zeroes it (zero is every field's
 * default) and sets its size field, so a later library that adds fields knows which ones you set.
 *
 *     SDLH_Collision collision;
 *     SDLH_STRUCT_INIT(collision);
 */
#define SDLH_STRUCT_INIT(x)                        \
    do {                                           \
        SDL_zero(x);                               \
        (x).size = (Uint32)sizeof(x);              \
    } while (0)

/* ---------------------------------------------------------------------------------------------- */
/* Version                                                                                        */
/* ---------------------------------------------------------------------------------------------- */

/** The version of this header. Compare with SDLH_GetVersion() for the library's. */
#define SDLH_MAJOR_VERSION 0
#define SDLH_MINOR_VERSION 9
#define SDLH_PATCH_VERSION 0

/** Fills an SDL_version with the header's version, like SDL_VERSION. */
#define SDLH_VERSION(version)                      \
    do {                                           \
        (version)->major = SDLH_MAJOR_VERSION;     \
        (version)->minor = SDLH_MINOR_VERSION;     \
        (version)->patch = SDLH_PATCH_VERSION;     \
    } while (0)

/** Whether the header is at least version X.Y.Z. */
#define SDLH_VERSION_ATLEAST(X, Y, Z)                                              \
    ((SDLH_MAJOR_VERSION > (X)) ||                                                 \
     (SDLH_MAJOR_VERSION == (X) && SDLH_MINOR_VERSION > (Y)) ||                    \
     (SDLH_MAJOR_VERSION == (X) && SDLH_MINOR_VERSION == (Y) && SDLH_PATCH_VERSION >= (Z)))

/**
 * Gets the version of the linked library (which may differ from the header's SDLH_VERSION).
 *
 * \param version receives major, minor, patch; must not be NULL
 * \returns 0, or SDLH_ERROR_INVALID_ARGUMENT when version is NULL
 * Any thread; works before SDLH_Init.
 */
extern DECLSPEC int SDLCALL SDLH_GetVersion(SDL_version *version);

/* ---------------------------------------------------------------------------------------------- */
/* Errors                                                                                         */
/* ---------------------------------------------------------------------------------------------- */

/** Error codes: every failing function returns one of these (all negative). */
#define SDLH_ERROR_INVALID_ARGUMENT   (-1)  /**< NULL, NaN, out of range, not UTF-8, unknown enum value */
#define SDLH_ERROR_NOT_INITIALIZED    (-2)  /**< called before SDLH_Init or after SDLH_Quit */
#define SDLH_ERROR_ALREADY_INITIALIZED (-3) /**< SDLH_Init twice without SDLH_Quit */
#define SDLH_ERROR_WRONG_THREAD       (-4)  /**< a game-thread function called from another thread */
#define SDLH_ERROR_INVALID_HANDLE     (-5)  /**< a freed, stale or made-up pattern or player handle */
#define SDLH_ERROR_UNKNOWN_PLAYER     (-6)  /**< a player number outside 0...player_count-1 */
#define SDLH_ERROR_SDL                (-7)  /**< SDL refused (its message is in SDLH_GetError) */
#define SDLH_ERROR_CONFIG             (-8)  /**< a mapping config is invalid (file:line:column in the message) */
#define SDLH_ERROR_PATTERN            (-9)  /**< an AHAP pattern is invalid or unreadable */
#define SDLH_ERROR_QUEUE_FULL         (-10) /**< this frame's event queue is full (16,384 events): dropped */
#define SDLH_ERROR_LIMIT              (-11) /**< a stated limit was reached (65,536 live handles of a kind) */
#define SDLH_ERROR_NOT_FOUND          (-12) /**< no such pad, preset or entry */

/**
 * The message of the last error on the calling thread, like SDL_GetError: what failed, where
 * (function, file:line:column or argument) and what was expected. At most 1023 bytes of UTF-8.
 *
 * \returns a string owned by the library, valid on this thread until the next SDLH_ call that
 *          fails; "" when no error was recorded. Never NULL.
 * Any thread (thread-local); works before SDLH_Init.
 */
extern DECLSPEC const char *SDLCALL SDLH_GetError(void);

/** Clears the calling thread's error message. Any thread. */
extern DECLSPEC void SDLCALL SDLH_ClearError(void);

/* ---------------------------------------------------------------------------------------------- */
/* Lifecycle                                                                                      */
/* ---------------------------------------------------------------------------------------------- */

/** What focus loss (SDL_WINDOWEVENT_FOCUS_LOST, the app going to the background) does. */
typedef enum SDLH_FocusPolicy {
    SDLH_FOCUS_PAUSE = 0,        /**< pause gameplay haptics, pads get (0,0); resume on focus (default) */
    SDLH_FOCUS_STOP_ENGINES = 1, /**< stop every player's engine; restart on focus */
    SDLH_FOCUS_IGNORE = 2        /**< haptics go on in the background */
} SDLH_FocusPolicy;

/**
 * Options for SDLH_Init. Prepare with SDLH_STRUCT_INIT (zero every field, size = sizeof): zero
 * means "the default" for every field; fields a future version adds are read only when size
 * covers them.
 */
typedef struct SDLH_InitOptions {
    Uint32 size;                 /**< sizeof(SDLH_InitOptions) */
    int player_count;            /**< players 1...16; 0: 4 */
    int focus_policy;            /**< an SDLH_FocusPolicy; 0: SDLH_FOCUS_PAUSE */
    Uint32 safety_milliseconds;  /**< how long a pad keeps rumbling after updates stop, 1...65535; 0: 250 */
} SDLH_InitOptions;

/**
 * Starts SDLHaptics after the game's SDL_Init: takes its own reference on SDL's game controller and
 * events subsystems (SDL_InitSubSystem is reference-counted, so the game's own references are never
 * taken over), opens every pad already connected and gives each player 0...player_count-1 an engine.
 * The calling thread becomes the game thread.
 *
 * \param options NULL for defaults, or options with size set
 * \returns 0; SDLH_ERROR_ALREADY_INITIALIZED, SDLH_ERROR_INVALID_ARGUMENT (bad size or field),
 *          SDLH_ERROR_SDL (SDL older than 2.26, or a subsystem would not start)
 * Game thread; not per frame (opens pads).
 */
extern DECLSPEC int SDLCALL SDLH_Init(const SDLH_InitOptions *options);

/**
 * Stops every pad with (0,0) and its adaptive triggers with "off", closes the pads SDLHaptics
 * opened, stops the config watcher, closes audio, frees every pattern and player handle (later use
 * gives SDLH_ERROR_INVALID_HANDLE) and releases only the SDL subsystem references SDLH_Init took.
 * SDLH_Init may be called again afterwards.
 *
 * \returns 0; SDLH_ERROR_NOT_INITIALIZED, SDLH_ERROR_WRONG_THREAD
 * Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_Quit(void);

/** Whether SDLH_Init has succeeded and SDLH_Quit has not run since: 1 or 0. Any thread. */
extern DECLSPEC int SDLCALL SDLH_WasInit(void);

/**
 * Hands one SDL event over: pads arriving and leaving, battery updates, window focus, the app
 * entering the background or foreground. Every other event is ignored. Call it for every event
 * your loop polls. O(pads), allocates nothing for events it ignores.
 *
 * \param event the event; must not be NULL
 * \returns 0; SDLH_ERROR_INVALID_ARGUMENT, SDLH_ERROR_NOT_INITIALIZED, SDLH_ERROR_WRONG_THREAD
 * Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_HandleEvent(const SDL_Event *event);

/**
 * Advances haptics to now (SDL's performance counter, in seconds since SDLH_Init): maps the events
 * posted since the last update, plays them, sends each pad what changed, then calls the completion
 * callbacks of players that finished. Call once per frame, after posting.
 * Cost: O(events posted + players × playing voices); no allocation in steady state.
 *
 * \returns 0; SDLH_ERROR_NOT_INITIALIZED, SDLH_ERROR_WRONG_THREAD, SDLH_ERROR_INVALID_ARGUMENT when
 *          called from a completion callback (the update is already running)
 * Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_Update(void);

/**
 * SDLH_Update with the game's own frame clock, so haptics land on exactly the frame of their
 * cause. Use one clock: do not mix with SDLH_Update.
 *
 * \param game_time_seconds the frame's time in seconds, finite, non-decreasing, any origin (a time
 *        earlier than the last one is treated as the last one)
 * \returns 0; SDLH_ERROR_INVALID_ARGUMENT (NaN or infinite, or from a completion callback),
 *          SDLH_ERROR_NOT_INITIALIZED,
 *          SDLH_ERROR_WRONG_THREAD
 * Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_UpdateAt(double game_time_seconds);

/* ---------------------------------------------------------------------------------------------- */
/* Game events: what happened, in the game's terms. The mapping config decides how it feels.     */
/* Posting is safe from any thread (physics, audio, network): events wait for the next update.   */
/* A frame holds up to 16,384 events; more are dropped and counted (SDLH_ERROR_QUEUE_FULL).       */
/* Prepare each struct with SDLH_STRUCT_INIT (size = sizeof, the rest zero: zero is the default  */
/* of every field). Names (materials, surfaces, kinds, tags) are UTF-8, compared exactly; */
/* up to 15 bytes cost nothing, longer ones are hashed. NULL or "" means "none".                  */
/* ---------------------------------------------------------------------------------------------- */

/** For the player field of events: every player feels it (each attenuated by its own listener). */
#define SDLH_EVERY_PLAYER (-1)

/** Two bodies struck each other. */
typedef struct SDLH_Collision {
    Uint32 size;             /**< sizeof(SDLH_Collision) */
    int player;              /**< 0-based player, or SDLH_EVERY_PLAYER */
    double mass_a;           /**< first body's mass in kg (> 0), or 0 for an immovable body (wall, ground) */
    double mass_b;           /**< second body's mass in kg (> 0), or 0 for an immovable body */
    double speed;            /**< relative speed along the contact normal, units/s (>= 0) */
    double impulse;          /**< the physics engine's impulse in N·s (>= 0), or 0: reduced mass × speed */
    const char *material_a;  /**< first body's material ("metal"), or NULL */
    const char *material_b;  /**< second body's material, or NULL */
    int has_position;        /**< nonzero: x, y, z give where it happened (distance attenuation) */
    double x, y, z;          /**< world position; 2D games leave z at 0 */
    const char *tag;         /**< a free tag rules can match ("heavy"), or NULL */
} SDLH_Collision;

/** Which foot came down. */
typedef enum SDLH_Foot {
    SDLH_FOOT_UNKNOWN = 0,
    SDLH_FOOT_LEFT = 1,
    SDLH_FOOT_RIGHT = 2
} SDLH_Foot;

/** A foot came down. */
typedef struct SDLH_Footstep {
    Uint32 size;             /**< sizeof(SDLH_Footstep) */
    int player;              /**< 0-based player, or SDLH_EVERY_PLAYER */
    const char *surface;     /**< the surface ("grass", "metal"); must not be NULL */
    double speed;            /**< walking speed, units/s (>= 0) */
    double weight;           /**< the walker's weight in kg (> 0), or 0 for the config's default */
    int foot;                /**< an SDLH_Foot */
    int has_position;        /**< nonzero: x, y, z are set */
    double x, y, z;
    const char *tag;
} SDLH_Footstep;

/** A blow was dealt or received. */
typedef struct SDLH_Hit {
    Uint32 size;             /**< sizeof(SDLH_Hit) */
    int player;              /**< 0-based player, or SDLH_EVERY_PLAYER */
    double damage;           /**< damage in the game's own units (>= 0); the config's curve gives it meaning */
    int has_direction;       /**< nonzero: direction is set */
    double direction;        /**< where the blow came from, -1 (left) ... 1 (right) */
    int critical;            /**< nonzero: a critical hit */
    int dealt;               /**< nonzero: the player dealt it; 0: the player received it (default) */
    int has_position;
    double x, y, z;
    const char *tag;
} SDLH_Hit;

/** What a texture event does. */
typedef enum SDLH_TextureAction {
    SDLH_TEXTURE_START = 0,  /**< a texture starts (kind is needed) */
    SDLH_TEXTURE_UPDATE = 1, /**< its driving value changed */
    SDLH_TEXTURE_STOP = 2    /**< it stops */
} SDLH_TextureAction;

/** A continuous texture (rolling, engine, rain) identified by id: started, updated, stopped. */
typedef struct SDLH_Texture {
    Uint32 size;             /**< sizeof(SDLH_Texture) */
    int player;              /**< 0-based player, or SDLH_EVERY_PLAYER */
    Sint64 id;               /**< the game's id for this texture instance (one cart, one engine) */
    int action;              /**< an SDLH_TextureAction */
    double value;            /**< the driving value (speed, rpm), finite; the rule's curve maps it */
    const char *kind;        /**< the texture's kind ("rolling") that rules match; needed on start */
    int has_position;
    double x, y, z;
    const char *tag;
} SDLH_Texture;

/** A named event of the game's own. */
typedef struct SDLH_Custom {
    Uint32 size;             /**< sizeof(SDLH_Custom) */
    int player;              /**< 0-based player, or SDLH_EVERY_PLAYER */
    const char *name;        /**< the event's name; must not be NULL or "" */
    double value;            /**< a driving value, finite */
    int has_position;
    double x, y, z;
    const char *tag;
} SDLH_Custom;

/**
 * Posts a collision for the next update. Any thread; O(1), no allocation for names up to 15 bytes.
 *
 * \returns 0; SDLH_ERROR_INVALID_ARGUMENT (NULL, size too small or too large, negative or NaN
 *          mass/speed/impulse, infinite values, a string that is not UTF-8),
 *          SDLH_ERROR_UNKNOWN_PLAYER, SDLH_ERROR_NOT_INITIALIZED, SDLH_ERROR_QUEUE_FULL
 */
extern DECLSPEC int SDLCALL SDLH_PostCollision(const SDLH_Collision *collision);

/** Posts a footstep. Any thread; as SDLH_PostCollision (surface must not be NULL). */
extern DECLSPEC int SDLCALL SDLH_PostFootstep(const SDLH_Footstep *footstep);

/** Posts a hit. Any thread; as SDLH_PostCollision (damage >= 0, direction -1...1). */
extern DECLSPEC int SDLCALL SDLH_PostHit(const SDLH_Hit *hit);

/** Posts a texture start, update or stop. Any thread; as SDLH_PostCollision (kind needed on start). */
extern DECLSPEC int SDLCALL SDLH_PostTexture(const SDLH_Texture *texture);

/** Posts a custom named event. Any thread; as SDLH_PostCollision (name must not be NULL or ""). */
extern DECLSPEC int SDLCALL SDLH_PostCustom(const SDLH_Custom *custom);

/* ---------------------------------------------------------------------------------------------- */
/* Feedback: the cases of Apple's feedback generators and SwiftUI's sensoryFeedback.             */
/* ---------------------------------------------------------------------------------------------- */

/** A feedback case, each played by a built-in preset (docs/presets.md). */
typedef enum SDLH_Feedback {
    SDLH_FEEDBACK_SUCCESS = 0,
    SDLH_FEEDBACK_WARNING = 1,
    SDLH_FEEDBACK_ERROR = 2,
    SDLH_FEEDBACK_SELECTION = 3,
    SDLH_FEEDBACK_INCREASE = 4,
    SDLH_FEEDBACK_DECREASE = 5,
    SDLH_FEEDBACK_START = 6,
    SDLH_FEEDBACK_STOP = 7,
    SDLH_FEEDBACK_ALIGNMENT = 8,
    SDLH_FEEDBACK_LEVEL_CHANGE = 9,
    SDLH_FEEDBACK_PATH_COMPLETE = 10,
    SDLH_FEEDBACK_IMPACT_LIGHT = 11,  /**< impact(weight: .light); intensity applies */
    SDLH_FEEDBACK_IMPACT_MEDIUM = 12, /**< impact(weight: .medium) */
    SDLH_FEEDBACK_IMPACT_HEAVY = 13,  /**< impact(weight: .heavy) */
    SDLH_FEEDBACK_IMPACT_RIGID = 14,  /**< impact(flexibility: .rigid) */
    SDLH_FEEDBACK_IMPACT_SOLID = 15,  /**< impact(flexibility: .solid) */
    SDLH_FEEDBACK_IMPACT_SOFT = 16    /**< impact(flexibility: .soft) */
} SDLH_Feedback;

/**
 * Plays a feedback case now for a player through its feedback generator (selection is throttled
 * to one tick per 0.05 s).
 *
 * \param player 0...player_count-1
 * \param feedback an SDLH_Feedback
 * \param intensity 0...1, applied to the impact cases (ignored by the others)
 * \returns 1 when it plays, 0 when nothing can be felt (no pad for that player, a pad without
 *          rumble, rate-limited): not an error; SDLH_ERROR_INVALID_ARGUMENT,
 *          SDLH_ERROR_UNKNOWN_PLAYER, SDLH_ERROR_NOT_INITIALIZED, SDLH_ERROR_WRONG_THREAD
 * Game thread. Allocates a player (not a per-frame path).
 */
extern DECLSPEC int SDLCALL SDLH_PlayFeedback(int player, int feedback, double intensity);

/**
 * Posts a feedback case as a game event: the mapping config's rules for "feedback" decide how it
 * feels, else its preset plays. Any thread; O(1).
 *
 * \param player 0-based player, or SDLH_EVERY_PLAYER
 * \param feedback an SDLH_Feedback; \param intensity 0...1
 * \returns 0; SDLH_ERROR_INVALID_ARGUMENT, SDLH_ERROR_UNKNOWN_PLAYER, SDLH_ERROR_NOT_INITIALIZED,
 *          SDLH_ERROR_QUEUE_FULL
 */
extern DECLSPEC int SDLCALL SDLH_PostFeedback(int player, int feedback, double intensity);

/* ---------------------------------------------------------------------------------------------- */
/* Mapping config                                                                                 */
/* ---------------------------------------------------------------------------------------------- */

/**
 * Loads the mapping config (TOML, docs/config.md) at path and uses it from the next update. Hot
 * reload is on: a background thread checks the file every 0.25 s and swaps saved edits in between
 * frames; a broken edit keeps the last good config and is reported by SDLH_GetMappingError.
 * Patterns the config names are found relative to the config file. Same as
 * SDLH_LoadMappingWithOptions(path, 1, 0.25).
 *
 * \param path the config file, UTF-8; the library copies it
 * \returns 0; SDLH_ERROR_CONFIG (every problem as file:line:column in SDLH_GetError and in
 *          SDLH_GetMappingError; the previous config stays), SDLH_ERROR_INVALID_ARGUMENT,
 *          SDLH_ERROR_NOT_INITIALIZED, SDLH_ERROR_WRONG_THREAD
 * Game thread; reads the file (not per frame).
 */
extern DECLSPEC int SDLCALL SDLH_LoadMapping(const char *path);

/**
 * SDLH_LoadMapping with the watcher's settings.
 *
 * \param watch nonzero: hot reload; 0: read once
 * \param interval_seconds how often the watcher checks the file, 0.01...60
 * Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_LoadMappingWithOptions(const char *path, int watch, double interval_seconds);

/**
 * How many problems the last failed load or hot reload reported (0 when the config in use is the
 * file as it is now). For an on-screen message while designers edit.
 *
 * \returns the count (>= 0); SDLH_ERROR_NOT_INITIALIZED, SDLH_ERROR_WRONG_THREAD
 * Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_GetMappingErrorCount(void);

/**
 * One of those problems, as "file:line:column: path: message".
 *
 * \param index 0...SDLH_GetMappingErrorCount()-1
 * \returns a string owned by the library, valid until the next SDLH_Update, SDLH_LoadMapping or
 *          SDLH_Quit; NULL on error (SDLH_GetError says why)
 * Game thread.
 */
extern DECLSPEC const char *SDLCALL SDLH_GetMappingError(int index);

/** What the mapping layer did since SDLH_Init. Set size = sizeof(SDLH_MappingStats) first. */
typedef struct SDLH_MappingStats {
    Uint32 size;              /**< sizeof(SDLH_MappingStats) */
    Sint64 events;            /**< events taken from the queue and mapped */
    Sint64 unmatched;         /**< events no rule matched */
    Sint64 started;           /**< players started by rules */
    Sint64 dropped;           /**< events dropped because a frame's queue was full */
    Sint64 reloads;           /**< hot reloads swapped in */
    Sint64 failed_reloads;    /**< hot reloads refused (the last good config stayed) */
} SDLH_MappingStats;

/**
 * Reads the mapping statistics.
 *
 * \param stats receives them; size must be set
 * \returns 0; SDLH_ERROR_INVALID_ARGUMENT, SDLH_ERROR_NOT_INITIALIZED, SDLH_ERROR_WRONG_THREAD
 * Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_GetMappingStats(SDLH_MappingStats *stats);

/**
 * Sets where a player hears from, in world units: events with a position are attenuated by their
 * distance to it (the config's attenuation) and lean left or right.
 *
 * \param player 0...player_count-1; \param x, y, z finite
 * \returns 0; SDLH_ERROR_INVALID_ARGUMENT, SDLH_ERROR_UNKNOWN_PLAYER, SDLH_ERROR_NOT_INITIALIZED,
 *          SDLH_ERROR_WRONG_THREAD
 * Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_SetListener(int player, double x, double y, double z);

/** Removes a player's listener: its events are no longer attenuated. Game thread. */
extern DECLSPEC int SDLCALL SDLH_ClearListener(int player);

/* ---------------------------------------------------------------------------------------------- */
/* Patterns and players (Core Haptics' patterns and advanced pattern players)                    */
/* ---------------------------------------------------------------------------------------------- */

/** A loaded pattern (AHAP). Opaque; free with SDLH_FreePattern. */
typedef struct SDLH_Pattern SDLH_Pattern;

/** A playing (or finished) pattern player. Opaque; free with SDLH_FreePatternPlayer. */
typedef struct SDLH_PatternPlayer SDLH_PatternPlayer;

/** Mixer categories: each has its own intensity setting. */
typedef enum SDLH_Category {
    SDLH_CATEGORY_UI = 0,           /**< menus, selection; keeps playing while paused */
    SDLH_CATEGORY_IMPACT = 1,       /**< hits, collisions, explosions */
    SDLH_CATEGORY_FOOTSTEP = 2,     /**< steps and landings */
    SDLH_CATEGORY_TEXTURE = 3,      /**< surfaces, engines, rain */
    SDLH_CATEGORY_NOTIFICATION = 4, /**< success, warning, error */
    SDLH_CATEGORY_CUSTOM = 5        /**< anything else */
} SDLH_Category;

/** Dynamic parameters: change a playing pattern (docs/engine.md). */
typedef enum SDLH_Parameter {
    SDLH_PARAMETER_HAPTIC_INTENSITY = 0,    /**< multiplies haptic intensity, 0...1 (default 1) */
    SDLH_PARAMETER_HAPTIC_SHARPNESS = 1,    /**< adds to haptic sharpness, -1...1 (default 0) */
    SDLH_PARAMETER_HAPTIC_ATTACK_TIME = 2,  /**< adds to attack times, -1...1 */
    SDLH_PARAMETER_HAPTIC_DECAY_TIME = 3,   /**< adds to decay times, -1...1 */
    SDLH_PARAMETER_HAPTIC_RELEASE_TIME = 4, /**< adds to release times, -1...1 */
    SDLH_PARAMETER_AUDIO_VOLUME = 5,        /**< multiplies audio volume, 0...1 (default 1) */
    SDLH_PARAMETER_AUDIO_PAN = 6,           /**< adds to audio pan, -1...1 */
    SDLH_PARAMETER_AUDIO_PITCH = 7,         /**< adds to audio pitch, -1...1 */
    SDLH_PARAMETER_AUDIO_BRIGHTNESS = 8,    /**< adds to audio brightness, -1...1 */
    SDLH_PARAMETER_AUDIO_ATTACK_TIME = 9,   /**< -1...1 */
    SDLH_PARAMETER_AUDIO_DECAY_TIME = 10,   /**< -1...1 */
    SDLH_PARAMETER_AUDIO_RELEASE_TIME = 11  /**< -1...1 */
} SDLH_Parameter;

/**
 * Reads an AHAP file (docs/ahap.md). With audio on, the waveforms it names are loaded from the
 * file's folder.
 *
 * \param path the file, UTF-8 (copied)
 * \returns a new handle owned by the caller (free with SDLH_FreePattern), or NULL: SDLH_GetError
 *          gives the file and JSON path of the problem
 * Game thread; reads the file. At most 65,536 live patterns.
 */
extern DECLSPEC SDLH_Pattern *SDLCALL SDLH_LoadPattern(const char *path);

/**
 * Reads an AHAP document from memory.
 *
 * \param data the JSON bytes (UTF-8); the library copies what it needs, data may be freed after
 * \param size number of bytes, 1...16 MiB
 * \returns a new handle owned by the caller, or NULL (SDLH_GetError)
 * Game thread.
 */
extern DECLSPEC SDLH_Pattern *SDLCALL SDLH_LoadPatternFromMemory(const void *data, size_t size);

/**
 * A built-in preset as a pattern ("Heartbeat", "ImpactHeavy", ...: docs/presets.md).
 *
 * \param name the preset's name, case-sensitive
 * \returns a new handle owned by the caller, or NULL (SDLH_ERROR_NOT_FOUND names the presets)
 * Game thread.
 */
extern DECLSPEC SDLH_Pattern *SDLCALL SDLH_LoadPreset(const char *name);

/**
 * The pattern's duration in seconds (its last event's end, tails included).
 *
 * \returns 0; SDLH_ERROR_INVALID_ARGUMENT (seconds NULL), SDLH_ERROR_INVALID_HANDLE
 * Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_GetPatternDuration(SDLH_Pattern *pattern, double *seconds);

/**
 * Frees a pattern handle. Players already playing it go on. NULL is accepted (returns 0).
 *
 * \returns 0; SDLH_ERROR_INVALID_HANDLE (already freed: detected, nothing happens)
 * Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_FreePattern(SDLH_Pattern *pattern);

/**
 * Plays a pattern once for a player, from the next update.
 *
 * \param pattern a live pattern handle
 * \param player 0...player_count-1
 * \param intensity 0...1, multiplies the pattern's intensity
 * \param category an SDLH_Category (its intensity setting applies; UI keeps playing while paused)
 * \param out_player NULL to fire and forget, or receives a new player handle for the advanced
 *        controls below (owned by the caller: free with SDLH_FreePatternPlayer), or NULL when
 *        nothing plays
 * \returns 1 when it plays; 0 when nothing can be felt (no pad for that player, a pad without
 *          rumble): not an error; SDLH_ERROR_INVALID_HANDLE, SDLH_ERROR_INVALID_ARGUMENT,
 *          SDLH_ERROR_UNKNOWN_PLAYER, SDLH_ERROR_LIMIT, SDLH_ERROR_NOT_INITIALIZED,
 *          SDLH_ERROR_WRONG_THREAD
 * Game thread. Allocates a player (O(pattern events)).
 */
extern DECLSPEC int SDLCALL SDLH_PlayPattern(SDLH_Pattern *pattern, int player, double intensity, int category, SDLH_PatternPlayer **out_player);

/**
 * Stops a player: sustained events fade over their release time, the rest is cut; the completion
 * callback runs when the fade ends. Game thread. \returns 0 or SDLH_ERROR_INVALID_HANDLE, ...
 */
extern DECLSPEC int SDLCALL SDLH_StopPatternPlayer(SDLH_PatternPlayer *player);

/** Pauses a player at the next update (silent at once, position kept). Game thread. */
extern DECLSPEC int SDLCALL SDLH_PausePatternPlayer(SDLH_PatternPlayer *player);

/** Resumes a paused player from where it paused. Game thread. */
extern DECLSPEC int SDLCALL SDLH_ResumePatternPlayer(SDLH_PatternPlayer *player);

/**
 * Moves playback to offset_seconds into the pattern (finite, >= 0), at the next update; works while
 * playing or paused. Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_SeekPatternPlayer(SDLH_PatternPlayer *player, double offset_seconds);

/**
 * Loops a player.
 *
 * \param enabled nonzero: wrap at loop_end_seconds (a looping player never finishes by itself)
 * \param loop_end_seconds where the loop wraps, in pattern seconds (finite, >= 0); 0: the duration
 * Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_SetPatternPlayerLoop(SDLH_PatternPlayer *player, int enabled, double loop_end_seconds);

/** Sets the playback rate: finite, 0.01...100 (1 as authored, 2 twice as fast). Game thread. */
extern DECLSPEC int SDLCALL SDLH_SetPatternPlayerRate(SDLH_PatternPlayer *player, double rate);

/**
 * Sends a dynamic parameter to a playing player, effective at the next update; it replaces the
 * previous value of the same parameter.
 *
 * \param parameter an SDLH_Parameter; \param value within the parameter's range (see SDLH_Parameter)
 * Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_SetPatternPlayerParameter(SDLH_PatternPlayer *player, int parameter, double value);

/**
 * Whether the player is started and not yet finished (playing, paused or fading out).
 *
 * \returns 1 or 0; SDLH_ERROR_INVALID_HANDLE, SDLH_ERROR_NOT_INITIALIZED, SDLH_ERROR_WRONG_THREAD
 * Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_IsPatternPlayerPlaying(SDLH_PatternPlayer *player);

/** Called when a player finishes: the pattern ended (after its tails) or a stop's fade ended. */
typedef void (SDLCALL *SDLH_CompletionCallback)(void *userdata, SDLH_PatternPlayer *player);

/**
 * Sets (or with callback NULL, removes) the completion callback. It is called once, on the game
 * thread, inside SDLH_Update / SDLH_UpdateAt after every pad was updated, with userdata as given
 * (the library never reads or frees it). It may call any SDLH function (SDLH_PlayPattern,
 * SDLH_FreePatternPlayer on the player, even SDLH_Quit) except SDLH_Update/SDLH_UpdateAt. Not
 * called for a player stopped by SDLH_Quit, a pad leaving, or once the handle was freed.
 * Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_SetPatternPlayerCompletionCallback(SDLH_PatternPlayer *player, SDLH_CompletionCallback callback, void *userdata);

/**
 * Frees a player handle. The player itself plays on to its end (stop it first to silence it); its
 * completion callback is no longer called. NULL is accepted (returns 0).
 *
 * \returns 0; SDLH_ERROR_INVALID_HANDLE (already freed: detected, nothing happens)
 * Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_FreePatternPlayer(SDLH_PatternPlayer *player);

/* ---------------------------------------------------------------------------------------------- */
/* Settings (a game's haptics menu)                                                               */
/* ---------------------------------------------------------------------------------------------- */

/** Sets the master intensity, 0...1 (default 1), for every player. Game thread. */
extern DECLSPEC int SDLCALL SDLH_SetMasterIntensity(double intensity);

/** Gets the master intensity into *intensity. Game thread. */
extern DECLSPEC int SDLCALL SDLH_GetMasterIntensity(double *intensity);

/**
 * The off switch: 0 sends zeros to every pad (players keep running, so turning it back on resumes
 * them where they are); nonzero turns haptics back on (the default). Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_SetHapticsEnabled(int enabled);

/** Sets one category's intensity, 0...1 (default 1). \param category an SDLH_Category. Game thread. */
extern DECLSPEC int SDLCALL SDLH_SetCategoryIntensity(int category, double intensity);

/** Gets one category's intensity into *intensity. Game thread. */
extern DECLSPEC int SDLCALL SDLH_GetCategoryIntensity(int category, double *intensity);

/**
 * Pauses gameplay haptics (the game's pause menu): every player except the UI category keeps its
 * position and every pad gets (0,0) at once. Idempotent. Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_Pause(void);

/** Resumes what SDLH_Pause paused. Idempotent. Game thread. */
extern DECLSPEC int SDLCALL SDLH_Resume(void);

/** Stops every player at once (no fade) and sends (0,0) to every pad. Game thread. */
extern DECLSPEC int SDLCALL SDLH_StopAll(void);

/**
 * Opens the default sound device (SDL audio, reference-counted) and plays the audio events of
 * patterns through it, sample-accurate with the rumble (which is then delayed by the 50 ms
 * lookahead). Off by default: a game that never calls this never opens an audio device.
 *
 * \returns 0; SDLH_ERROR_SDL (no audio: rumble is unaffected), SDLH_ERROR_NOT_INITIALIZED,
 *          SDLH_ERROR_WRONG_THREAD
 * Game thread; not per frame.
 */
extern DECLSPEC int SDLCALL SDLH_EnableAudio(void);

/** Cuts every sound and closes the device. Idempotent. Game thread. */
extern DECLSPEC int SDLCALL SDLH_DisableAudio(void);

/** Whether audio is on: 1 or 0 (negative on error). Game thread. */
extern DECLSPEC int SDLCALL SDLH_IsAudioEnabled(void);

/**
 * Sets the audio volume, 0...1 (default 1).
 *
 * \returns 0; SDLH_ERROR_NOT_FOUND when audio is off (SDLH_EnableAudio first),
 *          SDLH_ERROR_INVALID_ARGUMENT, SDLH_ERROR_NOT_INITIALIZED, SDLH_ERROR_WRONG_THREAD
 * Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_SetAudioVolume(double volume);

/* ---------------------------------------------------------------------------------------------- */
/* Pads                                                                                           */
/* ---------------------------------------------------------------------------------------------- */

/**
 * The player a pad is assigned to.
 *
 * \param instance_id the pad's SDL joystick instance id (SDL_JoystickInstanceID, or
 *        SDL_ControllerDeviceEvent.which)
 * \returns the player (>= 0); SDLH_ERROR_NOT_FOUND (not a pad SDLHaptics opened, or one waiting
 *          without a player), SDLH_ERROR_NOT_INITIALIZED, SDLH_ERROR_WRONG_THREAD
 * Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_GetPlayerForJoystick(SDL_JoystickID instance_id);

/**
 * Moves a pad to a player (a pad already there takes the moved pad's old player); both pads get
 * (0,0) first. player -1 takes the pad away from every player.
 *
 * \returns 0; SDLH_ERROR_NOT_FOUND (no such pad), SDLH_ERROR_UNKNOWN_PLAYER, ...
 * Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_SetPlayerForJoystick(SDL_JoystickID instance_id, int player);

/** How many pads SDLHaptics has open (>= 0), or a negative error. Game thread. */
extern DECLSPEC int SDLCALL SDLH_GetNumPads(void);

/** A connected pad. Set size = sizeof(SDLH_PadInfo) before SDLH_GetPad. */
typedef struct SDLH_PadInfo {
    Uint32 size;                /**< sizeof(SDLH_PadInfo) */
    SDL_JoystickID instance_id; /**< SDL's instance id */
    int player;                 /**< its player, or -1 while it waits for one */
    int has_rumble;             /**< nonzero: body motors */
    int has_trigger_rumble;     /**< nonzero: trigger motors (Xbox One and later) */
    char name[128];             /**< SDL's name for it, UTF-8, NUL-terminated (cut at 127 bytes) */
} SDLH_PadInfo;

/**
 * Describes the pad at index (0...SDLH_GetNumPads()-1, in the order they arrived).
 *
 * \returns 0; SDLH_ERROR_INVALID_ARGUMENT (NULL, size), SDLH_ERROR_NOT_FOUND (index out of range), ...
 * Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_GetPad(int index, SDLH_PadInfo *info);

/** What SDLHaptics sent to one player's pad. Set size = sizeof(SDLH_RumbleStats) first. */
typedef struct SDLH_RumbleStats {
    Uint32 size;                  /**< sizeof(SDLH_RumbleStats) */
    Sint64 rumble_calls;          /**< every SDL_GameControllerRumble(Triggers) call made */
    Sint64 body_changes;          /**< calls that changed the body motors */
    Sint64 trigger_changes;       /**< calls that changed the trigger motors */
    Sint64 keep_alives;           /**< calls that only extended the safety duration */
    Sint64 stops;                 /**< explicit (0,0) calls */
    Sint64 failures;              /**< calls SDL refused */
    Uint16 low_frequency;         /**< the last body levels sent: large (left) motor, 0...65535 */
    Uint16 high_frequency;        /**< small (right) motor */
} SDLH_RumbleStats;

/**
 * Reads a player's rumble statistics (counters since the player's output was made).
 *
 * \param player 0...player_count-1; \param stats receives them (size set)
 * \returns 0; SDLH_ERROR_INVALID_ARGUMENT, SDLH_ERROR_UNKNOWN_PLAYER, SDLH_ERROR_NOT_INITIALIZED,
 *          SDLH_ERROR_WRONG_THREAD
 * Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_GetRumbleStats(int player, SDLH_RumbleStats *stats);

#ifdef __cplusplus
}
#endif

#endif /* SDLHAPTICS_H_ */
