// Proves a game's tablebases and counts their values with the installed rtb
// library, as `rtb verify` and `rtb stats` do: each tier as it is proven,
// then the totals. Exit 0 when every tier is proven, 1 when one is not.
//
//   verify_and_count DIR GAME [VARIANT]
//   verify_and_count tb pangki
//   -> tier 2-2: ok, 1911 values proven
//      ...
//      all 25 tiers ok, 2794684 values proven
//      20746908 positions: 11299101 WIN, 7623429 LOSS, 1824378 DRAW; longest win 75 plies
#include <rtb/rtb.hpp>

#include <iostream>

int main(int argc, char** argv) {
  if (argc < 3 || argc > 4) {
    std::cerr << "usage: verify_and_count DIR GAME [VARIANT]   (rtb " << rtb::version() << ")\n";
    return 2;
  }
  const std::string dir = argv[1], game = argv[2], variant = argc == 4 ? argv[3] : "default";
  try {
    rtb::VerifySettings verify;
    verify.threads = 2;
    verify.on_tier = [](const rtb::TierVerification& t) {
      std::cout << "tier " << t.tier << ": " << t.message << "\n";
    };
    const rtb::VerifySummary proven = rtb::verify(dir, game, variant, verify);
    if (!proven.ok) {
      std::cout << proven.failures << " of " << proven.tiers_checked << " tiers FAILED\n";
      return 1;
    }
    std::cout << "all " << proven.tiers_checked << " tiers ok, " << proven.values_proven << " values proven\n";
    rtb::StatsSettings count;
    count.threads = 2;
    const rtb::ValueCounts total = rtb::stats(dir, game, variant, count).total;
    std::cout << total.win + total.loss + total.draw << " positions: " << total.win << " WIN, " << total.loss
              << " LOSS, " << total.draw << " DRAW; longest win " << total.longest_win << " plies\n";
    return 0;
  } catch (const rtb::InvalidInput& e) {
    std::cerr << "verify_and_count: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {  // rtb::TablebaseNotFound, a damaged file while counting
    std::cerr << "verify_and_count: " << e.what() << "\n";
    return 1;
  }
}
