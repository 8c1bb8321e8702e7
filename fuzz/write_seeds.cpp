// Writes the position-text target's seeds: for every game of fuzz_games(),
// its start and the positions a few random playouts reach, each as the byte
// that picks the game followed by the position's text. scripts/fuzz.sh runs
// it before the targets, so every game, a new one too, has seeds. And the
// walk-file target's: saves written by the writer itself, so that they
// follow the format when it changes.
//   write_seeds POSITION_TEXT_DIR WALK_FILE_DIR
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "fuzz/fuzz_games.hpp"
#include "fuzz/walk_file_fuzz.hpp"
#include "tablebases/walk_file.hpp"

namespace {

constexpr int kPlayouts = 4;
constexpr int kPliesAtMost = 40;

template <class G>
std::vector<std::string> seed_texts(const G& game, std::mt19937_64& random) {
  std::vector<std::string> texts{game.format(game.start())};
  for (int playout = 0; playout < kPlayouts; ++playout) {
    typename G::Position p = game.start();
    const int plies = 4 + static_cast<int>(random() % kPliesAtMost);
    for (int ply = 0; ply < plies && !game.is_lost(p); ++ply) {
      std::vector<typename G::Position> children;
      game.for_each_move(
          p, [&](const typename G::Move&, const typename G::Position& child) { children.push_back(child); });
      if (children.empty()) break;
      p = children[random() % children.size()];
    }
    texts.push_back(game.format(p));
  }
  return texts;
}

// Saves of a few shapes: no part, parts of several sizes (one empty), the
// most parts the target takes.
void write_walk_seeds(const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  const std::vector<std::vector<std::size_t>> shapes = {
      {}, {0, 1, 17, 300}, std::vector<std::size_t>(rtb_fuzz::kWalkMostParts, 8)};
  for (std::size_t k = 0; k < shapes.size(); ++k) {
    std::vector<std::vector<unsigned char>> parts;
    std::vector<rtb::WalkPart> lent;
    for (const std::size_t bytes : shapes[k]) {
      parts.emplace_back(bytes);
      for (std::size_t i = 0; i < bytes; ++i) parts.back()[i] = static_cast<unsigned char>(i * 7 + k);
      lent.push_back({parts.back().data(), bytes});
    }
    rtb::write_walk_file(dir / ("save-" + std::to_string(k)), rtb_fuzz::kWalkSignature, static_cast<unsigned>(k * 3),
                         lent);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: write_seeds POSITION_TEXT_DIR WALK_FILE_DIR\n");
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  std::mt19937_64 random(20261205);
  const auto& games = rtb_fuzz::fuzz_games();
  for (std::size_t i = 0; i < games.size(); ++i) {
    const std::vector<std::string> texts =
        std::visit([&](const auto& game) { return seed_texts(game, random); }, games[i].game);
    for (std::size_t k = 0; k < texts.size(); ++k) {
      std::ofstream out(dir / (games[i].name + "-" + std::to_string(k)), std::ios::binary);
      out.put(static_cast<char>(i));
      out << texts[k];
    }
  }
  std::printf("write_seeds: %zu games, %d seeds each, in %s\n", games.size(), kPlayouts + 1, dir.c_str());
  write_walk_seeds(argv[2]);
  return 0;
}
