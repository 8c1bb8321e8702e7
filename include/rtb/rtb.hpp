#pragma once
// rtb as a library: generate, verify, count and probe tablebases from C++.
//
//   #include <rtb/rtb.hpp>
//   rtb::Tablebase tb("tb", "pangki");                 // the directory given to --dir
//   rtb::ProbeResult r = tb.probe("wwww/w..w/b..b/bbbb b");
//   // r.value.verdict == rtb::Verdict::draw; r.best_move() == "a2b2" ...
//
// Link with the CMake target rtb::rtb (find_package(rtb)). This header names
// nothing of rtb's internals, so it is all a program needs; values are for
// the side to move in the position they belong to, as `rtb query` prints them.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "rtb/version.hpp"

namespace rtb {

// The version of the library, e.g. "0.9.0" (RTB_VERSION_STRING at build time).
std::string version();

enum class Verdict { win, loss, draw, unknown };

// "WIN", "LOSS", "DRAW" or "UNKNOWN", as the command line prints them.
const char* verdict_name(Verdict v);

// A value for the side to move. `unknown` only comes from a search that ran
// out of its limits before proving the value.
struct GameValue {
  Verdict verdict = Verdict::unknown;
  int distance = -1;  // plies to the end of the game for win and loss; -1 otherwise
  bool operator==(const GameValue&) const = default;
};

struct MoveValue {
  std::string move;       // e.g. "a2b2", "c3" for a placement (docs/rules.md: each game's move text)
  GameValue value;        // for the side to move at the probed position
  std::string position;   // the position after the move
  std::string forbidden;  // probed with a history: why the no-repetition rule forbids it; "" allowed
};

struct ProbeResult {
  std::string position;          // the probed position, in the game's canonical text
  GameValue value;               // for the side to move
  std::vector<MoveValue> moves;  // every legal move, best first; empty when the game is over
  bool searched = false;         // false: read from the tablebases (always proven)
  bool proven = true;            // false: a search ran out; unproven values are `unknown`
  std::uint64_t nodes = 0;       // positions the search visited (0 when read from files)
  double seconds = 0;            // time the search took

  std::string json;  // the object `rtb query --json` prints for this probe (see README)

  // Probed with a history (Tablebase::probe with two arguments): the game's
  // no-repetition rule applied. The values above stay the tablebase's.
  bool rule_applied = false;
  std::string rule_note;      // the rule forbids every move that keeps the value: says so
  std::string no_legal_move;  // the rule forbids every move: why the side to move has lost

  std::optional<std::string> best_move() const;
  // The best move the rule allows (best_move() when no history was given);
  // none when the game is over or every move is forbidden.
  std::optional<std::string> best_allowed_move() const;
};

// Limits of the search that answers positions no tablebase covers (only in
// games whose GameInfo says search_fallback).
struct SearchBudget {
  std::uint64_t nodes = 10'000'000;
  double seconds = 10;  // 0: no time limit, so that answers are repeatable
};

// Bad input: unknown game or variant, position text that does not parse,
// a move that is not legal, a setting out of range; the message names the
// parameter as this header does (`threads`, `max_pieces`). (std::invalid_argument,
// so it is a ValueError in Python.)
struct InvalidInput : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// The tablebase files a probe needs are not there; the message says which
// and the `rtb generate` command that writes them; `path` is the missing file
// or folder ("" when the message names none).
struct TablebaseNotFound : std::runtime_error {
  explicit TablebaseNotFound(const std::string& what, std::string missing = "")
      : std::runtime_error(what), path(std::move(missing)) {}
  std::string path;
};

// Another generate (a program, or a thread of this one) is writing into the
// same directory; the message names its lock file and, when known, its
// process. A generate refuses at once rather than wait.
struct TablebaseBusy : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Tablebase {
 public:
  // The tablebases of `game` in `dir` (files in dir/GAME-VARIANT/). Throws
  // InvalidInput for an unknown game or variant, TablebaseNotFound when
  // dir/GAME-VARIANT does not exist (except for a game that has no
  // tablebases, such as 8x8 Crossings, whose every probe searches). Files
  // are opened on first use.
  Tablebase(const std::string& dir, const std::string& game, const std::string& variant = "default",
            const SearchBudget& budget = {});
  ~Tablebase();
  // A moved-from Tablebase may be assigned to or destroyed; any other call
  // throws std::logic_error.
  Tablebase(Tablebase&&) noexcept;
  Tablebase& operator=(Tablebase&&) noexcept;

  const std::string& game() const;
  const std::string& variant() const;
  const std::string& dir() const;  // as given

  // The start position, and `position` in canonical spelling ("start" is
  // accepted wherever a position is). InvalidInput for bad text.
  std::string start() const;
  std::string normalise(const std::string& position) const;
  // The position after `moves`, played in order; InvalidInput naming the
  // first move that is not legal where it is played.
  std::string play(const std::string& position, const std::vector<std::string>& moves) const;

