#include "games/dungeon/codec.h"

#include <bit>
#include <cstring>

#include "core/binary_codec.h"

namespace arena::dungeon {
namespace {

constexpr std::string_view kErrorNames[kNumErrorCodes] = {
    "FRAME_TOO_LARGE",    "EMPTY_FRAME",       "BAD_TAG",       "MALFORMED",    "GAME_STARTED",
    "ALREADY_REGISTERED", "ALREADY_COMMITTED", "NO_SUCH_NODE",  "NOT_ADJACENT", "FORBIDDEN_NODE",
    "NOT_MOVING",         "SOLUTION_PENDING",  "BAD_ASSIGNMENT"};

void put_u32(std::string& out, uint32_t v) {
  char b[4] = {static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8),
               static_cast<char>(v)};
  out.append(b, 4);
}
void put_i32(std::string& out, int32_t v) {
  put_u32(out, static_cast<uint32_t>(v));
}
void put_f64(std::string& out, double v) {
  auto u = std::bit_cast<uint64_t>(v);
  put_u32(out, static_cast<uint32_t>(u >> 32));
  put_u32(out, static_cast<uint32_t>(u));
}
void put_bool(std::string& out, bool v) {
  out.push_back(v ? 1 : 0);
}

// Opens a frame: a length placeholder and the tag. close_frame patches the length.
size_t open_frame(std::string& out, Tag tag) {
  size_t at = out.size();
  put_u32(out, 0);
  out.push_back(static_cast<char>(tag));
  return at;
}
void close_frame(std::string& out, size_t at) {
  auto n = static_cast<uint32_t>(out.size() - at - 4);
  for (int k = 0; k < 4; ++k) out[at + k] = static_cast<char>(n >> (24 - 8 * k));
}

DecodeError malformed(std::string detail) {
  // BinaryReader errors already start with "MALFORMED: "; keep only the detail.
  constexpr std::string_view prefix = "MALFORMED: ";
  if (detail.rfind(prefix, 0) == 0) detail.erase(0, prefix.size());
  return {ErrorCode::malformed, std::move(detail)};
}

DecodeError bad_tag(uint8_t tag, bool requests) {
  return {ErrorCode::bad_tag, "tag " + std::to_string(tag) + " is not a " +
                                  (requests ? "request (1, 2 or 3)" : "response (16..21)")};
}

}  // namespace

std::string_view error_name(ErrorCode c) {
  return kErrorNames[static_cast<int>(c)];
}

std::optional<ErrorCode> error_code_of(std::string_view message) {
  std::string_view code = message.substr(0, message.find(':'));
  for (int i = 0; i < kNumErrorCodes; ++i) {
    if (code == kErrorNames[i]) return static_cast<ErrorCode>(i);
  }
  return std::nullopt;
}

bool closes_connection(ErrorCode c) {
  return c == ErrorCode::frame_too_large || c == ErrorCode::empty_frame ||
         c == ErrorCode::bad_tag || c == ErrorCode::malformed || c == ErrorCode::game_started;
}

std::string DecodeError::message() const {
  std::string m(error_name(code));
  if (!detail.empty()) m += ": " + detail;
  return m;
}

void append_frame(std::string& out, const StartRequest& m) {
  size_t at = open_frame(out, Tag::start_request);
  put_i32(out, m.player);
  put_i32(out, m.agent);
  close_frame(out, at);
}

void append_frame(std::string& out, const MoveRequest& m) {
  size_t at = open_frame(out, Tag::move_request);
  put_i32(out, m.dest);
  close_frame(out, at);
}

void append_frame(std::string& out, const SatSolutionRequest& m) {
  size_t at = open_frame(out, Tag::sat_solution_request);
  put_u32(out, static_cast<uint32_t>(m.assignment.size()));
  for (uint8_t b : m.assignment) put_bool(out, b != 0);
  close_frame(out, at);
}

void append_frame(std::string& out, const DungeonResponse& m) {
  size_t at = open_frame(out, Tag::dungeon_response);
  put_i32(out, m.player);
  put_i32(out, m.agent);
  put_u32(out, static_cast<uint32_t>(m.nodes.size()));
  for (auto [x, y] : m.nodes) {
    put_f64(out, x);
    put_f64(out, y);
  }
  put_u32(out, static_cast<uint32_t>(m.edges.size()));
  for (auto [u, v] : m.edges) {
    put_i32(out, u);
    put_i32(out, v);
  }
  put_u32(out, static_cast<uint32_t>(m.npc_nodes.size()));
  for (int32_t n : m.npc_nodes) put_i32(out, n);
  put_i32(out, m.start0);
  put_i32(out, m.shrine0);
  put_i32(out, m.start1);
  put_i32(out, m.shrine1);
  close_frame(out, at);
}

