/*
 * SDLHaptics: haptics middleware for SDL games (SDL2 and SDL3), the C API.
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
 * - Strings passed in must be NUL-terminated UTF-8 of at most SDLH_MAX_STRING_BYTES; the library
 *   copies what it keeps. Strings returned are owned by the library (the lifetime is stated per
 *   function).
 * - Handles (SDLH_Pattern, SDLH_PatternPlayer) are opaque and checked on every call: a freed handle,
 *   a handle from before SDLH_Quit or a made-up pointer is refused with SDLH_ERROR_INVALID_HANDLE.
 *
 * Copyright the SDLHaptics authors. Released under the same terms as the rest of the package.
 */
#ifndef SDLHAPTICS_H_
#define SDLHAPTICS_H_

/*
 * One header for both SDLs (docs/sdl3.md). Include it after the SDL the game uses: after <SDL3/SDL.h> it
 * is the API of libsdlhaptics3 (`pkg-config --cflags --libs sdlhaptics3`, CMake SDLHaptics::SDLHaptics3),
 * where SDLH_HandleEvent takes SDL3's SDL_Event and SDL_JoystickID is SDL3's; after SDL2's "SDL.h" (or
 * alone, with sdlhaptics.pc's flags) it is libsdlhaptics's. Alone with SDLH_USE_SDL3 defined (sdlhaptics3.pc
 * and the CMake target define it) it includes <SDL3/SDL.h> itself. Link the library of the same SDL: the
 * two never share a process.
 */
#ifndef SDL_h_
#if defined(SDLH_USE_SDL3)
#include <SDL3/SDL.h>
#else
#include "SDL.h"
#endif
#endif

#if SDL_MAJOR_VERSION >= 3
/* SDL3 names SDL2's DECLSPEC SDL_DECLSPEC; the name is this header's for its own declarations only. */
#ifndef DECLSPEC
#define DECLSPEC SDL_DECLSPEC
#define SDLH_UNDEFINE_DECLSPEC_
#endif
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

/**
 * Marks what this header keeps working but no longer recommends (the comment says what replaces
 * it). Silent by default, so a game built with -Werror against an older header still builds; define
 * SDLH_WARN_DEPRECATED before including this header to have GCC and Clang warn at every use.
 */
#if defined(SDLH_WARN_DEPRECATED) && (defined(__GNUC__) || defined(__clang__))
#define SDLH_DEPRECATED(replacement) __attribute__((deprecated("use " replacement)))
#else
#define SDLH_DEPRECATED(replacement)
#endif

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
 * A version: major, minor, patch. With SDL2 it is SDL's own SDL_version (the same type, as before issue 32);
 * SDL3 has no version struct, so with SDL3 it is this struct of the same three Uint8 fields.
 */
#if SDL_MAJOR_VERSION >= 3
typedef struct SDLH_Version {
    Uint8 major;
    Uint8 minor;
    Uint8 patch;
} SDLH_Version;
#else
typedef SDL_version SDLH_Version;
#endif

/**
 * Gets the version of the linked library (which may differ from the header's SDLH_VERSION).
 *
 * \param version receives major, minor, patch; must not be NULL (SDL2: an SDL_version, the same type)
 * \returns 0, or SDLH_ERROR_INVALID_ARGUMENT when version is NULL
 * Any thread; works before SDLH_Init.
 */
extern DECLSPEC int SDLCALL SDLH_GetVersion(SDLH_Version *version);

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
#define SDLH_ERROR_QUEUE_FULL         (-10) /**< this frame's event queue is full (SDLH_MAX_EVENTS_PER_FRAME): dropped */
#define SDLH_ERROR_LIMIT              (-11) /**< a stated limit was reached (SDLH_MAX_LIVE_HANDLES of a kind, SDLH_MAX_VIRTUAL_PADS) */
#define SDLH_ERROR_NOT_FOUND          (-12) /**< no such pad, preset or entry */

/*
 * Limits: every bound on sizes and counts the library enforces, as numbers a program can use. The
 * rest of this header names them instead of repeating their values; past one, the call fails with
 * the error given. (Tests/C/test_limits.c checks each against the library, at and past its edge.)
 */
