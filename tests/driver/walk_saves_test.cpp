// A generate killed in a tier group's walk goes on from the walk's last save
// (driver/walk_saves.hpp, tablebases/walk_file.hpp): Nine Men's Morris's
// groups up to 4 stones a side, written to files with the walk saved at
// every level, one group's walk stopped after a save as a kill would stop
// it; the run that follows goes on from the file and writes the same bytes
// as a run never stopped, and removes the save. A save that is damaged is
// told and left: the group starts anew, with the same bytes. A save's
// temporary that a kill left is swept. A save that cannot be written is told
// once and leaves the last save as it was.
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "driver/file_tier_store.hpp"
#include "driver/group_loop.hpp"
#include "driver/walk_saves.hpp"
#include "games/morris/morris.hpp"
#include "solver/progress.hpp"
#include "tablebases/walk_file.hpp"

namespace rtb {
namespace fs = std::filesystem;
namespace {

struct Killed : std::runtime_error {
  Killed() : std::runtime_error("killed") {}
};

// Saves at every level as the file keeper does, then stops the walk after the
// save at `at`.
class KilledAfterSave final : public WalkCheckpoints {
 public:
  KilledAfterSave(std::unique_ptr<WalkCheckpoints> file, unsigned at) : file_(std::move(file)), at_(at) {}
  bool due() override { return true; }  // every level, whatever the file's pacing
  void save(const std::string& signature, unsigned level, const std::vector<WalkPart>& parts) override {
    file_->save(signature, level, parts);
    if (level == at_) throw Killed();
  }
  bool load(const std::string& signature, unsigned& level, const PlaceWalkPart& place) override {
    return file_->load(signature, level, place);
  }

 private:
  std::unique_ptr<WalkCheckpoints> file_;
  unsigned at_;
};

// The file store, its walks saved at every level, one group's killed.
class StoreKillingOneWalk final : public TierStore {
 public:
  StoreKillingOneWalk(FileTierStore& files, std::string group, unsigned at)
      : files_(files), group_(std::move(group)), at_(at) {}
  bool is_complete(std::uint32_t tier) override { return files_.is_complete(tier); }
  TierValues load(std::uint32_t tier) override { return files_.load(tier); }
  void save(std::uint32_t tier, TierValues values) override { files_.save(tier, std::move(values)); }
  std::unique_ptr<WalkCheckpoints> walk_saves(const std::string& group) override {
    std::unique_ptr<WalkCheckpoints> file = files_.walk_saves(group);
    if (group != group_) return file;
    return std::make_unique<KilledAfterSave>(std::move(file), at_);
  }
  void forget_walk(const std::string& group) override { files_.forget_walk(group); }

 private:
  FileTierStore& files_;
  std::string group_;
  unsigned at_;
};

const MorrisGame& nine() {
  static const MorrisGame game("nine");
  return game;
}

std::vector<bool> small_groups() {
  const MorrisGame& game = nine();
  return needed_groups(game_solve_order(game), game.tier_count(), [&](std::uint32_t t) {
    return !game.is_placement_tier(t) && game.mover_on_board(t) <= 4 && game.opponent_on_board(t) <= 4;
  });
}

// The signature a save was written with (tablebases/walk_file.hpp: after the
// magic and the version, its length and its bytes).
std::string saved_signature(const fs::path& save) {
  std::ifstream in(save, std::ios::binary);
  unsigned char head[16];
  in.read(reinterpret_cast<char*>(head), sizeof head);
  const std::uint32_t length = head[12] | head[13] << 8 | head[14] << 16 | static_cast<std::uint32_t>(head[15]) << 24;
  std::string signature(length, '\0');
  in.read(signature.data(), length);
  return signature;
}

// Every file of the folder by name, as bytes.
std::map<std::string, std::string> files_in(const fs::path& dir) {
  std::map<std::string, std::string> out;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    out[fs::relative(entry.path(), dir).string()] =
        std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  return out;
}

class WalkSaves : public testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("rtb_walk_saves_" + std::to_string(::getpid()));
    fs::remove_all(root_);
  }
  void TearDown() override { fs::remove_all(root_); }

  // A run into `dir`: its walks saved at every level when `saves`.
  void generate(const fs::path& dir, bool saves) {
    FileTierStore files = file_tier_store(nine(), dir);
    if (saves) files.keep_walks(1e-9, [this](const std::string& told) { told_.push_back(told); });
    Progress quiet(true);  // its notes only, on stderr
    GroupLoop<MorrisGame> loop(nine(), files, small_groups(), &quiet);
    loop.set_walks(std::vector<Walk>(loop.groups().size(), Walk::Byte));
    loop.solve_all(2);
  }
  void generate_killed(const fs::path& dir, const std::string& group, unsigned at) {
    FileTierStore files = file_tier_store(nine(), dir);
    files.keep_walks(1e-9, [this](const std::string& told) { told_.push_back(told); });
    StoreKillingOneWalk killing(files, group, at);
    GroupLoop<MorrisGame> loop(nine(), killing, small_groups());
    loop.set_walks(std::vector<Walk>(loop.groups().size(), Walk::Byte));
    EXPECT_THROW(loop.solve_all(2), Killed);
  }

  fs::path root_;
  std::vector<std::string> told_;
};