  // The value of `position` and of every move. InvalidInput for bad text,
  // TablebaseNotFound when a file it needs is missing, std::runtime_error
  // for a damaged file. Not thread-safe: use one Tablebase per thread (or
  // a lock around each call).
  ProbeResult probe(const std::string& position);
  // The same under the game's no-repetition rule (forbids_repetition()):
  // `history` is the game so far, as `rtb query --history` takes it: moves
  // from the start, positions, or a position followed by moves. Moves back
  // to a position of the history (or to `position`) are marked forbidden.
  // InvalidInput for a game without the rule, bad text or an illegal move.
  ProbeResult probe(const std::string& position, const std::vector<std::string>& history);
  // Whether the game forbids a move back to a position of the game (Bagh-Chal,
  // once every goat is placed). Its values never model the rule.
  bool forbids_repetition() const;
  // The game's rules and how its moves are written, for this variant, in
  // the game's own words: lines "Topic: text\n", the last "Moves: ..." (the
  // text of `rtb play`'s rules command and the explorer's rules panel).
  std::string rules() const;

  // The value alone (as Fathom's tb_probe_wdl): reads the position's own
  // value, one block of its tier's file, and no move's, so it needs no file
  // but that one. Where no tablebase covers the position, it searches as
  // probe() does (games whose GameInfo says search_fallback), and it throws
  // what probe() throws. probe_wdl drops the distance.
  GameValue probe_value(const std::string& position);
  Verdict probe_wdl(const std::string& position) { return probe_value(position).verdict; }

