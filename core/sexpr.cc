// The S-expression reader and printer of Empire Builder (spec §3.1, §5.1). The reader is
// iterative with an explicit stack, so hostile nesting gives an error, not a stack overflow, and
// every error names its 1-based line:column.
#include "core/sexpr.h"

#include <cstdio>

namespace arena {
namespace {

// Far beyond any map or message (they nest four or five levels); it also bounds the recursion of
// to_string and of the destructors on anything the reader built.
constexpr size_t kMaxDepth = 512;

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f';
}
bool ends_atom(char c) {
  return is_space(c) || c == '(' || c == ')' || c == '"' || c == ';';
}
// ASCII text only (§3.1): other control bytes and bytes >= 0x7F are refused where they would
// become part of a datum; comments may hold anything.
bool is_printable(char c) {
  return c >= 0x20 && c < 0x7F;
}

char upper(char c) {
  return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}

std::string hex_byte(char c) {
  char out[8];
  std::snprintf(out, sizeof out, "0x%02X", static_cast<unsigned char>(c));
  return out;
}

struct Pos {
  size_t line = 1;
  size_t col = 1;
  std::string str() const { return std::to_string(line) + ":" + std::to_string(col); }
};

// An atom of an optional sign and decimal digits is an integer; it must fit in 32 bits.
enum class IntParse { not_integer, ok, out_of_range };
IntParse parse_int(std::string_view atom, int32_t& out) {
  size_t i = (atom[0] == '+' || atom[0] == '-') ? 1 : 0;
  if (i == atom.size()) return IntParse::not_integer;
  for (size_t k = i; k < atom.size(); ++k) {
    if (atom[k] < '0' || atom[k] > '9') return IntParse::not_integer;
  }
  bool negative = atom[0] == '-';
  int64_t limit = negative ? int64_t{1} << 31 : (int64_t{1} << 31) - 1;
  int64_t v = 0;
  for (size_t k = i; k < atom.size(); ++k) {
    v = v * 10 + (atom[k] - '0');
    if (v > limit) return IntParse::out_of_range;
  }
  out = static_cast<int32_t>(negative ? -v : v);
  return IntParse::ok;
}

class Reader {
 public:
  explicit Reader(std::string_view text) : t_(text) {}

  // Reads every datum; `starts` receives where each top-level datum begins.
  std::optional<SexprError> read(std::vector<Sexpr>& out, std::vector<Pos>& starts) {
    struct Open {
      Sexpr list;
      Pos at;
    };
    std::vector<Open> open;
    auto emit = [&](Sexpr s) {
      if (open.empty()) {
        out.push_back(std::move(s));
      } else {
        open.back().list.items.push_back(std::move(s));
      }
    };
    for (;;) {
      skip_space_and_comments();
      if (i_ == t_.size()) break;
      Pos at = pos();
      if (open.empty()) starts.push_back(at);
      char c = t_[i_];
      if (c == '(') {
        if (open.size() >= kMaxDepth) {
          return error(at, "lists nested deeper than " + std::to_string(kMaxDepth));
        }
        open.push_back({located(Sexpr::make_list(), at), at});
        advance();
      } else if (c == ')') {
        if (open.empty()) return error(at, "unexpected ')' with no open '('");
        Sexpr done = std::move(open.back().list);
        open.pop_back();
        advance();
        emit(std::move(done));
      } else if (c == '"') {
        Sexpr s;
        if (auto e = read_string(s)) return e;
        emit(std::move(s));
      } else {
        Sexpr s;
        if (auto e = read_atom(s)) return e;
        emit(std::move(s));
      }
    }
    if (!open.empty()) {
      return error(pos(), "end of input with " + std::to_string(open.size()) +
                              " unclosed list(s); the innermost '(' opened at " +
                              open.back().at.str());
    }
    return std::nullopt;
  }

 private:
  Pos pos() const { return {line_, i_ - line_start_ + 1}; }

  void advance() {
    if (t_[i_] == '\n') {
      ++line_;
      line_start_ = i_ + 1;
    }
    ++i_;
  }

  void skip_space_and_comments() {
    while (i_ < t_.size()) {
      if (is_space(t_[i_])) {
        advance();
      } else if (t_[i_] == ';') {
        while (i_ < t_.size() && t_[i_] != '\n') ++i_;
      } else {
        break;
      }
    }
  }

