#include "games/wumpus/rules.h"

#include <charconv>
#include <variant>

#include "games/wumpus/world.h"

namespace arena::wumpus {

std::string_view to_string(Action a) {
  switch (a) {
    case Action::go:
      return "go";
    case Action::rotateL:
      return "rotateL";
    case Action::rotateR:
      return "rotateR";
    case Action::shot:
      return "shot";
    case Action::grab:
      return "grab";
    case Action::exit:
      return "exit";
  }
  return "?";
}

char to_char(Dir d) {
  static constexpr char kChars[4] = {'N', 'E', 'S', 'W'};
  return kChars[static_cast<int>(d) & 3];
}

// Dir is numbered clockwise, so a right turn is +1 and a left turn is +3 (mod 4).
Dir rotate_left(Dir d) {
  return static_cast<Dir>((static_cast<int>(d) + 3) & 3);
}
Dir rotate_right(Dir d) {
  return static_cast<Dir>((static_cast<int>(d) + 1) & 3);
}

int dx(Dir d) {
  static constexpr int kDx[4] = {0, 1, 0, -1};
  return kDx[static_cast<int>(d) & 3];
}
int dy(Dir d) {
  static constexpr int kDy[4] = {1, 0, -1, 0};
  return kDy[static_cast<int>(d) & 3];
}

namespace {

constexpr std::array<std::string_view, 11> kEventNames = {
    "moved",       "bump",        "shot_kill", "shot_miss",    "no_arrow", "grabbed",
    "grab_failed", "exit_failed", "death_pit", "death_wumpus", "exit"};

constexpr std::array<std::string_view, 10> kReasonNames = {
    "none",       "exit_with_gold", "exit_without_gold", "death_pit", "death_wumpus",
    "turn_limit", "invalid_action", "extra_output",      "timeout",   "crash"};

constexpr int kDeathPenalty = 1000;
constexpr int kGoldBonus = 1000;
constexpr int kInvalidPenalty = 5000;
constexpr int kArrowCost = 15;

}  // namespace

std::vector<std::string_view> event_names(uint16_t events) {
  std::vector<std::string_view> names;
  for (size_t i = 0; i < kEventNames.size(); ++i) {
    if (events & (1u << i)) names.push_back(kEventNames[i]);
  }
  return names;
}

std::string_view to_string(EndReason r) {
  const auto i = static_cast<size_t>(r);
  return i < kReasonNames.size() ? kReasonNames[i] : "?";
}

Params Cave::params() const {
  return Params{width, height, pit_percent, static_cast<int>(wumpuses.size()), arrows};
}

State::State(const Cave& cave) : cave_(cave), arrows_(cave.arrows) {
  for (int w : cave_.wumpuses) {
    if (w >= 0 && w < kMaxCells) living_.set(w);
  }
}

Step State::apply(Action a) {
  Step step;
  if (is_over()) return step;  // defensive: the contract forbids it, but never corrupt the state
  score_ -= 1;
  ++actions_;
  const int x = cave_.x_of(pos_), y = cave_.y_of(pos_);
  switch (a) {
    case Action::go: {
      const int nx = x + dx(dir_), ny = y + dy(dir_);
      if (nx < 0 || ny < 0 || nx >= cave_.width || ny >= cave_.height) {
        step.events |= kBump;
        break;
      }
      pos_ = cave_.index(nx, ny);
      step.events |= kMoved;
      // Pit takes precedence over a living wumpus on the same cell (spec §2.4 step 4).
      if (cave_.pits.test(pos_)) {
        step.events |= kDeathPit;
      } else if (living_.test(pos_)) {
        step.events |= kDeathWumpus;
      }
      break;
    }
    case Action::rotateL:
      dir_ = rotate_left(dir_);
      break;
    case Action::rotateR:
      dir_ = rotate_right(dir_);
      break;
    case Action::shot: {
      if (arrows_ <= 0) {
        step.events |= kNoArrow;
        break;
      }
      --arrows_;
      score_ -= kArrowCost;
      // The arrow starts in the cell in front; pits and dead wumpuses do not stop it.
      int cx = x + dx(dir_), cy = y + dy(dir_);
      while (cx >= 0 && cy >= 0 && cx < cave_.width && cy < cave_.height) {
        const int c = cave_.index(cx, cy);
        if (living_.test(c)) {
          living_.reset(c);
          ++killed_;
          step.killed = c;
          break;
        }
        cx += dx(dir_);
        cy += dy(dir_);
      }
      step.events |= step.killed >= 0 ? kShotKill : kShotMiss;
      break;
    }
    case Action::grab:
      if (cave_.gold == pos_ && !has_gold_) {
        has_gold_ = true;
        step.events |= kGrabbed;
      } else {
        step.events |= kGrabFailed;
      }
      break;
    case Action::exit:
      if (pos_ == 0) {
        step.events |= kExit;
      } else {
        step.events |= kExitFailed;
      }
      break;
  }

  if (step.events & (kDeathPit | kDeathWumpus)) {
    alive_ = false;
    score_ -= kDeathPenalty;
    reason_ = (step.events & kDeathPit) ? EndReason::death_pit : EndReason::death_wumpus;
  } else if (step.events & kExit) {
    if (has_gold_) score_ += kGoldBonus;
    reason_ = has_gold_ ? EndReason::exit_with_gold : EndReason::exit_without_gold;
  }
  if (!is_over() && actions_ >= turn_limit()) {
    score_ -= kInvalidPenalty;
    reason_ = EndReason::turn_limit;
  }
  last_events_ = step.events;
  return step;
}

void State::end_invalid(EndReason reason) {
  if (is_over()) return;
  score_ -= kInvalidPenalty;
  reason_ = reason == EndReason::none ? EndReason::invalid_action : reason;
}

Percept State::percept() const {
  Percept p;
  const int x = cave_.x_of(pos_), y = cave_.y_of(pos_);
  p.stench = living_.test(pos_);
  // Four neighbour tests on bitsets: cheaper and simpler than precomputed masks.
  const auto look = [&](int nx, int ny) {
    if (nx < 0 || ny < 0 || nx >= cave_.width || ny >= cave_.height) return;
    const int c = cave_.index(nx, ny);
    p.breeze = p.breeze || cave_.pits.test(c);
    p.stench = p.stench || living_.test(c);
  };
  look(x, y + 1);
  look(x + 1, y);
  look(x, y - 1);
  look(x - 1, y);
  p.glitter = cave_.gold == pos_ && !has_gold_;
  p.scream = (last_events_ & kShotKill) != 0;
  p.bump = (last_events_ & kBump) != 0;
  return p;
}

// ---- serialisation -----------------------------------------------------------------------------
//
// Line-based "key value..." form; the map code rows are joined with '/' so that each key stays on
// one line. The wumpus order and the told pit percent are stored explicitly because the map code
// alone does not carry them (generation order, generation percent).

namespace {

void append_int(std::string& out, long long v) {
  char buf[24];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, end);
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (true) {
    const size_t p = s.find(sep, start);
    if (p == std::string_view::npos) {
      parts.push_back(s.substr(start));
      return parts;
    }
    parts.push_back(s.substr(start, p - start));
    start = p + 1;
  }
}

bool parse_int(std::string_view s, long long lo, long long hi, int* out) {
  long long v = 0;
  if (s.empty()) return false;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size() || v < lo || v > hi) return false;
  *out = static_cast<int>(v);
  return true;
}

}  // namespace

