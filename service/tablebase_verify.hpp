#pragma once
// Verifying a game's tablebases: every file of the selected tier groups is
// read whole (header, block table, each block's checksum), then every stored
// value is proven from its successors (solver/verify.hpp), group by group in
// solve order. The result is a report that every front end words its own way
// (`rtb verify`, rtb::verify, Python's rtb.verify); a tier that fails is in
// the report, not an exception, so that one damaged file does not hide the
// state of the others. With `resume`, each tier proven goes into the game
// folder's journal (service/verify_journal.hpp), and a group whose every tier
// the journal proves, its files and those it reads unchanged, is not proven
// again.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "driver/file_tier_store.hpp"
#include "driver/generate.hpp"
#include "driver/group_loop.hpp"
#include "driver/resource_plan.hpp"
#include "service/tier_loading.hpp"
#include "service/verify_journal.hpp"
#include "solver/progress.hpp"
#include "solver/verify.hpp"
#include "tablebases/sha256.hpp"

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
  // Keep a journal of the tiers proven and pass over those it proves (`rtb
  // verify --resume`).
  bool resume = false;
  // The memory the run may use (0: this machine's): tiers held for later
  // groups are dropped and read again where they would pass it, as
  // generate's plan drops them.
  std::uint64_t memory_limit = 0;
  // How the front end names that limit in a refusal ("--memory-limit").
  std::string memory_limit_name = "the memory limit";
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
  std::vector<VerifiedTier> tiers;      // in the order they were checked
  std::size_t failures = 0;             // tiers failed or not proven
  std::size_t tiers_checked = 0;        // the tiers of the groups checked
  std::uint64_t values_proven = 0;      // by this run and, with resume, by the runs the journal records
  std::size_t tiers_proven_before = 0;  // of those, tiers the journal proves (resume)
  std::string journal_problem;          // why the journal could not be written, or ""
  bool ok() const { return failures == 0; }
};

// The groups of the solve order a verify checks: those holding a wanted tier.
inline std::vector<bool> groups_to_check(const std::vector<TierGroup>& groups, const VerifyOptions& options) {
  std::vector<bool> checked(groups.size(), false);
  for (std::size_t g = 0; g < groups.size(); ++g)
    for (std::uint32_t t : groups[g].tiers)
      if (!options.wanted || options.wanted(t)) checked[g] = true;
  return checked;
}

// Generate's plan of the checked groups, as a proof holds them: its own
// tiers read and held beside those they read, and no walk's state
// (PlanModel::proof), under options' memory limit (by default this
// machine's memory).
template <class G>
ResourcePlan proof_plan(const G& game, const std::vector<TierGroup>& groups, const std::vector<bool>& checked,
                        const VerifyOptions& options) {
  PlanModel model = plan_model_of(game, tiers_touched(groups, checked));
  model.memory_limit = options.memory_limit != 0 ? options.memory_limit : physical_memory_bytes();
  model.proof = true;
  model.proof_by_general = options.general;
  return plan_resources(
      game, groups, checked, [](std::uint32_t) { return false; }, model);
}

