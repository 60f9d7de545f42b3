#include "core/sexpr.h"

#include <gtest/gtest.h>

#include <string>

#include "core/rng.h"

namespace arena {
namespace {

Sexpr read_ok(std::string_view text) {
  auto r = read_sexpr(text);
  if (auto* e = std::get_if<SexprError>(&r)) {
    ADD_FAILURE() << "unexpected error for [" << text << "]: " << e->message;
    return {};
  }
  return std::get<Sexpr>(r);
}

std::string read_error(std::string_view text) {
  auto r = read_sexpr(text);
  if (auto* e = std::get_if<SexprError>(&r)) return e->message;
  ADD_FAILURE() << "expected an error for [" << text << "]";
  return {};
}

std::string round_trip(std::string_view text) {
  return to_string(read_ok(text));
}

TEST(Sexpr, Atoms) {
  EXPECT_EQ(read_ok("42"), Sexpr::make_int(42));
  EXPECT_EQ(read_ok("-7"), Sexpr::make_int(-7));
  EXPECT_EQ(read_ok("+7"), Sexpr::make_int(7));
  EXPECT_EQ(read_ok("007"), Sexpr::make_int(7));
  EXPECT_EQ(read_ok("coal"), Sexpr::make_symbol("COAL"));
  EXPECT_TRUE(read_ok("Move-To-Point").is_symbol("MOVE-TO-POINT"));
  EXPECT_TRUE(read_ok("\"Bot_1\"").kind == Sexpr::Kind::string);
  EXPECT_EQ(read_ok("\"Bot_1\"").text, "Bot_1");  // strings keep their case
  // Not integers: these atoms are symbols.
  for (const char* s : {"-", "+", "1a", "1.5", "--1", "'x", "a'b"}) {
    EXPECT_EQ(read_ok(s).kind, Sexpr::Kind::symbol) << s;
  }
}

TEST(Sexpr, IntegersMustFitIn32Bits) {
  EXPECT_EQ(read_ok("2147483647"), Sexpr::make_int(2147483647));
  EXPECT_EQ(read_ok("-2147483648"), Sexpr::make_int(INT32_MIN));
  EXPECT_EQ(read_error("2147483648"), "1:1: integer 2147483648 does not fit in 32 bits");
  EXPECT_EQ(read_error("(1 -2147483649)"), "1:4: integer -2147483649 does not fit in 32 bits");
  EXPECT_NE(read_error("99999999999999999999999999").find("32 bits"), std::string::npos);
}

TEST(Sexpr, NilIsTheEmptyList) {
  EXPECT_TRUE(read_ok("nil").is_nil());
  EXPECT_TRUE(read_ok("NIL").is_nil());
  EXPECT_TRUE(read_ok("()").is_nil());
  EXPECT_TRUE(read_ok("( \t )").is_nil());
  EXPECT_EQ(read_ok("nil"), read_ok("()"));
  EXPECT_EQ(Sexpr::make_symbol("Nil"), Sexpr::make_list());
  EXPECT_EQ(read_ok("(nil ())"), Sexpr::make_list({Sexpr::make_list(), Sexpr::make_list()}));
}

TEST(Sexpr, Lists) {
  Sexpr s = read_ok("((move-to-point (3 4)) (make-delivery 12 1))");
  ASSERT_EQ(s.kind, Sexpr::Kind::list);
  ASSERT_EQ(s.items.size(), 2u);
  EXPECT_TRUE(s.items[0].items[0].is_symbol("MOVE-TO-POINT"));
  EXPECT_EQ(s.items[0].items[1], Sexpr::make_list({Sexpr::make_int(3), Sexpr::make_int(4)}));
  EXPECT_EQ(s.items[1].items[2], Sexpr::make_int(1));
}

// §3.1: the seed's map splits `(12` and `10)` across lines; comments run to the end of the line.
TEST(Sexpr, SeveralDataWithCommentsAndLineBreaks) {
  auto r = read_sexprs("; map\n(map-size (12\n10)) ; size\n(cities)\f\r\n  ; end");
  ASSERT_TRUE(std::holds_alternative<std::vector<Sexpr>>(r));
  auto& v = std::get<std::vector<Sexpr>>(r);
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(to_string(v[0]), "(MAP-SIZE (12 10))");
  EXPECT_EQ(to_string(v[1]), "(CITIES)");
  auto empty = read_sexprs("  ; nothing\n");
  ASSERT_TRUE(std::holds_alternative<std::vector<Sexpr>>(empty));
  EXPECT_TRUE(std::get<std::vector<Sexpr>>(empty).empty());
}

TEST(Sexpr, ExactlyOneDatumForAMessage) {
  EXPECT_EQ(read_error(""), "expected one datum, found none");
  EXPECT_EQ(read_error("  ; only a comment"), "expected one datum, found none");
  EXPECT_EQ(read_error("(a) (b)"), "1:5: expected one datum, found a second one here");
  EXPECT_EQ(read_error("12 10"), "1:4: expected one datum, found a second one here");
}

TEST(Sexpr, UnbalancedParentheses) {
  EXPECT_EQ(read_error(")"), "1:1: unexpected ')' with no open '('");
  EXPECT_EQ(read_error("(a))"), "1:4: unexpected ')' with no open '('");
  EXPECT_EQ(read_error("(a\n (b c)\n (d"),
            "3:4: end of input with 2 unclosed list(s); the innermost '(' opened at 3:2");
}

TEST(Sexpr, Strings) {
  EXPECT_EQ(read_error("(register \"bot"), "1:15: end of input inside the string opened at 1:11");
  EXPECT_EQ(read_error("\"a\nb\""), "1:3: line break inside the string opened at 1:1");
  EXPECT_EQ(read_error("\"a\rb\""), "1:3: line break inside the string opened at 1:1");
  EXPECT_EQ(read_error("\"a\x01\""), "1:3: byte 0x01 inside the string opened at 1:1");
  EXPECT_EQ(read_ok("\"a;b(c)\""), Sexpr::make_string("a;b(c)"));  // no comment inside
  EXPECT_EQ(read_ok("\"\""), Sexpr::make_string(""));
  EXPECT_EQ(read_ok("(a\"b\"c)"),
            Sexpr::make_list(
                {Sexpr::make_symbol("A"), Sexpr::make_string("b"), Sexpr::make_symbol("C")}));
}

TEST(Sexpr, NonAsciiBytesAreErrors) {
  EXPECT_EQ(read_error("(ab\x7f)"), "1:4: unexpected byte 0x7F");
  EXPECT_EQ(read_error("\xc3\xa9"), "1:1: unexpected byte 0xC3");
  EXPECT_EQ(read_error(std::string("(a\0)", 4)), "1:3: unexpected byte 0x00");
  EXPECT_TRUE(read_ok("(a) ; caf\xc3\xa9").items.size() == 1);  // comments may hold anything
}

TEST(Sexpr, DeepNestingIsAnErrorNotACrash) {
  std::string ok = std::string(512, '(') + std::string(512, ')');
  EXPECT_EQ(read_ok(ok).items.size(), 1u);
  std::string deep = std::string(513, '(') + std::string(513, ')');
  EXPECT_EQ(read_error(deep), "1:513: lists nested deeper than 512");
  EXPECT_NE(read_error(std::string(1000000, '(')).find("deeper"), std::string::npos);
}

// §3.6: a map loader names the offending datum, so every datum read carries where it starts.
TEST(Sexpr, DataCarryTheirPositions) {
  auto r = read_sexprs("; c\n(59 21)\n( (1 4)\n  (12\n10) nil \"s\")");
  ASSERT_TRUE(std::holds_alternative<std::vector<Sexpr>>(r));
  auto& v = std::get<std::vector<Sexpr>>(r);
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0].line, 2u);
  EXPECT_EQ(v[0].col, 1u);
  EXPECT_EQ(v[0].items[1].line, 2u);
  EXPECT_EQ(v[0].items[1].col, 5u);
  const Sexpr& l = v[1];
  EXPECT_EQ(l.line, 3u);
  EXPECT_EQ(l.col, 1u);
  ASSERT_EQ(l.items.size(), 4u);
  EXPECT_EQ(l.items[0].line, 3u);
  EXPECT_EQ(l.items[0].col, 3u);
  EXPECT_EQ(l.items[1].line, 4u);  // a datum spanning lines starts where its '(' is
  EXPECT_EQ(l.items[1].col, 3u);
  EXPECT_EQ(l.items[1].items[1].line, 5u);
  EXPECT_EQ(l.items[1].items[1].col, 1u);
  EXPECT_TRUE(l.items[2].is_nil());  // the symbol nil is the empty list, still located
  EXPECT_EQ(l.items[2].col, 5u);
  EXPECT_EQ(l.items[3].kind, Sexpr::Kind::string);
  EXPECT_EQ(l.items[3].col, 9u);
  // Positions are not part of the value.
  EXPECT_EQ(v[0], Sexpr::make_list({Sexpr::make_int(59), Sexpr::make_int(21)}));
  EXPECT_EQ(Sexpr::make_int(1).line, 0u);
}

