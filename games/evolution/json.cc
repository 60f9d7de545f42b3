#include "games/evolution/json.h"

namespace arena::evolution {
namespace {

[[noreturn]] void fail(const std::string& where, const std::string& what) {
  throw JsonShapeError(where.empty() ? what : where + ": " + what);
}

std::string brief(const Json& j) {
  std::string s = j.dump();
  if (s.size() > 40) s = s.substr(0, 37) + "...";
  return s;
}

const Json& array_of(const Json& j, const std::string& where, size_t lo, size_t hi) {
  if (!j.is_array()) fail(where, "expected an array, got " + brief(j));
  if (j.size() < lo || j.size() > hi) {
    fail(where,
         "expected " +
             (lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi)) +
             " elements, got " + std::to_string(j.size()));
  }
  return j;
}

const Json& any_array(const Json& j, const std::string& where) {
  if (!j.is_array()) fail(where, "expected an array, got " + brief(j));
  return j;
}

// An integer in [lo, hi]; fractions, exponents beyond integers, booleans and strings are refused.
int64_t integer(const Json& j, const std::string& where, int64_t lo, int64_t hi) {
  if (j.is_number_unsigned()) {
    const uint64_t v = j.get<uint64_t>();
    if (v <= static_cast<uint64_t>(hi) && static_cast<int64_t>(v) >= lo)
      return static_cast<int64_t>(v);
  } else if (j.is_number_integer()) {
    const int64_t v = j.get<int64_t>();
    if (v >= lo && v <= hi) return v;
  }
  fail(where, "expected an integer " + std::to_string(lo) + ".." +
                  (hi == INT64_MAX ? std::string("") : std::to_string(hi)) + ", got " + brief(j));
}

int64_t natural(const Json& j, const std::string& where) {
  return integer(j, where, 0, INT64_MAX);
}

// A natural used as an index: values past kIndexCap are kept as kIndexCap, never a valid index.
int index_natural(const Json& j, const std::string& where) {
  if (j.is_number_unsigned() && j.get<uint64_t>() > static_cast<uint64_t>(kIndexCap))
    return kIndexCap;
  return static_cast<int>(integer(j, where, 0, kIndexCap));
}

const Json& pair_value(const Json& j, const std::string& where, const char* key) {
  const std::string w = where + (where.empty() ? "" : ": ") + key;
  array_of(j, w, 2, 2);
  if (!j[0].is_string() || j[0].get<std::string>() != key)
    fail(w, std::string("expected the key \"") + key + "\", got " + brief(j[0]));
  return j[1];
}

Trait trait_from(const Json& j, const std::string& where) {
  if (!j.is_string()) fail(where, "expected a trait name, got " + brief(j));
  auto t = parse_trait(j.get<std::string>());
  if (!t) fail(where, "unknown trait " + brief(j));
  return *t;
}

std::string at(const std::string& where, const char* what, size_t i) {
  return where + (where.empty() ? "" : ": ") + what + " " + std::to_string(i);
}

Json growth_labelled(const char* label, const std::vector<Growth>& gs) {
  Json out = Json::array();
  for (const Growth& g : gs) out.push_back(Json::array({label, g.board, g.card}));
  return out;
}

Json growth_pairs(const std::vector<Growth>& gs) {
  Json out = Json::array();
  for (const Growth& g : gs) out.push_back(Json::array({g.board, g.card}));
  return out;
}

std::vector<Growth> growths_from(const Json& j, const std::string& where, const char* label,
                                 GrowthForm form) {
  std::vector<Growth> out;
  any_array(j, where);
  for (size_t i = 0; i < j.size(); ++i) {
    const std::string w = at(where, "entry", i);
    const Json& e = j[i];
    if (e.is_array() && e.size() == 3 && form != GrowthForm::pairs) {
      if (!e[0].is_string() || e[0].get<std::string>() != label)
        fail(w, std::string("expected the label \"") + label + "\", got " + brief(e[0]));
      out.push_back({index_natural(e[1], w), index_natural(e[2], w)});
    } else if (e.is_array() && e.size() == 2 && form != GrowthForm::labelled) {
      out.push_back({index_natural(e[0], w), index_natural(e[1], w)});
    } else {
      fail(w, std::string(form == GrowthForm::pairs ? "expected [board, card]"
                          : form == GrowthForm::labelled
                              ? "expected [\"" + std::string(label) + "\", board, card]"
                              : "expected a growth entry") +
                  ", got " + brief(e));
    }
  }
  return out;
}

}  // namespace