std::string State::serialize() const {
  std::string out = "wumpus-state 1\nmap ";
  std::string code = to_map_code(cave_);
  for (char& c : code) {
    if (c == '\n') c = '/';
  }
  out += code;
  out += "\npit_percent ";
  append_int(out, cave_.pit_percent);
  out += "\nwumpuses";
  for (int w : cave_.wumpuses) {
    out += ' ';
    append_int(out, w);
  }
  out += "\nhero ";
  append_int(out, pos_);
  out += ' ';
  out += to_char(dir_);
  out += ' ';
  append_int(out, arrows_);
  out += has_gold_ ? " 1 " : " 0 ";
  out += alive_ ? '1' : '0';
  out += "\nscore ";
  append_int(out, score_);
  out += "\nactions ";
  append_int(out, actions_);
  out += "\nkilled ";
  append_int(out, killed_);
  out += "\nliving";
  for (int c = 0; c < kMaxCells; ++c) {
    if (living_.test(c)) {
      out += ' ';
      append_int(out, c);
    }
  }
  out += "\nevents ";
  append_int(out, last_events_);
  out += "\nreason ";
  out += to_string(reason_);
  return out;
}

bool State::deserialize(std::string_view text, State* out, std::string* error) {
  auto fail = [&](std::string msg) {
    if (error) *error = "state: " + std::move(msg);
    return false;
  };
  if (!text.empty() && text.back() == '\n') text.remove_suffix(1);
  const auto lines = split(text, '\n');
  constexpr std::array<std::string_view, 11> kKeys = {
      "wumpus-state", "map",    "pit_percent", "wumpuses", "hero",  "score",
      "actions",      "killed", "living",      "events",   "reason"};
  if (lines.size() != kKeys.size()) return fail("expected 11 lines");
  std::array<std::vector<std::string_view>, 11> fields;
  for (size_t i = 0; i < kKeys.size(); ++i) {
    auto words = split(lines[i], ' ');
    if (words[0] != kKeys[i])
      return fail("line " + std::to_string(i + 1) + ": expected '" + std::string(kKeys[i]) + "'");
    words.erase(words.begin());
    fields[i] = std::move(words);
  }
  if (fields[0].size() != 1 || fields[0][0] != "1") return fail("unsupported version");
  if (fields[1].size() != 1) return fail("bad map");
  std::string code(fields[1][0]);
  for (char& c : code) {
    if (c == '/') c = '\n';
  }
  auto parsed = parse_map_code(code);
  if (auto* msg = std::get_if<std::string>(&parsed)) return fail(*msg);
  Cave cave = std::get<Cave>(std::move(parsed));

  if (fields[2].size() != 1 || !parse_int(fields[2][0], 0, 100, &cave.pit_percent)) {
    return fail("bad pit_percent");
  }
  // The explicit wumpus order must be a permutation of the map's wumpus cells.
  CellSet in_map, listed;
  for (int w : cave.wumpuses) in_map.set(w);
  if (fields[3].size() != cave.wumpuses.size()) return fail("wumpus list does not match the map");
  for (size_t i = 0; i < fields[3].size(); ++i) {
    int w = 0;
    if (!parse_int(fields[3][i], 0, cave.cells() - 1, &w) || !in_map.test(w) || listed.test(w)) {
      return fail("wumpus list does not match the map");
    }
    listed.set(w);
    cave.wumpuses[i] = w;
  }

  State s(cave);
  const auto& hero = fields[4];
  if (hero.size() != 5) return fail("bad hero");
  int has_gold = 0, alive = 0;
  if (!parse_int(hero[0], 0, cave.cells() - 1, &s.pos_)) return fail("bad hero position");
  if (hero[1].size() != 1) return fail("bad hero heading");
  switch (hero[1][0]) {
    case 'N':
      s.dir_ = Dir::N;
      break;
    case 'E':
      s.dir_ = Dir::E;
      break;
    case 'S':
      s.dir_ = Dir::S;
      break;
    case 'W':
      s.dir_ = Dir::W;
      break;
    default:
      return fail("bad hero heading");
  }
  if (!parse_int(hero[2], 0, cave.arrows, &s.arrows_)) return fail("bad arrows");
  if (!parse_int(hero[3], 0, 1, &has_gold) || !parse_int(hero[4], 0, 1, &alive)) {
    return fail("bad hero flags");
  }
  s.has_gold_ = has_gold != 0;
  s.alive_ = alive != 0;
  constexpr long long kBig = 1'000'000'000;
  if (fields[5].size() != 1 || !parse_int(fields[5][0], -kBig, kBig, &s.score_)) {
    return fail("bad score");
  }
  if (fields[6].size() != 1 || !parse_int(fields[6][0], 0, s.turn_limit(), &s.actions_)) {
    return fail("bad actions");
  }
  if (fields[7].size() != 1 ||
      !parse_int(fields[7][0], 0, static_cast<int>(cave.wumpuses.size()), &s.killed_)) {
    return fail("bad killed");
  }
  s.living_.reset();
  for (auto w : fields[8]) {
    int c = 0;
    if (!parse_int(w, 0, cave.cells() - 1, &c) || !in_map.test(c) || s.living_.test(c)) {
      return fail("bad living set");
    }
    s.living_.set(c);
  }
  if (static_cast<int>(s.living_.count()) + s.killed_ != static_cast<int>(cave.wumpuses.size())) {
    return fail("killed and living do not add up");
  }
  int events = 0;
  if (fields[9].size() != 1 ||
      !parse_int(fields[9][0], 0, (1 << kEventNames.size()) - 1, &events)) {
    return fail("bad events");
  }
  s.last_events_ = static_cast<uint16_t>(events);
  if (fields[10].size() != 1) return fail("bad reason");
  bool found = false;
  for (size_t i = 0; i < kReasonNames.size(); ++i) {
    if (fields[10][0] == kReasonNames[i]) {
      s.reason_ = static_cast<EndReason>(i);
      found = true;
    }
  }
  if (!found) return fail("bad reason");
  if (out) *out = std::move(s);
  return true;
}

}  // namespace arena::wumpus