  std::optional<SexprError> read_string(Sexpr& out) {
    Pos at = pos();
    size_t begin = ++i_;
    for (; i_ < t_.size(); ++i_) {
      char c = t_[i_];
      if (c == '"') {
        out = located(Sexpr::make_string(t_.substr(begin, i_ - begin)), at);
        ++i_;
        return std::nullopt;
      }
      if (c == '\n' || c == '\r') {
        return error(pos(), "line break inside the string opened at " + at.str());
      }
      if (!is_printable(c)) {
        return error(pos(), "byte " + hex_byte(c) + " inside the string opened at " + at.str());
      }
    }
    return error(pos(), "end of input inside the string opened at " + at.str());
  }

  std::optional<SexprError> read_atom(Sexpr& out) {
    Pos at = pos();
    size_t begin = i_;
    for (; i_ < t_.size() && !ends_atom(t_[i_]); ++i_) {
      if (!is_printable(t_[i_])) return error(pos(), "unexpected byte " + hex_byte(t_[i_]));
    }
    std::string_view atom = t_.substr(begin, i_ - begin);
    int32_t v = 0;
    switch (parse_int(atom, v)) {
      case IntParse::ok:
        out = located(Sexpr::make_int(v), at);
        return std::nullopt;
      case IntParse::out_of_range:
        return error(at, "integer " + std::string(atom) + " does not fit in 32 bits");
      case IntParse::not_integer:
        out = located(Sexpr::make_symbol(atom), at);
        return std::nullopt;
    }
    return std::nullopt;
  }

  static Sexpr located(Sexpr s, Pos at) {
    s.line = static_cast<uint32_t>(at.line);
    s.col = static_cast<uint32_t>(at.col);
    return s;
  }

  static SexprError error(Pos at, std::string what) {
    SexprError e;
    e.message = at.str() + ": " + what;
    e.line = static_cast<uint32_t>(at.line);
    e.col = static_cast<uint32_t>(at.col);
    e.detail = std::move(what);
    return e;
  }

  std::string_view t_;
  size_t i_ = 0;
  size_t line_ = 1;
  size_t line_start_ = 0;
};

void print(const Sexpr& s, std::string& out) {
  switch (s.kind) {
    case Sexpr::Kind::integer:
      out += std::to_string(s.integer);
      return;
    case Sexpr::Kind::symbol:
      out += s.text;
      return;
    case Sexpr::Kind::string:
      out += '"';
      out += s.text;
      out += '"';
      return;
    case Sexpr::Kind::list:
      if (s.items.empty()) {
        out += "NIL";
        return;
      }
      out += '(';
      for (size_t k = 0; k < s.items.size(); ++k) {
        if (k > 0) out += ' ';
        print(s.items[k], out);
      }
      out += ')';
      return;
  }
}

}  // namespace

Sexpr Sexpr::make_int(int32_t v) {
  Sexpr s;
  s.kind = Kind::integer;
  s.integer = v;
  return s;
}

// NIL is the empty list (§3.1), so the symbol is never built: one value, one representation, and
// is_nil() and == agree whichever spelling the peer used.
Sexpr Sexpr::make_symbol(std::string_view text) {
  Sexpr s;
  s.kind = Kind::symbol;
  s.text.reserve(text.size());
  for (char c : text) s.text.push_back(upper(c));
  if (s.text == "NIL") return make_list();
  return s;
}

Sexpr Sexpr::make_string(std::string_view text) {
  Sexpr s;
  s.kind = Kind::string;
  s.text = std::string(text);
  return s;
}

Sexpr Sexpr::make_list(std::vector<Sexpr> items) {
  Sexpr s;
  s.kind = Kind::list;
  s.items = std::move(items);
  return s;
}

std::variant<std::vector<Sexpr>, SexprError> read_sexprs(std::string_view text) {
  std::vector<Sexpr> out;
  std::vector<Pos> starts;
  if (auto e = Reader(text).read(out, starts)) return *e;
  return out;
}

std::variant<Sexpr, SexprError> read_sexpr(std::string_view text) {
  std::vector<Sexpr> out;
  std::vector<Pos> starts;
  if (auto e = Reader(text).read(out, starts)) return *e;
  if (out.empty()) {
    SexprError e;
    e.message = e.detail = "expected one datum, found none";
    return e;
  }
  if (out.size() > 1) {
    SexprError e;
    e.detail = "expected one datum, found a second one here";
    e.message = starts[1].str() + ": " + e.detail;
    e.line = static_cast<uint32_t>(starts[1].line);
    e.col = static_cast<uint32_t>(starts[1].col);
    return e;
  }
  return std::move(out[0]);
}

std::string to_string(const Sexpr& s) {
  std::string out;
  print(s, out);
  return out;
}

}  // namespace arena