TEST(Sexpr, ErrorsSplitPositionAndDetail) {
  auto r = read_sexpr("(a\n  b))");
  auto* e = std::get_if<SexprError>(&r);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->message, "2:5: unexpected ')' with no open '('");
  EXPECT_EQ(e->line, 2u);
  EXPECT_EQ(e->col, 5u);
  EXPECT_EQ(e->detail, "unexpected ')' with no open '('");
  r = read_sexpr("(a) b");
  e = std::get_if<SexprError>(&r);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->line, 1u);
  EXPECT_EQ(e->col, 5u);
  EXPECT_EQ(e->detail, "expected one datum, found a second one here");
  r = read_sexpr(" ");
  e = std::get_if<SexprError>(&r);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->line, 0u);
  EXPECT_EQ(e->detail, e->message);
  // An unclosed list is reported at the end of the input.
  auto m = read_sexprs("(1\n(2 3)\n");
  auto* me = std::get_if<SexprError>(&m);
  ASSERT_NE(me, nullptr);
  EXPECT_EQ(me->line, 3u);
  EXPECT_EQ(me->col, 1u);
}

// §5.1: the server form.
TEST(Sexpr, ServerForm) {
  EXPECT_EQ(round_trip("( build-turn   5 7\n\tbuild-limit )"), "(BUILD-TURN 5 7 BUILD-LIMIT)");
  EXPECT_EQ(round_trip("(registered \"Bot\")"), "(REGISTERED \"Bot\")");
  EXPECT_EQ(round_trip("(cargo p ())"), "(CARGO P NIL)");
  EXPECT_EQ(round_trip("nil"), "NIL");
  EXPECT_EQ(round_trip("+0012"), "12");
  EXPECT_EQ(round_trip("-0"), "0");
  EXPECT_EQ(round_trip("(cash 0 -5 15 fee-paid)"), "(CASH 0 -5 15 FEE-PAID)");
  EXPECT_EQ(to_string(Sexpr::make_list({Sexpr::make_list({Sexpr::make_int(-2147483647 - 1)})})),
            "((-2147483648))");
}

