// How much smaller a Morris movement tier's file would be if the values a
// probe can recover by a search of the captures alone were stored as "don't
// care" (as Syzygy's WDL tables do): a measurement toward the 2.5 GB aim for
// Nine Men's Morris's mid- and endgame, not a format rtb writes.
//
// A slot is don't-care when its value equals the best its mover reaches by a
// capture (a mill and a removal, whose child lies in a tier already solved),
// or when it is an alias slot (no probe reads it). A probe would then take the
// better of the stored value and the capture search, so a don't-care slot may
// hold any value no better than its own: here the value stored just before it
// when that one is allowed (it lengthens zstd's matches), else its own.
//
// Usage: morris_dont_care DIR TIER [STRIDE]
//   DIR     a directory of the variant's files (e.g. tb/morris-nine), with
//           TIER and its removal child tier (m(o-1)-m) in it
//   TIER    a movement tier such as m8-7
//   STRIDE  sample one block of 16,384 slots in STRIDE (default 64)
// Prints the share of don't-care slots and both files' bits a slot at several
// block sizes and zstd levels, each written by the project's own writer.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "games/morris/morris.hpp"
#include "solver/value.hpp"
#include "tablebases/tier_file.hpp"

namespace {

using rtb::MorrisGame;
using rtb::Value;

// The values of the file of `tier` in dir.
std::vector<Value> read_values(const std::filesystem::path& dir, const std::string& tier) {
  return rtb::TierFile(dir / (tier + ".rtb")).read_all();
}

int run(const std::filesystem::path& dir, const std::string& tier_name, std::uint64_t stride) {
  const rtb::TierFile file(dir / (tier_name + ".rtb"));
  const MorrisGame game(file.info().variant);
  MorrisGame::TierId tier = MorrisGame::kNoTier;
  for (MorrisGame::TierId t = 0; t < game.tier_count(); ++t)
    if (game.tier_name(t) == tier_name) tier = t;
  if (tier == MorrisGame::kNoTier || game.is_placement_tier(tier)) {
    std::fprintf(stderr, "morris_dont_care: %s is not a movement tier of %s\n", tier_name.c_str(),
                 file.info().variant.c_str());
    return 2;
  }
  const int mover = game.mover_on_board(tier), opponent = game.opponent_on_board(tier);
  const std::vector<Value> values = file.read_all();
  // A removal leaves the opponent, the child's mover, one stone fewer: below
  // three it has lost, and the child's value is LOSS 0 with no file to read.
  const bool removal_wins = opponent - 1 < 3;
  const std::vector<Value> child =
      removal_wins ? std::vector<Value>{}
                   : read_values(dir, game.tier_name(game.tier_id(game.stones_placed(tier), opponent - 1, mover)));

  constexpr std::uint64_t kBlock = 16384;
  std::vector<Value> sample, stored;
  std::uint64_t with_capture = 0, decided_by_capture = 0, aliases = 0;
  for (std::uint64_t start = 0; start < values.size(); start += kBlock * stride) {
    const std::uint64_t end = std::min<std::uint64_t>(values.size(), start + kBlock);
    for (std::uint64_t i = start; i < end; ++i) {
      const Value v = values[i];
      bool dont_care = false;
      if (game.slot_weight(tier, i) == 0) {
        dont_care = true;
        ++aliases;
      } else {
        bool any = false;
        Value best = rtb::kDraw;
        game.for_each_move(game.position(tier, i), [&](const rtb::MorrisMove& m, const rtb::MorrisPosition& c) {
          if (!m.is_capture()) return;
          const Value mine = rtb::value_through_move(removal_wins ? rtb::make_value(0) : child[game.index(c)]);
          if (!any || rtb::better_for_mover(mine, best)) best = mine;
          any = true;
        });
        with_capture += any;
        dont_care = any && best == v;
        decided_by_capture += dont_care;
      }
      const bool previous_allowed = !stored.empty() && !rtb::better_for_mover(stored.back(), v);
      sample.push_back(v);
      stored.push_back(dont_care && previous_allowed ? stored.back() : v);
    }
  }
  const double slots = static_cast<double>(sample.size());
  std::printf(
      "%s: %zu slots sampled (one block in %llu); %.1f%% have a capture, %.1f%% are decided by one, "
      "%.1f%% are aliases\n",
      tier_name.c_str(), sample.size(), static_cast<unsigned long long>(stride), 100.0 * with_capture / slots,
      100.0 * decided_by_capture / slots, 100.0 * aliases / slots);

  rtb::TierInfo info = file.info();
  info.position_count = sample.size();
  const std::filesystem::path scratch = std::filesystem::temp_directory_path() / "morris_dont_care.rtb";
  auto bytes = [&](const std::vector<Value>& v, rtb::WriteOptions o) {
    rtb::write_tier_file(scratch, info, v, o);
    return static_cast<double>(std::filesystem::file_size(scratch));
  };
  const double baseline = bytes(sample, {});
  std::printf("%-24s %12s %12s %10s\n", "blocks, zstd level", "as stored", "don't-care", "below now");
  for (auto [block, level] : {std::pair{16384u, 7}, {65536u, 7}, {16384u, 12}, {65536u, 19}}) {
    rtb::WriteOptions o;
    o.block_size = block;
    o.zstd_level = level;
    const double a = bytes(sample, o), b = bytes(stored, o);
    std::printf("%-24s %12.3f %12.3f %9.1f%%\n", (std::to_string(block) + ", " + std::to_string(level)).c_str(),
                8 * a / slots, 8 * b / slots, 100.0 * (1.0 - b / baseline));
  }
  std::filesystem::remove(scratch);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3 || argc > 4 || std::string(argv[1]) == "--help") {
    std::fprintf(stderr, "usage: morris_dont_care DIR TIER [STRIDE]  (e.g. tb/morris-nine m8-7 64)\n");
    return argc >= 2 && std::string(argv[1]) == "--help" ? 0 : 2;
  }
  const std::uint64_t stride = argc == 4 ? std::strtoull(argv[3], nullptr, 10) : 64;
  if (stride == 0) {
    std::fprintf(stderr, "morris_dont_care: STRIDE must be 1 or more\n");
    return 2;
  }
  try {
    return run(argv[1], argv[2], stride);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "morris_dont_care: %s\n", e.what());
    return 1;
  }
}
