#include "games/registry.hpp"
#include "games/variant_summary.hpp"
#include "text/nearest_names.hpp"
#include "text/printable.hpp"

#include <type_traits>
#include <utility>

namespace rtb {

namespace {

// A folder's entries, each made into an AnyGame.
template <class Folder>
void add_folder(std::vector<GameEntry>& out) {
  for (typename Folder::Entry& e : Folder::entries()) {
    auto make = [folder_make = std::move(e.make)](const std::string& variant) {
      return std::visit(
          [](auto&& game) -> AnyGame {
            using Game = std::decay_t<decltype(game)>;
            return AnyGame(std::in_place_type<Game>, std::move(game));
          },
          folder_make(variant));
    };
    out.push_back({std::move(e.name), std::move(e.description), std::move(e.variants), std::move(make),
                   std::move(e.default_variant)});
  }
}

template <class... Folders>
std::vector<GameEntry> entries_of(FolderList<Folders...>) {
  std::vector<GameEntry> out;
  (add_folder<Folders>(out), ...);
  return out;
}

std::string joined(const std::vector<std::string>& names) {
  std::string list;
  for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
  return list;
}

}  // namespace

const std::vector<GameEntry>& game_registry() {
  static const std::vector<GameEntry> entries = entries_of(GameFolders{});
  return entries;
}

// Names are matched without case ("Pangki", "5X5"): the entry's own
// spelling is what the files and answers use, so a game typed in capitals
// reaches the same tablebases.
const GameEntry& find_game(const std::string& name) {
  const std::string wanted = lower_case(name);
  for (const GameEntry& entry : game_registry())
    if (lower_case(entry.name) == wanted) return entry;
  std::vector<std::string> names;
  for (const GameEntry& entry : game_registry()) names.push_back(entry.name);
  throw InvalidParameter("game", "unknown game " + quoted_input(name) + did_you_mean(name, names) +
                                     " (known games: " + joined(names) + ")");
}

namespace {

// The listed spelling of choice.variant (matched without case);
// InvalidParameter "variant" for an unknown one.
const std::string& listed_variant(const GameEntry& entry, const std::string& variant) {
  const std::string wanted = lower_case(variant);
  for (const std::string& v : entry.variants)
    if (lower_case(v) == wanted) return v;
  throw InvalidParameter("variant", "unknown variant " + quoted_input(variant) + " for " + entry.name +
                                        did_you_mean(variant, entry.variants) + " (use " +
                                        variant_summary(entry.variants) + ")");
}

}  // namespace

AnyGame make_game(const GameChoice& choice) {
  const GameEntry& entry = find_game(choice.name);
  return entry.make(listed_variant(entry, choice.variant));
}

GameChoice named_as_made(const GameChoice& choice) {
  const GameEntry& entry = find_game(choice.name);
  const std::string& variant = listed_variant(entry, choice.variant);
  return {entry.name, variant == "default" ? entry.default_variant : variant};
}

}  // namespace rtb