#define SDLH_MAX_PLAYERS              16      /**< SDLH_InitOptions.player_count: 1...16 (0: 4) */
#define SDLH_MAX_SAFETY_MILLISECONDS  65535   /**< SDLH_InitOptions.safety_milliseconds: 1...65535 (0: 250) */
#define SDLH_MAX_EVENTS_PER_FRAME     16384   /**< posted events waiting for one update; more: SDLH_ERROR_QUEUE_FULL */
#define SDLH_MAX_LIVE_HANDLES         65536   /**< live pattern handles, live player handles (each counted alone); more: SDLH_ERROR_LIMIT */
#define SDLH_MAX_VIRTUAL_PADS         256     /**< virtual pads attached by SDLH_AttachVirtualPad* at once (SDL 2.26 attaches one in time growing with the square of those attached); more: SDLH_ERROR_LIMIT. Added by issue 31 */
#define SDLH_MAX_UNMATCHED_NAMES      256     /**< distinct names no rule takes, kept per config for SDLH_GetUnmatchedName (added by issue 31) */
#define SDLH_MAX_PLAYING_PATTERNS     256     /**< patterns one player plays at once through SDLH_PlayPattern, with or without out_player; more: SDLH_ERROR_LIMIT (added by issue 31) */
#define SDLH_MAX_PATTERN_BYTES        8388608 /**< 8 MiB: an AHAP document, from memory or a file */
#define SDLH_MAX_STRING_BYTES         4096    /**< a string passed in (name, path), NUL not counted */
#define SDLH_MAX_STRUCT_SIZE          4096    /**< the largest size field accepted in a struct */
#define SDLH_MAX_ERROR_BYTES          1023    /**< SDLH_GetError's message, NUL not counted */
#define SDLH_MIN_WATCH_INTERVAL       0.01    /**< SDLH_LoadMappingWithOptions' interval_seconds: 0.01...60 */
#define SDLH_MAX_WATCH_INTERVAL       60.0
#define SDLH_MIN_PLAYBACK_RATE        0.01    /**< SDLH_SetPatternPlayerRate: 0.01...100 */
#define SDLH_MAX_PLAYBACK_RATE        100.0

/**
 * The message of the last error on the calling thread, like SDL_GetError: what failed, where
 * (function, file:line:column or argument) and what was expected. At most SDLH_MAX_ERROR_BYTES of
 * UTF-8 (a longer message is cut at a character boundary), on one line: control characters of an
 * argument it quotes are escaped ("\n", "\u001B"), so none reaches a log or a terminal.
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
    SDLH_FOCUS_PAUSE = 0,        /**< pause every player (UI too), pads get (0,0); resume on focus (default) */
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
    int player_count;            /**< players 1...SDLH_MAX_PLAYERS; 0: 4 */
    int focus_policy;            /**< an SDLH_FocusPolicy; 0: SDLH_FOCUS_PAUSE */
    Uint32 safety_milliseconds;  /**< how long a pad keeps rumbling after updates stop, 1...SDLH_MAX_SAFETY_MILLISECONDS; 0: 250 */
} SDLH_InitOptions;

/**
 * Starts SDLHaptics after the game's SDL_Init: takes its own reference on SDL's game controller and
 * events subsystems (SDL_InitSubSystem is reference-counted, so the game's own references are never
 * taken over), opens every pad already connected and gives each player 0...player_count-1 an engine.
 * The calling thread becomes the game thread. The first SDLH_Init also registers atexit and
 * at_quick_exit handlers, and each SDLH_Init handles the signals that end a process and are still at
 * their default (SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, ...; SIGINT and SIGTERM when SDL's handlers are
 * off): a process that exits (from any thread, even from inside an update) or is ended by such a
 * signal without SDLH_Quit still sends (0,0) to every pad (docs/c-api.md, "Leaving: exit, signals
 * and crashes").
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
 * gives SDLH_ERROR_INVALID_HANDLE), releases only the SDL subsystem references SDLH_Init took and puts
 * back the default of the signals SDLH_Init handled. SDLH_Init may be called again afterwards.
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
 * Cost: O(events posted × players) to map what was posted, and per pad O(playing voices × log n) to
 * keep each voice's time plus a bounded number of pattern evaluations: only the voices the voice cap
 * lets be heard are evaluated, at the frame and at the motor stage's lookahead, each evaluation bounded
 * whatever the pattern's size or overlap (n: the pattern's events; docs/engine.md, "What a frame
 * costs"). No allocation in steady state.
 *
 * \returns 0; SDLH_ERROR_NOT_INITIALIZED, SDLH_ERROR_WRONG_THREAD, SDLH_ERROR_INVALID_ARGUMENT when
 *          called from a completion or reload callback (the update is already running)
 * Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_Update(void);

/**
 * SDLH_Update with the game's own frame clock, so haptics land on exactly the frame of their
 * cause. Use one clock: do not mix with SDLH_Update.
 *
 * The right call when the game has a clock of its own that is not wall time: a fixed time step
 * (physics at 1/60 s whatever the display does), slow motion or pause that stretches game time,
 * replays and tests that run frames faster than real time (a test calls it with frame / 60.0 and
 * runs a second in a millisecond). A game whose frames simply follow real time calls SDLH_Update.
 *
 * \param game_time_seconds the frame's time in seconds, finite, non-decreasing, any origin (a time
 *        earlier than the last one is treated as the last one)
 * \returns 0; SDLH_ERROR_INVALID_ARGUMENT (NaN or infinite, or from a completion or reload callback),
 *          SDLH_ERROR_NOT_INITIALIZED,
 *          SDLH_ERROR_WRONG_THREAD
 * Game thread.
 */