void append_dungeon_response(std::string& out, const Dungeon& d, int player, int agent) {
  size_t at = open_frame(out, Tag::dungeon_response);
  put_i32(out, player);
  put_i32(out, agent);
  put_u32(out, static_cast<uint32_t>(d.x.size()));
  for (size_t i = 0; i < d.x.size(); ++i) {
    put_f64(out, d.x[i]);
    put_f64(out, d.y[i]);
  }
  put_u32(out, static_cast<uint32_t>(d.edges.size()));
  for (auto [u, v] : d.edges) {
    put_i32(out, u);
    put_i32(out, v);
  }
  put_u32(out, static_cast<uint32_t>(d.npc_nodes.size()));
  for (int n : d.npc_nodes) put_i32(out, n);
  put_i32(out, d.start[0]);
  put_i32(out, d.shrine[0]);
  put_i32(out, d.start[1]);
  put_i32(out, d.shrine[1]);
  close_frame(out, at);
}

void append_frame(std::string& out, const SatResponse& m) {
  size_t at = open_frame(out, Tag::sat_response);
  put_i32(out, m.num_switches);
  put_u32(out, static_cast<uint32_t>(m.lits.size() / 3));
  for (size_t i = 0; i + 2 < m.lits.size(); i += 3) {
    put_i32(out, m.lits[i]);
    put_i32(out, m.lits[i + 1]);
    put_i32(out, m.lits[i + 2]);
  }
  close_frame(out, at);
}

void append_sat_response(std::string& out, const Instance& inst) {
  size_t at = open_frame(out, Tag::sat_response);
  put_i32(out, inst.n);
  put_u32(out, static_cast<uint32_t>(inst.traps()));
  for (int32_t l : inst.lits) put_i32(out, l);
  close_frame(out, at);
}

void append_move_response(std::string& out, int location, bool success, const int32_t* killed,
                          size_t n_killed) {
  size_t at = open_frame(out, Tag::move_response);
  put_i32(out, location);
  put_bool(out, success);
  put_u32(out, static_cast<uint32_t>(n_killed));
  for (size_t i = 0; i < n_killed; ++i) put_i32(out, killed[i]);
  close_frame(out, at);
}

void append_frame(std::string& out, const MoveResponse& m) {
  append_move_response(out, m.location, m.success, m.killed.data(), m.killed.size());
}

void append_frame(std::string& out, const EnemyLocationResponse& m) {
  size_t at = open_frame(out, Tag::enemy_location_response);
  put_i32(out, m.who);
  put_i32(out, m.location);
  put_bool(out, m.seen);
  close_frame(out, at);
}

void append_frame(std::string& out, const GameOverResponse& m) {
  size_t at = open_frame(out, Tag::game_over_response);
  put_i32(out, m.winner);
  close_frame(out, at);
}

void append_frame(std::string& out, const ErrorMessageResponse& m) {
  size_t at = open_frame(out, Tag::error_message_response);
  put_u32(out, static_cast<uint32_t>(m.message.size()));
  out += m.message;
  close_frame(out, at);
}

void append_frame(std::string& out, const Request& m) {
  std::visit([&](const auto& x) { append_frame(out, x); }, m);
}

void append_frame(std::string& out, const Response& m) {
  std::visit([&](const auto& x) { append_frame(out, x); }, m);
}

ErrorMessageResponse make_error(ErrorCode c, std::string_view detail) {
  std::string m(error_name(c));
  if (!detail.empty()) {
    m += ": ";
    m += detail;
  }
  if (m.size() > kMaxErrorText) {
    size_t cut = kMaxErrorText;
    // Back up over UTF-8 continuation bytes so no character is split.
    while (cut > 0 && (static_cast<unsigned char>(m[cut]) & 0xC0) == 0x80) --cut;
    m.resize(cut);
  }
  return {std::move(m)};
}

std::variant<Request, DecodeError> decode_request(std::string_view body) {
  if (body.empty()) return DecodeError{ErrorCode::empty_frame, "length 0"};
  auto tag = static_cast<uint8_t>(body[0]);
  BinaryReader r(body.substr(1));
  Request out;
  switch (tag) {
    case 1: {
      StartRequest m;
      m.player = r.i32();
      m.agent = r.i32();
      out = m;
      break;
    }
    case 2:
      out = MoveRequest{r.i32()};
      break;
    case 3: {
      SatSolutionRequest m;
      uint32_t n = r.count(1);
      if (r.ok() && n != r.remaining()) {
        return malformed("vector count " + std::to_string(n) + " disagrees with the " +
                         std::to_string(r.remaining()) + " bytes left");
      }
      m.assignment.resize(n);
      for (uint32_t i = 0; i < n && r.ok(); ++i) m.assignment[i] = r.boolean() ? 1 : 0;
      out = std::move(m);
      break;
    }
    default:
      return bad_tag(tag, true);
  }
  if (!r.finish()) return malformed(r.error());
  return out;
}

