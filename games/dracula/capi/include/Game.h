// Fury of Dracula: the game's constants and the player registration function (spec §5.2).
// Course-compatible: exactly the names, values and signatures of the course's Game.h.

#ifndef FOD__GAME_H_
#define FOD__GAME_H_

#ifdef __cplusplus
extern "C" {
#endif

// In C++ (this API's own implementation, and C++ callers) the enum gets a fixed underlying type:
// a C caller may pass any int as a Player, and without one an out-of-range value is undefined
// behaviour in C++. C sees exactly the course's declaration.
#ifdef __cplusplus
typedef enum player : int {
#else
typedef enum player {
#endif
	PLAYER_LORD_GODALMING,
	PLAYER_DR_SEWARD,
	PLAYER_VAN_HELSING,
	PLAYER_MINA_HARKER,
	PLAYER_DRACULA,
} Player;

enum {
	NUM_PLAYERS = 5,
	GAME_START_SCORE = 366,
	SCORE_LOSS_DRACULA_TURN = 1,
	SCORE_LOSS_HUNTER_HOSPITAL = 6,
	SCORE_LOSS_VAMPIRE_MATURES = 13,
	GAME_START_BLOOD_POINTS = 40,
	LIFE_LOSS_HUNTER_ENCOUNTER = 10,
	LIFE_LOSS_SEA = 2,
	LIFE_GAIN_CASTLE_DRACULA = 10,
	GAME_START_HUNTER_LIFE_POINTS = 9,
	LIFE_LOSS_TRAP_ENCOUNTER = 2,
	LIFE_LOSS_DRACULA_ENCOUNTER = 4,
	LIFE_GAIN_REST = 3,
	TRAIL_SIZE = 6,
	TURN_LIMIT_MSECS = 1500,
	MESSAGE_SIZE = 100,
};

// A message: at most 99 characters plus the terminator.
typedef char Message[MESSAGE_SIZE];

// A round number (a round is one play by each of the five players).
typedef int Round;

// Registers the AI's move ("LO", "HI", "D3", ...) and a message; every call replaces the previous
// one, and the last call made before the time limit is the one played. Provided by the driver.
void registerBestPlay(const char *play, Message message);

#ifdef __cplusplus
}
#endif

#endif  // !defined(FOD__GAME_H_)