extern DECLSPEC int SDLCALL SDLH_UpdateAt(double game_time_seconds);

/* ---------------------------------------------------------------------------------------------- */
/* Game events: what happened, in the game's terms. The mapping config decides how it feels.     */
/* Posting is safe from any thread (physics, audio, network): events wait for the next update.   */
/* A frame holds up to SDLH_MAX_EVENTS_PER_FRAME events; more are dropped and counted           */
/* (SDLH_ERROR_QUEUE_FULL; a refused post allocates nothing either).                             */
/* Prepare each struct with SDLH_STRUCT_INIT (size = sizeof, the rest zero: zero is the default  */
/* of every field). Names (materials, surfaces, kinds, tags) are UTF-8, compared exactly; up to  */
/* 15 bytes cost nothing, a longer one is kept once in a bounded table (issue 31; docs/events.md: */
/* no allocation, a lock and O(length)). NULL or "" means "none".                                 */
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

/** Which way a blow went, for SDLH_Hit.blow: rules match it with `received = true` or `false`. */
typedef enum SDLH_Blow {
    SDLH_BLOW_DEFAULT = 0,   /**< not said: received, unless the deprecated `dealt` is nonzero */
    SDLH_BLOW_RECEIVED = 1,  /**< the player took the blow */
    SDLH_BLOW_DEALT = 2      /**< the player dealt the blow */
} SDLH_Blow;

