#pragma once
// Verifying a game's tablebases: every file of the selected tier groups is
// read whole (header, block table, each block's checksum), then every stored
// value is proven from its successors (solver/verify.hpp), group by group in
// solve order. The result is a report that every front end words its own way
// (`rtb verify`, rtb::verify, Python's rtb.verify); a tier that fails is in
// the report, not an exception, so that one damaged file does not hide the
// state of the others.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "driver/file_tier_store.hpp"
#include "driver/group_loop.hpp"
#include "service/tier_loading.hpp"
#include "solver/progress.hpp"
#include "solver/verify.hpp"

namespace rtb {

struct VerifyOptions {
  std::filesystem::path dir = "tb";
  int threads = 1;
  bool quiet = true;                          // no progress display on stderr
  std::function<bool(std::uint32_t)> wanted;  // tiers to check (with their whole group); empty = all
  // Every value through the rules' general move generator, also where a game
  // walks a lone tier its own faster way (then the general generator checks
  // an even sample of each such tier).
  bool general = false;
};

// What became of one tier; `status` is its word in `rtb verify --json`.
struct VerifiedTier {
  enum class Status { ok, derived, failed, not_proven };
  std::uint32_t tier = 0;
  std::string name;
  Status status = Status::ok;
  std::uint64_t values_proven = 0;
  std::string message;  // "ok, 1911 values proven", "FAILED: ..." (what `rtb verify` prints after the name)
  bool passed() const { return status == Status::ok || status == Status::derived; }
};

inline const char* status_name(VerifiedTier::Status s) {
  switch (s) {
    case VerifiedTier::Status::ok:
      return "ok";
    case VerifiedTier::Status::derived:
      return "derived";
    case VerifiedTier::Status::failed:
      return "failed";
    case VerifiedTier::Status::not_proven:
      break;
  }
  return "not_proven";
}

struct VerifyReport {
  std::vector<VerifiedTier> tiers;  // in the order they were checked
  std::size_t failures = 0;         // tiers failed or not proven
  std::size_t tiers_checked = 0;    // the tiers of the groups checked
  std::uint64_t values_proven = 0;
  bool ok() const { return failures == 0; }
};

// Verifies the groups of `game` in options.dir that hold a wanted tier.
// `verified` (when not empty) is told of each tier as soon as it is done,
// for a caller that shows results as they come; the progress display, when
// on, gives way first.
template <class G>
VerifyReport verify_tablebases(const G& game, const VerifyOptions& options,
                               const std::function<void(const VerifiedTier&)>& verified = {}) {
  using Status = VerifiedTier::Status;
  const int threads = options.threads;
  Progress progress(options.quiet);
  VerifyReport out;
  auto report = [&](std::uint32_t t, Status status, const std::string& text, std::uint64_t proven) {
    out.tiers.push_back({t, game.tier_name(t), status, proven, text});
    if (status == Status::failed || status == Status::not_proven) ++out.failures;
    if (!verified) return;
    progress.done();  // on a terminal the progress line gives way; its next draw puts it back below
    verified(out.tiers.back());
  };
  const std::vector<TierGroup> groups = game_solve_order(game);
  // A group is checked when it holds a wanted tier.
  std::vector<bool> checked_group(groups.size(), false);
  for (std::size_t g = 0; g < groups.size(); ++g) {
    for (std::uint32_t t : groups[g].tiers)
      if (!options.wanted || options.wanted(t)) checked_group[g] = true;
    if (checked_group[g]) out.tiers_checked += groups[g].tiers.size();
  }
  FileTierStore store = file_tier_store(game, options.dir, {}, {}, threads);  // derived tiers on the threads too
  GroupLoop<G> loop(game, store, checked_group, &progress);
  std::set<std::uint32_t> broken;  // damaged, missing or wrong: tiers reading them cannot be proven
  auto unreadable = [&](std::uint32_t t, const std::exception& e) {
    if (dynamic_cast<const MissingTablebase*>(&e))
      report(t, Status::failed,
             "FAILED: missing tablebase file " + store.path(t).string() +
                 "; generate it with: " + generate_command(game, options.dir),
             0);
    else report(t, Status::failed, std::string("FAILED: ") + e.what(), 0);
    broken.insert(t);
  };
  auto check = [&](std::size_t g, const SolvedTierValues& values) {
    bool readable = true;
    for (std::uint32_t t : groups[g].tiers) readable = readable && !broken.count(t);
    for (std::uint32_t d : groups[g].dependencies) readable = readable && !broken.count(d);
    std::uint64_t group_slots = 1, before = 0;  // the group's slots (1 more, never 0); those checked so far
    for (std::uint32_t t : groups[g].tiers) group_slots += game.tier_size(t);
    for (std::uint32_t t : groups[g].tiers) {
      const std::uint64_t size = game.tier_size(t);
      progress.counted_stage("checking tier " + game.tier_name(t), size, double(before) / double(group_slots),
                             double(before + size) / double(group_slots));
      before += size;
      if (broken.count(t)) continue;
      if (store.is_derived(t)) {
        // Nothing is stored to prove: its values were just computed from
        // the tiers its moves reach, and the tiers that read them are
        // proven with them.
        progress.advance(size);
        report(t, Status::derived, "ok, derived: no values stored (each is one move from the tiers it leads to)", 0);
        continue;
      }
      if (!readable) {
        report(t, Status::not_proven, "not proven (a tier it reaches is unreadable)", 0);
        continue;
      }
      const TierCheck c =
          check_tier(game, t, values, threads,
                     options.general || groups[g].tiers.size() > 1 ? CheckMethod::General : CheckMethod::Walk,
                     [&progress](std::uint64_t n) { progress.advance(n); });
      out.values_proven += c.checked;
      if (c.wrong == 0) {
        const std::string how = c.by_walk ? " (by the tier's own walk; " + std::to_string(c.general) +
                                                " of them also by the general move generator)"
                                          : "";
        report(t, Status::ok, "ok, " + std::to_string(c.checked) + " values proven" + how, c.checked);
      } else {
        broken.insert(t);
        report(t, Status::failed,
               "FAILED: " + std::to_string(c.wrong) + " of " + std::to_string(c.checked) +
                   " values disagree with their successors; first at slot " + std::to_string(c.first_wrong_slot) +
                   " (" + game.format(game.position(t, c.first_wrong_slot)) + "): stored " + describe(c.stored) +
                   ", successors give " + describe(c.expected),
               0);
      }
    }
  };
  loop.check_all(check, unreadable);
  progress.done();
  return out;
}

}  // namespace rtb