Json parse_json_text(std::string_view text) {
  // Nesting is bounded first, so that no later recursion (destructors, readers) can run deep.
  size_t depth = 0;
  bool in_string = false, escaped = false;
  for (char ch : text) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (ch == '\\')
        escaped = true;
      else if (ch == '"')
        in_string = false;
    } else if (ch == '"') {
      in_string = true;
    } else if (ch == '[' || ch == '{') {
      if (++depth > 256) throw JsonShapeError("JSON nested too deeply");
    } else if ((ch == ']' || ch == '}') && depth > 0) {
      --depth;
    }
  }
  Json j = Json::parse(text.begin(), text.end(), nullptr, false);
  if (j.is_discarded()) throw JsonShapeError("not a JSON value");
  return j;
}

// ---- writers ----

Json species_to_json(const Species& s) {
  Json traits = Json::array();
  for (Trait t : s.traits()) traits.push_back(std::string(trait_name(t)));
  Json out =
      Json::array({Json::array({"food", s.food}), Json::array({"body", s.body}),
                   Json::array({"population", s.population}), Json::array({"traits", traits})});
  if (s.has(Trait::fat_tissue) && s.fat_food > 0)
    out.push_back(Json::array({"fat-food", s.fat_food}));
  return out;
}

Json boards_to_json(const Boards& b) {
  Json out = Json::array();
  for (const Species& s : b) out.push_back(species_to_json(s));
  return out;
}

Json lob_to_json(const Lob& l) {
  Json out = Json::array();
  for (const Boards& b : l) out.push_back(boards_to_json(b));
  return out;
}

Json card_to_json(const Card& c) {
  return Json::array({c.value, std::string(trait_name(c.trait))});
}

Json cards_to_json(const Hand& h) {
  Json out = Json::array();
  for (const Card& c : h) out.push_back(card_to_json(c));
  return out;
}

Json player_to_json(const PlayerState& p) {
  Json out =
      Json::array({Json::array({"id", p.id}), Json::array({"species", boards_to_json(p.boards)}),
                   Json::array({"bag", p.bag})});
  if (!p.hand.empty()) out.push_back(Json::array({"cards", cards_to_json(p.hand)}));
  return out;
}

Json configuration_to_json(const Configuration& c) {
  Json players = Json::array();
  for (const PlayerState& p : c.players) players.push_back(player_to_json(p));
  return Json::array({players, c.watering_hole, cards_to_json(c.deck)});
}

static Json action4_common(const Action4& a, Json gp, Json gb) {
  Json bt = Json::array();
  for (const auto& b : a.bt) bt.push_back(b);
  Json rt = Json::array();
  for (const ReplaceTrait& r : a.rt) rt.push_back(Json::array({r.board, r.trait, r.card}));
  return Json::array({a.food_card, std::move(gp), std::move(gb), std::move(bt), std::move(rt)});
}

Json action4_to_json(const Action4& a) {
  return action4_common(a, growth_labelled("population", a.gp), growth_labelled("body", a.gb));
}

Json remote_action4_to_json(const Action4& a) {
  return action4_common(a, growth_pairs(a.gp), growth_pairs(a.gb));
}

Json feeding_choice_to_json(const FeedingChoice& c) {
  switch (c.kind) {
    case FeedingChoice::Kind::decline:
      return false;
    case FeedingChoice::Kind::feed:
      return c.s;
    case FeedingChoice::Kind::store_fat:
      return Json::array({c.s, c.n});
    case FeedingChoice::Kind::attack:
      return Json::array({c.s, c.p, c.d});
  }
  return false;
}

Json start_message(int64_t watering_hole, int64_t bag, const Boards& boards, const Hand& cards) {
  return Json::array({watering_hole, bag, boards_to_json(boards), cards_to_json(cards)});
}

Json choose_message(const Lob& before, const Lob& after) {
  return Json::array({lob_to_json(before), lob_to_json(after)});
}

Json state_message(int64_t bag, const Boards& boards, const Hand& cards, int64_t watering_hole,
                   const Lob& others) {
  return Json::array(
      {bag, boards_to_json(boards), cards_to_json(cards), watering_hole, lob_to_json(others)});
}

// ---- readers ----