/** A blow was dealt or received. */
typedef struct SDLH_Hit {
    Uint32 size;             /**< sizeof(SDLH_Hit) */
    int player;              /**< 0-based player, or SDLH_EVERY_PLAYER */
    double damage;           /**< damage in the game's own units (>= 0); the config's curve gives it meaning */
    int has_direction;       /**< nonzero: direction is set */
    double direction;        /**< where the blow came from, -1 (left) ... 1 (right) */
    int critical;            /**< nonzero: a critical hit */
    int dealt SDLH_DEPRECATED("blow = SDLH_BLOW_DEALT"); /**< deprecated (still read): nonzero means dealt; use blow */
    int has_position;
    double x, y, z;
    const char *tag;
    int blow;                /**< an SDLH_Blow: SDLH_BLOW_RECEIVED or SDLH_BLOW_DEALT; 0: received (or `dealt`). Added by issue 25 */
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
 * Something the player did (jump, land, dash, shoot, pick-up), for SDLH_PostActionEx when the action
 * needs a position, a tag or a value; SDLH_PostAction is the one-line form. Rules match it with
 * `event = "action"` and `action = "NAME"`; its `value` is their `value` input.
 */
typedef struct SDLH_Action {
    Uint32 size;             /**< sizeof(SDLH_Action) */
    int player;              /**< 0-based player, or SDLH_EVERY_PLAYER */
    const char *name;        /**< the action's name ("jump"); must not be NULL or "" */
    int has_value;           /**< nonzero: value is set; 0: the value is 1 */
    double value;            /**< a driving value, finite (a landing's fall speed, a charge 0...1) */
    int has_position;        /**< nonzero: x, y, z are set (distance attenuation, left/right) */
    double x, y, z;
    const char *tag;
} SDLH_Action;

/**
 * Posts a game action by name with value 1, in one line: `SDLH_PostAction(0, "dash");`. The mapping
 * config's `[[rule]]`s with `event = "action"` and `action = "dash"` decide how it feels (inputs,
 * curves, cooldown, attenuation, player routing, as for every event); an action no rule takes is
 * counted in SDLH_MappingStats.unmatched and its name in SDL's log and SDLH_GetUnmatchedName. Any
 * thread; O(1) (O(length) for a name over 15 bytes), no allocation.
 *
 * \param player 0-based player, or SDLH_EVERY_PLAYER
 * \param name the action's name, UTF-8 (copied); not NULL or ""
 * \returns 0; SDLH_ERROR_INVALID_ARGUMENT, SDLH_ERROR_UNKNOWN_PLAYER, SDLH_ERROR_NOT_INITIALIZED,
 *          SDLH_ERROR_QUEUE_FULL
 * Added by issue 25.
 */
extern DECLSPEC int SDLCALL SDLH_PostAction(int player, const char *name);

/**
 * SDLH_PostAction with a value (finite; any range: the rule's curve maps it, with `input = "value"`),
 * such as a landing's fall speed: `SDLH_PostActionValue(0, "land", fall_speed);`. Any thread.
 */
extern DECLSPEC int SDLCALL SDLH_PostActionValue(int player, const char *name, double value);

/** Posts an action with every field (position, tag, value). Any thread; as SDLH_PostCollision. */
extern DECLSPEC int SDLCALL SDLH_PostActionEx(const SDLH_Action *action);

/**
 * Posts a collision for the next update. Any thread; O(1) (O(length) per name over 15 bytes), no allocation.
 *
 * \returns 0; SDLH_ERROR_INVALID_ARGUMENT (NULL, size too small or too large, negative or NaN
 *          mass/speed/impulse, infinite values, a string that is not UTF-8),
 *          SDLH_ERROR_UNKNOWN_PLAYER, SDLH_ERROR_NOT_INITIALIZED, SDLH_ERROR_QUEUE_FULL
 */
extern DECLSPEC int SDLCALL SDLH_PostCollision(const SDLH_Collision *collision);

/** Posts a footstep. Any thread; as SDLH_PostCollision (surface must not be NULL). */
extern DECLSPEC int SDLCALL SDLH_PostFootstep(const SDLH_Footstep *footstep);

/**
 * Posts a hit. Any thread; as SDLH_PostCollision (damage >= 0, direction -1...1; blow an SDLH_Blow,
 * and not SDLH_BLOW_RECEIVED together with a nonzero deprecated `dealt`).
 */
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
 * to one tick per 0.05 s). The config is not asked: the case's built-in preset plays, as Apple's
 * feedback generators do (menus, UI). SDLH_PostFeedback instead goes through the config's rules;
 * SDLH_PlayPattern plays a pattern of your own (docs/c-api.md, "Feedback, Play or Post").
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
 * Posts a feedback case as a game event, for the next update: the mapping config's rules for
 * "feedback" decide how it feels (a designer can retune or silence it), else its preset plays. Unlike
 * SDLH_PlayFeedback it may be called from any thread and plays at the next update, not now. Any
 * thread; O(1).
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
 * reload is on: a background thread looks at the file every 0.25 s and, once a save has settled (the
 * same bytes on two looks in a row), swaps it in between frames; a broken save keeps the last good
 * config and is reported (SDLH_SetReloadCallback, one SDL_Log line by default, SDLH_GetMappingError).
 * Patterns the config names are found relative to the config file, and are watched too: a saved
 * .ahap or .wav is reloaded like the config (issue 31). The path is made absolute
 * against the working directory now: messages name the file by its full path, and a later chdir
 * changes nothing. Same as SDLH_LoadMappingWithOptions(path, 1, 0.25).
 *
 * A file that is missing or broken now fails with SDLH_ERROR_CONFIG, and is watched anyway (instead
 * of the file watched before): the first good save is loaded while the game runs, as a hot reload.
 * Until then the config in use before, if any, stays; without one, events play nothing (feedback
 * cases play their presets). SDLH_GetError says which, on one line after the first problem: "no
 * config is in use" or "the config in use (PATH) stays".
 *
 * Each pattern or sound file the rules name is read and decoded once, however many rules name it,
 * and a config may make the library load only so much: the load budget of docs/config.md, "Limits"
 * (bytes of pattern and sound files, seconds of sound analysed; the same as hapticsctl check). The
 * rule whose pattern passes it is reported at its pattern (SDLH_ERROR_CONFIG) and nothing after it
 * is loaded. A hot reload loads within the same budget, on the watcher's thread.
 *
 * \param path the config file, UTF-8; the library copies it
 * \returns 0; SDLH_ERROR_CONFIG (every problem as file:line:column in SDLH_GetError and in
 *          SDLH_GetMappingError), SDLH_ERROR_INVALID_ARGUMENT, SDLH_ERROR_NOT_INITIALIZED,
 *          SDLH_ERROR_WRONG_THREAD
 * Game thread; reads the config and the pattern files it names (not per frame; within the budget).
 */
extern DECLSPEC int SDLCALL SDLH_LoadMapping(const char *path);

/**
 * SDLH_LoadMapping with the watcher's settings.
 *
 * \param watch nonzero: hot reload (a failed load is watched too); 0: read once (a failed load is
 *        not watched, and the watcher of an earlier load goes on)
 * \param interval_seconds how often the watcher looks at the file,
 *        SDLH_MIN_WATCH_INTERVAL...SDLH_MAX_WATCH_INTERVAL; a save is loaded once two looks in a row
 *        read the same bytes
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

/**
 * What the mapping layer did since SDLH_Init. Set size = sizeof(SDLH_MappingStats) first (a size from
 * an older header is accepted: only the fields it covers are written).
 *
 * One unit, the post (issue 31): every event taken from the queue (events) ends in exactly one of
 * started, updated, coalesced, cooled_down, throttled, out_of_range, silenced, no_pad and unmatched, so
 * they add up to events after each update. A post for every player counts once, under the furthest it
 * got for any of them, in that order (started for one player and cooled down for another: started).
 * voices_started, dropped, reloads and failed_reloads count other things. docs/config.md, "Why did
 * nothing play?".
 */