 private:
  struct Impl;
  Impl& impl() const;  // throws std::logic_error when moved from
  std::unique_ptr<Impl> impl_;
};

struct GameInfo {
  std::string name;
  std::string description;
  std::vector<std::string> variants;      // "default" first
  bool search_fallback = false;           // probes search where no tablebase covers a position
  std::vector<std::string> tier_filters;  // of the default variant: the keys GenerateSettings::at_most takes
  // Of the default variant: whether generating with no tiers chosen solves
  // the whole game (false where it solves a part, the rest searched where
  // search_fallback says so, or nothing: a variant too large for tablebases).
  bool whole_by_default = true;
  bool derives_tiers = false;  // GenerateSettings::derive_tiers applies: some tiers can be stored without values
};

// The games rtb knows, in the order `rtb games` lists them.
std::vector<GameInfo> games();

// The tablebase directory the command line reads `game`'s files from: the
// first of `dirs` (empty: those of the RTB_PATH environment variable,
// separated by ':'; else "tb") that holds its folder (GAME-VARIANT/); where
// none does, the first. InvalidInput for an unknown game or variant.
std::string find_tablebase_dir(const std::string& game, const std::string& variant = "default",
                               const std::vector<std::string>& dirs = {});

// Which tiers a call works on (generate, verify, stats): nothing set means
// the game's default set (every tier where GameInfo::whole_by_default says
// so, else the part the game names); otherwise the union of `all`, the named
// `tiers` and what each tier filter keeps. The filters are those
// GameInfo::tier_filters lists for the game: {"max_pieces", 4} keeps the
// tiers with at most 4 pieces a side, {"max_in_hand", 2} those with at most
// 2 pieces in hand (a placement phase); `rtb generate --max-pieces 4` is the
// same filter ("max-pieces" is accepted too).
struct TierChoice {
  std::map<std::string, long long> at_most;  // tier filter -> N
  std::optional<std::string> tiers;          // comma-separated tier names, e.g. "3-3,4-4"; "" is refused
  bool all = false;
};

struct GenerateSettings : TierChoice {
  int threads = 1;
  bool progress = false;  // the progress display of `rtb generate` on stderr
  // Bytes a run may use; 0: this machine's memory. Tiers held for later
  // groups are dropped and read again to stay within it; a group that needs
  // more with the tiers it reads is refused before anything is solved, as is
  // a run whose files need more than the directory's free disk.
  std::uint64_t memory_limit = 0;
  // As `rtb generate --derive-tiers`: the tiers whose every value is one move
  // from stored tiers get files without values, and every probe computes
  // theirs. InvalidInput for a game with none (GameInfo::derives_tiers).
  bool derive_tiers = false;
};

struct GenerateSummary {
  std::size_t groups_solved = 0, groups_skipped = 0;
  std::uint64_t slots_solved = 0;
  double seconds = 0;
  // The largest resident memory a group of this run took, measured group by
  // group (Linux); 0 where the system does not say or nothing was solved.
  std::uint64_t peak_memory_bytes = 0;
};

// Solves `game` and writes its tablebases into dir/GAME-VARIANT/, as `rtb
// generate` does (files already complete are kept, temporaries of a killed
// run are removed). Meant for small games (Pangki: seconds); InvalidInput for
// an unknown game or a bad setting, TablebaseBusy while another generate
// writes into the same directory, std::runtime_error (before any work) when
// the plan does not fit memory_limit or the free disk.
GenerateSummary generate_tablebases(const std::string& dir, const std::string& game,
                                    const std::string& variant = "default", const GenerateSettings& settings = {});

// What `rtb verify` found in one tier: `status` as its JSON says it.
enum class TierStatus {
  ok,          // every stored value proven from its successors
  derived,     // no values stored: each is computed from the tiers its moves reach
  failed,      // missing or damaged file, or values that disagree with their successors
  not_proven,  // a tier it reaches failed, so its values could not be proven
};
// "ok", "derived", "failed" or "not_proven".
const char* tier_status_name(TierStatus s);

struct TierVerification {
  std::string tier;  // its name, e.g. "3-3"
  TierStatus status = TierStatus::ok;
  std::uint64_t values_proven = 0;
  std::string message;  // what `rtb verify` prints after the tier's name
};

struct VerifySettings : TierChoice {
  int threads = 1;
  bool progress = false;  // the progress display of `rtb verify` on stderr
  // As `rtb verify --general`: every value through the rules' general move
  // generator, also where a game walks a tier its own faster way.
  bool general = false;
  // As `rtb verify --resume`: keep a journal of the tiers proven
  // (GAME-VARIANT/verify.journal) and pass over those it proves, their files
  // and the files their proofs read unchanged.
  bool resume = false;
  // As `rtb verify --memory-limit` (bytes; 0: this machine's memory): tiers
  // held for later groups are dropped and read again to stay within it; a
  // proof whose largest group does not fit is refused before any work.
  std::uint64_t memory_limit = 0;
  // Called with each tier's result as soon as it is known, on the calling
  // thread; what it throws stops the verification and reaches the caller.
  std::function<void(const TierVerification&)> on_tier;
};

struct VerifySummary {
  bool ok = false;                      // no tier failed
  std::size_t failures = 0;             // tiers failed or not proven
  std::size_t tiers_checked = 0;        // the tiers of the groups that hold a chosen tier
  std::uint64_t values_proven = 0;      // values checked against their successors
  std::vector<TierVerification> tiers;  // in the order they were checked
  std::size_t tiers_proven_before = 0;  // with resume: tiers the journal proves, not proven again
  std::string journal_problem;          // with resume: why the journal could not be written, or ""
};

// Proves the tablebases of `game` in dir/GAME-VARIANT/ as `rtb verify` does:
// every file read whole (checksums), every stored value checked against its
// successors, for the tier groups that hold a chosen tier. A missing,
// damaged or wrong file is a failed tier in the summary, not an exception.
// InvalidInput for an unknown game or a bad setting, TablebaseNotFound when
// dir/GAME-VARIANT does not exist, std::runtime_error (before any tier is
// proven) when a group's proof needs more than memory_limit.
VerifySummary verify(const std::string& dir, const std::string& game, const std::string& variant = "default",
                     const VerifySettings& settings = {});

// How many values lie at one distance from the end: of positions, and of
// classes under the board's symmetry.
struct DistanceCount {
  int plies = 0;
  std::uint64_t positions = 0, classes = 0;
};

// WIN, LOSS and DRAW counts: of positions, and of classes under the board's
// symmetry; the longest win and loss in plies (-1: none) and, for a tier, a
// position that attains each ("" for none, and in a total); and the wins and
// losses by distance (a histogram: by increasing plies, the distances that
// hold any).
struct ValueCounts {
  std::uint64_t win = 0, loss = 0, draw = 0;
  std::uint64_t win_classes = 0, loss_classes = 0, draw_classes = 0;
  int longest_win = -1, longest_loss = -1;
  std::string longest_win_position, longest_loss_position;
  std::vector<DistanceCount> win_distances, loss_distances;
};

struct TierValueCounts {
  std::string tier;
  ValueCounts counts;
};

struct StatsSettings : TierChoice {
  int threads = 1;
  // Called with each tier's counts as soon as they are known, on the calling
  // thread; what it throws stops the count and reaches the caller.
  std::function<void(const TierValueCounts&)> on_tier;
};

struct StatsSummary {
  std::vector<TierValueCounts> tiers;  // the chosen tiers, in tier order
  ValueCounts total;
};

// Counts the values of `game`'s chosen tiers in dir/GAME-VARIANT/, as `rtb
// stats` does. Every chosen file is opened before any is counted:
// TablebaseNotFound for a missing folder or file, std::runtime_error for a
// damaged one; InvalidInput for an unknown game or a bad setting.
StatsSummary stats(const std::string& dir, const std::string& game, const std::string& variant = "default",
                   const StatsSettings& settings = {});

}  // namespace rtb
