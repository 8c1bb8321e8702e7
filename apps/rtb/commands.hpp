#pragma once
// The table of rtb's commands: main.cpp dispatches on it, and `rtb
// completion` and `rtb man-page` describe the program from it, so a new
// command is one line here.
#include <string>
#include <vector>

namespace rtb::cli {

struct CommandEntry {
  std::string name;
  int (*run)(int argc, char** argv);  // argv[0] is the command's name
  std::string summary;
  bool takes_game;  // its first argument is a game name (completion offers the games)
};

// In the order `rtb --help` lists them.
const std::vector<CommandEntry>& command_table();

// The entry named `name`, or nullptr.
const CommandEntry* find_command(const std::string& name);

int run_completion(int argc, char** argv);
int run_man_page(int argc, char** argv);

}  // namespace rtb::cli