typedef struct SDLH_MappingStats {
    Uint32 size;              /**< sizeof(SDLH_MappingStats) */
    Sint64 events;            /**< posts taken from the queue and mapped: what the outcome fields count */
    Sint64 unmatched;         /**< posts no rule took (a name no rule knows, a kind without rules, no config): SDLH_GetUnmatchedName lists the names */
    Sint64 started;           /**< posts that started a voice (a rule's, a feedback preset, a texture) or set a trigger effect, for at least one player */
    Sint64 dropped;           /**< posts refused because a frame's queue was full (never taken: not in events) */
    Sint64 reloads;           /**< hot reloads swapped in (including a first good save after a failed load) */
    Sint64 failed_reloads;    /**< hot reloads refused (the config in use, if any, stayed) */
    Sint64 silenced;          /**< posts a rule took but its intensity curve gave 0 (a value of 0, an input below a log curve's range): nothing played. Added by issue 25 */
    Sint64 cooled_down;       /**< posts whose rule's cooldown had not passed for their players. Added by issue 25 */
    Sint64 coalesced;         /**< posts merged into a stronger response of the same rule (or feedback case) and player in the same frame. Added by issue 25 */
    Sint64 out_of_range;      /**< posts the rule's distance attenuation took to 0. Added by issue 25 */
    Sint64 updated;           /**< texture updates and stops: nothing new started. Added by issue 31 */
    Sint64 throttled;         /**< posts dropped by a limit: a feedback case's rate limit, a texture past the 64 playing. Added by issue 31 */
    Sint64 no_pad;            /**< posts a rule (or a feedback case) took for players without a pad that can play them. Added by issue 31 */
    Sint64 voices_started;    /**< voices started (trigger voices included): not posts. Added by issue 31 */
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
 * A name posts carried that no rule of the config in use takes (issue 31): an action's or a custom
 * event's name, a texture's kind, a footstep's surface. SDLH_PostAction(0, "jummp") returns 0 and plays
 * nothing; the first update after it writes one line to SDL's log at debug priority (application
 * category: SDL_LogSetPriority(SDL_LOG_CATEGORY_APPLICATION, SDL_LOG_PRIORITY_DEBUG) shows it),
 *   SDLHaptics: action "jummp" matches no rule of /game/haptics.toml; did you mean "jump"?
 * once per distinct name and kind, and SDLH_GetUnmatchedName lists them. At most
 * SDLH_MAX_UNMATCHED_NAMES distinct names are kept per config (later ones are only counted in
 * SDLH_MappingStats.unmatched); a config swapped in (a load, a hot reload) starts the list again.
 * Set size = sizeof(SDLH_UnmatchedName) first. Added by issue 31.
 */
typedef struct SDLH_UnmatchedName {
    Uint32 size;              /**< sizeof(SDLH_UnmatchedName) */
    const char *kind;         /**< "action", "custom", "texture" or "footstep" */
    const char *name;         /**< the name as posted (UTF-8, control characters as posted) */
    const char *suggestion;   /**< a name a rule of that kind takes that is close to it ("did you mean"), or NULL */
    Sint64 posts;             /**< posts that carried it and matched nothing, since it was first seen under this config */
} SDLH_UnmatchedName;

/**
 * How many distinct names no rule takes have been seen under the config in use, first seen first
 * (0...SDLH_MAX_UNMATCHED_NAMES).
 *
 * \returns the count; SDLH_ERROR_NOT_INITIALIZED, SDLH_ERROR_WRONG_THREAD
 * Game thread. Added by issue 31.
 */
extern DECLSPEC int SDLCALL SDLH_GetNumUnmatchedNames(void);

/**
 * Reads the unmatched name at index (0...SDLH_GetNumUnmatchedNames()-1). Its strings are owned by the
 * library and stay valid until the next SDLH_GetUnmatchedName, SDLH_Update, SDLH_UpdateAt or SDLH_Quit.
 *
 * \returns 0; SDLH_ERROR_INVALID_ARGUMENT (name NULL or its size), SDLH_ERROR_NOT_FOUND (index out of
 *          range), SDLH_ERROR_NOT_INITIALIZED, SDLH_ERROR_WRONG_THREAD
 * Game thread. Added by issue 31.
 */
