#include "games/dracula/engine.h"

#include <algorithm>

namespace arena::dracula {
namespace {

// Reveals trail[i] and, through HIDE and DOUBLE_BACK, the moves it refers to (§3.4 propagation).
void reveal(GameState& s, int i) {
  while (i < s.trail_len) {
    TrailEntry& e = s.trail[i];
    e.revealed = true;
    if (e.move == kHide) {
      i += 1;
    } else if (is_double_back(e.move)) {
      i += e.move - kDoubleBack1 + 1;
    } else {
      break;
    }
  }
}

void end_checks(GameState& s) {
  if (s.blood <= 0) {
    s.winner = Winner::kHunters;
  } else if (s.score <= 0) {
    s.winner = Winner::kDracula;
  }
}

PlayText apply_hunter(GameState& s, PlaceId p) {
  const int h = s.player();
  const int round = s.round();
  PlayText t;
  std::fill(t.c.begin(), t.c.begin() + 7, '.');
  t.c[0] = kSeatLetters[h];
  t.c[1] = kPlaces[p].code[0];
  t.c[2] = kPlaces[p].code[1];
  int lp = s.hunter_lp[h];
  if (s.hospital & (1u << h)) {  // recovery (§2.6 step 1)
    lp = kMaxLife;
    s.hospital &= static_cast<uint8_t>(~(1u << h));
  }
  const PlaceId start = s.hunter_loc[h];
  s.hunter_loc[h] = static_cast<int8_t>(p);
  const bool land = kPlaces[p].type == PlaceType::kLand;
  if (land) {
    for (int i = 0; i < s.trail_len; ++i)
      if (s.trail[i].loc == p) reveal(s, i);
  }
  int c = 3;
  for (int i = s.trail_len - 1; i >= 0 && lp > 0; --i) {  // traps, oldest first
    TrailEntry& e = s.trail[i];
    if (e.alive && e.placed == Encounter::kTrap && e.loc == p) {
      lp -= 2;
      e.alive = false;
      t.c[c++] = 'T';
    }
  }
  if (lp > 0) {
    for (int i = 0; i < s.trail_len; ++i) {
      TrailEntry& e = s.trail[i];
      if (e.alive && e.placed == Encounter::kVampire && e.loc == p) {
        e.alive = false;
        t.c[c++] = 'V';
      }
    }
  }
  if (lp > 0 && land && s.trail_len && s.trail[0].loc == p) {
    lp -= 4;
    s.blood = static_cast<int16_t>(s.blood - 10);
    t.c[c++] = 'D';
  }
  if (lp <= 0) {  // hospital (§2.6 step 6); research counter unchanged
    lp = 0;
    s.hunter_loc[h] = kHospital;
    s.hospital |= static_cast<uint8_t>(1u << h);
    s.score = static_cast<int16_t>(s.score - 6);
  } else if (start == p) {  // rest
    lp = std::min(kMaxLife, lp + 3);
    if (++s.research == 4) {
      if (round >= 6 && s.trail_len == kTrailSize) reveal(s, kTrailSize - 1);
      s.research = 3;
    }
  } else {
    s.research = 0;
  }
  s.hunter_lp[h] = static_cast<int8_t>(lp);
  ++s.plays;
  end_checks(s);
  return t;
}

PlayText apply_dracula(GameState& s, Move m) {
  const int round = s.round();
  PlayText t;
  std::fill(t.c.begin(), t.c.begin() + 7, '.');
  t.c[0] = 'D';
  std::string_view code = m.code();
  t.c[1] = code[0];
  t.c[2] = code[1];
  if (s.trail_len == kTrailSize) {  // trail expiry (§2.8 step 2)
    const TrailEntry& old = s.trail[kTrailSize - 1];
    if (old.alive && old.placed == Encounter::kTrap) t.c[5] = 'M';
    if (old.alive && old.placed == Encounter::kVampire) {
      t.c[5] = 'V';
      s.score = static_cast<int16_t>(s.score - 13);
    }
  }
  PlaceId loc;
  if (m.is_location()) {
    loc = m.id;
  } else if (m.id == kHide) {
    loc = s.trail[0].loc;
  } else if (int k = m.double_back()) {
    loc = s.trail[k - 1].loc;
  } else {
    loc = kCastleDracula;
  }
  for (int i = std::min<int>(s.trail_len, kTrailSize - 1); i > 0; --i) s.trail[i] = s.trail[i - 1];
  s.trail_len = static_cast<uint8_t>(std::min(kTrailSize, s.trail_len + 1));
  TrailEntry& e = s.trail[0];
  e = TrailEntry{};
  e.move = m.id;
  e.loc = static_cast<int8_t>(loc);
  const bool land = kPlaces[loc].type == PlaceType::kLand;
  if (!land) {
    s.blood = static_cast<int16_t>(s.blood - 2);
  } else if (s.encounters_at(loc) < 3) {
    e.placed = round % 13 == 0 ? Encounter::kVampire : Encounter::kTrap;
    e.alive = true;
    t.c[e.placed == Encounter::kTrap ? 3 : 4] = e.placed == Encounter::kTrap ? 'T' : 'V';
  }
  if (loc == kCastleDracula) s.blood = static_cast<int16_t>(s.blood + 10);
  s.score = static_cast<int16_t>(s.score - 1);
  bool seen = loc == kCastleDracula;
  for (int h = 0; h < 4 && land; ++h) seen = seen || s.hunter_loc[h] == loc;
  if (seen) reveal(s, 0);
  ++s.plays;
  end_checks(s);
  return t;
}

}  // namespace

Move parse_move(std::string_view code) {
  PlaceId id = code_to_id(code);
  if (is_real(id) || id == kHide || is_double_back(id) || id == kTeleport) return Move(id);
  return Move();
}

bool MoveList::contains(Move m) const {
  return std::find(begin(), end(), m) != end();
}

int GameState::encounters_at(PlaceId p) const {
  int n = 0;
  for (int i = 0; i < trail_len; ++i) n += trail[i].alive && trail[i].loc == p;
  return n;
}

PlaceId GameState::vampire_loc() const {
  for (int i = 0; i < trail_len; ++i)
    if (trail[i].alive && trail[i].placed == Encounter::kVampire) return trail[i].loc;
  return kNowhere;
}

int GameState::health(int seat) const {
  if (seat == kDraculaSeat) return std::max<int>(0, blood);
  if (seat < 0 || seat > 3) return 0;
  if (hospital & (1u << seat)) return player() == seat ? kMaxLife : 0;
  return hunter_lp[seat];
}

void dracula_moves_from(int n, const int8_t* codes, const int8_t* locs, int count, MoveList& out) {
  out.n = 0;
  if (n == 0) {
    for (PlaceId p = 0; p < kNumPlaces; ++p)
      if (p != kHospital) out.push(Move(p));
    return;
  }
  const PlaceId c = locs[0];
  if (!is_real(c)) return;
  const PlaceSet& adj = map().dracula_adj[c];
  PlaceSet used;
  bool hide_used = false, db_used = false;
  for (int i = 0; i < count; ++i) {
    if (is_real(codes[i])) used.set(codes[i]);
    hide_used = hide_used || codes[i] == kHide;
    db_used = db_used || is_double_back(codes[i]);
  }
  adj.without(used).for_each([&](PlaceId p) { out.push(Move(p)); });
  if (!db_used) {
    for (int k = 1; k <= std::min(5, count); ++k)
      if (is_real(locs[k - 1]) && adj.test(locs[k - 1])) out.push(Move(kDoubleBack1 + k - 1));
  }
  if (!hide_used && kPlaces[c].type == PlaceType::kLand) out.push(Move(kHide));
}

void legal_moves(const GameState& s, MoveList& out) {
  out.n = 0;
  if (s.is_over()) return;
  const int seat = s.player();
  if (seat != kDraculaSeat) {
    const PlaceId from = s.hunter_loc[seat];
    if (from == kNowhere) {
      for (PlaceId p = 0; p < kNumPlaces; ++p) out.push(Move(p));
    } else {
      map().hunter_moves[rail_allowance(s.round(), seat)][from].for_each(
          [&](PlaceId p) { out.push(Move(p)); });
    }
    return;
  }
  const int count = std::min<int>(5, s.trail_len);
  int8_t codes[5], locs[5];
  for (int i = 0; i < count; ++i) codes[i] = s.trail[i].move, locs[i] = s.trail[i].loc;
  dracula_moves_from(s.dracula_moves(), codes, locs, count, out);
  if (out.empty()) out.push(Move(kTeleport));
}

bool is_legal(const GameState& s, Move m) {
  if (s.is_over()) return false;
  const int seat = s.player();
  if (seat != kDraculaSeat) {
    if (!m.is_location()) return false;
    const PlaceId from = s.hunter_loc[seat];
    return from == kNowhere || map().hunter_moves[rail_allowance(s.round(), seat)][from].test(m.id);
  }
  MoveList moves;
  legal_moves(s, moves);
  return moves.contains(m);
}

PlayText apply(GameState& s, Move m) {
  if (s.player() == kDraculaSeat) return apply_dracula(s, m);
  return apply_hunter(s, m.id);
}

}  // namespace arena::dracula
