// The registry names a game and its variant as the made game does, without
// making it (issue 51: the query path made the whole game only to spell its
// folder, then made it again), and the folder of its files follows.
#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "games/registry.hpp"
#include "service/tablebase_path.hpp"

namespace rtb {
namespace {

TEST(Registry, NamesEveryVariantAsTheMadeGameDoes) {
  std::size_t checked = 0;
  for (const GameEntry& entry : game_registry()) {
    for (const std::string& variant : entry.variants) {
      const GameChoice choice{entry.name, variant};
      const AnyGame made = make_game(choice);
      const std::string name = std::visit([](const auto& g) { return g.name(); }, made);
      const std::string made_variant = std::visit([](const auto& g) { return g.variant(); }, made);
      const GameChoice named = named_as_made(choice);
      EXPECT_EQ(named.name, name) << entry.name << " " << variant;
      EXPECT_EQ(named.variant, made_variant) << entry.name << " " << variant;
      EXPECT_EQ(tablebase_folder(choice), name + "-" + made_variant);
      ++checked;
    }
  }
  EXPECT_GT(checked, 10u);
  // As a user may type them.
  EXPECT_EQ(tablebase_folder({"Morris", "DEFAULT"}), "morris-nine");
  EXPECT_EQ(tablebase_folder({"PANGKI", "Arrival"}), "pangki-arrival");
}

TEST(Registry, RefusesWhatMakeGameRefuses) {
  try {
    named_as_made({"pangki", "nonesuch"});
    ADD_FAILURE() << "an unknown variant was named";
  } catch (const InvalidParameter& e) {
    EXPECT_EQ(e.parameter(), "variant");
  }
  try {
    named_as_made({"chess", "default"});
    ADD_FAILURE() << "an unknown game was named";
  } catch (const InvalidParameter& e) {
    EXPECT_EQ(e.parameter(), "game");
  }
}

}  // namespace
}  // namespace rtb