extern DECLSPEC int SDLCALL SDLH_GetUnmatchedName(int index, SDLH_UnmatchedName *name);

/**
 * One hot reload, as SDLH_SetReloadCallback's callback receives it. Strings are owned by the library
 * and valid during the callback only (copy what you keep). `size` is the library's sizeof: read a
 * field a later header adds only when size covers it.
 */
typedef struct SDLH_ReloadInfo {
    Uint32 size;              /**< the library's sizeof(SDLH_ReloadInfo) */
    int succeeded;            /**< 1: the saved file was swapped in; 0: it was refused */
    const char *path;         /**< the config file, absolute */
    int config_in_use;        /**< 1: a config is in use after this reload (on failure: the last good one); 0: none */
    int error_count;          /**< the problems found (0 on success) */
    const char *error;        /**< the first one as "FILE:LINE:COLUMN: error: PATH: MESSAGE", or NULL on success */
    const char *error_file;   /**< its file, or NULL */
    int error_line;           /**< its line, 1-based; 0 on success and when the problem is the file as a whole (missing, unreadable, not a file, too large: see failure) */
    int error_column;         /**< its column in UTF-8 bytes, 1-based; 0 as error_line */
    const char *error_message;/**< what is wrong and what was expected, after its TOML path ("rule[0].intensity: 1.5 is out of range: ..."), or NULL */
    Sint64 reloads;           /**< hot reloads swapped in since SDLH_Init, this one included */
    Sint64 failed_reloads;    /**< hot reloads refused since SDLH_Init, this one included */
    int failure;              /**< an SDLH_ReloadFailure: what kind of problem the first one is (0 on success). Added by issue 31: read it only when size covers it */
} SDLH_ReloadInfo;

/**
 * What kind of problem refused a hot reload (SDLH_ReloadInfo.failure), so a game can tell a deleted
 * config from a typo. The first four are the file as a whole: error_line and error_column are 0 for
 * them. Added by issue 31.
 */
typedef enum SDLH_ReloadFailure {
    SDLH_RELOAD_SUCCEEDED = 0,   /**< no failure: the reload was swapped in */
    SDLH_RELOAD_MISSING = 1,     /**< nothing at the config's path (deleted, renamed away, a link to nothing) */
    SDLH_RELOAD_UNREADABLE = 2,  /**< there but unreadable: permission, a loop of links, a read error */
    SDLH_RELOAD_NOT_A_FILE = 3,  /**< a folder, a pipe (FIFO), a device or a socket */
    SDLH_RELOAD_TOO_LARGE = 4,   /**< larger than a config may be (docs/config.md, "Limits") */
    SDLH_RELOAD_ENCODING = 5,    /**< not UTF-8 text (at the first byte that is not) */
    SDLH_RELOAD_SYNTAX = 6,      /**< not TOML */
    SDLH_RELOAD_SCHEMA = 7,      /**< TOML, but not a valid config: an unknown key, a value out of range, ... */
    SDLH_RELOAD_PATTERN = 8,     /**< a pattern or sound file a rule names is missing, unreadable or broken */
    SDLH_RELOAD_BUDGET = 9       /**< the config makes the library load more than its load budget */
} SDLH_ReloadFailure;

/** Called once per hot reload, swapped in or refused. See SDLH_SetReloadCallback. */
typedef void (SDLCALL *SDLH_ReloadCallback)(void *userdata, const SDLH_ReloadInfo *info);

/**
 * Sets (or with callback NULL, removes) the function told of every hot reload: each save the watcher
 * loaded, swapped in or refused (with the first problem's file, line, column and message; all of
 * them through SDLH_GetMappingError). It is called on the game thread inside SDLH_Update /
 * SDLH_UpdateAt, after the new config is in use and before completion callbacks, with userdata as
 * given (never read or freed). It may call any SDLH function (even SDLH_LoadMapping or SDLH_Quit)
 * except SDLH_Update/SDLH_UpdateAt, which it refuses with SDLH_ERROR_INVALID_ARGUMENT as a completion
 * callback does. Not called for SDLH_LoadMapping itself (its return value says).
 *
 * \returns 0 (always)
 * Any thread, any time (also before SDLH_Init); kept across SDLH_Quit. Added by issue 25.
 */
extern DECLSPEC int SDLCALL SDLH_SetReloadCallback(SDLH_ReloadCallback callback, void *userdata);

