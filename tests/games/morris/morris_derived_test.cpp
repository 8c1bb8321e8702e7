// Derived tiers (solver/derived_tier.hpp, `rtb generate --derive-tiers`) on
// Five and Six Men's Morris: the tiers left without values are the movement
// tiers whose mover has more stones and the placement tiers with White to
// place; every one of their values, computed from
// the stored tiers, is the value the full solve stored; the stored files are
// byte for byte a full run's; a run resumes on derived files; and the query,
// whole-tier loading, verify and stats give what they give on the full files.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "driver/generate.hpp"
#include "driver/solve_in_memory.hpp"
#include "games/morris/morris.hpp"
#include "service/query_oracle.hpp"
#include "service/tier_loading.hpp"
#include "solver/derived_tier.hpp"
#include "tests/support/file_bytes.hpp"
#include "tests/support/run_rtb.hpp"
#include "tests/support/scratch_dir.hpp"

namespace rtb {
namespace {

namespace fs = std::filesystem;
using rtb_test::ScratchDir;

TEST(MorrisDerived, TheMoverAheadOnTheBoardAndWhiteToPlaceAreDerivedAndThePromiseHolds) {
  for (const char* variant : {"five", "six", "seven", "nine"}) {
    const MorrisGame game(variant);
    const std::vector<bool> derived = derived_tiers(game);  // throws if a derived tier reached another
    int movement = 0, placement = 0, placement_tiers = 0;
    for (MorrisGame::TierId t = 0; t < game.tier_count(); ++t) {
      const bool placing = game.is_placement_tier(t);
      const bool expected =
          placing ? game.stones_placed(t) % 2 == 0 : game.mover_on_board(t) > game.opponent_on_board(t);
      EXPECT_EQ(derived[t], expected) << variant << " " << game.tier_name(t);
      (placing ? placement : movement) += derived[t];
      placement_tiers += placing;
      // What the promise means: one move from a derived tier reaches stored tiers only.
      if (!derived[t]) continue;
      for (const auto next : game.tier_successors(t)) EXPECT_FALSE(derived[next]) << game.tier_name(next);
    }
    // Stones on the board run from 3 to the stones a side: n of them give
    // n (n - 1) / 2 pairs of unequal counts, one tier of each derived.
    const int n = game.rules().stones - 2;
    EXPECT_EQ(movement, n * (n - 1) / 2) << variant;
    EXPECT_GT(placement, placement_tiers / 3) << variant;
    EXPECT_LT(placement, placement_tiers * 2 / 3) << variant;
    EXPECT_TRUE(derives_any_tier(game));
  }
}

TEST(MorrisDerived, EachDerivedTierIsOneMoveFromItsSuccessorsSolvedValues) {
  for (const char* variant : {"five", "six"}) {
    const MorrisGame game(variant);
    const std::vector<std::vector<Value>> values = solve_in_memory(game, 2);
    SolvedTierValues tables(game.tier_count());
    for (MorrisGame::TierId t = 0; t < game.tier_count(); ++t) tables[t] = values[t].data();
    const std::vector<bool> derived = derived_tiers(game);
    for (MorrisGame::TierId t = 0; t < game.tier_count(); ++t) {
      if (!derived[t]) continue;
      SolvedTierValues successors(game.tier_count(), nullptr);  // only what a move reaches: no peeking at t
      for (const auto next : game.tier_successors(t)) successors[next] = tables[next];
      EXPECT_EQ(derive_tier(game, t, successors, 2), values[t]) << variant << " " << game.tier_name(t);
    }
  }
}

class DerivedFiles : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    full_ = new ScratchDir("morris-full");
    derived_ = new ScratchDir("morris-derived");
    generate(game(), options(full_->path(), false));
    generate(game(), options(derived_->path(), true));
  }
  static void TearDownTestSuite() {
    delete full_;
    delete derived_;
  }
  static const MorrisGame& game() {
    static const MorrisGame six("six");
    return six;
  }
  static GenerateOptions options(const fs::path& dir, bool derive) {
    GenerateOptions o;
    o.dir = dir;
    o.threads = 2;
    o.quiet = true;
    o.derive_tiers = derive;
    return o;
  }
  static fs::path full_file(MorrisGame::TierId t) { return tier_file_path(game(), full_->path(), t); }
  static fs::path derived_file(MorrisGame::TierId t) { return tier_file_path(game(), derived_->path(), t); }
  // The stored files are a full run's, byte for byte; the derived ones are
  // their header alone.
  static void expect_files_of_a_derived_run() {
    const std::vector<bool> derived = derived_tiers(game());
    for (MorrisGame::TierId t = 0; t < game().tier_count(); ++t) {
      if (derived[t]) {
        EXPECT_EQ(fs::file_size(derived_file(t)), kHeaderSize) << game().tier_name(t);
        EXPECT_TRUE(TierFile(derived_file(t), tier_info(game(), t)).derived());
      } else {
        EXPECT_EQ(test_files::read_bytes(derived_file(t)), test_files::read_bytes(full_file(t))) << game().tier_name(t);
      }
    }
  }