Species species_from_json(const Json& j) {
  const std::string where = "species";
  array_of(j, where, 4, 5);
  Species s;
  s.food =
      static_cast<int8_t>(integer(pair_value(j[0], where, "food"), where + ": food", 0, kMaxSize));
  s.body =
      static_cast<int8_t>(integer(pair_value(j[1], where, "body"), where + ": body", 0, kMaxSize));
  s.population = static_cast<int8_t>(
      integer(pair_value(j[2], where, "population"), where + ": population", 0, kMaxSize));
  const Json& traits = pair_value(j[3], where, "traits");
  array_of(traits, where + ": traits", 0, kMaxTraits);
  for (size_t i = 0; i < traits.size(); ++i) {
    const Trait t = trait_from(traits[i], at(where + ": traits", "element", i));
    if (s.has(t))
      fail(where + ": traits", "trait " + std::string(trait_name(t)) + " appears twice");
    s.add_trait(t);
  }
  if (j.size() == 5) {
    const int64_t fat =
        integer(pair_value(j[4], where, "fat-food"), where + ": fat-food", 0, kMaxSize);
    // Meaningless (and ignored) on a board without fat-tissue (§6 Species+).
    if (s.has(Trait::fat_tissue)) s.fat_food = static_cast<int8_t>(fat);
  }
  return s;
}

Boards boards_from_json(const Json& j) {
  any_array(j, "species list");
  Boards out;
  for (size_t i = 0; i < j.size(); ++i) {
    try {
      out.push_back(species_from_json(j[i]));
    } catch (const JsonShapeError& e) {
      fail(at("", "board", i), e.what());
    }
  }
  return out;
}

Lob lob_from_json(const Json& j) {
  any_array(j, "list of boards");
  Lob out;
  for (size_t i = 0; i < j.size(); ++i) {
    try {
      out.push_back(boards_from_json(j[i]));
    } catch (const JsonShapeError& e) {
      fail(at("", "player", i), e.what());
    }
  }
  return out;
}

Card card_from_json(const Json& j) {
  array_of(j, "card", 2, 2);
  const Trait t = trait_from(j[1], "card: trait");
  const int64_t v = integer(j[0], "card: food value", -max_food_value(t), max_food_value(t));
  return Card{static_cast<int8_t>(v), t};
}

Hand cards_from_json(const Json& j) {
  any_array(j, "cards");
  Hand out;
  out.reserve(j.size());
  for (size_t i = 0; i < j.size(); ++i) {
    try {
      out.push_back(card_from_json(j[i]));
    } catch (const JsonShapeError& e) {
      fail(at("", "card", i), e.what());
    }
  }
  return out;
}

PlayerState player_from_json(const Json& j) {
  const std::string where = "player";
  array_of(j, where, 3, 4);
  PlayerState p;
  p.id = integer(pair_value(j[0], where, "id"), where + ": id", 1, INT64_MAX);
  try {
    p.boards = boards_from_json(pair_value(j[1], where, "species"));
    p.bag = natural(pair_value(j[2], where, "bag"), where + ": bag");
    if (j.size() == 4) p.hand = cards_from_json(pair_value(j[3], where, "cards"));
  } catch (const JsonShapeError& e) {
    fail("player " + std::to_string(p.id), e.what());
  }
  return p;
}

static std::vector<PlayerState> players_from_json(const Json& j, const std::string& where) {
  any_array(j, where);
  std::vector<PlayerState> out;
  for (size_t i = 0; i < j.size(); ++i) {
    try {
      out.push_back(player_from_json(j[i]));
    } catch (const JsonShapeError& e) {
      fail(at(where, "entry", i), e.what());
    }
  }
  return out;
}

Configuration configuration_from_json(const Json& j) {
  array_of(j, "configuration", 3, 3);
  Configuration c;
  c.players = players_from_json(j[0], "configuration: players");
  c.watering_hole = natural(j[1], "configuration: watering hole");
  try {
    c.deck = cards_from_json(j[2]);
  } catch (const JsonShapeError& e) {
    fail("configuration: deck", e.what());
  }
  return c;
}

Action4 action4_from_json(const Json& j, GrowthForm form) {
  const std::string where = "action";
  array_of(j, where, 5, 5);
  Action4 a;
  a.food_card = index_natural(j[0], where + ": food card");
  a.gp = growths_from(j[1], where + ": GP", "population", form);
  a.gb = growths_from(j[2], where + ": GB", "body", form);
  any_array(j[3], where + ": BT");
  for (size_t i = 0; i < j[3].size(); ++i) {
    const std::string w = at(where + ": BT", "entry", i);
    const Json& e = array_of(j[3][i], w, 1, 1 + kMaxTraits);
    std::vector<int> bt;
    for (const Json& x : e) bt.push_back(index_natural(x, w));
    a.bt.push_back(std::move(bt));
  }
  any_array(j[4], where + ": RT");
  for (size_t i = 0; i < j[4].size(); ++i) {
    const std::string w = at(where + ": RT", "entry", i);
    const Json& e = array_of(j[4][i], w, 3, 3);
    a.rt.push_back({index_natural(e[0], w), index_natural(e[1], w), index_natural(e[2], w)});
  }
  return a;
}

