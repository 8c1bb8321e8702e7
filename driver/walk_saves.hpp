#pragma once
// The byte walk's saves between levels (solver/walk_checkpoint.hpp) kept in a
// file beside the group's tablebases (tablebases/walk_file.hpp): the walk is
// saved when `seconds` have passed since the group started or was last
// saved, so that a generate killed in a long group loses at most about that
// much of it; and never more than a twentieth of the time goes to saving (a
// slow disk spaces the saves out). A save that cannot be written (a full
// disk) is told once and the walk goes on unsaved: a save is a convenience,
// never the run's failure.
#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "solver/walk_checkpoint.hpp"
#include "tablebases/tier_file.hpp"
#include "tablebases/walk_file.hpp"

namespace rtb {

class WalkSavesInFile final : public WalkCheckpoints {
 public:
  // `owner` names the game, variant and group; it begins every signature.
  WalkSavesInFile(std::filesystem::path path, std::string owner, double seconds,
                  std::function<void(const std::string&)> tell)
      : path_(std::move(path)), owner_(std::move(owner)), seconds_(seconds), tell_(std::move(tell)) {}

  bool due() override {
    const double since = std::chrono::duration<double>(clock::now() - last_).count();
    return !failed_ && since >= seconds_ && since >= kWaitPerSavingSecond * last_save_seconds_;
  }

  void save(const std::string& signature, unsigned level, const std::vector<WalkPart>& parts) override {
    const clock::time_point start = clock::now();
    try {
      write_walk_file(path_, owner_ + "; " + signature, level, parts);
    } catch (const TablebaseError& e) {
      failed_ = true;
      if (tell_) tell_(std::string(e.what()) + "; the walk goes on without saves");
    }
    last_ = clock::now();
    last_save_seconds_ = std::chrono::duration<double>(last_ - start).count();
  }

  bool load(const std::string& signature, unsigned& level, const PlaceWalkPart& place) override {
    return read_walk_file(path_, owner_ + "; " + signature, level, place);
  }

 private:
  using clock = std::chrono::steady_clock;
  std::filesystem::path path_;
  std::string owner_;
  double seconds_;
  std::function<void(const std::string&)> tell_;
  static constexpr double kWaitPerSavingSecond = 19;  // at most 1 second in 20 saving
  clock::time_point last_ = clock::now();
  double last_save_seconds_ = 0;
  bool failed_ = false;
};

}  // namespace rtb
