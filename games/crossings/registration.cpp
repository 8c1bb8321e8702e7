#include "games/crossings/registration.hpp"

namespace rtb {

namespace {

CrossingsGames::Made crossings(const std::string& variant) {
  using Made = CrossingsGames::Made;
  if (!is_crossings_seed_variant(variant))
    return Made(std::in_place_type<CrossingsGame>, crossings_rules(variant), variant);
  const CrossingsRules rules = crossings_seed_rules(variant);
  if (crossings_seed_fits_32_bits(rules)) return Made(std::in_place_type<CrossingsSeedGame32>, rules, variant);
  return Made(std::in_place_type<CrossingsSeedGame128>, rules, variant);
}

std::vector<std::string> both_readings() {
  std::vector<std::string> out = crossings_variants();
  for (const std::string& v : crossings_seed_variants()) out.push_back(v);
  return out;
}

}  // namespace

std::vector<CrossingsGames::Entry> CrossingsGames::entries() {
  return {
      {"crossings",
       "Abbott's Crossings as published: 8x8 searched, mini boards CxR solved; the seed text's game: seed, seed-CxR",
       both_readings(), crossings},
  };
}

}  // namespace rtb
