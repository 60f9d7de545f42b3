// Dungeon Race spec §8: the binary frames. Every message, its encoding, the error codes, the
// limits, and an incremental frame reader that never trusts its input: every malformed frame
// gives the precise code of §8.5 with a detail, never a crash or undefined behaviour, and half a
// frame simply waits for more bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "games/dungeon/dungeon.h"
#include "games/dungeon/traps.h"

namespace arena::dungeon {

inline constexpr size_t kMaxFrame = 4 * 1024 * 1024;
inline constexpr size_t kMaxOutputQueue = 16 * 1024 * 1024;
inline constexpr size_t kMaxErrorText = 1024;

enum class Tag : uint8_t {
  start_request = 1,
  move_request = 2,
  sat_solution_request = 3,
  dungeon_response = 16,
  sat_response = 17,
  move_response = 18,
  enemy_location_response = 19,
  game_over_response = 20,
  error_message_response = 21,
};

// §8.5, in the table's order.
enum class ErrorCode : uint8_t {
  frame_too_large,
  empty_frame,
  bad_tag,
  malformed,
  game_started,
  already_registered,
  already_committed,
  no_such_node,
  not_adjacent,
  forbidden_node,
  not_moving,
  solution_pending,
  bad_assignment,
};
inline constexpr int kNumErrorCodes = 13;
std::string_view error_name(ErrorCode c);  // "NOT_ADJACENT"
// The code an ErrorMessageResponse text starts with ("CODE" or "CODE: detail"), if any.
std::optional<ErrorCode> error_code_of(std::string_view message);
// Framing errors and GAME_STARTED close the connection after the response (§8.5).
bool closes_connection(ErrorCode c);

struct StartRequest {
  int32_t player = 0, agent = 0;
  bool operator==(const StartRequest&) const = default;
};
struct MoveRequest {
  int32_t dest = 0;
  bool operator==(const MoveRequest&) const = default;
};
struct SatSolutionRequest {
  std::vector<uint8_t> assignment;  // 0 or 1 per switch; element i is switch i + 1
  bool operator==(const SatSolutionRequest&) const = default;
};
using Request = std::variant<StartRequest, MoveRequest, SatSolutionRequest>;

struct DungeonResponse {
  int32_t player = 0, agent = 0;
  std::vector<std::pair<double, double>> nodes;
  std::vector<std::pair<int32_t, int32_t>> edges;
  std::vector<int32_t> npc_nodes;
  int32_t start0 = 0, shrine0 = 0, start1 = 0, shrine1 = 0;
  bool operator==(const DungeonResponse&) const = default;
};
struct SatResponse {
  int32_t num_switches = 0;
  std::vector<int32_t> lits;  // three per trap, in instance order
  bool operator==(const SatResponse&) const = default;
};
struct MoveResponse {
  int32_t location = 0;
  bool success = false;
  std::vector<int32_t> killed;
  bool operator==(const MoveResponse&) const = default;
};
struct EnemyLocationResponse {
  int32_t who = 0, location = 0;
  bool seen = false;
  bool operator==(const EnemyLocationResponse&) const = default;
};
struct GameOverResponse {
  int32_t winner = 0;
  bool operator==(const GameOverResponse&) const = default;
};
struct ErrorMessageResponse {
  std::string message;
  bool operator==(const ErrorMessageResponse&) const = default;
};
using Response = std::variant<DungeonResponse, SatResponse, MoveResponse, EnemyLocationResponse,
                              GameOverResponse, ErrorMessageResponse>;

// Appends one whole frame (length prefix included) to `out`. Appending into a reused buffer
// allocates nothing once its capacity suffices.
void append_frame(std::string& out, const StartRequest& m);
void append_frame(std::string& out, const MoveRequest& m);
void append_frame(std::string& out, const SatSolutionRequest& m);
void append_frame(std::string& out, const DungeonResponse& m);
void append_frame(std::string& out, const SatResponse& m);
void append_frame(std::string& out, const MoveResponse& m);
void append_frame(std::string& out, const EnemyLocationResponse& m);
void append_frame(std::string& out, const GameOverResponse& m);
void append_frame(std::string& out, const ErrorMessageResponse& m);
void append_frame(std::string& out, const Request& m);
void append_frame(std::string& out, const Response& m);
template <typename M>
std::string encode(const M& m) {
  std::string out;
  append_frame(out, m);
  return out;
}

// Straight from the engine's data, without building the message structs.
void append_dungeon_response(std::string& out, const Dungeon& d, int player, int agent);
void append_sat_response(std::string& out, const Instance& inst);
void append_move_response(std::string& out, int location, bool success, const int32_t* killed,
                          size_t n_killed);
// "CODE" or "CODE: detail", cut to at most kMaxErrorText bytes (never inside a UTF-8 character).
ErrorMessageResponse make_error(ErrorCode c, std::string_view detail = {});

struct DecodeError {
  ErrorCode code = ErrorCode::malformed;
  std::string detail;
  std::string message() const;  // "CODE: detail"
};

// Decode one frame body (tag + fields, without the length prefix).
std::variant<Request, DecodeError> decode_request(std::string_view body);
std::variant<Response, DecodeError> decode_response(std::string_view body);

// Incremental framing (§8.1, §8.4): feed bytes as they arrive; next() yields one body at a time.
// A bad length (0, or over the limit) is fatal and latched, judged before any of the body is
// waited for; the body of an over-long frame is never read.
class FrameReader {
 public:
  explicit FrameReader(size_t max_frame = kMaxFrame) : max_(max_frame) {}

  struct Next {
    enum class Status { frame, need_more, error } status = Status::need_more;
    std::string_view body;  // Status::frame: valid until the next feed() or next()
    DecodeError error;      // Status::error
  };

  void feed(std::string_view bytes);
  Next next();
  bool failed() const { return failed_; }
  size_t buffered() const { return buf_.size() - start_; }

 private:
  std::string buf_;
  size_t start_ = 0;
  size_t max_;
  bool failed_ = false;
  DecodeError error_;
};

// A FrameReader whose frames are decoded as requests (server side) or responses (client side).
// Any decode error is fatal for the connection (§8.5: all close it), so it is latched too.
template <bool kRequests>
class MessageReader {
 public:
  using Message = std::conditional_t<kRequests, Request, Response>;
  struct Next {
    enum class Status { message, need_more, error } status = Status::need_more;
    Message message;
    DecodeError error;
  };
  void feed(std::string_view bytes) { frames_.feed(bytes); }
  Next next();

 private:
  FrameReader frames_;
  std::optional<DecodeError> error_;
};
using RequestReader = MessageReader<true>;
using ResponseReader = MessageReader<false>;

}  // namespace arena::dungeon
