#include "games/registry.hpp"

namespace rtb {

namespace {

AnyGame line_capture(LineCaptureRules rules, const std::string& variant) {
  return LineCaptureGame(std::move(rules), variant == "arrival" ? CaptureLines::Arrival : CaptureLines::Touched);
}

// Both readings of Crossings under one name: the seed text's game (RULES.md,
// reading (b)) on 32-bit point sets where its squares and corners fit them.
AnyGame crossings(const std::string& variant) {
  if (!is_crossings_seed_variant(variant)) return CrossingsGame(crossings_rules(variant), variant);
  const CrossingsRules rules = crossings_seed_rules(variant);
  if (crossings_seed_fits_32_bits(rules)) return CrossingsSeedGame32(rules, variant);
  return CrossingsSeedGame128(rules, variant);
}

std::vector<std::string> both_crossings_readings() {
  std::vector<std::string> out = crossings_variants();
  for (const std::string& v : crossings_seed_variants()) out.push_back(v);
  return out;
}

std::string joined(const std::vector<std::string>& names) {
  std::string list;
  for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
  return list;
}

}  // namespace

const std::vector<GameEntry>& game_registry() {
  static const std::vector<GameEntry> entries{
      {"pangki", "4x4 line-capture game, 6 pieces a side", {"default", "arrival"},
       [](const std::string& v) { return line_capture(pangki_rules(), v); }},
      {"cinc-camins", "5x5 line-capture game, 5 pieces a side", {"default", "arrival"},
       [](const std::string& v) { return line_capture(cinc_camins_rules(), v); }},
      {"bagh-chal", "tigers and goats on the 5x5 alquerque board (and 3x3, 4x4)", bagh_chal_variants(),
       [](const std::string& v) { return AnyGame(BaghChalGame(bagh_chal_rules(v))); }},
      {"crossings",
       "Abbott's Crossings as published: 8x8 searched, mini boards CxR solved; the seed text's game: seed, seed-CxR",
       both_crossings_readings(), [](const std::string& v) { return crossings(v); }},
  };
  return entries;
}

const GameEntry& find_game(const std::string& name) {
  for (const GameEntry& entry : game_registry())
    if (entry.name == name) return entry;
  std::vector<std::string> names;
  for (const GameEntry& entry : game_registry()) names.push_back(entry.name);
  throw InvalidParameter("game", "unknown game '" + name + "' (known games: " + joined(names) + ")");
}

AnyGame make_game(const GameChoice& choice) {
  const GameEntry& entry = find_game(choice.name);
  for (const std::string& v : entry.variants)
    if (v == choice.variant) return entry.make(v);
  throw InvalidParameter("variant", "unknown variant '" + choice.variant + "' for " + choice.name + " (use " + joined(entry.variants) +
                   ")");
}

}  // namespace rtb
