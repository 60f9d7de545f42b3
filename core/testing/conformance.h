// The conformance test every game's rules must pass (DESIGN.md, after OpenSpiel): random play that
// checks legal moves, clone and serialise round trips, invariants, result bounds and determinism;
// and a whole match from a seed, played twice, giving the same replay bytes.
//
// A game adapts its rules with a small traits struct:
//
//   struct MyRules {
//     using State = ...; using Move = ...;
//     static State initial(uint64_t seed);
//     static bool is_over(const State&);
//     static void apply(State&, const Move&);
//     static std::string serialize(const State&);
//     static std::optional<State> deserialize(const std::string&);
//     static std::vector<double> scores(const State&);   // one per seat, meaningful once over
//     static constexpr double kMinScore = ..., kMaxScore = ...;
//     static std::string invariant_error(const State&);  // "" when every invariant holds
//     // Either list the legal moves:
//     static std::vector<Move> legal_moves(const State&);
//     // or, where the move space is combinatorial, draw one and judge one:
//     static Move random_legal_move(const State&, Rng&);
//     static bool is_legal(const State&, const Move&);
//   };
#pragma once

#include <gtest/gtest.h>

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/registry.h"
#include "core/replay.h"
#include "core/rng.h"

namespace arena::conformance {

template <class R>
concept ListsMoves = requires(const typename R::State& s) {
  { R::legal_moves(s) } -> std::convertible_to<std::vector<typename R::Move>>;
};

template <class R>
concept DrawsMoves = requires(const typename R::State& s, const typename R::Move& m, Rng& rng) {
  { R::random_legal_move(s, rng) } -> std::convertible_to<typename R::Move>;
  { R::is_legal(s, m) } -> std::convertible_to<bool>;
};

template <class R>
concept Rules = (ListsMoves<R> || DrawsMoves<R>)&&requires(typename R::State& s,
                                                           const typename R::Move& m,
                                                           const std::string& t) {
  { R::initial(uint64_t{}) } -> std::same_as<typename R::State>;
  { R::is_over(s) } -> std::convertible_to<bool>;
  R::apply(s, m);
  { R::serialize(s) } -> std::convertible_to<std::string>;
  { R::deserialize(t) } -> std::same_as<std::optional<typename R::State>>;
  { R::scores(s) } -> std::convertible_to<std::vector<double>>;
  { R::invariant_error(s) } -> std::convertible_to<std::string>;
};

struct RandomPlayOptions {
  int games = 1000;
  uint64_t seed = 1;
  int max_moves = 100000;  // a game longer than this fails the test
};

// One uniformly random legal move (the game's own draw where it lists none).
template <Rules R>
typename R::Move pick_move(const typename R::State& s, Rng& rng) {
  if constexpr (ListsMoves<R>) {
    auto moves = R::legal_moves(s);
    EXPECT_FALSE(moves.empty()) << "a game not over has no legal move: " << R::serialize(s);
    if constexpr (DrawsMoves<R>) {
      for (const auto& m : moves) EXPECT_TRUE(R::is_legal(s, m));
    }
    return moves[rng.below(moves.size())];
  } else {
    auto m = R::random_legal_move(s, rng);
    EXPECT_TRUE(R::is_legal(s, m)) << "random_legal_move drew an illegal move";
    return m;
  }
}

// Plays options.games random games and checks, at every step: invariants; that a clone and a
// deserialised copy evolve exactly like the original; that the original is untouched by moves made
// on its clone; that finished games have scores within bounds. Returns a fingerprint of everything
// played, so that callers can check determinism (same seed, same fingerprint).
template <Rules R>
uint64_t check_random_play(const RandomPlayOptions& options) {
  uint64_t fingerprint = 0xcbf29ce484222325ULL;
  for (int g = 0; g < options.games; ++g) {
    Rng rng = named_stream(options.seed + static_cast<uint64_t>(g), "conformance");
    typename R::State s = R::initial(options.seed + static_cast<uint64_t>(g));
    int moves = 0;
    while (!R::is_over(s)) {
      std::string error = R::invariant_error(s);
      if (!error.empty()) {
        ADD_FAILURE() << "game " << g << ", move " << moves << ": " << error;
        return fingerprint;
      }
      const std::string text = R::serialize(s);
      std::optional<typename R::State> copy = R::deserialize(text);
      if (!copy) {
        ADD_FAILURE() << "game " << g << ": cannot deserialize: " << text;
        return fingerprint;
      }
      EXPECT_EQ(R::serialize(*copy), text) << "serialise round trip differs";
      typename R::State clone = s;
      auto move = pick_move<R>(s, rng);
      R::apply(clone, move);
      EXPECT_EQ(R::serialize(s), text) << "applying a move to a clone changed the original";
      R::apply(s, move);
      R::apply(*copy, move);
      const std::string after = R::serialize(s);
      EXPECT_EQ(R::serialize(clone), after) << "a clone evolved differently";
      EXPECT_EQ(R::serialize(*copy), after) << "a deserialised copy evolved differently";
      fingerprint = (fingerprint ^ fnv1a64(after)) * 0x100000001b3ULL;
      if (++moves > options.max_moves) {
        ADD_FAILURE() << "game " << g << " did not end within " << options.max_moves << " moves";
        return fingerprint;
      }
      if (::testing::Test::HasFailure()) return fingerprint;
    }
    for (double score : R::scores(s)) {
      EXPECT_GE(score, R::kMinScore) << "game " << g;
      EXPECT_LE(score, R::kMaxScore) << "game " << g;
    }
  }
  return fingerprint;
}

}  // namespace arena::conformance