  static ScratchDir* full_;
  static ScratchDir* derived_;
};
ScratchDir* DerivedFiles::full_ = nullptr;
ScratchDir* DerivedFiles::derived_ = nullptr;

TEST_F(DerivedFiles, StoreTheOtherTiersByteForByteAndTakeLessDisk) {
  expect_files_of_a_derived_run();
  std::uint64_t full_bytes = 0, derived_bytes = 0;
  for (MorrisGame::TierId t = 0; t < game().tier_count(); ++t) {
    full_bytes += fs::file_size(full_file(t));
    derived_bytes += fs::file_size(derived_file(t));
  }
  EXPECT_LT(derived_bytes, full_bytes * 9 / 10);
}

TEST_F(DerivedFiles, GiveEveryTierWholeAsTheFullFilesDo) {
  for (MorrisGame::TierId t = 0; t < game().tier_count(); ++t)
    EXPECT_EQ(load_tier(game(), derived_->path(), t, 2), read_tier_file(full_file(t), tier_info(game(), t)))
        << game().tier_name(t);
  // The store a resumed run reads from derives too; one without a deriver refuses.
  FileTierStore store = file_tier_store(game(), derived_->path());
  const std::vector<bool> derived = derived_tiers(game());
  for (MorrisGame::TierId t = 0; t < game().tier_count(); ++t) {
    EXPECT_EQ(store.is_derived(t), derived[t]);
    if (derived[t]) {
      EXPECT_EQ(store.load(t)->widened(), read_tier_file(full_file(t), tier_info(game(), t))) << game().tier_name(t);
    }
  }
  MorrisGame::TierId some_derived = 0;
  while (!derived[some_derived]) ++some_derived;
  EXPECT_THROW(read_tier_file(derived_file(some_derived), tier_info(game(), some_derived)), DerivedTier);
}

TEST_F(DerivedFiles, AnswerEveryQueryAsTheFullFilesDo) {
  Oracle<MorrisGame> on_full(game(), full_->path(), SearchLimits{});
  Oracle<MorrisGame> on_derived(game(), derived_->path(), SearchLimits{});
  const std::vector<bool> derived = derived_tiers(game());
  std::uint64_t asked = 0, in_derived = 0;
  for (MorrisGame::TierId t = 0; t < game().tier_count(); ++t) {
    const std::uint64_t size = game().tier_size(t), stride = std::max<std::uint64_t>(1, size / 200);
    for (std::uint64_t slot = 0; slot < size; slot += stride) {
      const MorrisPosition p = game().position(t, slot);
      if (game().is_lost(p) || game().slot_weight(t, slot) == 0) continue;
      // The value and every move's: a stored tier's moves reach derived ones.
      const Answer<MorrisGame> full = on_full.answer(p), got = on_derived.answer(p);
      ASSERT_EQ(got.value.lower, full.value.lower) << game().format(p);
      ASSERT_EQ(got.moves.size(), full.moves.size()) << game().format(p);
      for (std::size_t m = 0; m < full.moves.size(); ++m) {
        EXPECT_EQ(got.moves[m].move, full.moves[m].move) << game().format(p);
        EXPECT_EQ(got.moves[m].value.lower, full.moves[m].value.lower) << game().format(p);
      }
      ++asked;
      in_derived += derived[t];
    }
  }
  EXPECT_GT(in_derived, 1000u);
  EXPECT_GT(asked - in_derived, 1000u);  // stored positions, whose moves reach derived tiers
}

