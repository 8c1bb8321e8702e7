#include "apps/rtb/cli.hpp"

#include <iostream>

#include "text/nearest_names.hpp"

namespace rtb::cli {

bool parse_command(int argc, char** argv, const std::string& usage, po::options_description& visible,
                   const std::vector<std::pair<std::string, std::string*>>& positionals, const std::string& example,
                   const std::string& notes) {
  bool help = false, h = false;
  // -h is listed in the words of --help, not as Boost's "-h [ --help ]".
  visible.add_options()("help", po::bool_switch(&help), "show this help (also -h)");
  po::options_description hidden;
  hidden.add_options()("help-short,h", po::bool_switch(&h));
  po::positional_options_description order;
  // A name ending in '?' is an optional positional ("game?").
  auto bare = [](const std::string& name) { return name.ends_with('?') ? name.substr(0, name.size() - 1) : name; };
  for (const auto& [name, target] : positionals) {
    hidden.add_options()(bare(name).c_str(), po::value(target));
    order.add(bare(name).c_str(), 1);
  }
  po::options_description all;
  all.add(visible).add(hidden);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(order).run(), vm);
    po::notify(vm);
  } catch (const po::unknown_option& e) {  // say which option was meant
    std::vector<std::string> names;
    for (const auto& option : visible.options()) names.push_back("--" + option->long_name());
    const std::string typed = e.get_option_name();
    throw UsageError(std::string(e.what()) + did_you_mean(typed.starts_with("--") ? typed : "--" + typed, names));
  } catch (const po::error& e) {
    throw UsageError(e.what());
  }
  if (help || h) {
    std::cout << "usage: " << usage << "\n";
    if (!example.empty()) std::cout << "example: " << example << "\n";
    if (!notes.empty()) std::cout << "\n" << notes;
    std::cout << "\n" << visible;
    return false;
  }
  for (const auto& [name, target] : positionals)
    if (!name.ends_with('?') && !vm.count(name)) throw UsageError("missing " + name + " (usage: " + usage + ")");
  return true;
}

}  // namespace rtb::cli