TEST_F(WalkSaves, AKilledRunGoesOnFromTheSaveAndWritesTheSameBytes) {
  const fs::path plain = root_ / "plain", killed = root_ / "killed";
  generate(plain, false);
  const auto expected = files_in(plain);
  ASSERT_EQ(expected.size(), 4u);  // m3-3, m3-4, m4-3, m4-4
  generate_killed(killed, "m3-4+m4-3", 7);
  const fs::path save = walk_file_path(killed / "morris-nine", "m3-4+m4-3");
  ASSERT_TRUE(fs::exists(save));
  EXPECT_TRUE(fs::exists(killed / "morris-nine" / "m3-3.rtb"));
  EXPECT_FALSE(fs::exists(killed / "morris-nine" / "m3-4.rtb"));
  testing::internal::CaptureStderr();
  generate(killed, true);
  const std::string told = testing::internal::GetCapturedStderr();
  EXPECT_NE(told.find("went on from the walk saved at level 7"), std::string::npos) << told;
  EXPECT_FALSE(fs::exists(save)) << "the save outlived its group";
  EXPECT_EQ(files_in(killed), expected);
  EXPECT_TRUE(told_.empty());
}

TEST_F(WalkSaves, ADamagedSaveIsToldAndTheGroupStartsAnew) {
  const fs::path plain = root_ / "plain", killed = root_ / "killed";
  generate(plain, false);
  generate_killed(killed, "m3-3", 10);
  const fs::path save = walk_file_path(killed / "morris-nine", "m3-3");
  ASSERT_TRUE(fs::exists(save));
  {  // one byte of the codes changed: only the checksum can tell
    std::fstream f(save, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(fs::file_size(save) / 2));
    char c = 0;
    f.seekg(f.tellp());
    f.get(c);
    f.seekp(static_cast<std::streamoff>(fs::file_size(save) / 2));
    f.put(static_cast<char>(c ^ 0x10));
  }
  // Read with its own signature into places that take anything: only the
  // checksum can tell.
  std::vector<char> scratch;
  const auto anywhere = [&](std::size_t, std::uint64_t bytes, void*& where) {
    scratch.resize(bytes + 1);
    where = scratch.data();
    return true;
  };
  unsigned level = 0;
  try {
    read_walk_file(save, saved_signature(save), level, anywhere);
    ADD_FAILURE() << "a damaged save was read";
  } catch (const TablebaseError& e) {
    EXPECT_NE(std::string(e.what()).find("checksum"), std::string::npos) << e.what();
  }
  testing::internal::CaptureStderr();
  generate(killed, true);
  const std::string told = testing::internal::GetCapturedStderr();
  EXPECT_NE(told.find(save.string() + ": the saved walk's checksum does not match: the group starts anew"),
            std::string::npos)
      << told;
  EXPECT_FALSE(fs::exists(save));
  EXPECT_EQ(files_in(killed), files_in(plain));
}

// A save left by a kill after the group's last file (the group complete) is
// removed by the next run, which solves nothing.
TEST_F(WalkSaves, ASaveOfACompleteGroupIsRemoved) {
  const fs::path dir = root_ / "dir";
  generate(dir, false);
  const fs::path stale = walk_file_path(dir / "morris-nine", "m4-4");
  std::ofstream(stale) << "left by a kill";
  generate(dir, true);
  EXPECT_FALSE(fs::exists(stale));
}

// A save's temporary that a kill left is swept as a tier file's is (by the
// run holding the directory's lock); the save itself is kept.
TEST_F(WalkSaves, AKilledSavesTemporaryIsSweptAndTheSaveKept) {
  const fs::path dir = root_ / "morris-nine";
  fs::create_directories(dir);
  std::ofstream(dir / "m3-3.walk.4242-0.tmp") << "half a save";
  std::ofstream(dir / "m3-3.walk") << "a save";
  EXPECT_EQ(remove_stale_temporaries(dir), 1u);
  EXPECT_FALSE(fs::exists(dir / "m3-3.walk.4242-0.tmp"));
  EXPECT_TRUE(fs::exists(dir / "m3-3.walk"));
}

// A full disk: the save is told once, with the file and why, the walk goes
// on unsaved (no save is due again), and the last save is left whole, with
// no temporary beside it.
TEST_F(WalkSaves, ASaveThatCannotBeWrittenIsToldOnceAndTheLastSaveKept) {
  const fs::path save = walk_file_path(root_ / "morris-nine", "m3-3");
  WalkSavesInFile saves(save, "nine m3-3", 0, [this](const std::string& told) { told_.push_back(told); });
  std::vector<unsigned char> state(1000, 7);
  ASSERT_TRUE(saves.due());
  saves.save("a walk", 3, {{state.data(), state.size()}});
  ASSERT_TRUE(fs::exists(save));
  state.assign(state.size(), 9);
  ::setenv("RTB_TEST_DISK_FULL_AFTER_BYTES", "100", 1);
  saves.save("a walk", 4, {{state.data(), state.size()}});
  ::unsetenv("RTB_TEST_DISK_FULL_AFTER_BYTES");
  ASSERT_EQ(told_.size(), 1u);
  EXPECT_NE(told_[0].find("m3-3.walk."), std::string::npos) << told_[0];
  EXPECT_NE(told_[0].find("cannot write: No space left on device; the walk goes on without saves"), std::string::npos)
      << told_[0];
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // past the pacing of a quick save
  EXPECT_FALSE(saves.due());
  unsigned level = 0;
  std::vector<unsigned char> loaded;
  const auto place = [&](std::size_t index, std::uint64_t bytes, void*& where) {
    loaded.resize(bytes);
    where = loaded.data();
    return index == 0;
  };
  ASSERT_TRUE(saves.load("a walk", level, place));
  EXPECT_EQ(level, 3u);
  EXPECT_EQ(loaded, std::vector<unsigned char>(1000, 7));
  EXPECT_EQ(files_in(root_).size(), 1u) << "a temporary was left";
}

}  // namespace
}  // namespace rtb
