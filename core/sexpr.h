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

  static Sexpr make_int(int32_t v);
  static Sexpr make_symbol(std::string_view s);  // upper-cases
  static Sexpr make_string(std::string_view s);
  static Sexpr make_list(std::vector<Sexpr> items = {});
  bool is_nil() const { return kind == Kind::list && items.empty(); }
  bool is_symbol(std::string_view upper) const { return kind == Kind::symbol && text == upper; }
  bool operator==(const Sexpr&) const = default;
};

struct SexprError {
  std::string message;  // precise: what was wrong and where (1-based line:column)
};

// Reads every datum of `text` (a map file holds several). Never throws, never crashes.
std::variant<std::vector<Sexpr>, SexprError> read_sexprs(std::string_view text);
// Reads exactly one datum (a wire message); anything else is an error.
std::variant<Sexpr, SexprError> read_sexpr(std::string_view text);

// Server form: symbols upper-case, integers decimal, strings quoted, single spaces, () as NIL.
std::string to_string(const Sexpr& s);

}  // namespace arena