TEST(Sexpr, PrintThenReadIsIdentity) {
  Rng rng(31337);
  for (int i = 0; i < 2000; ++i) {
    std::vector<Sexpr> items;
    for (uint64_t k = rng.below(6); k > 0; --k) {
      switch (rng.below(4)) {
        case 0:
          items.push_back(Sexpr::make_int(static_cast<int32_t>(rng.next())));
          break;
        case 1:
          items.push_back(Sexpr::make_symbol(rng.below(2) ? "x-y" : "nil"));
          break;
        case 2:
          items.push_back(Sexpr::make_string("Name.1"));
          break;
        default:
          items.push_back(Sexpr::make_list({Sexpr::make_int(1)}));
          break;
      }
    }
    Sexpr s = Sexpr::make_list(std::move(items));
    std::string text = to_string(s);
    EXPECT_EQ(read_ok(text), s) << text;
    EXPECT_EQ(to_string(read_ok(text)), text);
  }
}

TEST(Sexpr, RandomBytesNeverCrash) {
  Rng rng(99);
  const char alphabet[] = "()\";\n\r\t 0123456789+-abcXYZ\x01\xff";
  for (int i = 0; i < 20000; ++i) {
    std::string text(rng.below(40), ' ');
    for (char& c : text) c = alphabet[rng.below(sizeof alphabet - 1)];
    auto r = read_sexprs(text);
    if (auto* e = std::get_if<SexprError>(&r)) {
      EXPECT_FALSE(e->message.empty());
    }
    (void)read_sexpr(text);
  }
}

}  // namespace
}  // namespace arena
