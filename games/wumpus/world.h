// World generation (spec §3) and the map code (spec §4): modes, parameter drawing, cave drawing,
// parsing with the spec's exact errors, and export.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "core/rng.h"
#include "games/wumpus/rules.h"

namespace arena::wumpus {

enum class Mode { classic, random, advanced, custom };
std::string_view to_string(Mode m);
std::optional<Mode> parse_mode(std::string_view s);

// Advanced-mode input: -1 means "draw as in random mode" (spec §3.2, §7.2).
struct AdvancedInput {
  int width = -1, height = -1, pit_percent = -1, wumpuses = -1, arrows = -1;
};

// The first failing check of spec §7.2, with its exact message, or nullopt.
std::optional<std::string> validate_advanced(const AdvancedInput& in);

// Spec §3.2: the parameters of a mode (classic, random, advanced), drawn from `rng` in order.
Params draw_params(Mode mode, const AdvancedInput& in, Rng& rng);

// Spec §3.3: the cave for `params`, continuing with the same generator.
Cave draw_cave(const Params& params, Rng& rng);

// Classic/random/advanced world of a seed: draw_params then draw_cave from Rng(seed).
Cave generate(Mode mode, const AdvancedInput& in, uint64_t seed);

// Spec §4.2: parses and validates a map code. On failure, the spec's exact error message.
std::variant<Cave, std::string> parse_map_code(std::string_view text);

// Spec §4.1 export form: no spaces, "\n" separators, no trailing newline.
std::string to_map_code(const Cave& cave);

}  // namespace arena::wumpus