TEST_F(DerivedFiles, LetARunResumeOnThemAndLeaveTheSameFiles) {
  // Without the placement tiers (which read derived movement tiers) and one
  // derived tier with its partner, generate solves those again from the
  // derived files and writes what a derived run writes.
  const std::vector<bool> derived = derived_tiers(game());
  MorrisGame::TierId some_derived = 0;
  while (!derived[some_derived]) ++some_derived;
  for (MorrisGame::TierId t = 0; t < game().tier_count(); ++t)
    if (game().is_placement_tier(t) || t == some_derived) fs::remove(derived_file(t));
  const GenerateReport report = generate(game(), options(derived_->path(), true));
  EXPECT_GT(report.groups_solved, 1u);
  EXPECT_GT(report.groups_skipped, 1u);
  expect_files_of_a_derived_run();
}

TEST_F(DerivedFiles, PassVerifyAndGiveTheFullFilesStats) {
  using rtb_test::run_rtb;
  const std::string dir = derived_->path().string();
  const auto verified = run_rtb({"verify", "morris", "--variant", "six", "--dir", dir, "--quiet"});
  ASSERT_EQ(verified.exit_code, 0) << verified.all();
  EXPECT_NE(verified.out.find("tier m4-3: ok, derived: no values stored"), std::string::npos) << verified.out;
  EXPECT_NE(verified.out.find("tiers ok, "), std::string::npos) << verified.out;
  const auto full_stats = run_rtb({"stats", "morris", "--variant", "six", "--dir", full_->path().string()});
  const auto derived_stats = run_rtb({"stats", "morris", "--variant", "six", "--dir", dir});
  ASSERT_EQ(derived_stats.exit_code, 0) << derived_stats.all();
  EXPECT_EQ(derived_stats.out, full_stats.out);

  // A damaged stored tier under a derived one: both fail, nothing is proven from it.
  const MorrisGame::TierId stored = game().tier_id(2 * game().rules().stones, 3, 4);  // m3-4, partner of m4-3
  ASSERT_FALSE(derived_tiers(game())[stored]);
  const fs::path path = derived_file(stored);
  const std::vector<char> bytes = test_files::read_bytes(path);
  std::vector<char> damaged = bytes;
  damaged[damaged.size() - 3] ^= 0x40;
  test_files::write_bytes(path, damaged);
  const auto refused = run_rtb({"verify", "morris", "--variant", "six", "--dir", dir, "--quiet"});
  test_files::write_bytes(path, bytes);
  EXPECT_EQ(refused.exit_code, 1) << refused.all();
  EXPECT_NE(refused.out.find("tier m3-4: FAILED"), std::string::npos) << refused.out;
  EXPECT_NE(refused.out.find("tier m4-3: FAILED"), std::string::npos) << refused.out;
}

TEST(MorrisDerivedCli, GenerateRefusesToDeriveAGameWithNothingToDerive) {
  rtb_test::ScratchDir dir("derive-refused");
  const auto r = rtb_test::run_rtb({"generate", "pangki", "--dir", dir.path().string(), "--derive-tiers"});
  EXPECT_EQ(r.exit_code, 2) << r.all();
  EXPECT_NE(r.err.find("--derive-tiers: every tier of pangki"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir.path() / "pangki-default"));
}

}  // namespace
}  // namespace rtb
