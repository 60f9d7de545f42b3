// S-expressions with Empire Builder's lexical rules (spec §3.1): `;` comments, integers (32-bit),
// case-insensitive symbols (read upper-case), strings without escapes, lists; nil == () == NIL.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace arena {

struct Sexpr {
  enum class Kind { integer, symbol, string, list };
  Kind kind = Kind::list;
  int32_t integer = 0;
  std::string text;          // symbol (upper-case) or string
  std::vector<Sexpr> items;  // list
  // Where the datum starts in the text it was read from (1-based), so that a map loader can name
  // the offending datum (spec §3.6); 0 for values built in code. Not part of the value: == ignores
  // it.
  uint32_t line = 0;
  uint32_t col = 0;

  static Sexpr make_int(int32_t v);
  static Sexpr make_symbol(std::string_view s);  // upper-cases
  static Sexpr make_string(std::string_view s);
  static Sexpr make_list(std::vector<Sexpr> items = {});
  bool is_nil() const { return kind == Kind::list && items.empty(); }
  bool is_symbol(std::string_view upper) const { return kind == Kind::symbol && text == upper; }
  bool operator==(const Sexpr& o) const {
    return kind == o.kind && integer == o.integer && text == o.text && items == o.items;
  }
};

struct SexprError {
  std::string message;  // precise: what was wrong and where (1-based line:column)
  // The same, split: the position (0:0 when the error has none, e.g. "found none") and the
  // message without it, for callers that print their own `FILE:LINE:COL: error: ...` form.
  uint32_t line = 0;
  uint32_t col = 0;
  std::string detail;
};

// Reads every datum of `text` (a map file holds several). Never throws, never crashes.
std::variant<std::vector<Sexpr>, SexprError> read_sexprs(std::string_view text);
// Reads exactly one datum (a wire message); anything else is an error.
std::variant<Sexpr, SexprError> read_sexpr(std::string_view text);

// Server form: symbols upper-case, integers decimal, strings quoted, single spaces, () as NIL.
std::string to_string(const Sexpr& s);

}  // namespace arena