std::variant<Response, DecodeError> decode_response(std::string_view body) {
  if (body.empty()) return DecodeError{ErrorCode::empty_frame, "length 0"};
  auto tag = static_cast<uint8_t>(body[0]);
  BinaryReader r(body.substr(1));
  Response out;
  switch (tag) {
    case 16: {
      DungeonResponse m;
      m.player = r.i32();
      m.agent = r.i32();
      m.nodes.resize(r.count(16));
      for (auto& [x, y] : m.nodes) {
        x = r.f64();
        y = r.f64();
      }
      m.edges.resize(r.count(8));
      for (auto& [u, v] : m.edges) {
        u = r.i32();
        v = r.i32();
      }
      m.npc_nodes.resize(r.count(4));
      for (auto& n : m.npc_nodes) n = r.i32();
      m.start0 = r.i32();
      m.shrine0 = r.i32();
      m.start1 = r.i32();
      m.shrine1 = r.i32();
      out = std::move(m);
      break;
    }
    case 17: {
      SatResponse m;
      m.num_switches = r.i32();
      m.lits.resize(static_cast<size_t>(r.count(12)) * 3);
      for (auto& l : m.lits) l = r.i32();
      out = std::move(m);
      break;
    }
    case 18: {
      MoveResponse m;
      m.location = r.i32();
      m.success = r.boolean();
      m.killed.resize(r.count(4));
      for (auto& k : m.killed) k = r.i32();
      out = std::move(m);
      break;
    }
    case 19: {
      EnemyLocationResponse m;
      m.who = r.i32();
      m.location = r.i32();
      m.seen = r.boolean();
      out = m;
      break;
    }
    case 20:
      out = GameOverResponse{r.i32()};
      break;
    case 21:
      out = ErrorMessageResponse{r.string()};
      break;
    default:
      return bad_tag(tag, false);
  }
  if (!r.finish()) return malformed(r.error());
  return out;
}

void FrameReader::feed(std::string_view bytes) {
  if (failed_) return;
  // Drop consumed bytes before growing, so the buffer holds at most one partial frame plus input.
  if (start_ > 0 && (start_ == buf_.size() || start_ >= buf_.size() / 2)) {
    buf_.erase(0, start_);
    start_ = 0;
  }
  buf_.append(bytes);
}

FrameReader::Next FrameReader::next() {
  Next n;
  if (failed_) {
    n.status = Next::Status::error;
    n.error = error_;
    return n;
  }
  if (buf_.size() - start_ < 4) return n;
  uint32_t len = 0;
  for (size_t k = 0; k < 4; ++k) len = (len << 8) | static_cast<unsigned char>(buf_[start_ + k]);
  if (len == 0 || len > max_) {
    failed_ = true;
    error_ = len == 0
                 ? DecodeError{ErrorCode::empty_frame, "length 0"}
                 : DecodeError{ErrorCode::frame_too_large, "length " + std::to_string(len) +
                                                               " exceeds " + std::to_string(max_)};
    buf_.clear();
    start_ = 0;
    return next();
  }
  if (buf_.size() - start_ - 4 < len) return n;
  n.status = Next::Status::frame;
  n.body = std::string_view(buf_).substr(start_ + 4, len);
  start_ += 4 + len;
  return n;
}

template <bool kRequests>
typename MessageReader<kRequests>::Next MessageReader<kRequests>::next() {
  Next n;
  if (!error_) {
    FrameReader::Next f = frames_.next();
    if (f.status == FrameReader::Next::Status::need_more) return n;
    if (f.status == FrameReader::Next::Status::error) {
      error_ = f.error;
    } else {
      auto d = [&] {
        if constexpr (kRequests) {
          return decode_request(f.body);
        } else {
          return decode_response(f.body);
        }
      }();
      if (auto* m = std::get_if<0>(&d)) {
        n.status = Next::Status::message;
        n.message = std::move(*m);
        return n;
      }
      error_ = std::get<DecodeError>(d);
    }
  }
  n.status = Next::Status::error;
  n.error = *error_;
  return n;
}

template class MessageReader<true>;
template class MessageReader<false>;

}  // namespace arena::dungeon