std::vector<Action4> step4_from_json(const Json& j) {
  any_array(j, "step4");
  std::vector<Action4> out;
  for (size_t i = 0; i < j.size(); ++i) {
    try {
      out.push_back(action4_from_json(j[i], GrowthForm::either));
    } catch (const JsonShapeError& e) {
      fail(at("step4", "entry", i), e.what());
    }
  }
  return out;
}

FeedingChoice feeding_choice_from_json(const Json& j) {
  const std::string where = "feeding choice";
  if (j.is_boolean()) {
    if (!j.get<bool>()) return FeedingChoice::decline();
    fail(where, "true is not a feeding choice");
  }
  if (j.is_number()) return FeedingChoice::feed(index_natural(j, where));
  if (j.is_array() && j.size() == 2) {
    return FeedingChoice::store_fat(
        index_natural(j[0], where + ": board"),
        static_cast<int>(integer(j[1], where + ": fat tokens", 1, kMaxSize)));
  }
  if (j.is_array() && j.size() == 3) {
    return FeedingChoice::attack(index_natural(j[0], where + ": attacker"),
                                 index_natural(j[1], where + ": player"),
                                 index_natural(j[2], where + ": defender"));
  }
  fail(where, "expected false, a natural, [s, n] or [c, p, d], got " + brief(j));
}

static std::optional<Species> opt_species(const Json& j, const std::string& where) {
  if (j.is_boolean() && !j.get<bool>()) return std::nullopt;
  try {
    return species_from_json(j);
  } catch (const JsonShapeError& e) {
    fail(where, e.what());
  }
}

Situation situation_from_json(const Json& j) {
  array_of(j, "situation", 4, 4);
  Situation s;
  try {
    s.defender = species_from_json(j[0]);
  } catch (const JsonShapeError& e) {
    fail("defender", e.what());
  }
  try {
    s.attacker = species_from_json(j[1]);
  } catch (const JsonShapeError& e) {
    fail("attacker", e.what());
  }
  s.left = opt_species(j[2], "left neighbour");
  s.right = opt_species(j[3], "right neighbour");
  return s;
}

Feeding feeding_from_json(const Json& j) {
  array_of(j, "feeding", 3, 3);
  Feeding f;
  try {
    f.current = player_from_json(j[0]);
  } catch (const JsonShapeError& e) {
    fail("current player", e.what());
  }
  f.watering_hole = integer(j[1], "watering hole", 1, INT64_MAX);
  f.others = players_from_json(j[2], "others");
  return f;
}

Choice choice_from_json(const Json& j) {
  array_of(j, "choice", 3, 3);
  Choice c;
  try {
    c.current = player_from_json(j[0]);
  } catch (const JsonShapeError& e) {
    fail("current player", e.what());
  }
  try {
    c.before = lob_from_json(j[1]);
  } catch (const JsonShapeError& e) {
    fail("before", e.what());
  }
  try {
    c.after = lob_from_json(j[2]);
  } catch (const JsonShapeError& e) {
    fail("after", e.what());
  }
  return c;
}

StartMessage start_from_json(const Json& j) {
  array_of(j, "start", 4, 4);
  StartMessage m;
  m.watering_hole = natural(j[0], "start: watering hole");
  m.bag = natural(j[1], "start: bag");
  m.boards = boards_from_json(j[2]);
  m.cards = cards_from_json(j[3]);
  return m;
}

ChooseMessage choose_from_json(const Json& j) {
  array_of(j, "choose", 2, 2);
  return {lob_from_json(j[0]), lob_from_json(j[1])};
}

StateMessage state_from_json(const Json& j) {
  array_of(j, "state", 5, 5);
  StateMessage m;
  m.bag = natural(j[0], "state: bag");
  m.boards = boards_from_json(j[1]);
  m.cards = cards_from_json(j[2]);
  m.watering_hole = integer(j[3], "state: watering hole", 1, INT64_MAX);
  m.others = lob_from_json(j[4]);
  return m;
}

}  // namespace arena::evolution
