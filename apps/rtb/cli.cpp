#include "apps/rtb/cli.hpp"

#include <iostream>

namespace rtb::cli {

bool parse_command(int argc, char** argv, const std::string& usage, po::options_description& visible,
                   const std::vector<std::pair<std::string, std::string*>>& positionals, const std::string& example,
                   const std::string& notes) {
  bool help = false;
  visible.add_options()("help,h", po::bool_switch(&help), "show this help");
  po::options_description hidden;
  po::positional_options_description order;
  for (const auto& [name, target] : positionals) {
    hidden.add_options()(name.c_str(), po::value(target));
    order.add(name.c_str(), 1);
  }
  po::options_description all;
  all.add(visible).add(hidden);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(order).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(e.what());
  }
  if (help) {
    std::cout << "usage: " << usage << "\n";
    if (!example.empty()) std::cout << "example: " << example << "\n";
    if (!notes.empty()) std::cout << "\n" << notes;
    std::cout << "\n" << visible;
    return false;
  }
  for (const auto& [name, target] : positionals)
    if (!vm.count(name)) throw UsageError("missing " + name + " (usage: " + usage + ")");
  return true;
}

}  // namespace rtb::cli