/**
 * Whether a refused hot reload writes one line to SDL's log (SDL_LogMessage, category
 * SDL_LOG_CATEGORY_APPLICATION, priority SDL_LOG_PRIORITY_WARN): the file, how many problems, the
 * first with file:line:column, and whether a config is in use. On by default, so a designer sees a
 * broken save with no code in the game; SDLH_SetReloadLogging(0) turns it off (as does lowering the
 * application category's priority with SDL_LogSetPriority). Reloads that succeed are not logged.
 *
 * \param enabled nonzero: log (the default); 0: do not
 * \returns 0 (always)
 * Any thread, any time; kept across SDLH_Quit. Added by issue 25.
 */
extern DECLSPEC int SDLCALL SDLH_SetReloadLogging(int enabled);

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
 * Game thread; reads the file (at most SDLH_MAX_PATTERN_BYTES). At most SDLH_MAX_LIVE_HANDLES live
 * patterns.
 */
extern DECLSPEC SDLH_Pattern *SDLCALL SDLH_LoadPattern(const char *path);

/**
 * Reads an AHAP document from memory.
 *
 * \param data the JSON bytes (UTF-8); the library copies what it needs, data may be freed after
 * \param size number of bytes, 1...SDLH_MAX_PATTERN_BYTES (a larger size: SDLH_ERROR_INVALID_ARGUMENT)
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
 * Game thread. Allocates a player (O(1): the pattern was prepared once, when it was loaded, and every
 * player of it shares that). At most SDLH_MAX_PLAYING_PATTERNS play at once for one player, fire and
 * forget (out_player NULL) or not: past it SDLH_ERROR_LIMIT, until one ends or is stopped.
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

/**
 * Sets the playback rate: finite, SDLH_MIN_PLAYBACK_RATE...SDLH_MAX_PLAYBACK_RATE (1 as authored, 2
 * twice as fast). Game thread.
 */
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
 * The off switch: 0 sends (0,0) to every pad and "off" to its adaptive triggers at once (players keep
 * running, silent, so turning it back on resumes them where they are); nonzero turns haptics back on
 * (the default). Game thread.
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

/**
 * A connected pad. Set size = sizeof(SDLH_PadInfo) before SDLH_GetPad (a size from an older header is
 * accepted: only the fields it covers are written).
 */
