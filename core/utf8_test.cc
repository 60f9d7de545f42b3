#include "core/utf8.h"

#include <gtest/gtest.h>

namespace arena {
namespace {

TEST(ValidUtf8, KeepsUtf8AndReplacesEveryOtherByteWithFffd) {
  EXPECT_EQ(valid_utf8("plain caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"),
            "plain caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80");
  EXPECT_EQ(valid_utf8("\xFF\xFE"), "\xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_EQ(valid_utf8("\xC3("), "\xEF\xBF\xBD(") << "a cut sequence";
  EXPECT_EQ(valid_utf8("end \xE2\x82"), "end \xEF\xBF\xBD\xEF\xBF\xBD") << "cut by a size bound";
  EXPECT_EQ(valid_utf8("\xC0\xAF"), "\xEF\xBF\xBD\xEF\xBF\xBD") << "overlong form";
  EXPECT_EQ(valid_utf8("\xED\xA0\x80"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD") << "surrogate";
  EXPECT_EQ(valid_utf8(std::string("a\0b", 3)), std::string("a\0b", 3)) << "NUL is UTF-8";
}

}  // namespace
}  // namespace arena
