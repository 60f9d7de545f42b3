// Dungeon Race spec §11: the records of a game's log, built in one place for the server that
// writes them and the replay check that derives them again (§11.3), so that the two can only
// differ when the game differs.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "games/dungeon/rules.h"

namespace arena::dungeon {

using Json = nlohmann::ordered_json;

// {"p": team, "a": agent number} of agent index `a`.
Json agent_json(int a);

// The derived records of one event (§11.2), in the order the server writes them: `solve` (with
// `assign`, the assignment as a string of '0'/'1'), then `pos`, `kill` and `cancel`. Only the
// fields of the record are filled ("ev" first); seq and time are the writer's.
void derived_records(const Effects& fx, const std::string& assign, std::vector<Json>& out);

// The assignment as §11.2 writes it.
std::string assign_text(const uint8_t* assignment, size_t n);

// The `result` record's fields (without seq and time) once the engine's game is over, or when it
// never began (reason "registration", Arena's own: see docs/dungeon.md).
Json result_record(const Engine& engine, int winner, const std::string& reason,
                   int64_t duration_ms);

// The header fields of §11.2 that follow from the seed and the parameters.
Json header_fields(const Dungeon& d, const Params& p);

// A record as a line of the replay container (`arena play`): {"type":"event", the record's
// fields}, its time in "ms", the container's one timing field, instead of "t_us".
Json container_event(const Json& record);

// Whether a record is the `result` record, which the container's result line carries instead.
bool is_result(const Json& record);

// The parameters as §3.5 names them (all of them, as strings).
Json params_json(const Params& p);

// `--log-instances` (§11.2): the instance as the `move` record carries it, `switches` (n) and
// `traps` (one [a, b, c] of literals per trap, in instance order).
void add_instance_fields(const Instance& inst, Json& move_record);

// `--log-frames` (§11.2): the fields of a `sent` record for one whole frame (length prefix
// included) sent by the server: `tag` (the message's name, e.g. "MoveResponse") and its decoded
// fields. The recipient is the caller's to add.
Json sent_fields(std::string_view frame);

}  // namespace arena::dungeon