// How a refusal names the limit a proof plan was made under.
inline std::string proof_limit_name(const VerifyOptions& options) {
  return options.memory_limit == 0 ? "this machine's memory" : options.memory_limit_name;
}

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
  std::vector<bool> checked_group = groups_to_check(groups, options);
  for (std::size_t g = 0; g < groups.size(); ++g)
    if (checked_group[g]) out.tiers_checked += groups[g].tiers.size();
  FileTierStore store = file_tier_store(game, options.dir, {}, {}, threads);  // derived tiers on the threads too
  // --resume: the journal, and the SHA-256 of each file a proof reads,
  // taken once a run ("" for a file that cannot be read: it has no proof).
  std::unique_ptr<VerifyJournal> journal;
  if (options.resume && game.tier_count() > 0)
    journal = std::make_unique<VerifyJournal>(store.path(0).parent_path(), game.name(), game.variant());
  std::map<std::uint32_t, std::string> digests;
  std::map<std::uint32_t, bool> derived;  // each file's header read once
  auto is_derived = [&](std::uint32_t t) {
    auto it = derived.find(t);
    if (it == derived.end()) it = derived.emplace(t, store.is_derived(t)).first;
    return it->second;
  };
  auto take_digests = [&](const std::set<std::uint32_t>& tiers) {
    std::vector<std::uint32_t> missing;
    std::vector<std::filesystem::path> paths;
    for (const std::uint32_t t : tiers)
      if (!digests.count(t)) missing.push_back(t), paths.push_back(store.path(t));
    const std::vector<std::string> taken = sha256_of_files(paths, threads);
    for (std::size_t k = 0; k < missing.size(); ++k) digests[missing[k]] = taken[k];
  };
  // The files a proof of group g reads: its tiers, the tiers they lead to,
  // and, for a derived one among them, the tiers its values come from.
  auto reads_of = [&](std::size_t g) {
    std::set<std::uint32_t> reads(groups[g].tiers.begin(), groups[g].tiers.end());
    reads.insert(groups[g].dependencies.begin(), groups[g].dependencies.end());
    for (const std::uint32_t t : std::set<std::uint32_t>(reads))
      if (is_derived(t))
        for (const auto next : game.tier_successors(t)) reads.insert(static_cast<std::uint32_t>(next));
    return reads;
  };
  // One digest of them all, taken after take_digests(reads); "" where one
  // cannot be read.
  auto reads_digest = [&](const std::set<std::uint32_t>& reads) {
    Sha256 all;
    for (const std::uint32_t t : reads) {
      if (digests.at(t).empty()) return std::string();
      all.update(game.tier_name(t) + " " + digests.at(t) + "\n");
    }
    return all.hex_digest();
  };
  // A group whose every stored tier the journal proves is passed over. The
  // files are read for their digests only where the journal lists every
  // tier of a group, all such groups' at once, on the threads.
  if (journal) {
    std::vector<std::size_t> listed;
    std::set<std::uint32_t> to_read;
    for (std::size_t g = 0; g < groups.size(); ++g) {
      if (!checked_group[g]) continue;
      bool all_listed = true;
      for (std::uint32_t t : groups[g].tiers)
        all_listed = all_listed && (journal->lists(game.tier_name(t)) || is_derived(t));
      if (!all_listed) continue;
      listed.push_back(g);
      const std::set<std::uint32_t> reads = reads_of(g);
      to_read.insert(reads.begin(), reads.end());
    }
    if (!to_read.empty())
      progress.stage("the SHA-256 of " + std::to_string(to_read.size()) + " files, for " + VerifyJournal::file_name());
    take_digests(to_read);
    for (const std::size_t g : listed) {
      const std::string reads = reads_digest(reads_of(g));
      if (reads.empty()) continue;
      std::vector<VerifiedTier> proven;
      std::uint64_t values = 0;
      for (std::uint32_t t : groups[g].tiers) {
        if (is_derived(t)) {
          proven.push_back({t, game.tier_name(t), Status::derived, 0,
                            "ok, derived: no values stored (each is one move from the tiers it leads to)"});
          continue;
        }
        const auto entry = journal->proof(game.tier_name(t), digests.at(t), reads, options.general);
        if (!entry) break;
        values += entry->values;
        proven.push_back({t, game.tier_name(t), Status::ok, entry->values,
                          "ok, " + std::to_string(entry->values) + " values proven by an earlier run (" +
                              VerifyJournal::file_name() + "; its file and those it reads unchanged)"});
      }
      if (proven.size() != groups[g].tiers.size()) continue;
      checked_group[g] = false;
      out.values_proven += values;
      for (const VerifiedTier& v : proven) {
        if (v.status == Status::ok) ++out.tiers_proven_before;
        report(v.tier, v.status, v.message, v.values_proven);
      }
    }
  }
  GroupLoop<G> loop(game, store, checked_group, &progress);
  {
    // A run that cannot keep within its limit is refused before it proves a
    // tier (with --resume, the files of the groups its journal lists are
    // read for their digests first).
    const ResourcePlan plan = proof_plan(game, groups, checked_group, options);
    check_proof_fits(plan, plan.memory_limit, proof_limit_name(options));
    follow_plan(loop, plan);
  }
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
    std::string group_reads;                    // the digest of the files it reads, once a tier is proven
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
        // Recorded before it is told, so that a listener who stops the run
        // there finds it proven.
        if (journal && out.journal_problem.empty()) {
          if (group_reads.empty()) {
            const std::set<std::uint32_t> reads = reads_of(g);
            take_digests(reads);
            group_reads = reads_digest(reads);
          }
          if (!group_reads.empty())
            out.journal_problem =
                journal->record(game.tier_name(t), {digests.at(t), group_reads, c.checked, !c.by_walk, {}});
        }
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
