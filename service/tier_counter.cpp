#include "service/tier_counter.hpp"

#include <system_error>

#include "service/tier_loading.hpp"
#include "tablebases/tier_file.hpp"

namespace rtb {

struct TierCounter::Impl {
  virtual ~Impl() = default;
  virtual std::vector<TierListing> tiers() const = 0;
  virtual std::string tier_of(const std::string& position) const = 0;
  virtual std::uint64_t slots_to_read(const std::string& tier) const = 0;
  virtual std::string file_stamp(const std::string& tier) const = 0;
  virtual TierCounts count(const std::string& tier, int threads) const = 0;
};

namespace {

template <class G>
class CounterFor final : public TierCounter::Impl {
 public:
  CounterFor(AnyGame&& holder, std::filesystem::path dir)
      : holder_(std::move(holder)), game_(std::get<G>(holder_)), dir_(std::move(dir)) {}

  // A tier's size comes from its file's header, not from the game: sizing
  // every tier builds every indexer (Morabaraba's take a minute).
  std::vector<TierListing> tiers() const override {
    std::vector<TierListing> out;
    if (!tabulated()) return out;
    for (std::uint32_t t = 0; t < game_.tier_count(); ++t) {
      const std::filesystem::path path = tier_file_path(game_, dir_, t);
      std::error_code error;
      TierListing listing{game_.tier_name(t), std::nullopt, std::filesystem::is_regular_file(path, error)};
      if (listing.present) listing.slots = slots_in_header(path);
      out.push_back(std::move(listing));
    }
    return out;
  }

  std::string tier_of(const std::string& position) const override {
    const auto p = position == "start" ? game_.start() : game_.parse(position);
    return tabulated() ? game_.tier_name(game_.tier_of(p)) : std::string();
  }

  std::uint64_t slots_to_read(const std::string& tier) const override { return slots_of(id_of(tier)); }

  std::string file_stamp(const std::string& tier) const override {
    const std::filesystem::path path = tier_file_path(game_, dir_, id_of(tier));
    std::error_code error;
    const auto size = std::filesystem::file_size(path, error);
    if (error) return "";
    const auto written = std::filesystem::last_write_time(path, error);
    if (error) return "";
    return std::to_string(size) + "@" + std::to_string(written.time_since_epoch().count());
  }

  TierCounts count(const std::string& tier, int threads) const override {
    const std::uint32_t t = id_of(tier);
    StatsOptions options;
    options.dir = dir_;
    options.threads = threads;
    options.wanted = [t](std::uint32_t u) { return u == t; };
    return count_values(game_, options).tiers.front();
  }

 private:
  // None for a file that cannot be opened: counting it will say why.
  static std::optional<std::uint64_t> slots_in_header(const std::filesystem::path& path) {
    try {
      return TierFile(path, 0).info().position_count;
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }

  bool tabulated() const {
    if constexpr (MayLackTablebases<G>) return game_.has_tablebases();
    return true;
  }

  std::uint32_t id_of(const std::string& name) const {
    if (!tabulated())
      throw InvalidParameter(
          "tier", game_.name() + " (" + game_.variant() + ") has no tablebases to count: its positions are searched");
    for (std::uint32_t t = 0; t < game_.tier_count(); ++t)
      if (game_.tier_name(t) == name) return t;
    throw InvalidParameter("tier", "no tier '" + name + "' in " + game_.name() + " (" + game_.variant() + ")");
  }

  // As load_tier reads them: a derived tier's successors are read too.
  std::uint64_t slots_of(std::uint32_t tier) const {
    const std::uint64_t slots = game_.tier_size(tier);
    const std::filesystem::path path = tier_file_path(game_, dir_, tier);
    std::error_code error;
    if (!std::filesystem::exists(path, error) || !TierFile(path, tier_info(game_, tier), 0).derived()) return slots;
    std::uint64_t read = slots;
    for (const auto next : game_.tier_successors(tier))
      if (next != tier) read += slots_of(next);
    return read;
  }

  const AnyGame holder_;  // games are not copyable: the counter owns the one made for it
  const G& game_;
  const std::filesystem::path dir_;
};

template <std::size_t I = 0>
std::unique_ptr<TierCounter::Impl> counter_for(AnyGame&& game, const std::filesystem::path& dir) {
  if constexpr (I + 1 < std::variant_size_v<AnyGame>) {
    if (game.index() != I) return counter_for<I + 1>(std::move(game), dir);
  }
  return std::make_unique<CounterFor<std::variant_alternative_t<I, AnyGame>>>(std::move(game), dir);
}

}  // namespace

TierCounter::TierCounter(const GameChoice& choice, std::filesystem::path dir)
    : impl_(counter_for(make_game(choice), dir)) {}
TierCounter::~TierCounter() = default;

std::vector<TierListing> TierCounter::tiers() const { return impl_->tiers(); }
std::string TierCounter::tier_of(const std::string& position) const { return impl_->tier_of(position); }
std::uint64_t TierCounter::slots_to_read(const std::string& tier) const { return impl_->slots_to_read(tier); }
std::string TierCounter::file_stamp(const std::string& tier) const { return impl_->file_stamp(tier); }
TierCounts TierCounter::count(const std::string& tier, int threads) const { return impl_->count(tier, threads); }

}  // namespace rtb