typedef struct SDLH_PadInfo {
    Uint32 size;                /**< sizeof(SDLH_PadInfo) */
    SDL_JoystickID instance_id; /**< SDL's instance id */
    int player;                 /**< its player, or -1 while it waits for one */
    int has_rumble;             /**< nonzero: body motors */
    int has_trigger_rumble;     /**< nonzero: trigger motors (Xbox One and later) */
    char name[128];             /**< SDL's name for it, UTF-8, NUL-terminated (cut at 127 bytes) */
    char profile[32];           /**< the motor profile SDLHaptics drives it with (docs/engine.md, "Profiles"): "xboxOne", "xboxOneBluetooth", "ps4", "ps5", "switchPro", "generic" (other pads), "virtual" (a plain virtual pad: linear, no dead zone); NUL-terminated. Added by issue 25 */
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

/* ---------------------------------------------------------------------------------------------- */
/* Virtual pads: a game's own tests feel what a real pad would, with no pad plugged in            */
/* (docs/c-api.md, "Testing your game's haptics headless").                                        */
/* ---------------------------------------------------------------------------------------------- */

/** A virtual game controller attached to SDL by SDLH_AttachVirtualPad. Opaque; detach with SDLH_DetachVirtualPad. */
typedef struct SDLH_VirtualPad SDLH_VirtualPad;

/**
 * Attaches a virtual game controller to SDL (SDL_JoystickAttachVirtualEx) that claims to be a real
 * pad, so SDLHaptics drives it with that pad's motor profile, and that records what SDL sends it.
 * It arrives like a pad plugged in: SDL posts SDL_CONTROLLERDEVICEADDED, and SDLHaptics opens it when
 * that event reaches SDLH_HandleEvent (or at SDLH_Init, for a pad attached before). Its SDLH_PadInfo
 * names the profile.
 *
 * \param profile the motor profile to feel: "xboxOne" (an Xbox One pad: body and trigger motors),
 *        "ps4", "ps5", "switchPro", "generic" (an Xbox 360 pad: what unknown pads get), or "virtual"
 *        (a plain virtual pad: the ideal linear profile); NULL means "virtual". "xboxOneBluetooth"
 *        cannot be had: SDL puts virtual pads on their own bus. Or USB ids as "VVVV:PPPP" in
 *        hexadecimal ("045e:02ea"): as SDLH_AttachVirtualPadWithIds.
 * \returns a new handle owned by the caller (detach with SDLH_DetachVirtualPad), or NULL:
 *          SDLH_ERROR_INVALID_ARGUMENT (an unknown profile: the message lists them), SDLH_ERROR_SDL
 *          (SDL's joystick subsystem is not running: SDL_Init(SDL_INIT_GAMECONTROLLER) first; or SDL
 *          refused), SDLH_ERROR_WRONG_THREAD (after SDLH_Init, from another thread than the game's),
 *          SDLH_ERROR_LIMIT (SDLH_MAX_VIRTUAL_PADS attached)
 * The game thread (the thread that runs SDL's event loop); works before SDLH_Init, and the pad stays
 * attached across SDLH_Quit (its state can be read after it: (0,0) on quit). SDL names it
 * "SDLHaptics virtual PROFILE" ("SDLHaptics virtual pad" for "virtual"). Not per frame: SDL 2.26
 * attaches a virtual pad in time that grows with the square of those attached. Added by issue 25.
 */
extern DECLSPEC SDLH_VirtualPad *SDLCALL SDLH_AttachVirtualPad(const char *profile);

/**
 * Attaches a virtual pad that claims the given USB vendor and product ids, so SDL types it as it
 * would a real pad with them and SDLHaptics gives it the profile it gives that pad (SDLH_PadInfo and
 * SDLH_VirtualPadState name it). The ids of the pads SDLH_AttachVirtualPad names (docs/c-api.md lists
 * them: 045e:02ea Xbox One, 054c:09cc DualShock 4, 054c:0ce6 DualSense, 057e:2009 Switch Pro,
 * 045e:028e Xbox 360) give that pad, with its trigger motors or adaptive triggers; other ids give a
 * pad with body motors only, named "SDLHaptics virtual VVVV:PPPP" (045e:0b12, an Xbox Series pad:
 * the "xboxOne" profile without trigger motors; ids SDL does not know: SDL reports a virtual pad,
 * which gets the "virtual" profile).
 *
 * \returns a new handle, or NULL: as SDLH_AttachVirtualPad
 * The game thread, as SDLH_AttachVirtualPad. Added by issue 31.
 */
extern DECLSPEC SDLH_VirtualPad *SDLCALL SDLH_AttachVirtualPadWithIds(Uint16 vendor_id, Uint16 product_id);

/** What a virtual pad received from SDL. Set size = sizeof(SDLH_VirtualPadState) first. */
typedef struct SDLH_VirtualPadState {
    Uint32 size;                  /**< sizeof(SDLH_VirtualPadState) */
    SDL_JoystickID instance_id;   /**< its SDL instance id (SDLH_GetPlayerForJoystick takes it) */
    Sint64 rumble_calls;          /**< body-motor calls SDL made to it */
    Uint16 low_frequency;         /**< the last body levels: large (left) motor, 0...65535 */
    Uint16 high_frequency;        /**< small (right) motor */
    Uint16 peak_low_frequency;    /**< the highest body levels since attach or SDLH_ResetVirtualPad */
    Uint16 peak_high_frequency;
    Sint64 trigger_calls;         /**< trigger-motor calls (only the "xboxOne" profile has trigger motors) */
    Uint16 left_trigger;          /**< the last trigger levels */
    Uint16 right_trigger;
    Uint16 peak_left_trigger;     /**< the highest trigger levels since attach or reset */
    Uint16 peak_right_trigger;
    char profile[32];             /**< the profile it was attached for, NUL-terminated */
} SDLH_VirtualPadState;

/**
 * Reads what a virtual pad received so far.
 *
 * \returns 0; SDLH_ERROR_INVALID_ARGUMENT (state NULL or its size), SDLH_ERROR_INVALID_HANDLE,
 *          SDLH_ERROR_WRONG_THREAD
 * Game thread (or any thread before SDLH_Init). Added by issue 25.
 */
extern DECLSPEC int SDLCALL SDLH_GetVirtualPadState(SDLH_VirtualPad *pad, SDLH_VirtualPadState *state);

/** Forgets what a virtual pad received (counts and peaks to 0). Game thread. Added by issue 25. */
extern DECLSPEC int SDLCALL SDLH_ResetVirtualPad(SDLH_VirtualPad *pad);

/**
 * Unplugs a virtual pad (SDL posts SDL_CONTROLLERDEVICEREMOVED; SDLHaptics sends it (0,0) first when
 * that event reaches SDLH_HandleEvent) and frees the handle. NULL is accepted (returns 0).
 *
 * \returns 0; SDLH_ERROR_INVALID_HANDLE (already detached: detected, nothing happens)
 * Game thread. Added by issue 25.
 */
extern DECLSPEC int SDLCALL SDLH_DetachVirtualPad(SDLH_VirtualPad *pad);

#ifdef __cplusplus
}
#endif

#ifdef SDLH_UNDEFINE_DECLSPEC_
#undef DECLSPEC
#undef SDLH_UNDEFINE_DECLSPEC_
#endif

#endif /* SDLHAPTICS_H_ */
