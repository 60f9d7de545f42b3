#include "games/dracula/view.h"

#include <algorithm>

#include "games/dracula/engine.h"

namespace arena::dracula {

View::View(std::string_view past_plays, std::span<const std::string> messages) {
  const size_t n = (past_plays.size() + 1) / 8;
  for (auto& m : moves_) m.reserve(n / 5 + 1);
  dracula_locs_.reserve(n / 5 + 1);
  // Only whole 7-character plays are read: a view trusts its string but must never overrun it.
  for (size_t i = 0; i * 8 + 7 <= past_plays.size(); ++i) {
    std::string_view p = past_plays.substr(i * 8, 7);
    const int seat = static_cast<int>(i % 5);
    if (seat == kDraculaSeat) {
      dracula_play(p);
    } else {
      hunter_play(seat, p);
    }
    ++plays_;
  }
  const size_t kept = std::min(messages.size(), static_cast<size_t>(plays_));
  messages_.assign(messages.begin(), messages.begin() + static_cast<std::ptrdiff_t>(kept));
}

void View::hunter_play(int h, std::string_view p) {
  const PlaceId place = code_to_id(p.substr(1, 2));
  moves_[h].push_back(place);
  int lp = lp_[h];
  if (hospital_ & (1u << h)) lp = kMaxLife, hospital_ &= ~(1u << h);
  const PlaceId start = hunter_loc_[h];
  hunter_loc_[h] = place;
  for (int c = 3; c < 7; ++c) {
    if (p[c] == 'T') {
      lp -= 2;
      // The oldest trap known to be here; else (inconsistent redacted input) the oldest unknown.
      auto it =
          std::find_if(traps_.begin(), traps_.end(), [&](const Trap& t) { return t.loc == place; });
      if (it == traps_.end())
        it = std::find_if(traps_.begin(), traps_.end(),
                          [](const Trap& t) { return !is_real(t.loc); });
      if (it != traps_.end()) traps_.erase(it);
    } else if (p[c] == 'V') {
      vampire_ = kNowhere;
    } else if (p[c] == 'D') {
      lp -= 4;
      blood_ -= 10;
    }
  }
  if (lp <= 0) {
    lp = 0;
    hunter_loc_[h] = kHospital;
    hospital_ |= 1u << h;
    score_ -= 6;
  } else if (start == place) {
    lp = std::min(kMaxLife, lp + 3);
  }
  lp_[h] = lp;
}

void View::dracula_play(std::string_view p) {
  const int r = static_cast<int>(dracula_locs_.size());
  PlaceId code = code_to_id(p.substr(1, 2));
  PlaceId loc = kNowhere;
  if (is_real(code) || code == kCityUnknown || code == kSeaUnknown) {
    loc = code;
  } else if (code == kHide) {
    if (r >= 1) loc = dracula_locs_[r - 1];
  } else if (is_double_back(code)) {
    const int k = code - kDoubleBack1 + 1;
    if (r >= k) loc = dracula_locs_[r - k];
  } else if (code == kTeleport) {
    loc = kCastleDracula;
  }
  moves_[kDraculaSeat].push_back(code);
  dracula_locs_.push_back(loc);
  if (p[5] == 'M') {
    auto it =
        std::find_if(traps_.begin(), traps_.end(), [&](const Trap& t) { return t.round == r - 6; });
    if (it != traps_.end()) traps_.erase(it);
  } else if (p[5] == 'V') {
    vampire_ = kNowhere;
    score_ -= 13;
  }
  if (is_sea(loc)) blood_ -= 2;
  if (loc == kCastleDracula) blood_ += 10;
  if (p[3] == 'T') traps_.push_back({is_real(loc) ? loc : kCityUnknown, r});
  if (p[4] == 'V') vampire_ = is_real(loc) ? loc : kCityUnknown;
  score_ -= 1;
}

int View::health(int player) const {
  if (player == kDraculaSeat) return std::max(0, blood_);
  if (player < 0 || player > 3) return 0;
  if (hospital_ & (1u << player)) return this->player() == player ? kMaxLife : 0;
  return lp_[player];
}

PlaceId View::location(int player) const {
  if (player >= 0 && player < 4) return hunter_loc_[player];
  if (player == kDraculaSeat && !dracula_locs_.empty()) return dracula_locs_.back();
  return kNowhere;
}

PlaceList View::trap_locations() const {
  PlaceList out;
  for (const Trap& t : traps_)
    if (is_real(t.loc)) out.push(t.loc);
  return out;
}

std::span<const PlaceId> View::move_history(int player) const {
  if (player < 0 || player > 4) return {};
  return moves_[player];
}

std::span<const PlaceId> View::last_moves(int player, int n) const {
  auto all = move_history(player);
  const size_t k = std::min(all.size(), static_cast<size_t>(std::max(0, n)));
  return all.subspan(all.size() - k);
}

std::span<const PlaceId> View::location_history(int player) const {
  if (player == kDraculaSeat) return dracula_locs_;
  return move_history(player);
}

std::span<const PlaceId> View::last_locations(int player, int n) const {
  auto all = location_history(player);
  const size_t k = std::min(all.size(), static_cast<size_t>(std::max(0, n)));
  return all.subspan(all.size() - k);
}

PlaceList View::reachable(int player, int round, PlaceId from, uint8_t mask) {
  if (!is_real(from) || player < 0 || player > 4 || round < 0) return {};
  if (player == kDraculaSeat) return PlaceList::of(dracula_reach(from, mask));
  return PlaceList::of(hunter_reach(player, round, from, mask));
}

PlaceId View::last_known_dracula_location(int* round) const {
  for (int i = static_cast<int>(dracula_locs_.size()) - 1; i >= 0; --i) {
    if (is_real(dracula_locs_[i])) {
      if (round) *round = i;
      return dracula_locs_[i];
    }
  }
  return kNowhere;
}

PlaceList View::shortest_path(int hunter, PlaceId dest) const {
  PlaceList out;
  if (hunter < 0 || hunter > 3 || !is_real(dest)) return out;
  if (moves_[hunter].empty()) {
    out.push(dest);
    return out;
  }
  const PlaceId from = hunter_loc_[hunter];
  const int start_round = hunter >= player() ? round() : round() + 1;
  std::array<PlaceId, kNumPlaces> path;
  const int len = hunter_shortest_path(from, dest, rail_allowance(start_round, hunter), path);
  for (int i = 0; i < len; ++i) out.push(path[i]);
  return out;
}

PlaceList View::where_can_they_go(int player, uint8_t mask) const {
  if (player < 0 || player > 4 || moves_[player].empty()) return {};
  const PlaceId from = location(player);
  if (player == kDraculaSeat) return PlaceList::of(dracula_reach(from, mask));
  const int r = player >= this->player() ? round() : round() + 1;
  return PlaceList::of(hunter_reach(player, r, from, mask));
}

PlaceList View::dracula_valid_moves() const {
  PlaceList out;
  const int n = static_cast<int>(dracula_locs_.size());
  if (n == 0) return out;
  const int count = std::min(5, n);
  int8_t codes[5], locs[5];
  for (int i = 0; i < count; ++i) {
    // Unknown locations (a redacted string) become NOWHERE, which no move can lead to.
    const PlaceId c = moves_[kDraculaSeat][n - 1 - i], l = dracula_locs_[n - 1 - i];
    codes[i] = static_cast<int8_t>(c);
    locs[i] = static_cast<int8_t>(is_real(l) ? l : kNowhere);
  }
  MoveList moves;
  dracula_moves_from(n, codes, locs, count, moves);
  for (Move m : moves) out.push(m.id);
  return out;
}

PlaceList View::dracula_where_can_i_go(uint8_t mask) const {
  const int n = static_cast<int>(dracula_locs_.size());
  if (n == 0) return {};
  const PlaceId c = dracula_locs_.back();
  if (!is_real(c)) return {};
  const MapTables& m = map();
  PlaceSet allowed = PlaceSet::of(c);
  if (mask & kByRoad) allowed |= m.road[c];
  if (mask & kByBoat) allowed |= m.boat[c];
  PlaceSet dest;
  for (PlaceId mv : dracula_valid_moves()) {
    PlaceId d = mv;
    if (mv == kHide) d = c;
    if (is_double_back(mv)) d = dracula_locs_[n - (mv - kDoubleBack1 + 1)];
    if (is_real(d) && allowed.test(d)) dest.set(d);
  }
  return PlaceList::of(dest);
}

PlaceList View::dracula_where_can_they_go(int player, uint8_t mask) const {
  if (player == kDraculaSeat) return dracula_where_can_i_go(mask);
  return where_can_they_go(player, mask);
}

std::string_view View::message(int play) const {
  if (play < 0 || play >= static_cast<int>(messages_.size())) return {};
  return messages_[play];
}

}  // namespace arena::dracula
