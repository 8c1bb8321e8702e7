// printable(): what a message may echo of a user's input (issue 28).
#include "text/printable.hpp"

#include <gtest/gtest.h>

#include <string>

namespace rtb {
namespace {

TEST(Printable, KeepsValidUtf8AndEscapesEverythingElse) {
  EXPECT_EQ(printable("wwww/w..w b"), "wwww/w..w b");
  EXPECT_EQ(printable("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"), "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
  EXPECT_EQ(printable("a\xff"
                      "b"),
            "a\\xffb");                                              // not a lead byte
  EXPECT_EQ(printable("a\xc3"), "a\\xc3");                           // cut sequence at the end
  EXPECT_EQ(printable("\xc3(x"), "\\xc3(x");                         // bad continuation
  EXPECT_EQ(printable("\xc0\xaf"), "\\xc0\\xaf");                    // overlong '/'
  EXPECT_EQ(printable("\xed\xa0\x80"), "\\xed\\xa0\\x80");           // a UTF-16 surrogate
  EXPECT_EQ(printable("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");  // past U+10FFFF
  EXPECT_EQ(printable("tab\there\r\n\x1b[2J\x7f"), "tab\\x09here\\x0d\\x0a\\x1b[2J\\x7f");
}

TEST(Printable, CutsLongTextAndCountsWhatIsLeftOut) {
  const std::string huge(10'000'000, 'x');
  const std::string shown = quoted_input(huge);
  EXPECT_LT(shown.size(), kEchoLimit + 40);
  EXPECT_EQ(shown.substr(0, 4), "'xxx");
  EXPECT_NE(shown.find("... (" + std::to_string(huge.size() - kEchoLimit) + " more bytes)'"), std::string::npos)
      << shown;
  EXPECT_EQ(printable("abcdef", 6), "abcdef");
  EXPECT_EQ(printable("abcdef", 3), "abc... (3 more bytes)");
}

}  // namespace
}  // namespace rtb
